import Foundation
import HTTP
@testable import LayoutAPI
import LayoutEngine
import Testing

/// The spec's 27 worked examples posted through the service as clients send them (the wire
/// decoder, the seam, the encoder): every expected element's frame to 0.01 pt, kinds by name,
/// global index paths of length 1, the element count and the content size; the legacy
/// generation (`configuration.uikitGeneration: "legacy"`) where the spec gives it.
@Suite struct CompositionalExamplesAPITests {
    struct Example: Sendable {
        var name: String
        var request: Data
        var legacyRequest: Data
        var expected: Data
        var expectedLegacy: Data?
    }

    static let examples: [Example] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/compositional-examples.json")
        guard let data = try? Data(contentsOf: url),
              let list = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]] else { return [] }
        return list.compactMap { e in
            guard let request = e["request"] as? [String: Any], let expected = e["expected"],
                  let body = try? JSONSerialization.data(withJSONObject: request),
                  let exp = try? JSONSerialization.data(withJSONObject: expected) else { return nil }
            var legacy = request
            var layout = legacy["layout"] as? [String: Any] ?? [:]
            var configuration = layout["configuration"] as? [String: Any] ?? [:]
            configuration["uikitGeneration"] = "legacy"
            layout["configuration"] = configuration
            legacy["layout"] = layout
            return Example(name: e["name"] as? String ?? "", request: body,
                           legacyRequest: (try? JSONSerialization.data(withJSONObject: legacy)) ?? body, expected: exp,
                           expectedLegacy: e["expectedLegacy"].flatMap { try? JSONSerialization.data(withJSONObject: $0) })
        }
    }()

    let app = LayoutApplication.make()

    @Test func allExamplesAreHere() {
        #expect(Self.examples.count == 27)
    }

    @Test(arguments: 0..<27)
    func modernExampleThroughTheService(_ index: Int) throws {
        let example = try #require(Self.examples.indices.contains(index) ? Self.examples[index] : nil)
        try check(example.name, body: example.request, expected: example.expected)
    }

    @Test(arguments: 0..<27)
    func legacyExampleThroughTheService(_ index: Int) throws {
        let example = try #require(Self.examples.indices.contains(index) ? Self.examples[index] : nil)
        guard let legacy = example.expectedLegacy else { return }
        try check(example.name + " (legacy)", body: example.legacyRequest, expected: legacy)
    }

    func check(_ name: String, body: Data, expected: Data) throws {
        let r = app.respond(to: Request(method: "POST", target: "/layout", headers: [("Content-Type", "application/json")], body: Array(body)))
        #expect(r.status == 200, "\(name): \(r.text.prefix(300))")
        let got = try #require(try JSONSerialization.jsonObject(with: Data(r.body)) as? [String: Any])
        let want = try #require(try JSONSerialization.jsonObject(with: expected) as? [String: Any])
        let gotSize = got["contentSize"] as? [String: Double] ?? [:], wantSize = want["contentSize"] as? [String: Double] ?? [:]
        #expect(abs((gotSize["width"] ?? .nan) - (wantSize["width"] ?? 0)) < 0.01, "\(name) content width")
        #expect(abs((gotSize["height"] ?? .nan) - (wantSize["height"] ?? 0)) < 0.01, "\(name) content height")
        let elements = got["elements"] as? [[String: Any]] ?? []
        let wanted = want["elements"] as? [[String: Any]] ?? []
        #expect(elements.count == wanted.count, "\(name) element count")
        for e in wanted {
            let key = Self.key(e)
            let match = try #require(elements.first { Self.key($0) == key }, "\(name): no element \(key)")
            let f = match["frame"] as? [String: Double] ?? [:], w = e["frame"] as? [String: Double] ?? [:]
            for c in ["x", "y", "width", "height"] {
                #expect(abs((f[c] ?? .nan) - (w[c] ?? 0)) < 0.01, "\(name) \(key) \(c): \(f[c] ?? .nan) expected \(w[c] ?? 0)")
            }
        }
    }

    /// category, kind (cells have none) and index path: what identifies an element.
    static func key(_ e: [String: Any]) -> String {
        "\(e["category"] as? String ?? "")/\(e["kind"] as? String ?? "-")/\(e["indexPath"] as? [Int] ?? [])"
    }
}
