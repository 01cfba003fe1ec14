import Foundation
import HTTP
@testable import LayoutAPI
import Testing

@Suite struct RoutingTests {
    let app = LayoutApplication.make()

    @Test func healthzAnswersStatusOk() {
        let r = app.get("/healthz")
        #expect(r.status == 200)
        #expect(r.text == #"{"status":"ok"}"#)
        #expect(r.header("Content-Type") == "application/json")
        #expect(r.route == "/healthz")
    }

    @Test func headIsAnsweredLikeGet() {
        let r = app.respond(to: Request(method: "HEAD", target: "/healthz"))
        #expect(r.status == 200)
        #expect(r.text == #"{"status":"ok"}"#)
    }

    @Test func unknownPathIs404ProblemDetails() {
        let r = app.get("/nope")
        #expect(r.status == 404)
        #expect(r.header("Content-Type") == "application/problem+json")
        #expect(r.detail == "There is no resource at /nope. See /openapi.yaml for the routes this server has.")
        #expect(r.route == nil)
    }

    @Test(arguments: [("DELETE", "/healthz", "GET, HEAD"), ("GET", "/layout", "POST"), ("PUT", "/layout/abc", "GET, HEAD")])
    func wrongMethodIs405WithAllow(method: String, target: String, allow: String) {
        let r = app.respond(to: Request(method: method, target: target))
        #expect(r.status == 405)
        #expect(r.header("Allow") == allow)
        #expect(r.detail == "This resource allows \(allow) only.")
    }

    @Test func formEncodedBodyIs415() {
        let r = app.post("{}", headers: [("Content-Type", "application/x-www-form-urlencoded")])
        #expect(r.status == 415)
        #expect(r.detail == "This route accepts application/json bodies, not application/x-www-form-urlencoded. Send the header Content-Type: application/json.")
    }

    @Test(arguments: ["application/json", "application/json; charset=utf-8", "Application/JSON", "application/vnd.layout+json"])
    func jsonMediaTypesAreAccepted(type: String) {
        let r = app.post(#"{"collectionView":{"width":100,"height":100},"sections":[]}"#, headers: [("Content-Type", type)])
        #expect(r.status == 200)
    }

    @Test func precheckAnswersBeforeTheBody() {
        #expect(app.precheck(RequestHead(method: "POST", target: "/nope"))?.status == 404)
        #expect(app.precheck(RequestHead(method: "POST", target: "/layout", headers: Headers([(name: "Content-Type", value: "text/plain")])))?.status == 415)
        #expect(app.precheck(RequestHead(method: "POST", target: "/layout", headers: Headers([(name: "Content-Type", value: "application/json")]))) == nil)
    }

    @Test func layoutWorkIsOffloadedAndReadsAreInline() {
        let post = Request(method: "POST", target: "/layout", body: Array(PostLayoutTests.minimal.utf8))
        #expect(app.execution(for: post) == .offload)
        #expect(app.execution(for: Request(method: "GET", target: "/healthz")) == .inline)
        _ = app.respond(to: post)
        #expect(app.execution(for: post) == .inline, "a cached body is answered inline")
    }

    @Test func openAPIIsServedAsYAMLAndMatchesTheFile() throws {
        let r = app.get("/openapi.yaml")
        #expect(r.status == 200)
        #expect(r.header("Content-Type") == "application/yaml")
        let file = try String(contentsOfFile: #filePath.replacingOccurrences(of: "Tests/LayoutAPITests/RoutingTests.swift", with: "openapi.yaml"), encoding: .utf8)
        #expect(r.text == file, "openapi.yaml changed: run scripts/gen-openapi")
    }

    @Test func everyRouteIsInTheContractAndEveryContractPathIsRouted() throws {
        let file = try String(contentsOfFile: #filePath.replacingOccurrences(of: "Tests/LayoutAPITests/RoutingTests.swift", with: "openapi.yaml"), encoding: .utf8)
        let contractPaths = Set(file.split(separator: "\n").filter { $0.hasPrefix("  /") && $0.hasSuffix(":") }
            .map { String($0.dropFirst(2).dropLast()) })
        #expect(contractPaths == Set(Route.templates))
    }

    @Test func metricsCountRequestsByRouteAndStatus() {
        app.record(RequestRecord(method: "GET", target: "/healthz", status: 200, route: "/healthz", bodyBytes: 15, microseconds: 120))
        app.record(RequestRecord(method: "GET", target: "/x", status: 404, route: nil, bodyBytes: 15, microseconds: 30))
        let text = app.get("/metrics").text
        #expect(text.contains("layoutd_http_requests_total{route=\"/healthz\",status=\"200\"} 1\n"))
        #expect(text.contains("layoutd_http_requests_total{route=\"unmatched\",status=\"404\"} 1\n"))
        #expect(text.contains("layoutd_http_request_duration_seconds_bucket{route=\"/healthz\",le=\"0.00025\"} 1\n"))
        #expect(text.contains("layoutd_http_request_duration_seconds_bucket{route=\"/healthz\",le=\"0.0001\"} 0\n"))
        #expect(text.contains("layoutd_cache_entries 0\n"))
    }
}
