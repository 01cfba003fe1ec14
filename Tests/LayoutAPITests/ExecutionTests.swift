import HTTP
@testable import LayoutAPI
import Testing

/// Where requests run: decided by the size of the answer, not by the route.
@Suite struct ExecutionTests {
    let app = LayoutApplication.make()
    /// 10,000 cells of 50 x 50 on a 375-wide view: 6 per row (UIKit's full-width grid), 1,667 rows.
    static let big = #"{"collectionView":{"width":375,"height":667},"sections":[{"numberOfItems":10000}]}"#
    static let small = #"{"collectionView":{"width":375,"height":667},"sections":[{"numberOfItems":30}]}"#

    func execution(_ target: String) -> Execution {
        app.execution(for: Request(method: "GET", target: target))
    }

    @Test func bigAnswersRunOffTheLoopAndSmallOnesOnIt() throws {
        let id = try #require(app.post(Self.big).id)
        // The first rect query builds the index: off the loop.
        #expect(execution("/layout/\(id)/elements?rect=0,0,375,667") == .offload)
        #expect(app.get("/layout/\(id)/elements?rect=0,0,375,667").status == 200)
        // A screenful (about 66 cells): inline.
        #expect(execution("/layout/\(id)/elements?rect=0,0,375,667") == .inline)
        #expect(execution("/layout/\(id)/elements?point=10,10") == .inline)
        #expect(execution("/layout/\(id)/elements?indexPath=0,42") == .inline)
        // The whole layout, by a huge rect or by no rect at all: 10,000 elements to encode.
        #expect(execution("/layout/\(id)/elements?rect=0,0,375,100000000") == .offload)
        #expect(execution("/layout/\(id)/elements") == .offload)
        // A malformed query is a quick 400 whatever the layout's size.
        #expect(execution("/layout/\(id)/elements?rect=0,0,x") == .inline)
        // Cached bytes are copied, never re-encoded: inline.
        #expect(execution("/layout/\(id)") == .inline)
    }

    @Test func everyQueryOfASmallLayoutIsInline() throws {
        let id = try #require(app.post(Self.small).id)
        #expect(execution("/layout/\(id)/elements") == .inline)
        #expect(execution("/layout/\(id)/elements?rect=0,0,375,100000000") == .inline)
        #expect(execution("/layout/unknown/elements") == .inline)
        #expect(execution("/healthz") == .inline)
    }

    @Test func aRepeatedPostIsInlineAndANewOneIsOffloaded() throws {
        let post = Request(method: "POST", target: "/layout", headers: [("Content-Type", "application/json")],
                           body: Array(Self.small.utf8))
        #expect(app.execution(for: post) == .offload)
        #expect(app.respond(to: post).status == 200)
        #expect(app.execution(for: post) == .inline)
    }

    @Test func theBodyMemoIsBoundedInBytes() {
        let memo = RecentBodies(capacityBytes: 1_000, maxBodyBytes: 500)
        let bodies = (0..<3).map { [UInt8](repeating: UInt8($0), count: 300) }
        memo.remember(bodies[0], id: "a")
        memo.remember(bodies[1], id: "b")
        #expect(memo.bytes == 2 * (300 + RecentBodies.entryOverhead))
        #expect(memo.id(for: bodies[0]) == "a")
        memo.remember(bodies[2], id: "c")   // 3 x 428 > 1,000: the memo starts over
        #expect(memo.bytes == 300 + RecentBodies.entryOverhead)
        #expect(memo.id(for: bodies[0]) == nil)
        #expect(memo.id(for: bodies[2]) == "c")
        memo.remember([UInt8](repeating: 9, count: 501), id: "too big")
        #expect(memo.bytes == 300 + RecentBodies.entryOverhead)
        let off = RecentBodies(capacityBytes: 0)
        off.remember(bodies[0], id: "a")
        #expect(off.id(for: bodies[0]) == nil)
    }
}
