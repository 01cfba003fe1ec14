import Synchronization

/// A snapshot of the server's counters.
public struct ServerStats: Sendable, Hashable {
    public var openConnections: Int
    public var totalConnections: Int
    public var bytesIn: Int
    public var bytesOut: Int
    /// Bytes charged now against `maxBufferedBytes` (bodies being received, answers queued).
    public var bufferedBytes: Int
    /// The `maxBufferedBytes` limit.
    public var bufferedBytesLimit: Int
    /// Request bodies refused with 503 because the buffer budget was exhausted.
    public var bodiesRefused: Int
    /// Connections closed because their queued answer was over their share of the budget.
    public var slowReadersCut: Int
    /// Times a loop stopped accepting because `maxConnections` were open.
    public var acceptPauses: Int
    /// Connections answered 503 at once because `maxConnections` were open.
    public var connectionsRefused: Int
    /// Answers replaced by a 503 with `Retry-After` before their status line because the buffer
    /// budget could not hold them.
    public var answersRefused: Int
    /// Answers whose connection closed before they were sent whole (see `RequestRecord.unsentBytes`).
    public var answersCutShort: Int

    public init(openConnections: Int = 0, totalConnections: Int = 0, bytesIn: Int = 0, bytesOut: Int = 0,
                bufferedBytes: Int = 0, bufferedBytesLimit: Int = 0, bodiesRefused: Int = 0, slowReadersCut: Int = 0,
                acceptPauses: Int = 0, connectionsRefused: Int = 0, answersRefused: Int = 0, answersCutShort: Int = 0) {
        self.answersRefused = answersRefused
        self.answersCutShort = answersCutShort
        self.openConnections = openConnections
        self.totalConnections = totalConnections
        self.bytesIn = bytesIn
        self.bytesOut = bytesOut
        self.bufferedBytes = bufferedBytes
        self.bufferedBytesLimit = bufferedBytesLimit
        self.bodiesRefused = bodiesRefused
        self.slowReadersCut = slowReadersCut
        self.acceptPauses = acceptPauses
        self.connectionsRefused = connectionsRefused
    }
}

/// One loop's counters: written by that loop only (relaxed atomics, no cache-line sharing
/// between loops), summed by `Server.stats`.
final class LoopCounters: Sendable {
    let open = Atomic<Int>(0)
    let total = Atomic<Int>(0)
    let bytesIn = Atomic<Int>(0)
    let bytesOut = Atomic<Int>(0)
    let bodiesRefused = Atomic<Int>(0)
    let slowReadersCut = Atomic<Int>(0)
    let acceptPauses = Atomic<Int>(0)
    let connectionsRefused = Atomic<Int>(0)
    let answersRefused = Atomic<Int>(0)
    let answersCutShort = Atomic<Int>(0)

    static func sum(_ all: [LoopCounters], budget: MemoryBudget?) -> ServerStats {
        var s = ServerStats()
        s.bufferedBytes = budget?.used ?? 0
        s.bufferedBytesLimit = budget?.limit ?? 0
        for c in all {
            s.openConnections += c.open.load(ordering: .relaxed)
            s.totalConnections += c.total.load(ordering: .relaxed)
            s.bytesIn += c.bytesIn.load(ordering: .relaxed)
            s.bytesOut += c.bytesOut.load(ordering: .relaxed)
            s.bodiesRefused += c.bodiesRefused.load(ordering: .relaxed)
            s.slowReadersCut += c.slowReadersCut.load(ordering: .relaxed)
            s.acceptPauses += c.acceptPauses.load(ordering: .relaxed)
            s.connectionsRefused += c.connectionsRefused.load(ordering: .relaxed)
            s.answersRefused += c.answersRefused.load(ordering: .relaxed)
            s.answersCutShort += c.answersCutShort.load(ordering: .relaxed)
        }
        return s
    }
}
