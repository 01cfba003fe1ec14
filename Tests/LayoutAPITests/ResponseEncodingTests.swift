import HTTP
import HTTPCompression
@testable import LayoutAPI
import JSON
import Testing

/// gzip and deflate answers: negotiation, identical bytes once inflated, per-coding ETags and
/// 304s, the compressed bodies cached with the layout.
@Suite struct ResponseEncodingTests {
    let app = LayoutApplication.make()
    static let big = #"{"collectionView":{"width":375,"height":667},"sections":[{"numberOfItems":1000}]}"#
    static let small = #"{"collectionView":{"width":375,"height":667},"sections":[{"numberOfItems":3}]}"#
    static let json = ("Content-Type", "application/json")

    func inflate(_ r: Response, _ coding: ContentCoding) throws -> [UInt8] {
        try Inflater.decompress(r.body, from: coding, limit: 1 << 26).get()
    }

    @Test(arguments: [(["gzip"], ContentCoding.gzip), (["deflate"], .deflate), (["gzip, deflate, br"], .gzip),
                      (["gzip;q=0.5, deflate;q=0.8"], .deflate), (["identity;q=0, gzip"], .gzip)])
    func aLargeLayoutIsCompressedAndInflatesToTheIdentityBytes(accept: [String], coding: ContentCoding) throws {
        let plain = app.post(Self.big)
        let id = try #require(plain.id)
        #expect(plain.header("Content-Encoding") == nil)
        #expect(plain.header("Vary") == "Accept-Encoding")
        #expect(plain.header("ETag") == "\"\(id)\"")
        let packed = app.post(Self.big, headers: [Self.json] + accept.map { ("Accept-Encoding", $0) })
        #expect(packed.status == 200)
        #expect(packed.header("Content-Encoding") == coding.rawValue)
        #expect(packed.header("Vary") == "Accept-Encoding")
        #expect(packed.header("ETag") == "\"\(id)-\(coding.rawValue)\"")
        #expect(packed.header("X-Cache") == "hit")
        #expect(packed.body.count * 10 < plain.body.count)   // ~100 KB of frames: under a tenth
        #expect(try inflate(packed, coding) == plain.body)
    }

    @Test(arguments: [[String](), [""], ["gzip;q=0"], ["br"], ["identity"], ["gzip;q=0.5, identity"], ["*;q=0"]])
    func noAcceptableCodingGivesIdentity(accept: [String]) throws {
        let r = app.post(Self.big, headers: [Self.json] + accept.map { ("Accept-Encoding", $0) })
        #expect(r.status == 200)
        #expect(r.header("Content-Encoding") == nil)
        #expect(r.header("ETag") == "\"\(try #require(r.id))\"")
        #expect(r.header("Vary") == "Accept-Encoding")
    }

    @Test func smallAnswersStayIdentityUnlessIdentityIsRefused() throws {
        let r = app.post(Self.small, headers: [Self.json, ("Accept-Encoding", "gzip")])
        #expect(r.body.count < 1024)
        #expect(r.header("Content-Encoding") == nil)
        #expect(r.header("Vary") == "Accept-Encoding")
        let refused = app.post(Self.small, headers: [Self.json, ("Accept-Encoding", "gzip, identity;q=0")])
        #expect(refused.header("Content-Encoding") == "gzip")
        #expect(try inflate(refused, .gzip) == r.body)
        let health = app.get("/healthz", headers: [("Accept-Encoding", "gzip")])
        #expect(health.text == #"{"status":"ok"}"#)
        #expect(health.header("Content-Encoding") == nil)
    }

    @Test func minimalAnswersCompressTheMinimalBodyAndKeepTheLayoutsETag() throws {
        let id = try #require(app.post(Self.big).id)
        let r = app.post(Self.big, target: "/layout?return=minimal", headers: [Self.json, ("Accept-Encoding", "gzip, identity;q=0")])
        #expect(r.header("Content-Encoding") == "gzip")
        #expect(r.header("ETag") == "\"\(id)-gzip\"")
        #expect(String(decoding: try inflate(r, .gzip), as: UTF8.self)
            == #"{"id":"\#(id)","contentSize":{"width":375,"height":10010},"counts":{"elements":1000,"cells":1000,"headers":0,"footers":0,"sections":1},"warnings":[]}"#)
    }

