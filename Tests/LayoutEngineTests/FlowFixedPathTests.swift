import Testing
@testable import LayoutEngine

/// spec §0–§4: defaults, reference dimension, uniform detection, the fixed-size grid.
@Suite struct FlowFixedPathTests {
    @Test func defaultsAreUIKits() {
        let config = FlowLayoutConfiguration(collectionView: CollectionViewMetrics(width: 320, height: 480), sections: [])
        #expect(config.rowAlignment == RowAlignment(commonRow: .justify, lastRow: .left, vertical: .center))
        #expect(config.scrollDirection == .vertical)
        #expect(config.sectionInsetReference == .fromContentInset)
        #expect(config.roundsToScreenScale)
        #expect(config.estimatedItemSize == nil)
        #expect(config.swapsSpacingForMixedHorizontalSections)
        #expect(!config.sectionHeadersPinToVisibleBounds && !config.sectionFootersPinToVisibleBounds)
        let section = FlowSection(items: .uniform(count: 1, size: sz(50, 50)))
        #expect(section.minimumLineSpacing == 10 && section.minimumInteritemSpacing == 10)
        #expect(section.inset == .zero && section.headerReferenceSize == .zero && section.footerReferenceSize == .zero)
    }

    @Test func zeroReferenceDimensionLaysOutNothing() {
        let layout = FlowLayout.layout(.make(width: 40, contentInset: ins(0, 20, 0, 20),
                                             sections: [.make(count: 3, header: sz(0, 20))]))
        #expect(layout.attributes.isEmpty)
        #expect(layout.contentSize == .zero)
        #expect(layout.sections == [SectionGeometry(minScroll: 0, maxScroll: 0, headerIndex: nil, footerIndex: nil, cells: 0..<0)])
    }

    @Test(arguments: [(320.0, 0.0), (0.0, 480.0)])
    func emptyBoundsLayOutNothing(width: Double, height: Double) {
        let layout = FlowLayout.layout(.make(width: width, height: height, sections: [.make(count: 3)]))
        #expect(layout.attributes.isEmpty)
        #expect(layout.contentSize == .zero)
    }

    @Test func zeroSectionsGiveDimensionByZero() {
        #expect(FlowLayout.layout(.make(sections: [])).contentSize == sz(320, 0))
        #expect(FlowLayout.layout(.make(height: 250, direction: .horizontal, sections: [])).contentSize == sz(0, 250))
    }

    @Test func equalDelegateSizesTakeTheFixedPath() {
        // Per-item would put the last line's items at 0 and 100 (left, minimum spacing); the grid puts them at 0, 115.
        let layout = FlowLayout.layout(.make(sections: [.make(sizes: Array(repeating: sz(90, 90), count: 8))]))
        #expect(layout.attributes.map(\.frame) == grid(count: 8, xs: [0, 115, 230], pitch: 100, size: sz(90, 90)))
    }

    @Test func zeroSizeIsAWildcardInUniformDetection() {
        let sizes = [Size.zero] + Array(repeating: sz(90, 90), count: 6) + [Size.zero]
        let layout = FlowLayout.layout(.make(sections: [.make(sizes: sizes)]))
        #expect(layout.attributes.map(\.frame) == grid(count: 8, xs: [0, 115, 230], pitch: 100, size: sz(90, 90)))
    }

    @Test func zeroSizeAmongDifferentSizesKeepsItsZeroSize() {
        let layout = FlowLayout.layout(.make(sections: [.make(sizes: [.zero, sz(90, 90), sz(80, 80)])]))
        #expect(layout.attributes.map(\.frame) == [rect(0, 45, 0, 0), rect(10, 0, 90, 90), rect(110, 5, 80, 80)])
    }

    @Test func oneItemDelegateSectionIsFixedAndCentredWhenAloneOnItsLine() {
        let layout = FlowLayout.layout(.make(sections: [.make(sizes: [sz(200, 100)])]))
        #expect(layout.attributes.map(\.frame) == [rect(60, 0, 200, 100)])
    }

    @Test(arguments: [FlowSection.make(count: 0, inset: ins(10, 10, 5, 10), header: sz(0, 20), footer: sz(0, 15)),
                      FlowSection.make(sizes: [], inset: ins(10, 10, 5, 10), header: sz(0, 20), footer: sz(0, 15))])
    func emptySectionKeepsInsetsHeaderAndFooter(section: FlowSection) {
        let layout = FlowLayout.layout(.make(sections: [section]))
        #expect(layout.attributes.map(\.frame) == [rect(0, 0, 320, 20), rect(0, 35, 320, 15)])
        #expect(layout.contentSize == sz(320, 50))
    }

    @Test func zeroSizeItemsFitByTheSpacingAlone() {
        // perLine = floor((10 + 320)/10) = 33, justified gap 320/32 = 10; the partial line stays on the grid.
        let layout = FlowLayout.layout(.make(sections: [.make(count: 3, size: .zero)]))
        #expect(layout.attributes.map(\.frame) == [rect(0, 0, 0, 0), rect(10, 0, 0, 0), rect(20, 0, 0, 0)])
        #expect(layout.contentSize == sz(320, 0))
    }

