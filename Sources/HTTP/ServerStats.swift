import Synchronization

/// A snapshot of the server's counters.
public struct ServerStats: Sendable, Hashable {
    public var openConnections: Int
    public var totalConnections: Int
    public var bytesIn: Int
    public var bytesOut: Int

    public init(openConnections: Int = 0, totalConnections: Int = 0, bytesIn: Int = 0, bytesOut: Int = 0) {
        self.openConnections = openConnections
        self.totalConnections = totalConnections
        self.bytesIn = bytesIn
        self.bytesOut = bytesOut
    }
}

/// One loop's counters: written by that loop only (relaxed atomics, no cache-line sharing
/// between loops), summed by `Server.stats`.
final class LoopCounters: Sendable {
    let open = Atomic<Int>(0)
    let total = Atomic<Int>(0)
    let bytesIn = Atomic<Int>(0)
    let bytesOut = Atomic<Int>(0)

    func add(_ counter: borrowing Atomic<Int>, _ n: Int) {
        counter.wrappingAdd(n, ordering: .relaxed)
    }

    static func sum(_ all: [LoopCounters]) -> ServerStats {
        var s = ServerStats()
        for c in all {
            s.openConnections += c.open.load(ordering: .relaxed)
            s.totalConnections += c.total.load(ordering: .relaxed)
            s.bytesIn += c.bytesIn.load(ordering: .relaxed)
            s.bytesOut += c.bytesOut.load(ordering: .relaxed)
        }
        return s
    }
}
