import Foundation
import LayoutAPI
import LayoutdCLI
import Testing
import TestSupport

/// HTTP/1.1 behaviour of the running binary over real sockets: standard headers, HEAD, errors as
/// problem+json, keep-alive, pipelining, `Expect: 100-continue`.
@Suite struct HTTPBehaviourTests {
    static let healthBody = #"{"status":"ok"}"#

    /// A layout request of at least 5 KB: 250 one-item sections.
    static let fiveKilobyteLayout: [UInt8] = {
        let sections = Array(repeating: #"{"numberOfItems":1}"#, count: 250).joined(separator: ",")
        return Array(("""
            {"collectionView":{"width":1200,"height":800},"layout":{"itemSize":{"width":37.5,"height":40},\
            "minimumInteritemSpacing":8,"minimumLineSpacing":8},"sections":[\(sections)]}
            """).utf8)
    }()

    @Test func healthzAnswersTheExactBodyWithTheStandardHeaders() throws {
        let server = try ServerProcess()
        defer { _ = try? server.stop() }
        let response = try CurlClient().get(server.url("/healthz"))
        #expect(response.status == 200)
        #expect(response.text == Self.healthBody)
        #expect(response.header("Content-Length") == "15")
        #expect(response.header("Content-Type") == "application/json")
        #expect(response.header("Server") == "layoutd/\(layoutdVersion)")
        #expect(response.header("Server") == "layoutd/0.1.0")
        let date = try #require(response.header("Date"))
        let parsed = try #require(Self.imfFixdate.date(from: date), "Date is not an IMF-fixdate: \(date)")
        #expect(abs(parsed.timeIntervalSinceNow) < 5)
    }

    @Test func headHealthzHasTheHeadersOfGetAndNoBody() throws {
        let server = try ServerProcess()
        defer { _ = try? server.stop() }
        let response = try CurlClient().request("HEAD", server.url("/healthz"))
        #expect(response.status == 200)
        #expect(response.body.isEmpty)
        #expect(response.header("Content-Length") == "15")
        #expect(response.header("Content-Type") == "application/json")
        #expect(response.header("Server") == "layoutd/0.1.0")
        #expect(response.header("Date") != nil)
    }

    @Test func unknownPathIsA404Problem() throws {
        let server = try ServerProcess()
        defer { _ = try? server.stop() }
        let response = try CurlClient().get(server.url("/no/such/thing"))
        #expect(response.status == 404)
        #expect(response.header("Content-Type") == "application/problem+json")
        #expect(response.header("Content-Length") == "\(response.body.count)")
        let problem = try Self.problem(response)
        #expect(problem["status"] as? Int == 404)
        #expect(problem["title"] as? String == "Not Found")
        #expect(problem["type"] is String)
        #expect((problem["detail"] as? String)?.isEmpty == false)
    }

    @Test func wrongMethodIs405ProblemWithAllow() throws {
        let server = try ServerProcess()
        defer { _ = try? server.stop() }
        let response = try CurlClient().request("DELETE", server.url("/healthz"))
        #expect(response.status == 405)
        let allowed = Set((response.header("Allow") ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        #expect(allowed == ["GET", "HEAD"])
        #expect(try Self.problem(response)["status"] as? Int == 405)
    }

    @Test func unsupportedContentTypeOnAJSONRouteIs415Problem() throws {
        let server = try ServerProcess()
        defer { _ = try? server.stop() }
        let response = try CurlClient().request("POST", server.url("/layout"), headers: [("Content-Type", "text/plain")],
                                                body: Self.fiveKilobyteLayout)
        #expect(response.status == 415)
        #expect(response.header("Content-Type") == "application/problem+json")
        #expect(try Self.problem(response)["status"] as? Int == 415)
    }

    @Test func keepAliveReusesOneConnection() throws {
        let server = try ServerProcess()
        defer { _ = try? server.stop() }
        let client = try CurlClient()
        let responses = try (0..<3).map { _ in try client.get(server.url("/healthz")) }
        #expect(responses.map(\.status) == [200, 200, 200])
        #expect(responses.map(\.newConnections) == [1, 0, 0])
        #expect(responses.allSatisfy { $0.header("Connection")?.lowercased() != "close" })
    }

    @Test func expectContinueWithA5KBBodyDoesNotWaitForTheClientTimeout() throws {
        #expect(Self.fiveKilobyteLayout.count >= 5000)
        let server = try ServerProcess()
        defer { _ = try? server.stop() }
        let client = try CurlClient()
        var options = CurlClient.Options()
        options.expectContinue = true
        let response = try client.request("POST", server.url("/layout"), headers: [("Content-Type", "application/json")],
                                          body: Self.fiveKilobyteLayout, options: options)
        #expect(response.status == 200)
        #expect(response.totalTime < 0.5, "curl waited \(response.totalTime) s: no 100 Continue?")
    }

    @Test func http10RequestIsAnsweredAndClosed() throws {
        let server = try ServerProcess()
        defer { _ = try? server.stop() }
        let raw = try RawClient(port: server.port)
        try raw.send("GET /healthz HTTP/1.0\r\n\r\n")
        let reply = try raw.readAll(timeout: 5)  // returns only once the server closes
        #expect(reply.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(reply.hasSuffix("\r\n\r\n" + Self.healthBody))
    }

    @Test func pipelinedRequestsAreAnsweredInOrder() throws {
        let server = try ServerProcess()
        defer { _ = try? server.stop() }
        let raw = try RawClient(port: server.port)
        try raw.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\nGET /nope HTTP/1.1\r\nHost: x\r\n\r\n"
                     + "HEAD /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        let reply = try raw.readAll(timeout: 5)
        // A status line follows the previous response's body directly, without a line break.
        let statusLines = reply.components(separatedBy: "HTTP/1.1 ").dropFirst().map { "HTTP/1.1 " + $0.prefix { $0 != "\r\n" } }
        #expect(statusLines == ["HTTP/1.1 200 OK", "HTTP/1.1 404 Not Found", "HTTP/1.1 200 OK"])
    }

    @Test func malformedRequestLineIs400AndClosesTheConnection() throws {
        let server = try ServerProcess()
        defer { _ = try? server.stop() }
        let raw = try RawClient(port: server.port)
        try raw.send("THIS IS NOT HTTP\r\n\r\n")
        let reply = try raw.readAll(timeout: 5)
        #expect(reply.hasPrefix("HTTP/1.1 400 Bad Request\r\n"))
        #expect(reply.lowercased().contains("\r\nconnection: close\r\n"))
        #expect(reply.contains("\r\nContent-Type: application/problem+json\r\n"))
    }

    @Test func metricsAreServedAsPrometheusText() throws {
        let server = try ServerProcess()
        defer { _ = try? server.stop() }
        let client = try CurlClient()
        _ = try client.get(server.url("/healthz"))
        let response = try client.get(server.url("/metrics"))
        #expect(response.status == 200)
        #expect(response.header("Content-Type")?.hasPrefix("text/plain") == true)
        #expect(response.text.contains("# TYPE "))
    }

    @Test func openAPIDocumentIsTheOneInTheRepository() throws {
        let server = try ServerProcess()
        defer { _ = try? server.stop() }
        let response = try CurlClient().get(server.url("/openapi.yaml"))
        let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let file = try String(contentsOf: repositoryRoot.appendingPathComponent("openapi.yaml"), encoding: .utf8)
        #expect(response.status == 200)
        #expect(response.text == file)
    }

    // MARK: helpers

    static let imfFixdate: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter
    }()

    static func problem(_ response: CurlResponse) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(response.body))
        return try #require(object as? [String: Any], "not a JSON object: \(response.text)")
    }
}
