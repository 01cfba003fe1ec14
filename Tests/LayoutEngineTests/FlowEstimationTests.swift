import Testing
@testable import LayoutEngine

/// spec §11: self-sizing, engine side.
@Suite struct FlowEstimationTests {
    @Test func fixedEstimateWithAPreferredSize() {
        let layout = FlowLayout.layout(.make(estimated: .fixed(sz(100, 100)),
                                             sections: [.make(count: 3, preferred: [1: sz(200, 40)])]))
        #expect(layout.attributes.map(\.frame) == [rect(0, 0, 100, 100), rect(120, 30, 200, 40), rect(0, 110, 100, 100)])
        #expect(layout.attributes.map(\.isEstimated) == [true, false, true])
        #expect(layout.contentSize == sz(320, 210))
    }

    @Test func automaticEstimateIsTheMeanOfAllPreferredSizes() {
        let layout = FlowLayout.layout(.make(estimated: .automatic, sections: [
            .make(count: 3, preferred: [0: sz(100, 40), 1: sz(60, 20)]),
            .make(count: 2, preferred: [0: sz(80, 30)]),
        ]))
        #expect(layout.attributes.map(\.frame) == [
            rect(0, 0, 100, 40), rect(110, 10, 60, 20), rect(180, 5, 80, 30),
            rect(0, 40, 80, 30), rect(90, 40, 80, 30),
        ])
        #expect(layout.attributes.map(\.isEstimated) == [false, false, true, false, true])
    }

    @Test func automaticEstimateIs50By50BeforeAnyMeasurement() {
        let layout = FlowLayout.layout(.make(estimated: .automatic, sections: [.make(count: 2, size: sz(10, 10))]))
        // Per-item path: the lone (last, incomplete) line is left-aligned with the minimum spacing.
        #expect(layout.attributes.map(\.frame) == [rect(0, 0, 50, 50), rect(60, 0, 50, 50)])
        #expect(layout.attributes.allSatisfy { $0.isEstimated })
    }

    /// Out-of-range preferred sizes do not count towards the mean; a lone estimating item sits on a
    /// complete single-item line and is therefore centred (§5), unlike the fixed path's left grid slot.
    @Test func preferredSizesOutsideTheSectionAreIgnoredAndALoneItemIsCentred() {
        let layout = FlowLayout.layout(.make(estimated: .automatic, sections: [.make(count: 1, preferred: [5: sz(10, 10)])]))
        #expect(layout.attributes.map(\.frame) == [rect(135, 0, 50, 50)])
    }

    @Test func zeroEstimateMeansNotEstimating() {
        let layout = FlowLayout.layout(.make(estimated: .fixed(.zero),
                                             sections: [.make(count: 2, preferred: [0: sz(100, 100)])]))
        #expect(layout.attributes.map(\.frame) == [rect(0, 0, 50, 50), rect(67.5, 0, 50, 50)])
        #expect(!layout.attributes.contains { $0.isEstimated })
    }

    @Test func preferredSizesAreIgnoredWhenNotEstimating() {
        let layout = FlowLayout.layout(.make(sections: [.make(count: 1, preferred: [0: sz(100, 100)])]))
        #expect(layout.attributes.map(\.frame) == [rect(0, 0, 50, 50)])
    }

    @Test func delegateSizesAreReplacedByTheEstimate() {
        let layout = FlowLayout.layout(.make(estimated: .fixed(sz(100, 100)),
                                             sections: [.make(sizes: [sz(300, 300), sz(10, 10)])]))
        #expect(layout.attributes.map(\.frame) == [rect(0, 0, 100, 100), rect(110, 0, 100, 100)])
    }

    /// §3 quirk: the per-item path with no rows ends at `y − minimumLineSpacing`.
    @Test func emptyEstimatingSectionLosesOneLineSpacing() {
        let layout = FlowLayout.layout(.make(estimated: .fixed(sz(100, 100)), sections: [
            .make(count: 0, inset: ins(10, 10, 10, 10), header: sz(0, 20), footer: sz(0, 15)),
            .make(count: 1, size: sz(100, 100)),
        ]))
        #expect(layout.attributes.map(\.frame) == [rect(0, 0, 320, 20), rect(0, 30, 320, 15), rect(110, 45, 100, 100)])
        #expect(layout.contentSize == sz(320, 145))
    }

    @Test func estimatedOverWideItemsWarnOnePerItem() {
        let layout = FlowLayout.layout(.make(estimated: .fixed(sz(400, 40)), sections: [.make(count: 2)]))
        #expect(layout.warnings.map(\.indexPath) == [IndexPath(section: 0, item: 0), IndexPath(section: 0, item: 1)])
    }
}
