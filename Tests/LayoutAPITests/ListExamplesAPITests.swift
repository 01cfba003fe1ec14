import Foundation
import HTTP
@testable import LayoutAPI
import LayoutEngine
import Testing

/// The 27 worked examples of list-layout.md §5 (Fixtures/list-examples.json, a copy of
/// Tests/Fixtures/list-examples.json) posted through the service as clients send them: every
/// element (category, kind, index path) with its exact frame (to the 4 decimals the spec
/// prints) and zIndex, no element more, and the content size.
@Suite struct ListExamplesAPITests {
    struct Example: Sendable {
        var name: String
        var request: Data
        var expected: Data
    }

    static let examples = fixture("list-examples.json")

    /// The cases of Tests/Fixtures/`file` (list-examples.json, list-review-cases.json).
    static func fixture(_ file: String) -> [Example] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures").appendingPathComponent(file)
        guard let data = try? Data(contentsOf: url),
              let list = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]] else { return [] }
        return list.compactMap { e in
            guard let request = e["request"], let expected = e["expected"],
                  let body = try? JSONSerialization.data(withJSONObject: request),
                  let exp = try? JSONSerialization.data(withJSONObject: expected) else { return nil }
            return Example(name: e["name"] as? String ?? "", request: body, expected: exp)
        }
    }

    let app = LayoutApplication.make()

    @Test func allExamplesAreHere() {
        #expect(Self.examples.count == 27)
    }

    @Test(arguments: 0..<27)
    func exampleThroughTheService(_ index: Int) throws {
        let example = try #require(Self.examples.indices.contains(index) ? Self.examples[index] : nil)
        try Self.check(app, example.name, body: example.request, expected: example.expected)
    }

    static func check(_ app: LayoutApplication, _ name: String, body: Data, expected: Data) throws {
        let r = app.respond(to: Request(method: "POST", target: "/layout", headers: [("Content-Type", "application/json")], body: Array(body)))
        #expect(r.status == 200, "\(name): \(r.text.prefix(300))")
        let got = try #require(try JSONSerialization.jsonObject(with: Data(r.body)) as? [String: Any])
        let want = try #require(try JSONSerialization.jsonObject(with: expected) as? [String: Any])
        let gotSize = got["contentSize"] as? [String: Double] ?? [:], wantSize = want["contentSize"] as? [String: Double] ?? [:]
        #expect(abs((gotSize["width"] ?? .nan) - (wantSize["width"] ?? 0)) < 0.0001, "\(name) content width")
        #expect(abs((gotSize["height"] ?? .nan) - (wantSize["height"] ?? 0)) < 0.0001, "\(name) content height \(gotSize["height"] ?? .nan)")
        let elements = got["elements"] as? [[String: Any]] ?? []
        let wanted = want["elements"] as? [[String: Any]] ?? []
        #expect(elements.count == wanted.count, "\(name) element count \(elements.count), expected \(wanted.count)")
        for e in wanted {
            let key = CompositionalExamplesAPITests.key(e)
            let match = try #require(elements.first { CompositionalExamplesAPITests.key($0) == key }, "\(name): no element \(key)")
            let f = match["frame"] as? [String: Double] ?? [:], w = e["frame"] as? [String: Double] ?? [:]
            for c in ["x", "y", "width", "height"] {
                #expect(abs((f[c] ?? .nan) - (w[c] ?? 0)) < 0.0001, "\(name) \(key) \(c): \(f[c] ?? .nan) expected \(w[c] ?? 0)")
            }
            #expect(match["zIndex"] as? Int == e["zIndex"] as? Int, "\(name) \(key) zIndex")
        }
    }
}