    @Test func getAnswersAndNotModifiedArePerCoding() throws {
        let id = try #require(app.post(Self.big).id)
        let gzip = ("Accept-Encoding", "gzip")
        let identity = app.get("/layout/\(id)")
        let packed = app.get("/layout/\(id)", headers: [gzip])
        #expect(packed.header("ETag") == "\"\(id)-gzip\"")
        #expect(packed.header("Content-Encoding") == "gzip")
        #expect(packed.header("Vary") == "Accept, Accept-Encoding")   // Accept: the picture
        #expect(try inflate(packed, .gzip) == identity.body)

        let notModified = app.get("/layout/\(id)", headers: [gzip, ("If-None-Match", "\"\(id)-gzip\"")])
        #expect(notModified.status == 304)
        #expect(notModified.body.isEmpty)
        #expect(notModified.header("ETag") == "\"\(id)-gzip\"")
        #expect(notModified.header("Vary") == "Accept, Accept-Encoding")
        #expect(notModified.header("Content-Encoding") == nil)
        #expect(app.get("/layout/\(id)", headers: [gzip, ("If-None-Match", "W/%22\(id)-gzip%22")]).status == 304)
        // The identity tag does not validate the gzip representation, nor the gzip tag identity.
        let other = app.get("/layout/\(id)", headers: [gzip, ("If-None-Match", "\"\(id)\"")])
        #expect(other.status == 200)
        #expect(other.header("Content-Encoding") == "gzip")
        let plain = app.get("/layout/\(id)", headers: [("If-None-Match", "\"\(id)-gzip\"")])
        #expect(plain.status == 200)
        #expect(plain.header("Content-Encoding") == nil)
        #expect(plain.header("ETag") == "\"\(id)\"")
        #expect(app.get("/layout/\(id)", headers: [("If-None-Match", "\"\(id)\"")]).status == 304)
        let deflate = app.get("/layout/\(id)", headers: [("Accept-Encoding", "deflate"), ("If-None-Match", "\"\(id)-deflate\"")])
        #expect(deflate.status == 304)
        #expect(deflate.header("ETag") == "\"\(id)-deflate\"")
    }

    @Test func theCompressedBodyIsMadeOnceCountedInTheCacheAndSharedByEveryHit() throws {
        let id = try #require(app.post(Self.big).id)
        let entry = try #require(app.cache.peek(id))
        let before = app.cache.stats.bytes
        #expect(entry.full.cached(.gzip) == nil)
        let get = Request(method: "GET", target: "/layout/\(id)", headers: [("Accept-Encoding", "gzip")])
        // Not compressed yet and ~100 KB: off the I/O loop.
        #expect(app.execution(for: get) == .offload)
        let first = app.respond(to: get)
        let stored = try #require(entry.full.cached(.gzip))
        #expect(app.cache.stats.bytes == before + stored.capacity)
        #expect(app.execution(for: get) == .inline)
        let second = app.respond(to: get)
        let post = app.post(Self.big, headers: [Self.json, ("Accept-Encoding", "gzip")])
        #expect(app.cache.stats.bytes == before + stored.capacity)
        // The same buffer, not a recompression: a hit costs no compression.
        for r in [first, second, post] {
            #expect(r.body.withUnsafeBufferPointer { $0.baseAddress } == stored.withUnsafeBufferPointer { $0.baseAddress })
        }
        _ = app.get("/layout/\(id)", headers: [("Accept-Encoding", "deflate")])
        #expect(app.cache.stats.bytes == before + stored.capacity + (try #require(entry.full.cached(.deflate))).capacity)
    }

    @Test func compressedBodiesThatOverflowTheCacheEvictOthersFirst() throws {
        // Room for one big layout with its compressed body, not two.
        let probe = LayoutApplication.make()
        _ = try #require(probe.post(Self.big).id)
        let oneBytes = probe.cache.stats.bytes
        let app = LayoutApplication.make(cacheBytes: oneBytes * 2 + 2_000)
        let a = try #require(app.post(Self.big).id)
        let b = try #require(app.post(Self.big.replacingOccurrences(of: "375", with: "376")).id)
        #expect(app.cache.idsByRecency == [b, a])
        _ = app.get("/layout/\(a)", headers: [("Accept-Encoding", "gzip")])
        #expect(app.cache.idsByRecency == [a])
        #expect(app.cache.stats.evictions == 1)
        #expect(app.cache.stats.bytes <= app.cache.capacity)
    }

