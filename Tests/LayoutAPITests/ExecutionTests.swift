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

    @Test func aRepeatedPostIsInlineAndANewSmallOneMayBeComputedOnTheLoop() throws {
        let json = ("Content-Type", "application/json")
        let post = Request(method: "POST", target: "/layout", headers: [json], body: Array(Self.small.utf8))
        #expect(app.execution(for: post) == .tryInline)
        // An answer that may be compressed, and a body past 4 KB, go to Dispatch at once.
        let gzip = Request(method: "POST", target: "/layout", headers: [json, ("Accept-Encoding", "gzip")], body: Array(Self.small.utf8))
        #expect(app.execution(for: gzip) == .offload)
        let padded = Self.small.dropLast() + #","pad":""# + String(repeating: " ", count: 4096) + "}"
        #expect(app.execution(for: Request(method: "POST", target: "/layout", headers: [json], body: Array(padded.utf8))) == .offload)
        #expect(app.respond(to: post).status == 200)
        #expect(app.execution(for: post) == .inline)
    }

    /// On the loop (`respondOnLoop`) a layout of 256 to 1,000 elements is answered with the same
    /// bytes as on Dispatch. A body asking for fewer (30) or more (10,000) is handed back (nil)
    /// with its decoded layout in the plan, and the offloaded answer uses it (decoded once).
    @Test func theLoopComputesMidSizedLayoutsAndHandsBackOthers() throws {
        let json = ("Content-Type", "application/json")
        func post(_ items: Int) -> Request {
            Request(method: "POST", target: "/layout", headers: [json],
                    body: Array(#"{"collectionView":{"width":375,"height":667},"sections":[{"numberOfItems":\#(items)}]}"#.utf8))
        }
        for items in [256, 500, 1_000] {
            let request = post(items)
            guard case .proceed(var plan) = app.plan(for: request.head) else { Issue.record("no plan"); return }
            #expect(app.execution(for: request, plan: &plan) == .tryInline)
            let onLoop = try #require(app.respondOnLoop(to: request, plan: &plan), "\(items) items")
            #expect(onLoop.status == 200)
            #expect(onLoop.headers["X-Cache"] == "miss")
            #expect(!plan.onLoop && plan.decodedSpec == nil)
            #expect(onLoop.body == LayoutApplication.make().respond(to: request).body)
            #expect(onLoop.body.count > items * 90)
        }
        #expect(app.cache.stats.entries == 3)
        for items in [30, 255, 1_001, 10_000] {
            let request = post(items)
            guard case .proceed(var plan) = app.plan(for: request.head) else { Issue.record("no plan"); return }
            #expect(app.execution(for: request, plan: &plan) == .tryInline)
            #expect(app.respondOnLoop(to: request, plan: &plan) == nil, "\(items) items")
            #expect(plan.decodedSpec?.requestedElements == items)
            #expect(app.cache.stats.entries == 3, "nothing computed on the loop")
            // The offloaded answer: what a fresh server answers, from the layout decoded on the loop.
            let offloaded = app.respond(to: request, plan: plan)
            #expect(offloaded.status == 200)
            #expect(offloaded.body == LayoutApplication.make().respond(to: request).body)
            #expect(app.cache.stats.entries == 4)
            app.cache.remove(offloaded.headers["ETag"].map { String($0.dropFirst().dropLast()) } ?? "")
        }
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
