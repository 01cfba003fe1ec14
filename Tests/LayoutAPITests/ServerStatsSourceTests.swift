import HTTP
@testable import LayoutAPI
import Testing

/// The server's counters read by every answer that reserves buffer bytes (`bufferedBytes`) are
/// read through the closure `attach(serverStats:)` stored, unchanged however often: before, each
/// read out of its `Mutex` stored back a closure wrapped in two more reabstraction thunks, so the
/// n-th read walked 2n frames (a long-running server's computed answers slowed to a crawl and its
/// stack would at last overflow).
@Suite struct ServerStatsSourceTests {
    /// The stack distance between the reader and the closure's body stays that of a direct call
    /// after 5,000 reads (with the thunks it grew about 100 bytes a read: megabytes here).
    @Test func readingTheCountersManyTimesLeavesTheCallOneHopDeep() {
        let app = LayoutApplication()
        let depth = Depth()
        app.attach(serverStats: {
            depth.inner = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1) { UInt(bitPattern: $0.baseAddress) }
            return ServerStats(bufferedBytes: 7, bufferedBytesLimit: 9)
        })
        func distance() -> UInt {
            let outer = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1) { UInt(bitPattern: $0.baseAddress) }
            #expect(app.bufferedBytes?.used == 7)
            #expect(app.bufferedBytes?.limit == 9)
            return outer > depth.inner ? outer - depth.inner : depth.inner - outer
        }
        let first = distance()
        for _ in 0..<5_000 { _ = app.bufferedBytes }
        let later = distance()
        #expect(later <= first + 4096, "reading the counters 5,000 times made the call \(later) bytes of stack deep, was \(first)")
    }
}

/// Where the closure's frame was (written from inside the closure only, in one thread).
private final class Depth: @unchecked Sendable {
    var inner: UInt = 0
}
