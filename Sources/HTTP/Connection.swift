/// One accepted socket, owned and touched only by its loop's thread.
final class Connection {
    enum Deadline {
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

    /// Bytes still to be sent, in order. A body array is shared, not copied.
    struct OutChunk {
        var bytes: [UInt8]
        var offset: Int
    }

    /// What the access record and HEAD handling need from the request being answered.
    struct Current {
        var method: String
        var target: String
        var keepAlive: Bool
        var version: HTTPVersion
    }

    let fd: Int32
    let id: UInt64
    var parser: RequestParser
    /// Edge-triggered readiness as last reported by epoll (reset on `EAGAIN` / short read).
    var readable = false
    var writable = true
    /// A handler runs off the loop; nothing else is parsed until its response is queued, which
    /// keeps pipelined responses in request order.
    var busy = false
    var current: Current?
    var output: [OutChunk] = []
    /// The record of the response whose last byte is still queued.
    var pendingRecord: (record: RequestRecord, start: UInt64)?
    /// Set once precheck ran for the request being read (at its `.head` event).
    var prechecked = false
    /// A precheck answer for a request whose body (sent without `Expect`) is still being read.
    var precheckResponse: Response?
    var closeAfterOutput = false
    var lingering = false
    var lingerBytes = 0
    var deadlineKind: Deadline = .none
    var deadline: UInt64 = 0
    /// Monotonic nanoseconds of the current request's first byte.
    var requestStart: UInt64 = 0
    /// Requests answered in the current `drive` call, to yield to other connections.
    var burst = 0
    /// Bytes waiting in `output`.
    var outputBytes = 0
    /// Body bytes of the request whose handler runs off the loop (held until it answers).
    var inFlightBytes = 0
    /// Bytes this connection has charged against the server's `MemoryBudget`.
    var charged = 0
    /// Stopped reading its body because the budget is exhausted; in the loop's `paused` list.
    var pausedForBudget = false
    /// The peer shut its write side (`EPOLLRDHUP`): read until `read` returns 0 instead of
    /// waiting for another edge that will never come.
    var peerClosed = false

    init(fd: Int32, id: UInt64, parser: RequestParser) {
        self.fd = fd
        self.id = id
        self.parser = parser
    }
}
