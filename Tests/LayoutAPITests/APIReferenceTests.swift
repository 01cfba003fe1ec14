import Foundation
import HTTP
import HTTPCompression
@testable import LayoutAPI
import Testing

/// `GET /docs`: the API reference rendered from openapi.yaml (issue 29), served by layoutd itself
/// with nothing loaded from elsewhere. Its browser test is scripts/ci-browser.py.
@Suite struct APIReferenceTests {
    let app = LayoutApplication.make()
    static let contract = #filePath.replacingOccurrences(of: "Tests/LayoutAPITests/APIReferenceTests.swift", with: "openapi.yaml")

    @Test func theReferenceIsServedAsHTMLWithItsBytes() throws {
        let r = app.get("/docs")
        #expect(r.status == 200)
        #expect(r.route == "/docs")
        #expect(r.header("Content-Type") == "text/html; charset=utf-8")
        #expect(r.header("Cache-Control") == "max-age=300")
        #expect(r.header("Content-Security-Policy") == "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
        #expect(r.header("X-Content-Type-Options") == "nosniff")
        #expect(r.body == APIReferencePage.bytes)
        let etag = try #require(r.header("ETag"))
        #expect(app.get("/docs", headers: [("If-None-Match", etag)]).status == 304)
        #expect(app.post("{}", target: "/docs").status == 405)
    }

    @Test func theReferenceComesCompressedAndDecodesToTheSameBytes() throws {
        let r = app.get("/docs", headers: [("Accept-Encoding", "gzip")])
        #expect(r.status == 200)
        #expect(r.header("Content-Encoding") == "gzip")
        #expect(r.header("Vary") == "Accept-Encoding")
        #expect(r.body.count < APIReferencePage.bytes.count / 4)
        #expect(try Inflater.decompress(r.body, from: .gzip, limit: 1 << 26).get() == APIReferencePage.bytes)
    }

    @Test func thePageWasRenderedFromTheContractBesideIt() throws {
        let file = try Data(contentsOf: URL(fileURLWithPath: Self.contract))
        let digest = SHA256.digest(Array(file)).map { String(format: "%02x", $0) }.joined()
        #expect(APIReferencePage.text.contains("<meta name=\"openapi-sha256\" content=\"\(digest)\">"),
                "openapi.yaml changed: run scripts/gen-openapi")
        #expect(Array(file) == OpenAPIDocument.bytes, "openapi.yaml changed: run scripts/gen-openapi")
    }

    @Test func everyOperationAndSchemaHasItsSection() throws {
        let yaml = try String(contentsOfFile: Self.contract, encoding: .utf8)
        let operations = yaml.split(separator: "\n").compactMap { line -> String? in
            let t = line.trimmingCharacters(in: .whitespaces)
            return t.hasPrefix("operationId: ") ? String(t.dropFirst("operationId: ".count)) : nil
        }
        #expect(operations.count >= 15)
        let page = APIReferencePage.text
        for op in operations {
            #expect(page.contains("<article class=\"op\" id=\"op-\(op)\">"), "\(op)")
            #expect(page.contains("href=\"#op-\(op)\""), "\(op) in the contents")
        }
        for schema in ["FlowLayoutRequest", "Problem", "CompositionalLayout", "BatchValidateRequest", "SnapshotApplyRequest"] {
            #expect(page.contains("<article class=\"schema\" id=\"schema-\(schema)\">"), "\(schema)")
        }
        #expect(page.contains("<h3><span class=\"method get\">GET</span> <code>/docs</code></h3>"))
    }

    @Test func everyLinkInThePageLeadsSomewhereInIt() {
        let page = APIReferencePage.text
        var ids: Set<Substring> = []
        var links: [Substring] = []
        var rest = page[...]
        while let r = rest.firstRange(of: " id=\"") {
            let tail = rest[r.upperBound...]
            guard let end = tail.firstIndex(of: "\"") else { break }
            ids.insert(tail[..<end])
            rest = tail[end...]
        }
        rest = page[...]
        while let r = rest.firstRange(of: "href=\"#") {
            let tail = rest[r.upperBound...]
            guard let end = tail.firstIndex(of: "\"") else { break }
            links.append(tail[..<end])
            rest = tail[end...]
        }
        #expect(links.count > 200)
        #expect(links.filter { !ids.contains($0) } == [])
    }

    @Test func thePageLoadsNothingAndRunsNothing() {
        let page = APIReferencePage.text
        for external in ["src=\"http", "href=\"http", "src=\"//", "href=\"//", "@import", "url(", "<script", "<link rel=\"stylesheet\"", "<iframe"] {
            #expect(!page.contains(external), "\(external)")
        }
        #expect(page.contains("<link rel=\"icon\" href=\"data:,\">"))
    }
}