    @Test func elementQueriesAndTheContractAreCompressedPerRequest() throws {
        let id = try #require(app.post(Self.big).id)
        let all = Request(method: "GET", target: "/layout/\(id)/elements", headers: [("Accept-Encoding", "gzip")])
        #expect(app.execution(for: all) == .offload)   // ~100 KB to compress
        let packed = app.respond(to: all)
        #expect(packed.header("Content-Encoding") == "gzip")
        #expect(packed.header("Vary") == "Accept, Accept-Encoding")   // JSON or protocol buffers
        #expect(try inflate(packed, .gzip) == app.get("/layout/\(id)/elements").body)
        let screen = Request(method: "GET", target: "/layout/\(id)/elements?rect=0,0,375,667", headers: [("Accept-Encoding", "gzip")])
        #expect(app.execution(for: screen) == .inline)   // a screenful: ~7 KB, estimated 10.4 KB
        let r = app.respond(to: screen)
        #expect(r.header("Content-Encoding") == "gzip")
        #expect(try inflate(r, .gzip) == app.get("/layout/\(id)/elements?rect=0,0,375,667").body)
        let yaml = app.get("/openapi.yaml", headers: [("Accept-Encoding", "deflate")])
        #expect(yaml.header("Content-Encoding") == "deflate")
        #expect(try inflate(yaml, .deflate) == OpenAPIDocument.bytes)
        #expect(app.get("/metrics", headers: [("Accept-Encoding", "gzip")]).header("Content-Encoding") == nil)
    }

    @Test func picturesAreCompressedWithTheirOwnETagPerCoding() throws {
        let id = try #require(app.post(Self.small).id)
        let plain = app.get("/layout/\(id).svg")
        #expect(plain.status == 200)
        let packed = app.get("/layout/\(id).svg", headers: [("Accept-Encoding", "gzip")])
        #expect(packed.header("Content-Encoding") == "gzip")
        #expect(packed.header("ETag") == "\"\(id).svg-gzip\"")
        #expect(packed.header("Vary") == "Accept, Accept-Encoding")   // Accept: SVG or bytes
        #expect(try inflate(packed, .gzip) == plain.body)
        #expect(app.get("/layout/\(id).svg", headers: [("Accept-Encoding", "gzip"), ("If-None-Match", "\"\(id).svg-gzip\"")]).status == 304)
        #expect(app.get("/layout/\(id).svg", headers: [("Accept-Encoding", "gzip"), ("If-None-Match", "\"\(id).svg\"")]).status == 200)
        let negotiated = app.get("/layout/\(id)?scale=2", headers: [("Accept", "image/svg+xml"), ("Accept-Encoding", "deflate")])
        #expect(negotiated.header("Content-Type") == "image/svg+xml")
        #expect(negotiated.header("Content-Encoding") == "deflate")
        #expect(negotiated.header("ETag") == "\"\(id).svg;scale=2-deflate\"")
        #expect(negotiated.header("Vary") == "Accept, Accept-Encoding")
        #expect(try inflate(negotiated, .deflate) == app.get("/layout/\(id).svg?scale=2").body)
    }

    @Test func largeProblemAnswersAreCompressedToo() throws {
        let items = (0..<40).map { _ in #"{"width":-1,"height":10}"# }.joined(separator: ",")
        let body = #"{"collectionView":{"width":375,"height":667},"sections":[{"itemSizes":[\#(items)]}]}"#
        let plain = app.post(body)
        #expect(plain.status == 422)
        #expect(plain.body.count > 1024)
        let packed = app.post(body, headers: [Self.json, ("Accept-Encoding", "gzip")])
        #expect(packed.status == 422)
        #expect(packed.header("Content-Type") == "application/problem+json")
        #expect(packed.header("Content-Encoding") == "gzip")
        #expect(try inflate(packed, .gzip) == plain.body)
    }
}
