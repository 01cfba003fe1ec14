import LayoutEngine
import Testing

/// The spec's 27 worked examples (Tests/Fixtures/compositional-examples.json, copied to
/// Tests/Fixtures): every expected element's frame to 0.01 pt, the element count and the
/// content size, in the modern generation and, where given, the legacy one.
@Suite struct CompositionalExampleTests {
    static let examples: [CompositionalFixtures.Example] = (try? CompositionalFixtures.load()) ?? []

    @Test func fixtureHoldsAllExamples() {
        #expect(Self.examples.count == 27)
    }

    @Test(arguments: 0..<27)
    func modernExampleMatches(_ index: Int) throws {
        let example = try #require(Self.examples.indices.contains(index) ? Self.examples[index] : nil)
        try check(example.name, example.configuration, example.expected)
    }

    @Test(arguments: 0..<27)
    func legacyExampleMatches(_ index: Int) throws {
        let example = try #require(Self.examples.indices.contains(index) ? Self.examples[index] : nil)
        guard let legacy = example.expectedLegacy else { return }
        var c = example.configuration
        c.generation = .legacy
        try check(example.name + " (legacy)", c, legacy)
    }

    func check(_ name: String, _ c: CompositionalConfiguration, _ expected: CompositionalFixtures.Expected) throws {
        let layout = try CompositionalLayout.layout(c)
        #expect(abs(layout.contentSize.width - expected.contentSize.width) < 0.01, "\(name) content width")
        #expect(abs(layout.contentSize.height - expected.contentSize.height) < 0.01, "\(name) content height \(layout.contentSize.height)")
        #expect(layout.attributes.count == expected.elements.count, "\(name) element count")
        for e in expected.elements {
            let category: ElementCategory = e.category == "cell" ? .cell : (e.category == "decorationView" ? .decorationView : .supplementaryView)
            let match = layout.attributes.first { a in
                a.category == category && a.indexPath.section == e.indexPath[0] && (e.indexPath.count < 2 || a.indexPath.item == e.indexPath[1])
                    && (e.kind == nil || a.kind.map(layout.name(of:)) == e.kind) && (e.indexPath.count == 1) == a.isGlobal
            }
            let a = try #require(match, "\(name): no \(e.category) \(e.kind ?? "") at \(e.indexPath)")
            let ok = abs(a.frame.minX - e.frame.minX) < 0.01 && abs(a.frame.minY - e.frame.minY) < 0.01
                && abs(a.frame.width - e.frame.width) < 0.01 && abs(a.frame.height - e.frame.height) < 0.01
            #expect(ok, "\(name) \(e.category) \(e.indexPath): \(a.frame) expected \(e.frame)")
        }
    }
}