    @Test func zeroSizeItemsWithZeroSpacingShareOneLine() {
        let layout = FlowLayout.layout(.make(sections: [.make(count: 3, size: .zero, line: 0, interitem: 0)]))
        #expect(layout.attributes.map(\.frame) == [rect(0, 0, 0, 0), rect(0, 0, 0, 0), rect(0, 0, 0, 0)])
    }

    @Test func loneColumnIsCentredBetweenInsets() {
        let layout = FlowLayout.layout(.make(sections: [.make(count: 2, size: sz(200, 100), inset: ins(0, 10, 0, 30))]))
        #expect(layout.attributes.map(\.frame) == [rect(50, 0, 200, 100), rect(50, 110, 200, 100)])
    }

    @Test func overWideFixedItemOverflowsOnBothSides() {
        let layout = FlowLayout.layout(.make(sections: [.make(count: 2, size: sz(400, 50))]))
        #expect(layout.attributes.map(\.frame) == [rect(-40, 0, 400, 50), rect(-40, 60, 400, 50)])
    }

    @Test func exactlyFittingLineNeverWrapsOnTheFixedPath() {
        let w = (375.0 - 20 - 20) / 3
        let layout = FlowLayout.layout(.make(width: 375, sections: [.make(count: 6, size: sz(w, 50), inset: ins(0, 10, 0, 10))]))
        #expect(layout.attributes.map(\.frame) == grid(count: 6, xs: [10, 131.5, 253.5], pitch: 60, size: sz(w, 50)))
    }

    /// other-layouts §4 "N per row" rows with exact widths: full rows justified, gaps equal to s.
    @Test(arguments: [(375.0, 3, 16.0, 8.0, [16.0, 133, 250]), (390, 3, 16, 8, [16, 138, 260]),
                      (414, 4, 20, 10, [20, 116, 212, 308]), (375, 4, 16, 8, [16, 103.75, 191.5, 279.25])]
                     as [(Double, Int, Double, Double, [Double])])
    func nPerRowGridFitsExactly(width: Double, perRow: Int, margin: Double, spacing: Double, xs: [Double]) {
        let n = Double(perRow)
        let w = (width - 2 * margin - spacing * (n - 1)) / n
        let section = FlowSection.make(count: perRow * 2, size: sz(w, w * 0.75), inset: ins(0, margin, 0, margin),
                                       line: spacing, interitem: spacing)
        let layout = FlowLayout.layout(.make(width: width, rounds: false, sections: [section]))
        #expect(layout.attributes.map(\.frame) == grid(count: perRow * 2, xs: xs, pitch: w * 0.75 + spacing, size: sz(w, w * 0.75)))
    }

    /// §4.6 / DEC-SEC fast branch: 5 items of 90 in 320 (3 per line). The last line uses LastRow
    /// only when CommonRow is not justify.
    @Test(arguments: [
        (LineAlignment.justify, LineAlignment.left, [0.0, 115, 230, 0, 115]),
        (.justify, .right, [0, 115, 230, 0, 115]),
        (.left, .left, [0, 100, 200, 0, 100]),
        (.center, .left, [15, 115, 215, 0, 100]),
        (.center, .center, [15, 115, 215, 65, 165]),
        (.right, .right, [30, 130, 230, 130, 230]),
        (.left, .justify, [0, 100, 200, 0, 230]),
    ] as [(LineAlignment, LineAlignment, [Double])])
    func fixedPathRowAlignments(common: LineAlignment, last: LineAlignment, xs: [Double]) {
        let layout = FlowLayout.layout(.make(alignment: RowAlignment(commonRow: common, lastRow: last),
                                             sections: [.make(count: 5, size: sz(90, 90))]))
        #expect(layout.attributes.map(\.frame) == zip(xs, [0.0, 0, 0, 100, 100]).map { rect($0, $1, 90, 90) })
    }

    @Test func fixedPathIgnoresVerticalAlignment() {
        let layout = FlowLayout.layout(.make(alignment: RowAlignment(vertical: .bottom),
                                             sections: [.make(count: 4, size: sz(90, 90))]))
        #expect(layout.attributes.map(\.frame) == grid(count: 4, xs: [0, 115, 230], pitch: 100, size: sz(90, 90)))
    }

    @Test func fixedHorizontalPathUsesDocumentedSpacings() {
        let layout = FlowLayout.layout(.make(width: 320, height: 250, direction: .horizontal,
                                             sections: [.make(count: 3, size: sz(100, 100), line: 20, interitem: 5)]))
        #expect(layout.attributes.map(\.frame) == [rect(0, 0, 100, 100), rect(0, 150, 100, 100), rect(120, 0, 100, 100)])
        #expect(layout.contentSize == sz(220, 250))
    }
}
