import Dispatch
import HTTP
import HTTPCompression
@testable import LayoutAPI
import LayoutEngine
import Testing

/// Full bodies of large layouts are encoded per answer and never kept (`--cached-body-elements`),
/// byte for byte what a kept body would be; answers over `--max-answer-elements` are a 422.
@Suite struct BodyRetentionTests {
    static let json = ("Content-Type", "application/json")
    static let minimal = ("Prefer", "return=minimal")
    /// 2,000 cells whose frames are not all integers (1/3-point widths), a header and a footer.
    static let body = #"{"collectionView":{"width":391,"height":667,"scale":3},"layout":{"itemSize":{"width":41.333333333333336,"height":17.5},"minimumInteritemSpacing":0.3333333333333333,"headerReferenceSize":{"width":0,"height":31},"footerReferenceSize":{"width":0,"height":7.25}},"sections":[{"numberOfItems":1998}]}"#

    static func app(cachedBodyElements: Int = ServiceConfiguration.defaultCachedBodyElements,
                    maxAnswerElements: Int = ServiceConfiguration.defaultMaxAnswerElements) -> LayoutApplication {
        LayoutApplication(configuration: ServiceConfiguration(cacheBytes: 64 << 20, cachedBodyElements: cachedBodyElements,
                                                              maxAnswerElements: maxAnswerElements))
    }

    @Test func aLargeLayoutsFullBodyIsEncodedPerAnswerByteIdenticalAndNotCounted() throws {
        let keeping = Self.app()
        let kept = keeping.post(Self.body)
        let id = try #require(kept.id)
        #expect(try #require(keeping.cache.peek(id)).fullIfMade?.identity == kept.body)

        let app = Self.app(cachedBodyElements: 1999)
        let first = app.post(Self.body)
        #expect(first.status == 200)
        #expect(first.header("X-Cache") == "miss")
        #expect(first.header("ETag") == "\"\(id)\"")
        #expect(first.header("Content-Location") == "/layout/\(id)")
        #expect(first.body == kept.body)
        let entry = try #require(app.cache.peek(id))
        #expect(entry.layout.attributes.count == 2000)
        #expect(!entry.retainsFull)
        #expect(entry.fullIfMade == nil)
        #expect(app.cache.stats.bytes == entry.bytes, "nothing but the entry's attributes, index and minimal body is counted")
        // Every full answer encodes it again, off the I/O loop, and nothing is kept.
        let get = Request(method: "GET", target: "/layout/\(id)")
        #expect(app.execution(for: get) == .offload)
        let again = app.respond(to: get)
        #expect(again.status == 200)
        #expect(again.body == kept.body)
        #expect(again.header("ETag") == "\"\(id)\"")
        #expect(app.post(Self.body).body == kept.body)
        #expect(entry.fullIfMade == nil)
        #expect(app.cache.stats.bytes == entry.bytes)
        #expect(app.execution(for: get) == .offload)
    }

    @Test(arguments: [ContentCoding.gzip, .deflate])
    func aLargeLayoutsCompressedBodyIsMadePerAnswerAndInflatesToTheSameBytes(coding: ContentCoding) throws {
        let app = Self.app(cachedBodyElements: 1000)
        let plain = app.post(Self.body)
        let id = try #require(plain.id)
        let entry = try #require(app.cache.peek(id))
        let packed = app.get("/layout/\(id)", headers: [("Accept-Encoding", coding.rawValue)])
        #expect(packed.status == 200)
        #expect(packed.header("Content-Encoding") == coding.rawValue)
        #expect(packed.header("ETag") == "\"\(id)-\(coding.rawValue)\"")
        #expect(try Inflater.decompress(packed.body, from: coding, limit: 1 << 26).get() == plain.body)
        #expect(entry.fullIfMade == nil)
        #expect(app.cache.stats.bytes == entry.bytes)
        // A revalidation matches without encoding anything.
        let revalidated = app.get("/layout/\(id)", headers: [("Accept-Encoding", coding.rawValue), ("If-None-Match", "\"\(id)-\(coding.rawValue)\"")])
        #expect(revalidated.status == 304)
        #expect(revalidated.body.isEmpty)
    }

