import Foundation
import HTTPCompression
import Testing

/// gzip over real sockets: libcurl's own decoding of the answers, compressed request bodies,
/// and the 415 for an unknown coding before the body is sent.
@Suite struct CompressionTests {
    static let thousand = Array(#"{"collectionView":{"width":375,"height":667},"sections":[{"numberOfItems":1000}]}"#.utf8)
    static let json = ("Content-Type", "application/json")

    @Test func libcurlDecodesTheGzipAnswerToTheIdentityBytes() throws {
        let server = try ServerProcess()
        defer { _ = try? server.stop() }
        let client = try CurlClient()
        let plain = try client.request("POST", server.url("/layout"), headers: [Self.json], body: Self.thousand)
        #expect(plain.status == 200)
        #expect(plain.header("Content-Encoding") == nil)
        #expect(plain.header("Vary") == "Accept-Encoding")
        var options = CurlClient.Options()
        options.acceptEncoding = ""   // what `curl --compressed` sends: every coding libcurl has
        let decoded = try client.request("POST", server.url("/layout"), headers: [Self.json], body: Self.thousand, options: options)
        #expect(decoded.header("Content-Encoding") == "gzip")
        #expect(decoded.body == plain.body)
        let etag = try #require(plain.header("ETag"))
        #expect(decoded.header("ETag") == etag.dropLast() + "-gzip\"")
        // As sent: the Content-Length is the compressed size.
        let raw = try client.get(server.url("/layout/\(etag.dropFirst().dropLast())"), headers: [("Accept-Encoding", "gzip")])
        #expect(raw.header("Content-Length") == String(raw.body.count))
        #expect(raw.body.count * 10 < plain.body.count)
        #expect(try Inflater.decompress(raw.body, from: .gzip, limit: 1 << 24).get() == plain.body)
        let head = try client.request("HEAD", server.url("/layout/\(etag.dropFirst().dropLast())"), headers: [("Accept-Encoding", "gzip")])
        #expect(head.header("Content-Length") == String(raw.body.count))
        #expect(head.header("Content-Encoding") == "gzip")
    }

    @Test func gzipBodiesAreAcceptedAndBombsAre413() throws {
        let server = try ServerProcess(["--max-body-bytes", "200000"])
        defer { _ = try? server.stop() }
        let client = try CurlClient()
        let packed = try #require(Deflater.compress(Self.thousand, as: .gzip))
        let r = try client.request("POST", server.url("/layout"), headers: [Self.json, ("Content-Encoding", "gzip")], body: packed)
        #expect(r.status == 200)
        let bomb = try #require(Deflater.compress([UInt8](repeating: 0x20, count: 20_000_000) + Self.thousand, as: .gzip, level: 9))
        #expect(bomb.count < 200_000)
        let big = try client.request("POST", server.url("/layout"), headers: [Self.json, ("Content-Encoding", "gzip")], body: bomb)
        #expect(big.status == 413)
        #expect(big.header("Content-Type") == "application/problem+json")
        #expect(big.text.contains("inflates to more than 200000 bytes"))
        let corrupt = try client.request("POST", server.url("/layout"), headers: [Self.json, ("Content-Encoding", "deflate")], body: Self.thousand)
        #expect(corrupt.status == 400)
        // The server is still fine.
        #expect(try client.get(server.url("/healthz")).status == 200)
    }

    @Test func anUnknownCodingIs415BeforeTheBody() throws {
        let server = try ServerProcess()
        defer { _ = try? server.stop() }
        var options = CurlClient.Options()
        options.expectContinue = true
        let r = try CurlClient().request("POST", server.url("/layout"), headers: [Self.json, ("Content-Encoding", "br")],
                                         body: Self.thousand, options: options)
        #expect(r.status == 415)
        #expect(r.header("Accept-Encoding") == "gzip, deflate")
        #expect(r.totalTime < 0.5, "curl waited \(r.totalTime) s: no early answer?")
    }
}
