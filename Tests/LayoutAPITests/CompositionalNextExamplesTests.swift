import Foundation
import HTTP
@testable import LayoutAPI
import LayoutEngine
import Testing

/// The 25 worked examples of compositional-next.md (Fixtures/compositional-next-examples.json:
/// custom groups, uniformAcrossSiblings, orthogonal resting offsets) through the service as a
/// client sends them: 16 layouts compared exactly (content size, every element's frame and the
/// zIndex the example gives, the provider environments N2 describes), one empty provider as UIKit's
/// assertion, and 9 resting-offset queries as `GET /layout/{id}/orthogonal-target`. The
/// examples' per-section measured sizes (`sections[i].preferredSizes`) are sent as the wire's
/// `preferredSizes` entries (an axis the example leaves out is not estimated: any value does).
@Suite struct CompositionalNextExamplesTests {
    struct Example: Sendable {
        var name: String
        var body: Data
        var expected: Data
        /// `section=…&offset=…&velocity=…[&current=…]` for a resting-offset example.
        var query: String?
    }

    static let examples: [Example] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/compositional-next-examples.json")
        guard let data = try? Data(contentsOf: url),
              let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let list = root["examples"] as? [[String: Any]] else { return [] }
        return list.compactMap { e in
            guard var request = e["request"] as? [String: Any], let expected = e["expected"],
                  let exp = try? JSONSerialization.data(withJSONObject: expected) else { return nil }
            var query: String?
            if let q = request.removeValue(forKey: "query") as? [String: Any] {
                query = ["section", "offset", "velocity", "current"].compactMap { k in q[k].map { "\(k)=\(($0 as? NSNumber)?.stringValue ?? "")" } }
                    .joined(separator: "&")
            }
            var sections = request["sections"] as? [[String: Any]] ?? []
            var preferred: [[String: Any]] = []
            for s in sections.indices {
                guard let sizes = sections[s].removeValue(forKey: "preferredSizes") as? [String: [String: Any]] else { continue }
                for (item, size) in sizes.sorted(by: { Int($0.key) ?? 0 < Int($1.key) ?? 0 }) {
                    preferred.append(["indexPath": [s, Int(item) ?? 0], "width": size["width"] ?? 1, "height": size["height"] ?? 1])
                }
            }
            request["sections"] = sections
            if !preferred.isEmpty { request["preferredSizes"] = preferred }
            guard let body = try? JSONSerialization.data(withJSONObject: request) else { return nil }
            return Example(name: e["name"] as? String ?? "", body: body, expected: exp, query: query)
        }
    }()

    let app = LayoutApplication.make()

    @Test func allExamplesAreHere() {
        #expect(Self.examples.count == 25)
        #expect(Self.examples.filter { $0.query != nil }.count == 9)
    }

    @Test(arguments: 0..<25)
    func example(_ index: Int) throws {
        let e = try #require(Self.examples.indices.contains(index) ? Self.examples[index] : nil)
        let want = try #require(try JSONSerialization.jsonObject(with: e.expected) as? [String: Any])
        let r = app.respond(to: Request(method: "POST", target: "/layout", headers: [("Content-Type", "application/json")], body: Array(e.body)))
        if let error = want["error"] as? String {
            #expect(r.status == 422, "\(e.name): \(r.text.prefix(300))")
            #expect(error.contains("itemCount"))
            #expect(r.detail?.contains("UIKit asserts \"itemCount\" in -[_UICollectionLayoutItemSolver _frameForAbsoluteIndex:") == true, "\(r.text)")
            #expect(r.pointers == ["/layout/sections/0/group/custom/frames"])
            return
        }
        #expect(r.status == 200, "\(e.name): \(r.text.prefix(300))")
        if let query = e.query {
            try checkTarget(e.name, id: try #require(r.id), query: query, want: want)
        } else {
            try checkLayout(e, got: try #require(try JSONSerialization.jsonObject(with: Data(r.body)) as? [String: Any]), want: want)
        }
    }

    func checkLayout(_ e: Example, got: [String: Any], want: [String: Any]) throws {
        #expect(got["contentSize"] as? [String: Double] == want["contentSize"] as? [String: Double], "\(e.name) content size")
        let elements = got["elements"] as? [[String: Any]] ?? []
        let wanted = want["elements"] as? [[String: Any]] ?? []
        #expect(elements.count == wanted.count, "\(e.name) element count")
        for w in wanted {
            let key = CompositionalExamplesAPITests.key(w)
            let match = try #require(elements.first { CompositionalExamplesAPITests.key($0) == key }, "\(e.name): no element \(key)")
            #expect(match["frame"] as? [String: Double] == w["frame"] as? [String: Double], "\(e.name) \(key) frame")
            if let z = w["zIndex"] as? Int { #expect(match["zIndex"] as? Int == z, "\(e.name) \(key) zIndex") }
        }
        // N2: what the root custom group's provider is handed.
        guard let environments = want["customGroupEnvironments"] as? [[String: Any]] else { return }
        let spec = try LayoutRequestDecoder.decode(Array(e.body), maxElements: 1_000_000)
        let config = try #require(spec.definition as? CompositionalConfiguration)
        let got = config.customGroupEnvironments()
        #expect(got.count == environments.count, "\(e.name) environments")
        for (g, w) in zip(got, environments) {
            let env = try #require(w["environment"] as? [String: Any])
            #expect(g.section == w["section"] as? Int)
            #expect(Self.size(env["contentSize"]) == g.environment.contentSize, "\(e.name) contentSize")
            #expect(Self.size(env["effectiveContentSize"]) == g.environment.effectiveContentSize, "\(e.name) effectiveContentSize")
            let i = env["contentInsets"] as? [String: Double] ?? [:]
            #expect(DirectionalInsets(top: i["top"] ?? .nan, leading: i["leading"] ?? .nan, bottom: i["bottom"] ?? .nan,
                                      trailing: i["trailing"] ?? .nan) == g.environment.contentInsets, "\(e.name) contentInsets")
        }
    }

    func checkTarget(_ name: String, id: String, query: String, want: [String: Any]) throws {
        let r = app.get("/layout/\(id)/orthogonal-target?\(query)")
        #expect(r.status == 200, "\(name): \(r.text)")
        let got = try #require(try JSONSerialization.jsonObject(with: Data(r.body)) as? [String: Any])
        #expect(got["targetOffset"] as? Double == want["targetOffset"] as? Double, "\(name) targetOffset: \(r.text)")
        let g = got["geometry"] as? [String: Any] ?? [:]
        for (key, value) in want["geometry"] as? [String: Any] ?? [:] {
            if let s = value as? String {
                #expect(g[key] as? String == s, "\(name) \(key)")
            } else {
                #expect(g[key] as? Double == value as? Double, "\(name) \(key): \(r.text)")
            }
        }
    }

    static func size(_ any: Any?) -> Size {
        let o = any as? [String: Double] ?? [:]
        return Size(width: o["width"] ?? .nan, height: o["height"] ?? .nan)
    }
}
