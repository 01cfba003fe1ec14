import Dispatch
import HTTP
@testable import LayoutAPI
@testable import SharedStore
import LayoutEngine
import Synchronization
import Testing

/// The shared store seen from the service: what is written and when, what a replica that did not
/// compute a layout answers, and every fault (store down, failing writes, slow store, foreign or
/// damaged rows). Two `LayoutApplication`s on one `FakeStore` are two replicas.
@Suite struct StoreTests {
    static let body = #"{"collectionView":{"width":375,"height":667},"sections":[{"numberOfItems":3}]}"#
    /// The same layout with its members in another order and a default spelled out.
    static let sameLayout = #"{"sections":[{"numberOfItems":3}],"collectionView":{"height":667,"width":375,"scale":2}}"#

    @Test func postWritesTheCanonicalRequestOnceBeforeAnswering() throws {
        let fake = FakeStore()
        let (app, _) = LayoutApplication.replica(fake)
        let r = app.post(Self.body)
        #expect(r.status == 200)
        let id = try #require(r.id)
        let row = try #require(fake.snapshot.rows[id])
        #expect(row.format == 1)
        // The request, compact, as the recipe to recompute it.
        #expect(String(decoding: row.body, as: UTF8.self)
                == #"{"post":{"collectionView":{"width":375,"height":667},"sections":[{"numberOfItems":3}]}}"#)
        #expect(fake.snapshot.writeCalls == 1)
        // A hit (same bytes, or the same layout written differently) writes nothing.
        #expect(app.post(Self.body).header("X-Cache") == "hit")
        #expect(app.post(Self.sameLayout).header("X-Cache") == "hit")
        #expect(fake.snapshot.writeCalls == 1)
    }

    @Test func anotherReplicaRecomputesFromTheStore() throws {
        let fake = FakeStore()
        let (a, _) = LayoutApplication.replica(fake)
        let (b, _) = LayoutApplication.replica(fake)
        let posted = a.post(Self.body)
        let id = try #require(posted.id)
        #expect(b.execution(for: Request(method: "GET", target: "/layout/\(id)")) == .offload)
        let got = b.get("/layout/\(id)")
        #expect(got.status == 200)
        #expect(got.body == posted.body)
        #expect(got.header("ETag") == "\"\(id)\"")
        #expect(fake.snapshot.reads == [id])
        // Now cached on b: answered inline, no second read.
        #expect(b.execution(for: Request(method: "GET", target: "/layout/\(id)")) == .inline)
        #expect(b.get("/layout/\(id)/elements?indexPath=0,2").text
                == #"{"id":"\#(id)","element":{"category":"cell","indexPath":[0,2],"frame":{"x":130,"y":0,"width":50,"height":50},"zIndex":0}}"#)
        #expect(fake.snapshot.reads == [id])
    }

    @Test func everyLayoutTypeComesBackIdenticalOnAnotherReplica() throws {
        let bodies = [
            #"{"collectionView":{"width":320,"height":568,"scale":3,"contentInset":{"top":20},"safeAreaInsets":{"left":4},"layoutMargins":{"right":8}},"layout":{"scrollDirection":"horizontal","sectionInsetReference":"fromSafeArea","sectionHeadersPinToVisibleBounds":true},"sections":[{"numberOfItems":4,"itemSize":{"width":30.5,"height":20},"headerReferenceSize":{"width":10,"height":10}},{"itemSizes":[{"width":10,"height":20},{"width":15,"height":25}],"minimumLineSpacing":3}]}"#,
            #"{"collectionView":{"width":320,"height":568},"layout":{"estimatedItemSize":{"width":100,"height":100}},"sections":[{"numberOfItems":3}],"preferredSizes":[{"indexPath":[0,1],"width":200,"height":40}]}"#,
            #"{"collectionView":{"width":300,"height":600},"layout":{"type":"waterfall"},"sections":[{"numberOfItems":2,"itemSize":{"width":1,"height":1}},{"numberOfItems":1,"itemSize":{"width":3,"height":1},"columnCount":1,"minimumInteritemSpacing":0,"headerHeight":20,"headerInset":{"left":5,"right":5}}]}"#,
            #"{"collectionView":{"width":768,"height":1024,"layoutMargins":{"left":20,"right":20}},"layout":{"type":"columnFlow"},"sections":[{"numberOfItems":3},{"numberOfItems":0}]}"#,
            #"{"collectionView":{"width":414,"height":800},"layout":{"type":"grid","itemsPerLine":4,"sideMargin":20,"spacing":10,"lineSpacing":2,"aspectRatio":1,"topInset":30,"bottomInset":40},"sections":[{"numberOfItems":5}]}"#,
            #"{"collectionView":{"width":414,"height":896},"layout":{"type":"mosaic"},"sections":[{"numberOfItems":10}]}"#,
            CompositionalAPITests.pinned,
            CompositionalAPITests.orthogonal,
        ]
        let fake = FakeStore()
        let (a, _) = LayoutApplication.replica(fake)
        let (b, _) = LayoutApplication.replica(fake)
        for body in bodies {
            let posted = a.post(body)
            #expect(posted.status == 200, "\(body)")
            let id = try #require(posted.id)
            #expect(b.get("/layout/\(id)").body == posted.body, "\(body)")
        }
    }

