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
/// The eventfd is closed only when the last reference goes, so a late offloaded handler can never
/// write into a reused descriptor.
final class Mailbox: Sendable {
    struct Inbox {
        var completions: [Completion] = []
        var drain = false
        var signaled = false
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

    func requestDrain() {
        inbox.withLock { $0.drain = true }
        signal()
    }

    /// Takes everything posted so far; the next `post` wakes the loop again.
    func take() -> (completions: [Completion], drain: Bool) {
        var value: UInt64 = 0
        _ = read(eventFD, &value, 8)
        return inbox.withLock { box in
            let taken = box.completions
            box.completions = []
            box.signaled = false
            return (taken, box.drain)
        }
    }

    private func signal() {
        var one: UInt64 = 1
        _ = try? retryingEINTR("write(eventfd)") { write(eventFD, &one, 8) }
    }
}
