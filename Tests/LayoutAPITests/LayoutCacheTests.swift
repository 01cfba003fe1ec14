#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import HTTP
@testable import LayoutAPI
import LayoutEngine
import Synchronization
import Testing

@Suite struct LayoutCacheTests {
    static func entry(_ items: Int, width: Double = 320) -> CachedLayout {
        let config = FlowLayoutConfiguration(
            collectionView: CollectionViewMetrics(width: width, height: 480),
            sections: [FlowSection(items: .uniform(count: items, size: Size(width: 50, height: 50)))])
        let spec = LayoutSpec(config)
        return CachedLayout(id: spec.contentID(), spec: spec, layout: config.layout())
    }

    @Test func leastRecentlyUsedIsEvictedFirst() {
        let a = Self.entry(10), b = Self.entry(11), c = Self.entry(12)
        let cache = LayoutCache(capacityBytes: a.bytes + b.bytes + c.bytes / 2)
        cache.insert(a)
        cache.insert(b)
        #expect(cache.get(a.id) != nil)     // a is now the most recent
        cache.insert(c)                      // evicts b
        #expect(cache.idsByRecency == [c.id, a.id])
        #expect(cache.get(b.id) == nil)
        #expect(cache.stats.evictions == 1)
        #expect(cache.stats.bytes == a.bytes + c.bytes)
    }

    @Test func byteBoundHoldsAfterManyInserts() {
        let probe = Self.entry(100)
        let cache = LayoutCache(capacityBytes: probe.bytes * 5)
        for n in 0..<50 { cache.insert(Self.entry(100, width: 300 + Double(n))) }
        #expect(cache.stats.bytes <= probe.bytes * 5 + 64 * 5)
        #expect(cache.stats.entries == 5 || cache.stats.entries == 4)
        #expect(cache.stats.evictions == 50 - cache.stats.entries)
    }

    @Test func layoutLargerThanTheCacheIsAnsweredButNotStored() {
        let app = LayoutApplication.make(cacheBytes: 10_000)
        let r = app.post(#"{"collectionView":{"width":375,"height":667},"sections":[{"numberOfItems":2000}]}"#)
        #expect(r.status == 200)
        #expect(app.cache.stats.entries == 0)
        #expect(app.cache.stats.uncacheable == 1)
        let id = r.id ?? ""
        #expect(app.get("/layout/\(id)").status == 404)
    }

    @Test func entryBytesCountAttributesIndexAndBodies() {
        let e = Self.entry(1000)
        #expect(e.fullIfMade == nil, "the full body is encoded by the first answer that sends it")
        #expect(e.minimalIfMade == nil, "so is the minimal body")
        #expect(e.bytes > 1000 * MemoryLayout<LayoutAttributes>.stride)
        #expect(e.bytes < 1000 * 400)
    }

    @Test func aMinimalMissEncodesOnlyTheMinimalBodyAndTheFullOneIsCountedWhenMade() throws {
        let app = LayoutApplication.make()
        let body = #"{"collectionView":{"width":375,"height":667},"sections":[{"numberOfItems":2000}]}"#
        let minimal = app.post(body, headers: [("Content-Type", "application/json"), ("Prefer", "return=minimal")])
        let id = try #require(minimal.id)
        let entry = try #require(app.cache.peek(id))
        #expect(entry.fullIfMade == nil)
        #expect(minimal.header("ETag") == "\"\(id)\"")
        let before = app.cache.stats.bytes
        // A GET of a 2,000-element layout whose full body is not made yet: off the I/O loop.
        #expect(app.execution(for: Request(method: "GET", target: "/layout/\(id)")) == .offload)
        let full = app.get("/layout/\(id)")
        let made = try #require(entry.fullIfMade)
        #expect(full.body == made.identity)
        #expect(app.cache.stats.bytes == before + made.identity.capacity)
        #expect(app.execution(for: Request(method: "GET", target: "/layout/\(id)")) == .inline)
    }

    /// A large evicted layout is handed to Dispatch to be released (the evicting thread may be an
    /// I/O loop): it is still freed, soon after (this checks that the hand-off keeps no
    /// reference; which thread frees it is not observable here).
    @Test func aLargeEvictedLayoutIsStillReleased() {
        let count = LayoutCache.releasedOnDispatchElements
        let size = Self.entry(count).bytes
        let cache = LayoutCache(capacityBytes: size + size / 2)   // one such layout at a time
        weak var first: CachedLayout?
        do {
            let a = Self.entry(count, width: 330)
            first = a
            cache.insert(a)
        }
        #expect(first != nil, "held by the cache")
        cache.insert(Self.entry(count, width: 340))   // evicts it
        #expect(cache.stats.entries == 1)
        var waited = 0
        while first != nil, waited < 2_000 {   // at most 2 s
            usleep(1_000)
            waited += 1
        }
        #expect(first == nil, "released")
    }

    @Test func identicalConcurrentRequestsAreComputedOnce() {
        let cache = LayoutCache(capacityBytes: 1 << 30)
        let computations = Atomic<Int>(0)
        let config = FlowLayoutConfiguration(collectionView: CollectionViewMetrics(width: 320, height: 480),
                                             sections: [FlowSection(items: .uniform(count: 20_000, size: Size(width: 10, height: 10)))])
        let spec = LayoutSpec(config)
        let id = spec.contentID()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            _ = cache.getOrCompute(id) {
                computations.add(1, ordering: .relaxed)
                return .success(CachedLayout(id: id, spec: spec, layout: config.layout()))
            }
        }
        #expect(computations.load(ordering: .relaxed) == 1)
        #expect(cache.stats.misses == 1)
        #expect(cache.stats.hits == 7)
    }
}

@Suite struct LazyIndexTests {
    @Test func theIndexIsBuiltByTheFirstQueryAndLargeFirstQueriesAreOffloaded() throws {
        let app = LayoutApplication.make()
        let id = try #require(app.post(#"{"collectionView":{"width":375,"height":667},"sections":[{"numberOfItems":20000}]}"#).id)
        let entry = try #require(app.cache.peek(id))
        #expect(!entry.hasIndex)
        let query = Request(method: "GET", target: "/layout/\(id)/elements?rect=0,0,375,100")
        #expect(app.execution(for: query) == .offload)
        #expect(app.respond(to: query).status == 200)
        #expect(entry.hasIndex)
        #expect(app.execution(for: query) == .inline)
    }

    @Test func accountedIndexBytesBoundTheBuiltIndex() {
        for n in [0, 1, 15, 16, 1_000, 123_457] {
            let layout = Layout(contentSize: .zero, attributes: (0..<n).map { .cell(IndexPath(section: 0, item: $0), Rect(x: Double($0 % 7) * 10, y: Double($0 / 7) * 10, width: 9, height: 9)) }, sections: [])
            #expect(SpatialIndex(layout).memoryBytes <= SpatialIndex.estimatedMemoryBytes(count: n), "n = \(n)")
        }
    }
}
