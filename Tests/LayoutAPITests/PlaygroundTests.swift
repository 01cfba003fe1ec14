import Foundation
import HTTP
@testable import LayoutAPI
import Testing

@Suite struct PlaygroundTests {
    let app = LayoutApplication.make()
    static let source = #filePath.replacingOccurrences(of: "Tests/LayoutAPITests/PlaygroundTests.swift", with: "Sources/LayoutAPI/Playground/playground.html")

    @Test func pageIsServedAsHTMLAndMatchesTheFile() throws {
        let r = app.get("/")
        #expect(r.status == 200)
        #expect(r.header("Content-Type") == "text/html; charset=utf-8")
        #expect(r.route == "/")
        let file = try String(contentsOfFile: Self.source, encoding: .utf8)
        #expect(r.text == file, "playground.html changed: run scripts/gen-playground")
    }

    @Test func pageLoadsNothingFromElsewhereAndNeverWritesHTML() throws {
        let page = PlaygroundPage.text
        for external in ["src=\"http", "href=\"http", "src=\"//", "href=\"//", "@import", "url(http", "<link rel=\"stylesheet\""] {
            #expect(!page.contains(external), "\(external)")
        }
        // The one link is the empty data: icon (so the browser does not ask for /favicon.ico).
        #expect(page.components(separatedBy: "<link ").count == 2)
        #expect(page.contains("<link rel=\"icon\" href=\"data:,\">"))
        for sink in ["innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "new Function"] {
            #expect(!page.contains(sink), "the page shows data with textContent only, never \(sink)")
        }
    }

    @Test func contentSecurityPolicyAllowsOnlyThePageOwnScript() throws {
        let r = app.get("/")
        let csp = try #require(r.header("Content-Security-Policy"))
        let scripts = Playground.inlineScripts(PlaygroundPage.text)
        #expect(scripts.count == 1)
        let hash = Playground.base64(SHA256.digest(Array(scripts[0].utf8)))
        #expect(hash == Data(SHA256.digest(Array(scripts[0].utf8))).base64EncodedString())
        #expect(csp == "default-src 'none'; script-src 'sha256-\(hash)'; style-src 'unsafe-inline'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
    }

    @Test(arguments: [([UInt8](), ""), (Array("f".utf8), "Zg=="), (Array("fo".utf8), "Zm8="), (Array("foo".utf8), "Zm9v"), (Array("foobar".utf8), "Zm9vYmFy")])
    func base64FollowsRFC4648(bytes: [UInt8], expected: String) {
        #expect(Playground.base64(bytes) == expected)
    }

    @Test func everyLayoutTypeHasAnExampleInThePicker() throws {
        // The examples' names, in the picker (scripts/ci-browser lays out every one in Chromium).
        let page = PlaygroundPage.text
        for type in ["flow:", "waterfall", "columnFlow", "grid", "mosaic", "compositional", "compositional: custom group collage",
                     "compositional: paging carousel", "list: settings screen"] {
            #expect(page.contains("{ name: '\(type)"), "\(type)")
        }
    }
}
