import Synchronization

/// Whether the client of a request handed to Dispatch is still there: set by the request's loop
/// when its connection closes or its peer shuts its side (`EPOLLRDHUP`), read by the handler
/// between the costly steps of its work and by the queues it waits in, so that work nobody will
/// read stops (issue 33: a list invalidation went on for 30 s after its client had gone).
///
/// A peer that only shut its write side (a half-close) is taken as gone, as Go's `net/http`
/// (the request context) and nginx (`proxy_ignore_client_abort off`) take it: the answer to a
/// request whose handler does not look is still sent.
///
/// Equal by identity (a `Request` stays `Hashable`).
public final class Cancellation: Sendable, Hashable {
    private let flag = Atomic<Bool>(false)

    public init() {}

    /// True once the client is gone.
    public var isCancelled: Bool { flag.load(ordering: .relaxed) }

    /// Marks the client as gone (idempotent).
    public func cancel() { flag.store(true, ordering: .relaxed) }

    public static func == (a: Cancellation, b: Cancellation) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
