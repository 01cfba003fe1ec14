#if canImport(Glibc)
import Glibc
#endif
import CLayoutd
import Dispatch
import Synchronization

/// An HTTP/1.1 server: `loopCount` epoll loops, each a thread, sharing one listening socket
/// (`SharedListener`: the kernel hands each connection to a loop that is waiting), cheap
/// handlers inline, the rest on Dispatch.
public final class Server: Sendable {
    enum Phase {
        case idle
        /// Only the loops' mailboxes are kept: a loop itself belongs to its thread.
        case running(port: Int, mailboxes: [Mailbox], threads: [pthread_t])
        case stopped
    }

    public let configuration: ServerConfiguration
    let responder: any HTTPResponder
    /// Takes the loops' records to the observer on its own queue.
    let delivery: RecordDelivery?
    private let phase = Mutex(Phase.idle)
    private let counters = Mutex<[LoopCounters]>([])
    /// The one buffer budget every loop charges.
    let budget: MemoryBudget
    /// Held for the whole of `shutdown()`, so a concurrent second call returns only when done.
    private let shutdownLock = Mutex(())

    /// `observer` sees every response written, in each loop's order, on one background serial
    /// queue (never on an I/O thread): a slow observer delays only itself.
    public init(configuration: ServerConfiguration, responder: any HTTPResponder,
                observer: (@Sendable (RequestRecord) -> Void)? = nil) {
        self.configuration = configuration
        self.responder = responder
        self.delivery = observer.map { RecordDelivery(observer: $0) }
        self.budget = MemoryBudget(limit: configuration.maxBufferedBytes)
    }

    deinit { shutdown() }

    /// Binds, starts the loop threads and returns the bound port (useful with port 0).
    /// Calling it again while running returns the same port.
    @discardableResult
    public func start() throws -> Int {
        try phase.withLock { phase throws -> Int in
            switch phase {
            case .running(let port, _, _): return port
            case .stopped: throw SocketError(operation: "start (server already shut down)", errno: EINVAL)
            case .idle: break
            }
            signal(SIGPIPE, SIG_IGN)
            let loopCount = max(1, configuration.loopCount)
            let (fd, port) = try Listener.open(host: configuration.host, port: configuration.port)
            let listener = SharedListener(fd: fd, holders: loopCount)
            let loopCounters = (0..<loopCount).map { _ in LoopCounters() }
            var loops: [any LoopThread] = []
            do {
                var mailboxes: [Mailbox] = []
                for _ in 0..<loopCount { mailboxes.append(try Mailbox()) }
                for i in 0..<loopCount {
                    loops.append(try makeLoop(responder, listener: listener, index: i, allCounters: loopCounters,
                                              allMailboxes: mailboxes))
                }
            } catch {
                // Loops made so far have not run: none has let go of the socket.
                close(fd)
                throw error
            }
            var threads: [pthread_t] = []
            for loop in loops {
                let context = Unmanaged.passRetained(LoopStart(loop)).toOpaque()
                var thread = pthread_t()
                let rc = pthread_create(&thread, nil, { raw in
                    guard let raw else { return nil }
                    let start = Unmanaged<LoopStart>.fromOpaque(raw).takeRetainedValue()
                    start.loop.run()
                    return nil
                }, context)
                if rc != 0 {
                    Unmanaged<LoopStart>.fromOpaque(context).release()
                    for started in loops { started.mailbox.requestDrain() }
                    for t in threads { pthread_join(t, nil) }
                    // The loops that ran let go of the socket as they exited; these never ran.
                    for _ in threads.count..<loops.count { listener.release() }
                    throw SocketError(operation: "pthread_create", errno: rc)
                }
                threads.append(thread)
            }
            counters.withLock { $0 = loopCounters }
            phase = .running(port: port, mailboxes: loops.map(\.mailbox), threads: threads)
            return port
        }
    }

    /// Stops accepting, lets in-flight and already received requests finish and be written,
    /// closes idle connections, and gives up at `drainTimeout`. Blocks until every loop has
    /// exited; idempotent.
    public func shutdown() {
        shutdownLock.withLock { _ in
            let threads: [pthread_t] = phase.withLock { phase in
                guard case .running(_, let mailboxes, let threads) = phase else {
                    phase = .stopped
                    return []
                }
                for mailbox in mailboxes { mailbox.requestDrain() }
                return threads
            }
            for t in threads { pthread_join(t, nil) }
            // Every response written has been observed (metrics, access log) when this returns.
            delivery?.flush()
            phase.withLock { $0 = .stopped }
        }
    }

    /// Installs the SIGTERM/SIGINT handlers now, synchronously. Call it first thing in `main`:
    /// from then on a shutdown signal is never lost and never kills the process, even if it
    /// arrives before `waitForShutdownSignal()` is reached. Idempotent.
    public static func installShutdownSignalHandlers() {
        ShutdownSignal.install()
    }

    /// Blocks until SIGTERM or SIGINT (also one that arrived earlier, after the handlers were
    /// installed), then shuts down: stop accepting, drain in-flight requests, close.
    public func waitForShutdownSignal() {
        ShutdownSignal.install()
        ShutdownSignal.wait()
        shutdown()
    }

    /// A loop typed by the responder's own type (opened from `any HTTPResponder` here, once), so
    /// its plans are kept typed.
    private func makeLoop<R: HTTPResponder>(_ responder: R, listener: SharedListener, index: Int,
                                            allCounters: [LoopCounters], allMailboxes: [Mailbox]) throws(SocketError) -> any LoopThread {
        try EventLoop(configuration: configuration, responder: responder, delivery: delivery, listener: listener,
                      index: index, allCounters: allCounters, allMailboxes: allMailboxes, budget: budget)
    }

    /// Open connections on each loop, in loop order (for tests of how they are spread).
    var openConnectionsPerLoop: [Int] {
        counters.withLock { $0 }.map { $0.open.load(ordering: .relaxed) }
    }

    /// Connection and byte counters summed over the loops.
    public var stats: ServerStats {
        LoopCounters.sum(counters.withLock { $0 }, budget: budget)
    }
}

/// A loop handed to its new thread (a C function pointer cannot name a generic type).
private final class LoopStart {
    let loop: any LoopThread
    init(_ loop: any LoopThread) { self.loop = loop }
}