    @Test func aLayoutAtTheLimitKeepsItsBodyAndItsCompressedForms() throws {
        let app = Self.app(cachedBodyElements: 2000)
        let id = try #require(app.post(Self.body).id)
        let entry = try #require(app.cache.peek(id))
        #expect(entry.retainsFull)
        let made = try #require(entry.fullIfMade)
        #expect(app.cache.stats.bytes == entry.bytes + made.identity.capacity)
        _ = app.get("/layout/\(id)", headers: [("Accept-Encoding", "gzip")])
        #expect(made.cached(.gzip) != nil)
        #expect(app.execution(for: Request(method: "GET", target: "/layout/\(id)")) == .inline)
    }

    @Test func anInvalidationEmbedsTheNewLayoutEncodedForItsAnswer() throws {
        let keeping = Self.app()
        let app = Self.app(cachedBodyElements: 10)
        let rotate = #"{"bounds":{"x":0,"y":0,"width":667,"height":391}}"#
        var answers: [String] = []
        for a in [keeping, app] {
            let id = try #require(a.post(Self.body, headers: [Self.json, Self.minimal]).id)
            let r = a.post(rotate, target: "/layout/\(id)/invalidate")
            #expect(r.status == 200)
            answers.append(r.text)
        }
        #expect(answers[0] == answers[1])
        #expect(answers[0].contains(#""elements":[{"category":"supplementaryView""#))
    }

    @Test func aFullAnswerOverMaxAnswerElementsIsA422ThatSaysWhatToDoAndTheLayoutStaysCached() throws {
        let app = Self.app(maxAnswerElements: 1999)
        let r = app.post(Self.body)
        #expect(r.status == 422)
        #expect(r.header("Content-Type") == "application/problem+json")
        #expect(r.header("Cache-Control") == "no-store")
        let id = try #require(app.post(Self.body, headers: [Self.json, Self.minimal]).id)
        #expect(app.cache.stats.misses == 1, "the refused answer's layout was computed and cached")
        let expected = "The layout \(id) has 2000 elements, more than this server lists in one answer (1999, --max-answer-elements; about 100 bytes of JSON each). Its id is \(id) and it is cached: send POST /layout with the header Prefer: return=minimal to get its id and counts, then ask for what is visible with GET /layout/\(id)/elements?rect=x,y,width,height (or by point or index path)."
        #expect(r.text == #"{"type":"https://layoutd.dev/problems/answer-too-large","title":"Answer too large","status":422,"detail":"\#(expected)"}"#)
        let get = app.get("/layout/\(id)")
        #expect(get.status == 422)
        #expect(get.detail == expected)
        #expect(app.get("/layout/\(id)/elements").detail == "This query matches 2000 elements of the layout \(id), more than this server lists in one answer (1999, --max-answer-elements; about 100 bytes of JSON each). Ask for a smaller rect (what is visible), or by index path.")
        let rotate = app.post(#"{"bounds":{"x":0,"y":0,"width":667,"height":391}}"#, target: "/layout/\(id)/invalidate")
        #expect(rotate.status == 422)
        #expect(rotate.text.contains("answer-too-large"))
        // What is visible, and the picture's answers, are fine.
        let visible = app.get("/layout/\(id)/elements?rect=0,0,391,667")
        #expect(visible.status == 200)
        #expect(app.get("/layout/\(id)/elements?indexPath=0,1997").status == 200)
    }

    @Test func aRectQueryOverMaxAnswerElementsIsA422AndOneJustUnderIsAnswered() throws {
        let app = Self.app(maxAnswerElements: 1000)
        let id = try #require(app.post(Self.body, headers: [Self.json, Self.minimal]).id)
        let entry = try #require(app.cache.peek(id))
        let everything = app.get("/layout/\(id)/elements?rect=0,0,391,\(Int(entry.layout.contentSize.height))")
        #expect(everything.status == 422)
        #expect(everything.detail == "This query matches 2000 elements of the layout \(id), more than this server lists in one answer (1000, --max-answer-elements; about 100 bytes of JSON each). Ask for a smaller rect (what is visible), or by index path.")
        // Exactly 1,000 elements: rows of 9 cells, so 111 full rows (999 cells) and the header.
        let rows = entry.layout.attributes.filter { $0.category == .cell && $0.indexPath.item == 999 }
        let row111 = try #require(rows.first).frame
        let upTo = app.get("/layout/\(id)/elements?rect=0,0,391,\(row111.minY)")
        #expect(upTo.status == 200)
        let count = entry.layout.attributes(in: Rect(x: 0, y: 0, width: 391, height: row111.minY), index: entry.index).count
        #expect(count <= 1000)
        #expect(upTo.text.components(separatedBy: "\"category\"").count - 1 == count)
    }
}

/// Bodies encoded per answer are counted against the server's buffer budget while they are made.
@Suite struct BodiesInTheMakingTests {
    static func app(buffered: Int, limit: Int) -> LayoutApplication {
        let app = BodyRetentionTests.app(cachedBodyElements: 10)
        app.attach(serverStats: { ServerStats(bufferedBytes: buffered, bufferedBytesLimit: limit) })
        return app
    }

