import Testing
@testable import LayoutEngine

/// The output contract: attribute order, section geometry, pinning, zIndex.
@Suite struct FlowOutputContractTests {
    @Test func attributesAreHeaderCellsFooterSectionBySection() {
        let layout = FlowLayout.layout(.make(sections: [
            .make(count: 2, header: sz(0, 10), footer: sz(0, 5)),
            .make(count: 1, footer: sz(0, 5)),
        ]))
        #expect(layout.attributes.map(\.category) == [.supplementaryView, .cell, .cell, .supplementaryView, .cell, .supplementaryView])
        #expect(layout.attributes.map(\.kind) == [.header, nil, nil, .footer, nil, .footer])
        #expect(layout.attributes.map(\.indexPath) == [
            IndexPath(section: 0, item: 0), IndexPath(section: 0, item: 0), IndexPath(section: 0, item: 1),
            IndexPath(section: 0, item: 0), IndexPath(section: 1, item: 0), IndexPath(section: 1, item: 0),
        ])
        #expect(layout.sections == [
            SectionGeometry(minScroll: 0, maxScroll: 65, headerIndex: 0, footerIndex: 3, cells: 1..<3),
            SectionGeometry(minScroll: 65, maxScroll: 120, headerIndex: nil, footerIndex: 5, cells: 4..<5),
        ])
    }

    @Test func horizontalSectionGeometryRunsAlongX() {
        let layout = FlowLayout.layout(.make(height: 250, direction: .horizontal, sections: [
            .make(count: 3, size: sz(100, 100)), .make(count: 1, size: sz(30, 30), header: sz(12, 0)),
        ]))
        #expect(layout.scrollDirection == .horizontal)
        #expect(layout.sections.map(\.minScroll) == [0, 210])
        #expect(layout.sections.map(\.maxScroll) == [210, 252])
    }

    @Test func everyZIndexIsZero() {
        let layout = FlowLayout.layout(.make(pinHeaders: true, sections: [.make(count: 3, header: sz(0, 10), footer: sz(0, 10))]))
        #expect(layout.attributes.allSatisfy { $0.zIndex == 0 })
    }

    @Test(arguments: [(true, false, 3.0, true), (false, true, 2.0, false)])
    func pinningComesFromTheConfiguration(headers: Bool, footers: Bool, scale: Double, rounds: Bool) {
        let layout = FlowLayout.layout(.make(scale: scale, rounds: rounds, pinHeaders: headers, pinFooters: footers,
                                             sections: [.make(count: 1)]))
        #expect(layout.pinning == Pinning(headers: headers, footers: footers, scale: scale, roundsToScreenScale: rounds))
    }

    @Test func noWarningsForValidInput() {
        #expect(FlowLayout.layout(.make(sections: [.make(count: 100)])).warnings.isEmpty)
    }

    @Test func largeUniformSectionEndsWhereTheLinesSay() {
        // 10 000 items of 50 in 320: 5 per line, 2 000 lines of pitch 60.
        let layout = FlowLayout.layout(.make(sections: [.make(count: 10_000)]))
        #expect(layout.attributes.count == 10_000)
        #expect(layout.attributes.last?.frame == rect(270, 119_940, 50, 50))
        #expect(layout.contentSize == sz(320, 119_990))
    }

    @Test func absurdElementCountsAreRefusedNotAllocated() {
        let layout = FlowLayout.layout(.make(sections: [.make(count: Int.max), .make(count: 1)]))
        #expect(layout.attributes.isEmpty)
        #expect(layout.sections.count == 2)
        #expect(layout.warnings == [LayoutWarning(code: "TOO_MANY_ELEMENTS",
                                                  message: "The layout has more than 268435456 elements.", indexPath: nil)])
    }

    @Test(arguments: [nil, EstimatedItemSize.automatic])
    func negativeCountLaysOutAnEmptySection(estimate: EstimatedItemSize?) {
        let layout = FlowLayout.layout(.make(estimated: estimate, sections: [.make(count: -3, header: sz(0, 20))]))
        #expect(layout.attributes.map(\.frame) == [rect(0, 0, 320, 20)])
    }
}
