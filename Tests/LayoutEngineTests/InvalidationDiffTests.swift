import Testing
@testable import LayoutEngine


/// `LayoutInvalidation.diff` and the self-sizing content offset adjustment (spec §11).
@Suite struct InvalidationDiffTests {
    static let estimate = EstimatedItemSize.fixed(sz(100, 100))

    /// 6 estimated 100x100 items, 3 per line. Measuring item 0 at 150 tall makes line 0 150 tall:
    /// items 1 and 2 re-centre (y 25), line 1 moves down 50, so every cell is invalidated.
    @Test func tallerFirstItemInvalidatesItsLineAndEverythingBelow() {
        let old = FlowLayout.layout(.make(estimated: Self.estimate, sections: [.make(count: 6)]))
        let new = FlowLayout.layout(.make(estimated: Self.estimate, sections: [.make(count: 6, preferred: [0: sz(100, 150)])]))
        #expect(cellFrames(new) == [rect(0, 0, 100, 150), rect(110, 25, 100, 100), rect(220, 25, 100, 100),
                                    rect(0, 160, 100, 100), rect(110, 160, 100, 100), rect(220, 160, 100, 100)])
        let context = LayoutInvalidation.diff(old: old, new: new)
        #expect(context.invalidatedItemIndexPaths == (0..<6).map { ip(0, $0) })
        #expect(context.invalidatedHeaderIndexPaths == [])
        #expect(context.invalidatedFooterIndexPaths == [])
        #expect(context.contentSizeAdjustment == sz(0, 50))
    }

    /// A measurement equal to the estimate moves nothing, but the item is no longer estimated.
    @Test func measurementEqualToTheEstimateInvalidatesOnlyThatItem() {
        let old = FlowLayout.layout(.make(estimated: Self.estimate, sections: [.make(count: 6)]))
        let new = FlowLayout.layout(.make(estimated: Self.estimate, sections: [.make(count: 6, preferred: [4: sz(100, 100)])]))
        let context = LayoutInvalidation.diff(old: old, new: new)
        #expect(context.invalidatedItemIndexPaths == [ip(0, 4)])
        #expect(context.contentSizeAdjustment == .zero)
        #expect(!context.isEmpty)
    }

    @Test func identicalLayoutsGiveAnEmptyContext() {
        let layout = FlowLayout.layout(.make(estimated: Self.estimate, sections: [.make(count: 6)]))
        let context = LayoutInvalidation.diff(old: layout, new: layout)
        #expect(context == InvalidationContext())
        #expect(context.isEmpty)
    }

    /// Two sections with 40 pt headers and 30 pt footers: growing item [0,0] by 50 moves its line
    /// mates, section 0's footer and all of section 1; section 0's header stays.
    @Test func supplementaryViewsBelowTheChangeAreInvalidatedByKind() {
        func sections(_ preferred: [Int: Size]) -> [FlowSection] {
            [.make(count: 3, header: sz(0, 40), footer: sz(0, 30), preferred: preferred),
             .make(count: 3, header: sz(0, 40), footer: sz(0, 30))]
        }
        let old = FlowLayout.layout(.make(estimated: Self.estimate, sections: sections([:])))
        let new = FlowLayout.layout(.make(estimated: Self.estimate, sections: sections([0: sz(100, 150)])))
        #expect(new.attributes.last?.frame == rect(0, 360, 320, 30))
        let context = LayoutInvalidation.diff(old: old, new: new)
        #expect(context.invalidatedItemIndexPaths == [ip(0, 0), ip(0, 1), ip(0, 2), ip(1, 0), ip(1, 1), ip(1, 2)])
        #expect(context.invalidatedHeaderIndexPaths == [ip(1, 0)])
        #expect(context.invalidatedFooterIndexPaths == [ip(0, 0), ip(1, 0)])
        #expect(context.contentSizeAdjustment == sz(0, 50))
    }

    /// Elements present in only one layout count as changed (a section that gained items and a header).
    @Test func addedAndRemovedElementsAreInvalidated() {
        let old = FlowLayout.layout(.make(sections: [.make(count: 2), .make(count: 1)]))
        let new = FlowLayout.layout(.make(sections: [.make(count: 2), .make(count: 3, header: sz(0, 20))]))
        let context = LayoutInvalidation.diff(old: old, new: new)
        #expect(context.invalidatedItemIndexPaths == [ip(1, 0), ip(1, 1), ip(1, 2)])
        #expect(context.invalidatedHeaderIndexPaths == [ip(1, 0)])
        #expect(LayoutInvalidation.diff(old: new, new: old).invalidatedItemIndexPaths == [ip(1, 0), ip(1, 1), ip(1, 2)])
    }

    // MARK: contentOffsetAdjustment

    /// 30 estimated items, 10 lines 110 apart; the visible rect starts at line 5 (item 15).
    static func thirty(_ preferred: [Int: Size], direction: ScrollDirection = .vertical) -> Layout {
        FlowLayout.layout(.make(width: 320, height: 320, direction: direction, estimated: estimate,
                                sections: [.make(count: 30, preferred: preferred)]))
    }

    @Test(arguments: [
        // A size above the visible rect: the first visible line moved down 50, so does the offset.
        ([0: sz(100, 150)], rect(0, 550, 320, 480), Point(x: 0, y: 50)),
        // Partly scrolled-off anchor line (550...650 seen from 600): the same.
        ([0: sz(100, 150)], rect(0, 600, 320, 480), Point(x: 0, y: 50)),
        // A size below the visible rect moves nothing the user sees.
        ([29: sz(100, 150)], rect(0, 550, 320, 480), Point.zero),
        // At the top the anchor is the item that grew; it stays at y 0.
        ([0: sz(100, 150)], rect(0, 0, 320, 480), Point.zero),
        // Two sizes above: 150 (+50) and 60 (its line stays 100 tall, no shift).
        ([0: sz(100, 150), 4: sz(100, 60)], rect(0, 550, 320, 480), Point(x: 0, y: 50)),
        // Nothing visible (past the content): no adjustment.
        ([0: sz(100, 150)], rect(0, 5000, 320, 480), Point.zero),
    ] as [([Int: Size], Rect, Point)])
    func contentOffsetAdjustmentKeepsTheFirstVisibleElementInPlace(preferred: [Int: Size], visible: Rect, expected: Point) {
        let adjustment = ContentOffsetAnchor.contentOffsetAdjustment(old: Self.thirty([:]), new: Self.thirty(preferred), visibleRect: visible)
        #expect(adjustment == expected)
    }

    /// Horizontal scrolling: columns of 3 items 110 apart; item 0 measured 150 wide widens column 0.
    @Test func horizontalAdjustmentIsAlongX() {
        let old = Self.thirty([:], direction: .horizontal), new = Self.thirty([0: sz(150, 100)], direction: .horizontal)
        #expect(cellFrames(new)[15] == rect(600, 0, 100, 100))
        let adjustment = ContentOffsetAnchor.contentOffsetAdjustment(old: old, new: new, visibleRect: rect(550, 0, 480, 320))
        #expect(adjustment == Point(x: 50, y: 0))
    }

    /// The anchor is the topmost, then leftmost, visible element, headers included.
    @Test func anchorIsTopmostThenLeftmost() {
        let layout = FlowLayout.layout(.make(sections: [.make(count: 4, header: sz(0, 20))]))
        #expect(ContentOffsetAnchor.anchor(in: layout, visible: rect(0, 0, 320, 100)) == 0)
        #expect(ContentOffsetAnchor.anchor(in: layout, visible: rect(100, 25, 220, 100)) == 2)
        #expect(ContentOffsetAnchor.anchor(in: layout, visible: rect(0, 500, 320, 100)) == nil)
    }
}
