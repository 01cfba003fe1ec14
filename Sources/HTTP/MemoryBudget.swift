#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// The one server-wide budget (`ServerConfiguration.maxBufferedBytes`) for bytes held on behalf of
/// clients: request bodies being received (and handed to a handler that has not answered yet) and
/// answers queued for readers slower than the server. Shared by every loop; each connection keeps
/// what it charged and settles the difference after every read, parse and write.
///
/// A connection's first `allowance` bytes are not charged: a small request or answer (a health
/// check, a cached layout) never touches the shared atomic, and the uncharged part is bounded by
/// `maxConnections × allowance`.
///
/// At the limit the loops stop reading from connections that are in the middle of a body
/// (backpressure), refuse new bodies with 503 and `Retry-After`, and cut readers whose queued
/// output is over their share (`limit / open connections`).
final class MemoryBudget: Sendable {
    /// Bytes per connection that are never charged.
    static let allowance = 16 * 1024

    let limit: Int
    private let charged = Atomic<Int>(0)

    init(limit: Int) {
        self.limit = max(0, limit)
    }

    /// Bytes charged now, over every connection.
    var used: Int { charged.load(ordering: .relaxed) }

    /// True when nothing more should be buffered.
    var isExhausted: Bool { used >= limit }

    /// True when `bytes` more would go over the limit (a new body is refused).
    func wouldExceed(adding bytes: Int) -> Bool {
        let u = used
        return u >= limit || bytes > limit - u
    }

    /// Adds `delta` (negative to release).
    func charge(_ delta: Int) {
        if delta != 0 { charged.wrappingAdd(delta, ordering: .relaxed) }
    }

    /// The part of `held` bytes that counts against the budget.
    static func chargeable(_ held: Int) -> Int { max(0, held - allowance) }

    /// The fair share of one connection's queued output when the budget is exhausted.
    func share(openConnections: Int) -> Int { max(Self.allowance, limit / max(1, openConnections)) }

}