    @Test func aFullBodyTheBudgetCannotTakeIsA503WithRetryAfter() throws {
        let app = Self.app(buffered: 1, limit: 2000 * 128)
        let id = try #require(app.post(BodyRetentionTests.body, headers: [BodyRetentionTests.json, BodyRetentionTests.minimal]).id)
        let r = app.get("/layout/\(id)")
        #expect(r.status == 503)
        #expect(r.header("Retry-After") == "1")
        #expect(r.text == #"{"type":"about:blank","title":"Service Unavailable","status":503,"detail":"The server is buffering as many answer bytes as it may (maxBufferedBytes = 256000) and this answer needs about 256000 more; retry in a second, or ask for less: Prefer: return=minimal, or a rect query."}"#)
        #expect(app.bodiesInTheMaking.bytes == 0)
        #expect(app.get("/layout/\(id)/elements?rect=0,0,391,667").status == 200)
    }

    /// The reservation is the body's bound, at most the limit (the body stops there if it
    /// would pass it): 2,000 elements of at most 241 + the longest kind prefix bytes each.
    @Test func oneAnswerGetsThroughAndItsReservationLastsAsLongAsTheAnswer() throws {
        let app = Self.app(buffered: 0, limit: 300_000)
        let id = try #require(app.post(BodyRetentionTests.body, headers: [BodyRetentionTests.json, BodyRetentionTests.minimal]).id)
        let entry = try #require(app.cache.peek(id))
        do {
            let held = try app.fullAnswer(entry)
            #expect(app.bodiesInTheMaking.bytes == 300_000)
            // A second one while the first is being made: over the limit, refused.
            #expect(throws: APIError.self) { try app.fullAnswer(entry) }
            withExtendedLifetime(held) {}
        }
        #expect(app.bodiesInTheMaking.bytes == 0)
        let r = app.get("/layout/\(id)")
        #expect(r.status == 200)
        #expect(r.body == BodyRetentionTests.app().post(BodyRetentionTests.body).body)
        #expect(app.bodiesInTheMaking.bytes == 0)
    }

    /// An answer that cannot be sent whole within the buffer budget (even its least size passes
    /// it) is a 422 decided before it is made, not an answer over the flags (issue 33).
    @Test func aFullBodyLargerThanTheWholeBudgetIsA422NamingTheLimit() throws {
        let app = Self.app(buffered: 0, limit: 100_000)
        let id = try #require(app.post(BodyRetentionTests.body, headers: [BodyRetentionTests.json, BodyRetentionTests.minimal]).id)
        let r = app.get("/layout/\(id)")
        #expect(r.status == 422)
        #expect(r.detail == "The full layout \(id) (2000 elements) would take at least 128000 bytes, more than this server sends in one answer (100000 bytes: --max-answer-bytes, at most --max-buffered-bytes). It is cached: send POST /layout with the header Prefer: return=minimal to get its id and counts, then ask for what is visible with GET /layout/\(id)/elements?rect=x,y,width,height.")
        #expect(app.bodiesInTheMaking.bytes == 0)
    }
}

/// Kept compressed forms hold (and count) their own size, not zlib's worst-case buffer.
@Suite struct FittedFormTests {
    @Test func aKeptGzipFormIsCountedAtAboutItsSize() throws {
        let app = LayoutApplication.make()
        let body = #"{"collectionView":{"width":375,"height":667},"sections":[{"numberOfItems":1000}]}"#
        let id = try #require(app.post(body).id)
        let entry = try #require(app.cache.peek(id))
        let before = app.cache.stats.bytes
        let r = app.get("/layout/\(id)", headers: [("Accept-Encoding", "gzip")])
        let form = try #require(entry.full.cached(.gzip))
        #expect(r.body == form)
        #expect(form.count * 10 < entry.full.identity.count)
        #expect(form.capacity < form.count + form.count / 8 + 64)
        #expect(app.cache.stats.bytes == before + form.capacity)
    }

