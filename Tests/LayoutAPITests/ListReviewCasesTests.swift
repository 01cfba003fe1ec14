import Foundation
import HTTP
@testable import LayoutAPI
import LayoutEngine
import Testing

/// The list review cases (Fixtures/list-review-cases.json): list requests that are not among the
/// spec's 27 examples, with frames computed by scripts/list-reference.py, an independent reading
/// of list-layout.md L1-L18. Posted through the service like the examples; every element's frame
/// (to 1e-4), zIndex, the element count and the content size must match.
@Suite struct ListReviewCasesTests {
    struct Case: Sendable {
        var name: String
        var confidence: String
        var request: Data
        var expected: Data
    }

    static let cases: [Case] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/list-review-cases.json")
        guard let data = try? Data(contentsOf: url),
              let list = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]] else { return [] }
        return list.compactMap { e in
            guard let request = e["request"], let expected = e["expected"],
                  let body = try? JSONSerialization.data(withJSONObject: request),
                  let exp = try? JSONSerialization.data(withJSONObject: expected) else { return nil }
            return Case(name: e["name"] as? String ?? "", confidence: e["confidence"] as? String ?? "",
                        request: body, expected: exp)
        }
    }()

    let app = LayoutApplication.make()

    @Test func allCasesAreHere() {
        #expect(Self.cases.count == 45)
        #expect(Set(Self.cases.map(\.name)).count == Self.cases.count)
    }

    @Test(arguments: 0..<45)
    func reviewCaseThroughTheService(_ index: Int) throws {
        let c = try #require(Self.cases.indices.contains(index) ? Self.cases[index] : nil)
        try ListExamplesAPITests.check(app, c.name, body: c.request, expected: c.expected)
    }
}
