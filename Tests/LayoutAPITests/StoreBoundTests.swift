import Dispatch
import HTTP
import Synchronization
@testable import LayoutAPI
@testable import SharedStore
import Testing

/// The store's size bound (`--store-max-bytes`, issue 29) on the `memory:` backend, which keeps
/// the same count and the same least-recently-used order as the PostgreSQL store
/// (scripts/ci-cluster floods a real one): a flood of distinct layouts stays under the bound,
/// the most recently used ids stay readable, the oldest go first, and /metrics says so.
@Suite struct StoreBoundTests {
    static func body(_ n: Int) -> String {
        #"{"collectionView":{"width":375,"height":667},"sections":[{"numberOfItems":\#(n)}]}"#
    }

    static func replica(_ store: MemoryLayoutStore, maxBytes: Int) -> (LayoutApplication, StoreClient) {
        var options = StoreOptions(url: "memory:")
        options.maxBytes = maxBytes
        let client = StoreClient(store: store, options: options)
        client.connectForTests()   // no background ticks: the test drives the checks
        return (LayoutApplication(configuration: ServiceConfiguration(), store: client), client)
    }

    /// `POST /layout` as the server runs it with a store: off the loop, answered from the commit's
    /// callback (the memory store commits on its own queue, not in the caller's call).
    static func post(_ app: LayoutApplication, _ body: String) throws -> Response {
        let request = Request(method: "POST", target: "/layout", headers: [("Content-Type", "application/json")], body: Array(body.utf8))
        let plan = try #require(app.planned(request))
        let answered = Mutex<Response?>(nil)
        let done = DispatchSemaphore(value: 0)
        app.respond(to: request, plan: plan) { r in answered.withLock { $0 = r }; done.signal() }
        #expect(done.wait(timeout: .now() + 10) == .success)
        return try #require(answered.withLock { $0 })
    }

    @Test func aFloodOfDistinctLayoutsStaysUnderTheBoundAndKeepsTheNewestIds() throws {
        let store = MemoryLayoutStore()
        let bound = 20_000
        let (a, client) = Self.replica(store, maxBytes: bound)
        var ids: [String] = []
        for n in 1...300 {
            ids.append(try #require(try Self.post(a, Self.body(n)).id))
            client.enforceBound(now: DispatchTime.now().uptimeNanoseconds)
            #expect(store.storedBytes <= bound, "after layout \(n): \(store.storedBytes) bytes")
        }
        // Every row counts its recipe, its id twice and 100 bytes; the high-water mark is 90%.
        #expect(store.storedBytes <= bound * 9 / 10)
        #expect(store.count < 300)
        let evicted = 300 - store.count
        // Another replica (empty cache) reads the newest ids from the store; the oldest are gone.
        let (b, _) = Self.replica(store, maxBytes: bound)
        for id in ids.suffix(store.count) { #expect(b.get("/layout/\(id)").status == 200) }
        for id in ids.prefix(evicted) { #expect(b.get("/layout/\(id)").status == 404) }
        let metrics = a.get("/metrics").text
        #expect(metrics.contains("layoutd_store_evicted_total \(evicted)\n"))
        #expect(metrics.contains("layoutd_store_max_bytes \(bound)\n"))
        #expect(metrics.contains("layoutd_store_bytes \(store.storedBytes)\n"))
    }

    @Test func evictionGoesLeastRecentlyUsedFirstDownToTheTarget() throws {
        let store = MemoryLayoutStore()
        let rows = (0..<10).map { StoredLayout(id: String(repeating: "\($0)", count: 32), body: Array(repeating: 0x20, count: 36)) }
        // 36 + 64 + 100 = 200 bytes each, 2,000 in all.
        let wrote = Mutex(0)
        let done = DispatchSemaphore(value: 0)
        store.write(rows, timeout: .seconds(1)) { r in wrote.withLock { $0 = (try? r.get()) ?? -1 }; done.signal() }
        done.wait()
        #expect(wrote.withLock { $0 } == 10)
        #expect(store.storedBytes == 2_000)
        let result = Mutex<StoreEviction?>(nil)
        store.evict(over: 1_800, downTo: 1_400, limit: 100, timeout: .seconds(1)) { r in result.withLock { $0 = try? r.get() }; done.signal() }
        done.wait()
        #expect(result.withLock { $0 } == StoreEviction(evicted: 3, evictedBytes: 600, bytes: 1_400))
        store.evict(over: 1_800, downTo: 1_400, limit: 100, timeout: .seconds(1)) { r in result.withLock { $0 = try? r.get() }; done.signal() }
        done.wait()
        #expect(result.withLock { $0 } == StoreEviction(evicted: 0, evictedBytes: 0, bytes: 1_400), "under the high-water mark: nothing to do")
    }

    @Test func withoutABoundNothingIsEvicted() throws {
        let store = MemoryLayoutStore()
        let (a, client) = Self.replica(store, maxBytes: 0)
        for n in 1...50 { _ = try #require(try Self.post(a, Self.body(n)).id) }
        client.enforceBound(now: DispatchTime.now().uptimeNanoseconds)
        #expect(store.count == 50)
        #expect(a.get("/metrics").text.contains("layoutd_store_max_bytes 0\n"))
    }
}
