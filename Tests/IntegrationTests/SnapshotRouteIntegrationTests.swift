import Foundation
import Testing

/// `POST /snapshot/apply` and `POST /snapshot/section` on the running binary over real sockets:
/// the verdict bodies, `Accept-Encoding`, and the 422 problem.
@Suite struct SnapshotRouteIntegrationTests {
    static let json = [("Content-Type", "application/json")]

    @Test func snapshotApplyAnswersTheBatchOverTheWire() throws {
        let server = try ServerProcess()
        defer { _ = try? server.stop() }
        let body = Array(#"{"old":{"sections":[{"id":"A","items":["a","b","c"]}]},"new":{"sections":[{"id":"A","items":["b","c","a"]}]}}"#.utf8)
        let r = try CurlClient().request("POST", server.url("/snapshot/apply"), headers: Self.json, body: body)
        #expect(r.status == 200)
        #expect(r.header("Content-Type") == "application/json")
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(r.text.utf8)) as? [String: Any])
        let updates = try #require(answer["updates"] as? [String: Any])
        #expect(updates["moveItems"] as? [[[Int]]] == [[[0, 0], [0, 2]]])
        #expect(answer["path"] as? String == "diff")
        var gzip = CurlClient.Options()
        gzip.acceptEncoding = "gzip"
        let gzipped = try CurlClient().request("POST", server.url("/snapshot/apply"), headers: Self.json, body: body, options: gzip)
        #expect(gzipped.status == 200)
        #expect(gzipped.text == r.text)   // compressed or not (small answers are sent as they are): the same answer
    }

    @Test func repeatedIdentifiersAre422AndThrowsA200() throws {
        let server = try ServerProcess()
        defer { _ = try? server.stop() }
        let bad = try CurlClient().request("POST", server.url("/snapshot/apply"), headers: Self.json,
                                           body: Array(#"{"new":{"sections":[{"id":"A","items":["a"]},{"id":"A","items":[]}]}}"#.utf8))
        #expect(bad.status == 422)
        #expect(bad.header("Content-Type") == "application/problem+json")
        let thrown = try CurlClient().request("POST", server.url("/snapshot/section"), headers: Self.json,
                                              body: Array(#"{"operations":[{"op":"delete","items":["x"]}]}"#.utf8))
        #expect(thrown.status == 200)
        #expect(thrown.text.contains(#""reason":"Failed to find index of item x""#))
    }
}
