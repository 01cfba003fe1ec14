import HTTP
import HTTPCompression
@testable import LayoutAPI
import Testing

/// Request bodies with `Content-Encoding: gzip` / `deflate`: decoded, bounded by the body limit.
@Suite struct RequestDecodingTests {
    static let body = Array(#"{"collectionView":{"width":375,"height":667},"sections":[{"numberOfItems":3}]}"#.utf8)

    func post(_ app: LayoutApplication, _ body: [UInt8], coding: String?, target: String = "/layout") -> Response {
        var headers = [("Content-Type", "application/json")]
        if let coding { headers.append(("Content-Encoding", coding)) }
        return app.respond(to: Request(method: "POST", target: target, headers: headers, body: body))
    }

    @Test(arguments: [("gzip", ContentCoding.gzip), ("deflate", .deflate), ("x-gzip", .gzip), ("GZIP", .gzip)])
    func compressedBodiesGiveTheSameLayout(name: String, coding: ContentCoding) throws {
        let app = LayoutApplication.make()
        let plain = post(app, Self.body, coding: nil)
        let packed = post(app, try #require(Deflater.compress(Self.body, as: coding)), coding: name)
        #expect(packed.status == 200)
        #expect(packed.id == plain.id)
        #expect(packed.body == plain.body)
        #expect(packed.header("X-Cache") == "hit")
    }

    @Test func gzipOverDeflateAndIdentityAreDecodedInOrder() throws {
        let app = LayoutApplication.make()
        let inner = try #require(Deflater.compress(Self.body, as: .deflate))
        let outer = try #require(Deflater.compress(inner, as: .gzip))
        let r = post(app, outer, coding: "deflate, gzip")
        #expect(r.status == 200)
        #expect(r.id == post(app, Self.body, coding: nil).id)
        #expect(post(app, Self.body, coding: "identity").status == 200)
    }

    @Test func compressedBodiesAreOffloaded() throws {
        let app = LayoutApplication.make()
        _ = post(app, Self.body, coding: nil)
        let plain = Request(method: "POST", target: "/layout", headers: [("Content-Type", "application/json")], body: Self.body)
        #expect(app.execution(for: plain) == .inline)   // the raw-body memo
        let packed = Request(method: "POST", target: "/layout", headers: [("Content-Type", "application/json"), ("Content-Encoding", "gzip")],
                             body: try #require(Deflater.compress(Self.body, as: .gzip)))
        #expect(app.execution(for: packed) == .offload)
    }

    @Test func aBodyThatInflatesPastTheBodyLimitIs413() throws {
        let app = LayoutApplication(configuration: ServiceConfiguration(maxBodyBytes: 1_000_000))
        // 50 MB of spaces (valid JSON whitespace) around the layout: ~50 KB compressed.
        let padded = [UInt8](repeating: 0x20, count: 50_000_000) + Self.body
        let bomb = try #require(Deflater.compress(padded, as: .gzip, level: 9))
        #expect(bomb.count < 100_000)
        let r = post(app, bomb, coding: "gzip")
        #expect(r.status == 413)
        #expect(r.header("Content-Type") == "application/problem+json")
        #expect(r.detail == "The gzip body inflates to more than 1000000 bytes, the server's limit for request bodies (--max-body-bytes), which applies to the decoded size. Send a smaller layout, or split it.")
        // Exactly at the limit is fine.
        let fits = [UInt8](repeating: 0x20, count: 1_000_000 - Self.body.count) + Self.body
        #expect(post(app, try #require(Deflater.compress(fits, as: .gzip)), coding: "gzip").status == 200)
        let over = [UInt8](repeating: 0x20, count: 1_000_001 - Self.body.count) + Self.body
        #expect(post(app, try #require(Deflater.compress(over, as: .deflate)), coding: "deflate").status == 413)
    }

    @Test func corruptOrTruncatedDataIs400() throws {
        let app = LayoutApplication.make()
        let packed = try #require(Deflater.compress(Self.body, as: .gzip))
        let truncated = post(app, Array(packed.dropLast(8)), coding: "gzip")
        #expect(truncated.status == 400)
        #expect(truncated.pointers == [""])
        #expect(truncated.detail == "The body is not valid gzip data (the stream ends before its last block). Compress the whole JSON body once as gzip, or send it uncompressed without Content-Encoding.")
        let notGzip = post(app, Self.body, coding: "gzip")
        #expect(notGzip.status == 400)
        #expect(notGzip.detail == "The body is not valid gzip data (zlib says: incorrect header check). Compress the whole JSON body once as gzip, or send it uncompressed without Content-Encoding.")
        var flipped = packed
        flipped[flipped.count - 6] ^= 0x55   // the CRC-32
        #expect(post(app, flipped, coding: "gzip").detail?.contains("incorrect data check") == true)
        #expect(post(app, packed + [1, 2, 3], coding: "gzip").detail?.contains("bytes follow the end of the stream") == true)
    }

    @Test(arguments: ["br", "compress", "gzip, br", "zstd", "gzip, gzip, gzip"])
    func unknownCodingsAre415FromTheHeadAlone(coding: String) {
        let app = LayoutApplication.make()
        let head = RequestHead(method: "POST", target: "/layout",
                               headers: Headers([(name: "Content-Type", value: "application/json"), (name: "Content-Encoding", value: coding)]))
        let early = app.precheck(head)
        #expect(early?.status == 415)
        #expect(early?.headers["Accept-Encoding"] == "gzip, deflate")
        let r = post(app, Self.body, coding: coding)
        #expect(r.status == 415)
        #expect(r.header("Accept-Encoding") == "gzip, deflate")
        #expect(r.detail?.hasPrefix("The body's Content-Encoding is ") == true)
    }

    @Test func batchAndInvalidationBodiesAreDecodedToo() throws {
        let app = LayoutApplication.make()
        let batch = Array(#"{"before":[3],"after":[4],"updates":{"insertItems":[[0,3]]}}"#.utf8)
        let plain = post(app, batch, coding: nil, target: "/batch/validate")
        let packed = post(app, try #require(Deflater.compress(batch, as: .gzip)), coding: "gzip", target: "/batch/validate")
        #expect(plain.status == 200)
        #expect(packed.body == plain.body)
    }
}