    @Test func invalidatedLayoutsAreStoredToo() throws {
        let fake = FakeStore()
        let (a, _) = LayoutApplication.replica(fake)
        let (b, _) = LayoutApplication.replica(fake)
        let id = try #require(a.post(#"{"collectionView":{"width":320,"height":568},"layout":{"estimatedItemSize":"automatic"},"sections":[{"numberOfItems":3}]}"#).id)
        // b has never seen `id`: it reads it, then the measured layout it computes is stored.
        let inv = b.post(#"{"preferredSizes":[{"indexPath":[0,0],"width":80,"height":30}]}"#, target: "/layout/\(id)/invalidate")
        #expect(inv.status == 200)
        guard case .object(let o)? = inv.json, case .string(let newID)? = o["id"] else { Issue.record("no id"); return }
        #expect(newID != id)
        #expect(String(decoding: fake.snapshot.rows[newID]?.body ?? [], as: UTF8.self)
                == #"{"from":"\#(id)","preferredSizes":[{"indexPath":[0,0],"width":80,"height":30}]}"#)
        let measured = a.get("/layout/\(newID)")
        #expect(measured.status == 200)
        #expect(measured.body == b.get("/layout/\(newID)").body)
        // A rotation of the measured layout on b; a third replica follows both links.
        let rotated = b.post(#"{"bounds":{"x":0,"y":0,"width":568,"height":320}}"#, target: "/layout/\(newID)/invalidate")
        guard case .object(let r)? = rotated.json, case .string(let rotatedID)? = r["id"] else { Issue.record("no id"); return }
        #expect(String(decoding: fake.snapshot.rows[rotatedID]?.body ?? [], as: UTF8.self)
                == #"{"from":"\#(newID)","size":[568,320]}"#)
        let (c, _) = LayoutApplication.replica(fake)
        #expect(c.get("/layout/\(rotatedID)").body == b.get("/layout/\(rotatedID)").body)
        #expect(c.get("/layout/\(rotatedID)").status == 200)
    }

    @Test func concurrentLookupsOfOneIdReadAndComputeOnce() throws {
        let fake = FakeStore()
        let (a, _) = LayoutApplication.replica(fake)
        let (b, _) = LayoutApplication.replica(fake)
        let id = try #require(a.post(Self.body).id)
        fake.gated.store(true, ordering: .relaxed)
        let statuses = Mutex<[Int]>([])
        let group = DispatchGroup()
        for _ in 0..<8 {
            DispatchQueue.global().async(group: group) {
                let s = b.get("/layout/\(id)").status
                statuses.withLock { $0.append(s) }
            }
        }
        // Let the requests pile up behind the one read, then open the gate.
        // (Bounded: if Dispatch is slow to start them, they arrive later and find it cached.)
        let deadline = DispatchTime.now() + 5
        while b.cache.stats.hits < 7, DispatchTime.now() < deadline, group.wait(timeout: .now() + 0.01) == .timedOut {}
        fake.gated.store(false, ordering: .relaxed)
        fake.gate.signal()
        group.wait()
        #expect(statuses.withLock { $0 } == Array(repeating: 200, count: 8))
        #expect(fake.snapshot.reads == [id])
        // One computation: the other seven waited for it (counted as hits) or, arriving after it,
        // found it cached.
        #expect(b.cache.stats.misses == 1)
        #expect(b.cache.stats.hits <= 7)
    }

    @Test func unknownIdIs404AndNonIdsNeverReachTheStore() {
        let fake = FakeStore()
        let (app, _) = LayoutApplication.replica(fake)
        let id = "0123456789abcdef0123456789abcdef"
        let r = app.get("/layout/\(id)")
        #expect(r.status == 404)
        #expect(fake.snapshot.reads == [id])
        #expect(app.get("/layout/not-an-id").status == 404)
        #expect(app.get("/layout/0123456789ABCDEF0123456789ABCDEF").status == 404)
        #expect(fake.snapshot.reads == [id])
        #expect(app.execution(for: Request(method: "GET", target: "/layout/not-an-id")) == .inline)
        #expect(app.get("/metrics").text.contains("layoutd_store_misses_total 1\n"))
    }

    @Test func storeDownAtStartRefusesNewIdsWith503ThenRecoversByItself() throws {
        let fake = FakeStore()
        fake.set { $0.down = true }
        let log = LogLines()
        let (down, client) = LayoutApplication.replica(fake, log: log)
        #expect(!client.isUp)
        // POST computes, but the id cannot be committed: 503 + Retry-After, no id handed out.
        let spec = try decodedSpec(Self.body)
        let id = spec.contentID()
        let posted = try #require(down.postDurably(Self.body))
        #expect(posted.status == 503)
        #expect(posted.header("Content-Type") == "application/problem+json")
        let retry = try #require(posted.header("Retry-After"))
        #expect(Int(retry) ?? 0 >= 1)
        #expect(posted.detail == "Layout \(id) was computed, but the shared layout store could not confirm that it is stored, so its id is not handed out (other servers could not find it). Retry in \(retry) s (Retry-After).")
        #expect(posted.id == nil)
        // An id neither cached here nor readable: 503 + Retry-After, not 404.
        let unknown = "0123456789abcdef0123456789abcdef"
        let r = down.get("/layout/\(unknown)/elements")
        #expect(r.status == 503)
        #expect(r.header("Content-Type") == "application/problem+json")
        #expect(Int(r.header("Retry-After") ?? "") ?? 0 >= 1)
        #expect(r.text.contains(#""type":"https://layoutd.dev/problems/store-unavailable""#))
        #expect(r.detail == "Layout \(unknown) is not cached on this server and the shared layout store cannot be reached to look it up. The id may well be valid: retry in \(r.header("Retry-After") ?? "") s (Retry-After).")
        #expect(fake.snapshot.rows.isEmpty)
        #expect(log.all.contains { $0.contains("unreachable") })
        // The store comes back: the next due probe reconnects. The same POST is not answered
        // inline from the cache (its row is not stored): it commits, then answers 200.
        fake.set { $0.down = false }
        client.tick(now: .max)
        #expect(client.isUp)
        #expect(down.execution(for: Request(method: "POST", target: "/layout", headers: [("Content-Type", "application/json")], body: Array(Self.body.utf8))) == .offload)
        let again = try #require(down.postDurably(Self.body))
        #expect(again.status == 200)
        #expect(again.header("X-Cache") == "hit")
        #expect(again.id == id)
        #expect(fake.snapshot.rows[id] != nil)
        // Stored now: the next one is inline.
        #expect(down.execution(for: Request(method: "POST", target: "/layout", headers: [("Content-Type", "application/json")], body: Array(Self.body.utf8))) == .inline)
        #expect(down.get("/layout/\(unknown)").status == 404)
        let metrics = down.get("/metrics").text
        #expect(metrics.contains("layoutd_store_up 1\n"))
        #expect(metrics.contains("layoutd_store_refused_writes_total 1\n"))
        #expect(metrics.contains("layoutd_store_unavailable_total 1\n"))
        #expect(metrics.contains("layoutd_store_writes_total 1\n"))
        #expect(metrics.contains("layoutd_store_waiting_writes 0\n"))
    }

    @Test func aFailedCommitIsLoggedCountedAndAnswered503() throws {
        let fake = FakeStore()
        fake.set { $0.failWrites = true }
        let log = LogLines()
        let (app, client) = LayoutApplication.replica(fake, log: log)
        let r = try #require(app.postDurably(Self.body))
        #expect(r.status == 503)
        #expect(r.header("Retry-After") != nil)
        #expect(log.all.contains("store: commit of 1 layout failed (disk full); new layouts are refused with 503 until it is back, reconnecting with backoff"))
        #expect(client.metrics.errors(.write) == 1)
        #expect(!client.isUp)
        #expect(app.get("/metrics").text.contains(#"layoutd_store_errors_total{op="write"} 1"#))
        fake.set { $0.failWrites = false }
        client.tick(now: .max)
        let again = try #require(app.postDurably(Self.body))
        #expect(again.status == 200)
        #expect(fake.snapshot.rows[try #require(again.id)] != nil)
    }

    @Test func theAnswerWaitsForTheCommitWithoutHoldingAThread() throws {
        let fake = FakeStore()
        let (app, client) = LayoutApplication.replica(fake)
        fake.set { $0.holdWrites = true }
        let request = Request(method: "POST", target: "/layout", headers: [("Content-Type", "application/json")], body: Array(Self.body.utf8))
        let answered = Mutex<Response?>(nil)
        var plan = try #require(app.planned(request))
        #expect(app.execution(for: request, plan: &plan) == .offload)
        // `respond` returns at once; the answer comes from the commit's callback.
        app.respond(to: request, plan: plan) { r in answered.withLock { $0 = r } }
        #expect(answered.withLock { $0 } == nil)
        #expect(client.gauges.waiting == 1)
        // Meanwhile the same POST joins the commit on its way (no second row, no inline 200).
        let joined = Mutex<Response?>(nil)
        var plan2 = try #require(app.planned(request))
        #expect(app.execution(for: request, plan: &plan2) == .offload)
        app.respond(to: request, plan: plan2) { r in joined.withLock { $0 = r } }
        #expect(joined.withLock { $0 } == nil)
        fake.releaseWrites()
        let r = try #require(answered.withLock { $0 })
        #expect(r.status == 200)
        #expect(r.header("X-Cache") == "miss")
        #expect(joined.withLock { $0 }?.status == 200)
        #expect(fake.snapshot.batches == [[try #require(r.id)]])
        #expect(client.gauges.waiting == 0)
    }

    @Test func concurrentPostsShareAGroupCommit() throws {
        let fake = FakeStore()
        let (app, client) = LayoutApplication.replica(fake)
        fake.set { $0.holdWrites = true }
        let answers = Mutex<[Int]>([])
        func post(_ n: Int) {
            let body = #"{"collectionView":{"width":375,"height":667},"sections":[{"numberOfItems":\#(n)}]}"#
            let request = Request(method: "POST", target: "/layout", headers: [("Content-Type", "application/json")], body: Array(body.utf8))
            guard let plan = app.planned(request) else { return }
            app.respond(to: request, plan: plan) { r in answers.withLock { $0.append(r.status) } }
        }
        // The first two rows go out alone (two commits in flight at most); the next three queue
        // behind them and share one.
        for n in 1...5 { post(n) }
        #expect(answers.withLock { $0 }.isEmpty)
        #expect(client.gauges.waiting == 5)
        #expect(fake.snapshot.held.count == 2)
        fake.releaseWrites()
        #expect(answers.withLock { $0 } == [200, 200, 200, 200, 200])
        // The first commit's end sends the queued three; the second ends last.
        #expect(fake.snapshot.batches.map(\.count) == [1, 3, 1])
        #expect(fake.snapshot.rows.count == 5)
        let metrics = app.get("/metrics").text
        #expect(metrics.contains("layoutd_store_writes_total 5\n"))
        #expect(metrics.contains("layoutd_store_commits_total 3\n"))
    }

    @Test func aCommitThatDoesNotAnswerInTimeIs503() throws {
        let fake = FakeStore()
        let (app, client) = LayoutApplication.replica(fake, timeout: 0.05)
        fake.set { $0.holdWrites = true }
        // The store never answers until released below, so the answer can only come from the
        // client's own timeout (0.05 s + 0.25 s, on a Dispatch timer: late when parallel tests
        // load the machine, hence the wide wait).
        let r = try #require(app.postDurably(Self.body, timeout: 30))
        #expect(r.status == 503)
        #expect(r.header("Retry-After") != nil)
        #expect(client.metrics.errors(.write) == 1)
        #expect(!client.isUp)
        // The store answering late changes nothing (the answer went out once).
        fake.releaseWrites()
        #expect(client.gauges.waiting == 0)
    }

    @Test func anInvalidationOfALayoutTheStoreDoesNotHoldIs503() throws {
        let fake = FakeStore()
        fake.set { $0.down = true }
        let (app, client) = LayoutApplication.replica(fake)
        let body = #"{"collectionView":{"width":320,"height":568},"layout":{"estimatedItemSize":"automatic"},"sections":[{"numberOfItems":3}]}"#
        #expect(app.postDurably(body)?.status == 503)
        let id = try decodedSpec(body).contentID()
        fake.set { $0.down = false }
        client.tick(now: .max)
        // Cached here but not stored: a derived row would point at a row nobody can read.
        let inv = try #require(app.postDurably(#"{"preferredSizes":[{"indexPath":[0,0],"width":80,"height":30}]}"#, target: "/layout/\(id)/invalidate"))
        #expect(inv.status == 503)
        #expect(inv.header("Retry-After") == "1")
        #expect(fake.snapshot.rows.isEmpty)
        // Once the base is stored (POSTed again), the invalidation is stored too.
        #expect(app.postDurably(body)?.status == 200)
        let ok = try #require(app.postDurably(#"{"preferredSizes":[{"indexPath":[0,0],"width":80,"height":30}]}"#, target: "/layout/\(id)/invalidate"))
        #expect(ok.status == 200)
        #expect(fake.snapshot.rows.count == 2)
    }

    /// The synchronous path cannot wait (an answer made on an I/O loop): it hands out an id only
    /// if its commit is already done, else 503; the commit goes on, so the retry is a 200.
    @Test func theSynchronousPathHandsOutOnlyCommittedIds() throws {
        let fake = FakeStore()
        let (app, client) = LayoutApplication.replica(fake)
        fake.set { $0.holdWrites = true }  // the commit is on its way when `commit` returns
        let first = app.post(Self.body)
        #expect(first.status == 503)
        #expect(first.header("Retry-After") == "1")
        #expect(client.gauges.waiting == 1)
        fake.releaseWrites()
        let again = app.post(Self.body)
        #expect(again.status == 200)
        #expect(again.header("X-Cache") == "hit")
        #expect(fake.snapshot.rows.count == 1)
    }

    @Test func shutdownWaitsForTheCommitOnItsWayAndCountsWhatIsLeft() throws {
        let fake = FakeStore()
        let (app, client) = LayoutApplication.replica(fake)
        fake.set { $0.holdWrites = true }
        #expect(app.postDurably(Self.body, timeout: 0.05) == nil)  // waiting for its commit
        #expect(client.shutdown(waitingAtMost: 0.05) == 1)
        fake.releaseWrites()
        #expect(client.shutdown(waitingAtMost: 1) == 0)
        // Closed: a new layout is refused rather than left waiting.
        #expect(app.postDurably(#"{"collectionView":{"width":375,"height":667},"sections":[{"numberOfItems":9}]}"#)?.status == 503)
    }

    @Test func aSlowStoreTimesOutInto503() {
        let fake = FakeStore()
        let (app, client) = LayoutApplication.replica(fake, timeout: 0.05)
        fake.set { $0.delay = 2 }
        let began = DispatchTime.now().uptimeNanoseconds
        let r = app.get("/layout/0123456789abcdef0123456789abcdef")
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - began) / 1e9
        #expect(r.status == 503)
        #expect(seconds < 1.5)
        #expect(client.metrics.errors(.read) == 1)
        #expect(!client.isUp)
    }

    @Test func rowsOfAnotherFormatOrDamagedAreNotAnswered() throws {
        let fake = FakeStore()
        let log = LogLines()
        let (app, _) = LayoutApplication.replica(fake, log: log)
        let spec = try decodedSpec(Self.body)
        let id = spec.contentID()
        fake.set { $0.rows[id] = StoredLayout(id: id, format: 2, body: [1, 2, 3]) }
        #expect(app.get("/layout/\(id)").status == 404)
        #expect(log.all.contains("store: layout \(id) is stored in format 2, this replica reads 1; treated as not stored"))
        // The recipe of another layout under this id.
        let other = try decodedSpec(#"{"collectionView":{"width":375,"height":667},"sections":[{"numberOfItems":4}]}"#)
        fake.set { $0.rows[id] = StoredLayout(id: id, body: StoreRecipe.post(Array(#"{"collectionView":{"width":375,"height":667},"sections":[{"numberOfItems":4}]}"#.utf8))) }
        #expect(app.get("/layout/\(id)").status == 404)
        #expect(log.all.last == "store: the recipe stored as \(id) gives layout \(other.contentID()); treated as not stored")
        fake.set { $0.rows[id] = StoredLayout(id: id, body: Array(#"{"post":{"collectionView""#.utf8)) }
        #expect(app.get("/layout/\(id)").status == 404)
        #expect(log.all.last == "store: layout \(id) has no readable recipe; treated as not stored")
        // A request this replica refuses (its element cap is lower, say).
        fake.set { $0.rows[id] = StoredLayout(id: id, body: Array(#"{"post":{"collectionView":{"width":375,"height":667},"sections":[{"numberOfItems":-1}]}}"#.utf8)) }
        #expect(app.get("/layout/\(id)").status == 404)
        #expect(log.all.last?.hasPrefix("store: the request stored for layout \(id) is refused here (") == true)
    }

    @Test func usesAreBatchedIntoOneTouchAndRetentionRunsInTheBackground() throws {
        let fake = FakeStore()
        let (a, client) = LayoutApplication.replica(fake)
        let id = try #require(a.post(Self.body).id)
        for _ in 0..<5 { #expect(a.get("/layout/\(id)").status == 200) }
        #expect(a.post(Self.body).status == 200)
        #expect(fake.snapshot.touches.isEmpty)
        #expect(fake.snapshot.expireCalls == 0)
        let start: UInt64 = 1_000_000_000_000
        client.tick(now: start)
        #expect(fake.snapshot.touches == [[id]])
        #expect(fake.snapshot.expireCalls == 1)
        // Nothing is due a second later; a minute later retention runs again. Another replica
        // holds the lock now: one call, no batches.
        client.tick(now: start + 1_000_000_000)
        #expect(fake.snapshot.expireCalls == 1)
        fake.set { $0.expireLockedElsewhere = true }
        client.tick(now: start + 61_000_000_000)
        #expect(fake.snapshot.expireCalls == 2)
        #expect(fake.snapshot.touches == [[id]])
    }

    @Test func withoutAStoreNothingChanges() {
        let app = LayoutApplication.make()
        #expect(app.get("/layout/0123456789abcdef0123456789abcdef").status == 404)
        #expect(app.execution(for: Request(method: "GET", target: "/layout/0123456789abcdef0123456789abcdef")) == .inline)
        #expect(!app.get("/metrics").text.contains("layoutd_store"))
    }
}
@Suite struct StoreFactoryTests {
    @Test func backendsAreChosenByScheme() throws {
        var factory = StoreFactory()
        #expect(factory.schemes == ["memory:"])
        #expect(try factory.make("memory:") is MemoryLayoutStore)
        #expect(try factory.make("MEMORY:") is MemoryLayoutStore)
        factory.register("postgres") { _ throws(StoreFactoryError) in FakeStore() }
        #expect(try factory.make("postgres://u:p@db/x") is FakeStore)
        #expect(factory.schemes == ["memory:", "postgres://"])
    }

    @Test func anUnknownSchemeIsAClearErrorWithoutTheURL() {
        let factory = StoreFactory()
        #expect(throws: StoreFactoryError("unknown scheme \"mysql\"; this build knows memory:")) {
            try factory.make("mysql://u:secret@db/x")
        }
        #expect(throws: StoreFactoryError("it has no scheme; use one of memory:")) {
            try factory.make("db.example.com/layouts")
        }
        // A host and port reads as an unknown scheme (RFC 3986 allows dots in a scheme).
        #expect(throws: StoreFactoryError("unknown scheme \"db.example.com\"; this build knows memory:")) {
            try factory.make("db.example.com:5432")
        }
        #expect(StoreFactory.scheme(of: "postgresql://db") == "postgresql")
        #expect(StoreFactory.scheme(of: "memory:") == "memory")
        #expect(StoreFactory.scheme(of: "9x://db") == nil)
        #expect(StoreFactory.scheme(of: "no-colon") == nil)
    }

    @Test func twoReplicasOnTheMemoryStoreShareIds() throws {
        let store = MemoryLayoutStore()
        let a = LayoutApplication(configuration: ServiceConfiguration(), store: StoreClient(store: store, options: StoreOptions(url: "memory:")))
        let b = LayoutApplication(configuration: ServiceConfiguration(), store: StoreClient(store: store, options: StoreOptions(url: "memory:")))
        a.store?.connectForTests()
        b.store?.connectForTests()
        let posted = try #require(a.postDurably(StoreTests.body))
        #expect(posted.status == 200)
        #expect(store.count == 1)
        let id = try #require(posted.id)
        let got = try #require(b.offloaded(Request(method: "GET", target: "/layout/\(id)")))
        #expect(got.status == 200)
        #expect(got.body == posted.body)
        #expect(b.get("/layout/0123456789abcdef0123456789abcdef").status == 404)
    }
}
