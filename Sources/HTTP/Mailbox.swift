#if canImport(Glibc)
import Glibc
#endif
import CLayoutd
import Synchronization

/// A response computed off the loop, on its way back to connection `fd` (if it is still `id`).
struct Completion: Sendable {
    var fd: Int32
    var id: UInt64
    var response: Response
}

/// How other threads talk to a loop: a locked inbox plus an `eventfd` that wakes `epoll_wait`.
/// Offloaded handlers post their answers, `Server` the drain, other loops the connections they
/// accepted for this one (`EventLoop.acceptConnections`).
/// The eventfd is closed only when the last reference goes, so a late offloaded handler can never
/// write into a reused descriptor.
final class Mailbox: Sendable {
    struct Inbox {
        var completions: [Completion] = []
        /// Accepted sockets handed to this loop, counted in its `LoopCounters` already.
        var connections: [Int32] = []
        var drain = false
        var signaled = false
        /// The loop has exited: it takes no more connections.
        var closed = false
    }

    let eventFD: Int32
    private let inbox = Mutex(Inbox())

    init() throws(SocketError) {
        eventFD = try retryingEINTR("eventfd") { eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC)) }
    }

    deinit { close(eventFD) }

    func post(_ completion: Completion) {
        let wake = inbox.withLock { box -> Bool in
            box.completions.append(completion)
            defer { box.signaled = true }
            return !box.signaled
        }
        if wake { signal() }
    }

    /// Hands an accepted socket to this loop; false (the caller keeps it) once the loop exited.
    func post(connection fd: Int32) -> Bool {
        let (taken, wake) = inbox.withLock { box -> (Bool, Bool) in
            guard !box.closed else { return (false, false) }
            box.connections.append(fd)
            defer { box.signaled = true }
            return (true, !box.signaled)
        }
        if wake { signal() }
        return taken
    }

    /// The loop is exiting: the connections handed to it and not taken yet, and no more after.
    func retire() -> [Int32] {
        inbox.withLock { box in
            box.closed = true
            defer { box.connections = [] }
            return box.connections
        }
    }

    func requestDrain() {
        inbox.withLock { $0.drain = true }
        signal()
    }

    /// Takes everything posted so far; the next `post` wakes the loop again.
    func take() -> (completions: [Completion], connections: [Int32], drain: Bool) {
        var value: UInt64 = 0
        _ = read(eventFD, &value, 8)
        return inbox.withLock { box in
            let taken = box.completions
            box.completions = []
            let connections = box.connections
            if !connections.isEmpty { box.connections = [] }
            box.signaled = false
            return (taken, connections, box.drain)
        }
    }

    private func signal() {
        var one: UInt64 = 1
        _ = try? retryingEINTR("write(eventfd)") { write(eventFD, &one, 8) }
    }
}
