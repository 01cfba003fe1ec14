import Foundation
import HTTP
@testable import LayoutAPI
import LayoutEngine
import Testing

/// The list review cases (Fixtures/list-review-cases.json): list requests that are not among the
/// spec's 27 examples, with frames computed by scripts/list-reference.py, an independent reading
/// of list-layout.md L1-L18. Posted through the service like the examples; every element's frame
/// (to 1e-4), zIndex, the element count and the content size must match. Each case's `note` in the
/// fixture names the rules it exercises and its `confidence` ("rule" or "ambiguous": how the spec
/// was read); scripts/list-review-cases.py regenerates the file.
@Suite struct ListReviewCasesTests {
    static let cases = ListExamplesAPITests.fixture("list-review-cases.json")

    let app = LayoutApplication.make()

    @Test func allCasesAreHere() {
        #expect(Self.cases.count == 55)
        #expect(Set(Self.cases.map(\.name)).count == Self.cases.count)
    }

    @Test(arguments: ListReviewCasesTests.cases.map(\.name))
    func reviewCaseThroughTheService(_ name: String) throws {
        let c = try #require(Self.cases.first { $0.name == name })
        try ListExamplesAPITests.check(app, c.name, body: c.request, expected: c.expected)
    }
}
