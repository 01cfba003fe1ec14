/// The decisions of one connection, as SwiftNIO's `HTTPServerPipelineHandler`: the state is one
/// enum, each event is a `mutating func` that returns what the loop must do. It owns the request
/// parser (pure) but no socket, clock or responder: the loop passes in what it observed (bytes,
/// EOF, the time, whether output is still queued, the budget) and performs the returned actions
/// (read, write, offload, close, linger, arm a deadline). So it is unit-tested without sockets.
struct ConnectionStateMachine {
    enum State {
        /// Keep-alive between requests, or bytes of the next request arriving. `early` is the
        /// answer the responder decided at the head of a request whose body is still being read,
        /// sent once the body is read (its plan otherwise is kept typed by the loop).
        case open(early: Response?)
        /// A request is complete and its answer is being built on the loop (inline), or it is
        /// answered before its body (precheck, budget, error).
        case answering(Exchange)
        /// Its handler runs off the loop; nothing else is parsed until the answer arrives, which
        /// keeps pipelined answers in request order.
        case running(Exchange)
        /// A final answer (`Connection: close`) is queued: once written, linger and close.
        case closing
        /// Write side shut: input is read and discarded until EOF or the linger deadline.
        case lingering
    }

    /// What the access record and HEAD handling need from the request being answered.
    struct Exchange: Equatable {
        var method: String
        var target: String
        var keepAlive: Bool
        var version: HTTPVersion

        static let unknown = Exchange(method: "", target: "", keepAlive: false, version: .http1_1)
    }

    enum Deadline: Equatable {
        /// No timer: a handler is running off the loop, or the deadline must be recomputed.
        case none
        /// Between requests on keep-alive: close silently at `idleTimeout`.
        case idle
        /// A request started arriving: answer 408 at `requestTimeout` after its first byte.
        case request
        /// A response is waiting for the client to read: close if no progress in `requestTimeout`.
        case write
        /// Final response sent, write side shut: discard input briefly so the client sees it.
        case linger
    }

    /// What the loop does next for this connection (see `next`).
    enum Step {
        /// Nothing to do until the next event (readable, writable, answer ready, deadline).
        case wait
        /// Requests answered in this turn reached `burstLimit`: drive again next loop turn.
        case yield
        /// The parser needs bytes: `read` once and report `bytesRead` or `endOfInput`.
        case read
        /// Mid-body with the budget exhausted: stop reading until the budget has room
        /// (`first` says the connection is not in the loop's paused list yet).
        case pause(first: Bool)
        /// A head with a body arrived: check the budget and plan it, then call `headChecked`.
        case head(RequestHead, Framing)
        /// A complete request, to plan (unless planned at its head), run inline or offload;
        /// report `answer` or `offloaded`.
        case request(Request)
        /// Send this answer now (call `answer`).
        case answer(Response)
        /// Output is written and the connection must close: shut the write side (`first`) and
        /// discard input until EOF.
        case linger(first: Bool)
        /// Close the connection now.
        case close
    }

    /// What the loop does after a head (see `headChecked`).
    enum HeadOutcome {
        /// Read the body.
        case readBody
        /// Read the body after sending `100 Continue`.
        case sendContinue
        /// Answer now, without reading the body (call `answer`).
        case answer(Response)
    }

    /// How the loop must write an answer (see `answer`).
    struct Write: Equatable {
        var close: Bool
        var http10KeepAlive: Bool
        var sendBody: Bool
        var method: String
        var target: String
    }

    static let burstLimit = 32

    var state: State = .open(early: nil)
    var parser: RequestParser
    var deadline: Deadline = .idle
    var deadlineAt: UInt64
    /// Monotonic nanoseconds of the current request's first byte.
    var requestStart: UInt64 = 0
    /// The peer shut its write side: read until `read` returns 0.
    var peerClosed = false
    var pausedForBudget = false
    var draining = false
    var burst = 0
    let timeouts: Timeouts

    struct Timeouts {
        var idle: UInt64
        var request: UInt64
        var linger: UInt64
        var drainGrace: UInt64
        /// `requestTimeout` in seconds, for the 408's detail.
        var requestSeconds: Double
    }

    init(parser: RequestParser, timeouts: Timeouts, now: UInt64) {
        self.parser = parser
        self.timeouts = timeouts
        deadlineAt = now + timeouts.idle
    }

    var isRunning: Bool { if case .running = state { return true } else { return false } }
    var isClosing: Bool {
        switch state {
        case .closing, .lingering: return true
        default: return false
        }
    }

    /// Nothing received, running, or waiting to be written.
    func isQuiet(outputPending: Bool) -> Bool {
        !isRunning && !outputPending && !parser.isMidRequest && !isClosing
    }
}
