import Testing
@testable import LayoutEngine

/// spec §5 (and the §7 horizontal quirk): greedy lines, the completeness rule, alignments.
@Suite struct FlowPerItemPathTests {
    private func frames(_ sizes: [Size], width: Double = 320, spacing: Double = 10,
                        alignment: RowAlignment = .uikit) -> [Rect] {
        FlowLayout.layout(.make(width: width, alignment: alignment,
                                sections: [.make(sizes: sizes, line: spacing, interitem: spacing)])).attributes.map(\.frame)
    }

    @Test func overWideFirstItemOpensAnEmptyLeadingLine() {
        let layout = FlowLayout.layout(.make(sections: [.make(sizes: [sz(400, 50), sz(100, 50)])]))
        #expect(layout.attributes.map(\.frame) == [rect(0, 10, 400, 50), rect(0, 70, 100, 50)])
        #expect(layout.contentSize == sz(320, 120))
    }

    @Test func laterOverWideItemGetsItsOwnLineWithoutAnEmptyOne() {
        // All lines hold one item, so every line (the last included) is complete: centred, clamped at the inset.
        #expect(frames([sz(100, 50), sz(400, 50), sz(100, 50)])
            == [rect(110, 0, 100, 50), rect(0, 60, 400, 50), rect(110, 120, 100, 50)])
    }

    @Test func allSingleItemLinesAreAllCentred() {
        #expect(frames([sz(200, 50), sz(210, 50), sz(220, 40)])
            == [rect(60, 0, 200, 50), rect(55, 60, 210, 50), rect(50, 120, 220, 40)])
    }

    @Test func singleItemLinesFollowedByAPairLeaveTheLastLineLeftAligned() {
        #expect(frames([sz(200, 50), sz(250, 50), sz(150, 40), sz(100, 40)])
            == [rect(60, 0, 200, 50), rect(35, 60, 250, 50), rect(0, 120, 150, 40), rect(160, 120, 100, 40)])
    }

    @Test func lastLineAsFullAsThePreviousOneIsJustified() {
        let widths: [Double] = [100, 150, 40, 100, 150, 40]
        #expect(frames(widths.map { sz($0, 40) }) == [
            rect(0, 0, 100, 40), rect(115, 0, 150, 40), rect(280, 0, 40, 40),
            rect(0, 50, 100, 40), rect(115, 50, 150, 40), rect(280, 50, 40, 40),
        ])
    }

    @Test func lastLineLessFullThanThePreviousOneIsLeftAligned() {
        let widths: [Double] = [100, 150, 40, 100, 150, 30]
        #expect(frames(widths.map { sz($0, 40) }) == [
            rect(0, 0, 100, 40), rect(115, 0, 150, 40), rect(280, 0, 40, 40),
            rect(0, 50, 100, 40), rect(110, 50, 150, 40), rect(270, 50, 30, 40),
        ])
    }

    @Test func loneItemInANonLastLineIsCentred() {
        #expect(frames([sz(100, 40), sz(250, 40), sz(100, 40), sz(100, 40)])
            == [rect(110, 0, 100, 40), rect(35, 50, 250, 40), rect(0, 100, 100, 40), rect(110, 100, 100, 40)])
    }

    @Test func itemExactlyFillingTheRemainderStaysOnTheLine() {
        #expect(frames([sz(150, 40), sz(160, 30)]) == [rect(0, 0, 150, 40), rect(160, 5, 160, 30)])
    }

    @Test func exactlyFittingLineNeverWrapsOnThePerItemPath() {
        let w = (375.0 - 20 - 20) / 3
        let sizes = [sz(w, 50), sz(w, 60)] + Array(repeating: sz(w, 50), count: 4)
        let layout = FlowLayout.layout(.make(width: 375, sections: [.make(sizes: sizes, inset: ins(0, 10, 0, 10))]))
        #expect(layout.attributes.map(\.frame) == [
            rect(10, 5, w, 50), rect(131.5, 0, w, 60), rect(253.5, 5, w, 50),
            rect(10, 70, w, 50), rect(131.5, 70, w, 50), rect(253.5, 70, w, 50),
        ])
    }

    /// Tag cloud of §14.8 under the other line alignments.
    @Test(arguments: [
        (LineAlignment.left, LineAlignment.left, [0.0, 128, 0, 158, 0, 208]),
        (.right, .right, [112, 240, 102, 260, 22, 230]),
        (.center, .center, [56, 184, 51, 209, 11, 219]),
        (.justify, .center, [0, 240, 0, 260, 11, 219]),
        (.justify, .justify, [0, 240, 0, 260, 0, 230]),
    ] as [(LineAlignment, LineAlignment, [Double])])
    func perItemRowAlignments(common: LineAlignment, last: LineAlignment, xs: [Double]) {
        let widths: [Double] = [120, 80, 150, 60, 200, 90]
        let result = frames(widths.map { sz($0, 40) }, spacing: 8, alignment: RowAlignment(commonRow: common, lastRow: last))
        #expect(result.map(\.minX) == xs)
        #expect(result.map(\.minY) == [0, 0, 48, 48, 96, 96])
    }

    @Test(arguments: [(CrossAlignment.top, [0.0, 0, 0]), (.center, [25, 0, 35]), (.bottom, [50, 0, 70])]
                     as [(CrossAlignment, [Double])])
    func itemsAlignAcrossTheLine(vertical: CrossAlignment, ys: [Double]) {
        let result = frames([sz(100, 50), sz(100, 100), sz(100, 30)], alignment: RowAlignment(vertical: vertical))
        #expect(result == zip([0.0, 110, 220], zip(ys, [50.0, 100, 30])).map { rect($0, $1.0, 100, $1.1) })
    }

    @Test func topAlignedLeftTagCloud() {
        let alignment = RowAlignment(commonRow: .left, lastRow: .left, vertical: .top)
        #expect(frames([sz(120, 30), sz(150, 40), sz(100, 20), sz(60, 50)], alignment: alignment)
            == [rect(0, 0, 120, 30), rect(130, 0, 150, 40), rect(0, 50, 100, 20), rect(110, 50, 60, 50)])
    }

    /// §7 quirk: with mixed sizes and horizontal scrolling, minimumLineSpacing separates items in a
    /// column and minimumInteritemSpacing separates columns; the option turns it off.
    @Test(arguments: [
        (true, [rect(0, 0, 100, 100), rect(0, 170, 100, 80), rect(105, 0, 100, 100), rect(105, 120, 100, 50)], 205.0),
        (false, [rect(0, 0, 100, 100), rect(0, 170, 100, 80), rect(120, 0, 100, 100), rect(120, 105, 100, 50)], 220),
    ] as [(Bool, [Rect], Double)])
    func horizontalPerItemSpacingSwap(swaps: Bool, expected: [Rect], contentWidth: Double) {
        let section = FlowSection.make(sizes: [sz(100, 100), sz(100, 80), sz(100, 100), sz(100, 50)], line: 20, interitem: 5)
        let layout = FlowLayout.layout(.make(width: 320, height: 250, direction: .horizontal, swapsSpacing: swaps,
                                             sections: [section]))
        #expect(layout.attributes.map(\.frame) == expected)
        #expect(layout.contentSize == sz(contentWidth, 250))
    }

    @Test func horizontalItemsAreCentredAcrossTheirColumn() {
        let layout = FlowLayout.layout(.make(width: 320, height: 250, direction: .horizontal,
                                             sections: [.make(sizes: [sz(80, 100), sz(100, 100)])]))
        #expect(layout.attributes.map(\.frame) == [rect(10, 0, 80, 100), rect(0, 110, 100, 100)])
    }

    @Test func horizontalOverTallFirstItemIsPushedAlongByTheColumnSpacing() {
        let layout = FlowLayout.layout(.make(width: 320, height: 250, direction: .horizontal,
                                             sections: [.make(sizes: [sz(50, 300), sz(60, 100)], line: 20, interitem: 5)]))
        #expect(layout.attributes.map(\.frame) == [rect(5, 0, 50, 300), rect(60, 0, 60, 100)])
    }
}