    @Test func fittedCopiesOnlyWhenMostOfTheBufferIsUnused() {
        var roomy = [UInt8](repeating: 7, count: 10)
        roomy.reserveCapacity(1000)
        let fitted = EncodedBody.fitted(roomy)
        #expect(fitted == roomy)
        #expect(fitted.capacity < 100)
        let tight = [UInt8](repeating: 1, count: 1000)
        #expect(EncodedBody.fitted(tight).withUnsafeBufferPointer { $0.baseAddress } == tight.withUnsafeBufferPointer { $0.baseAddress })
    }
}

/// Freed heap memory is given back after large bodies and index builds.
@Suite(.serialized) struct FreedMemoryTests {
    @Test func glibcsMallocTrimIsFound() {
        #if os(Linux) && canImport(Glibc)
        #expect(FreedMemory.isAvailable)
        #endif
        FreedMemory.release()   // and calling it is harmless
    }

    /// Back-to-back large requests trim at most once a second: the second release waits for the
    /// end of the interval (one pending trim), the ones after it add nothing, and the pending
    /// trim runs and clears.
    @Test func trimsAreRateLimitedWithOneDeferredTrim() async throws {
        guard FreedMemory.isAvailable else { return }
        // Other suites running at the same time trim too (large bodies, large indexes): start
        // over until this test's first release is the one that trims at once.
        var attempts = 0
        repeat {
            try await Task.sleep(nanoseconds: FreedMemory.interval + 200_000_000)
            while FreedMemory.isPending { try await Task.sleep(nanoseconds: 100_000_000) }
            FreedMemory.release()
            attempts += 1
        } while FreedMemory.isPending && attempts < 10
        FreedMemory.release()
        #expect(FreedMemory.isPending)
        FreedMemory.release()
        #expect(FreedMemory.isPending)
        // Time by the clock: on a loaded machine a 50 ms sleep can take far longer, so adding up
        // the sleeps asked for undercounts the wait.
        let start = DispatchTime.now().uptimeNanoseconds
        var waited: UInt64 = 0
        while FreedMemory.isPending, waited < 5_000_000_000 {
            try await Task.sleep(nanoseconds: 50_000_000)
            waited = DispatchTime.now().uptimeNanoseconds - start
        }
        #expect(!FreedMemory.isPending)
        #expect(waited >= FreedMemory.interval / 2)
    }

    @Test func aLargeItemSizesBodyIsAnsweredAsBeforeWithTheTrim() throws {
        let app = LayoutApplication.make()
        var sizes: [String] = []
        for i in 0..<45_000 { sizes.append(#"{"width":\#(40 + i % 97),"height":\#(30 + i % 41)}"#) }
        let body = #"{"collectionView":{"width":390,"height":844},"sections":[{"itemSizes":["# + sizes.joined(separator: ",") + "]}]}"
        #expect(body.utf8.count >= FreedMemory.afterBodyBytes)
        let r = app.post(body, headers: [BodyRetentionTests.json, BodyRetentionTests.minimal])
        #expect(r.status == 200)
        let id = try #require(r.id)
        let q = app.get("/layout/\(id)/elements?indexPath=0,44999")
        #expect(q.status == 200)
        #expect(q.text.contains(#""indexPath":[0,44999]"#))
    }
}
