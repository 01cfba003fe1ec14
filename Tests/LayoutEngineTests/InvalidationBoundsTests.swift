import Testing
@testable import LayoutEngine

/// `BoundsChange` (spec §12) and `ContentOffsetAnchor.targetContentOffset` for every layout type.
@Suite struct InvalidationBoundsTests {
    static let vertical = FlowLayout.layout(.make(width: 320, height: 1000, sections: [.make(count: 6)]))
    static let horizontal = FlowLayout.layout(.make(width: 1000, height: 320, direction: .horizontal, sections: [.make(count: 6)]))

    @Test(arguments: [
        (rect(0, 500, 320, 1000), false),  // scrolling along y
        (rect(0, 0, 320, 600), false),     // height only (keyboard, toolbar)
        (rect(0, 0, 568, 320), true),      // rotation
        (rect(0, 0, 375, 1000), true),     // width only (split view)
        (rect(10, 0, 320, 1000), true),    // cross-axis origin
    ])
    func verticalFlowInvalidatesOnWidthOrX(new: Rect, expected: Bool) {
        #expect(BoundsChange.shouldInvalidate(old: rect(0, 0, 320, 1000), new: new, layout: Self.vertical, rule: .flow) == expected)
    }

    @Test(arguments: [
        (rect(500, 0, 1000, 320), false),
        (rect(0, 0, 800, 320), false),
        (rect(0, 0, 1000, 400), true),
        (rect(0, 10, 1000, 320), true),
    ])
    func horizontalFlowInvalidatesOnHeightOrY(new: Rect, expected: Bool) {
        #expect(BoundsChange.shouldInvalidate(old: rect(0, 0, 1000, 320), new: new, layout: Self.horizontal, rule: .flow) == expected)
    }

    @Test(arguments: [
        (BoundsInvalidationRule.sizeChange, rect(0, 0, 320, 600), true),
        (.sizeChange, rect(0, 500, 320, 1000), false),
        (.sizeChange, rect(10, 0, 320, 1000), false),
        (.widthChange, rect(0, 0, 320, 600), false),
        (.widthChange, rect(0, 0, 375, 600), true),
        (.widthChange, rect(10, 500, 320, 1000), false),
    ])
    func otherLayoutsRules(rule: BoundsInvalidationRule, new: Rect, expected: Bool) {
        #expect(BoundsChange.shouldInvalidate(old: rect(0, 0, 320, 1000), new: new, layout: Self.vertical, rule: rule) == expected)
    }

    /// Three sections of a 40 pt header and 10 items (470 tall each), headers pinned.
    static func pinned(headers: Bool = true, header: Size = sz(0, 40)) -> Layout {
        let section = FlowSection.make(count: 10, size: sz(100, 100), header: header)
        return FlowLayout.layout(.make(width: 320, height: 500, pinHeaders: headers, sections: [section, section, section]))
    }

    @Test func scrollingWithPinnedHeadersInvalidatesTheVisibleHeaders() {
        let layout = Self.pinned()
        let old = rect(0, 0, 320, 500), new = rect(0, 600, 320, 500)
        #expect(BoundsChange.shouldInvalidate(old: old, new: new, layout: layout, rule: .flow))
        let context = BoundsChange.invalidationContext(old: layout, oldBounds: old, new: layout, newBounds: new)
        #expect(context.invalidatedHeaderIndexPaths == [ip(0, 0), ip(1, 0), ip(2, 0)])
        #expect(context.invalidatedItemIndexPaths == [])
        #expect(context.invalidatedFooterIndexPaths == [])
        #expect(context.contentSizeAdjustment == .zero)
    }

    @Test func pinningWithoutHeadersDoesNotInvalidateAScroll() {
        #expect(!BoundsChange.shouldInvalidate(old: rect(0, 0, 320, 500), new: rect(0, 600, 320, 500),
                                               layout: Self.pinned(header: .zero), rule: .flow))
        #expect(!BoundsChange.shouldInvalidate(old: rect(0, 0, 320, 500), new: rect(0, 600, 320, 500),
                                               layout: Self.pinned(headers: false), rule: .flow))
    }

    // MARK: targetContentOffset

    /// 60 items of 100x100: 3 per row at 320 wide (rows 110 apart), 5 per row at 568 wide.
    static func sixty(width: Double, height: Double, contentInset: Insets = .zero, count: Int = 60) -> Layout {
        FlowLayout.layout(.make(width: width, height: height, contentInset: contentInset,
                                sections: [.make(count: count, size: sz(100, 100))]))
    }

    @Test(arguments: [
        // Row 10 (item 30, y 1100) is 20 pt above the top; in landscape it is row 6 (y 660).
        (rect(0, 1120, 320, 568), Point(x: 0, y: 680)),
        // Item 54 (row 18, y 1980) → row 10 (y 1100) + 20 = 1120, past the end: clamped to 1310 − 320.
        (rect(0, 2000, 320, 568), Point(x: 0, y: 990)),
        // At the top: stays at the top.
        (rect(0, 0, 320, 568), Point(x: 0, y: 0)),
    ])
    func rotationKeepsTheTopElementAtTheTop(oldVisible: Rect, expected: Point) {
        let old = Self.sixty(width: 320, height: 568), new = Self.sixty(width: 568, height: 320)
        let target = ContentOffsetAnchor.targetContentOffset(old: old, oldVisible: oldVisible, new: new,
                                                             newBounds: rect(0, oldVisible.minY, 568, 320), contentInset: .zero)
        #expect(target == expected)
    }

    @Test func emptyLayoutClampsToTheTopContentInset() {
        let inset = ins(20, 0, 30, 0)
        let target = ContentOffsetAnchor.targetContentOffset(
            old: Self.sixty(width: 320, height: 568, contentInset: inset, count: 0), oldVisible: rect(0, 300, 320, 568),
            new: Self.sixty(width: 568, height: 320, contentInset: inset, count: 0), newBounds: rect(0, 300, 568, 320),
            contentInset: inset)
        #expect(target == Point(x: 0, y: -20))
    }

    /// CHT waterfall, 2 columns of square items: 155 wide (rows 165 apart) at 320, 279 (289) at 568.
    @Test func waterfallRotationAnchorsTheTopItem() {
        func layout(_ width: Double) -> Layout {
            WaterfallLayout.layout(WaterfallConfiguration(width: width, itemRenderDirection: .leftToRight,
                                                          sections: [WaterfallSection(itemSizes: Array(repeating: sz(1, 1), count: 20))]))
        }
        let old = layout(320), new = layout(568)
        #expect(new.attributes[8].frame == rect(0, 1156, 279, 279))
        #expect(new.contentSize == sz(568, 2880))
        let target = ContentOffsetAnchor.targetContentOffset(old: old, oldVisible: rect(0, 700, 320, 568), new: new,
                                                             newBounds: rect(0, 700, 568, 320), contentInset: .zero)
        #expect(target == Point(x: 0, y: 1196))
    }

    /// Apple's mosaic: bands keep their y when the width changes, so the offset stays.
    @Test func mosaicRotationKeepsBandOffsets() {
        let old = MosaicLayout.layout(MosaicConfiguration(width: 320, height: 568, itemCount: 10))
        let new = MosaicLayout.layout(MosaicConfiguration(width: 568, height: 320, itemCount: 10))
        #expect(ContentOffsetAnchor.anchor(in: old, visible: rect(0, 300, 320, 568)) == 1)
        let target = ContentOffsetAnchor.targetContentOffset(old: old, oldVisible: rect(0, 300, 320, 568), new: new,
                                                             newBounds: rect(0, 300, 568, 320), contentInset: .zero)
        #expect(target == Point(x: 0, y: 300))
        #expect(BoundsChange.shouldInvalidate(old: rect(0, 300, 320, 568), new: rect(0, 300, 320, 400), layout: old, rule: .sizeChange))
    }

    /// Apple's ColumnFlowLayout on an iPad: 2 columns in portrait, 3 in landscape, where the
    /// content (560 tall) fits the bounds, so the offset clamps to 0.
    @Test func columnFlowRotationClampsWhenTheContentFits() {
        func layout(_ width: Double, _ height: Double) -> Layout {
            ColumnFlowLayout.layout(ColumnFlowConfiguration(
                collectionView: CollectionViewMetrics(width: width, height: height, layoutMargins: ins(0, 20, 0, 20)),
                itemCounts: [20]))
        }
        let old = layout(768, 1024), new = layout(1024, 768)
        #expect(new.contentSize == sz(1024, 560))
        let target = ContentOffsetAnchor.targetContentOffset(old: old, oldVisible: rect(0, 500, 768, 1024), new: new,
                                                             newBounds: rect(0, 500, 1024, 768), contentInset: .zero)
        #expect(target == Point(x: 0, y: 0))
    }

    /// Horizontal flow: the leftmost visible column keeps its distance from the left edge.
    @Test func horizontalRotationAnchorsAlongX() {
        func layout(_ width: Double, _ height: Double) -> Layout {
            FlowLayout.layout(.make(width: width, height: height, direction: .horizontal, sections: [.make(count: 60, size: sz(100, 100))]))
        }
        // 568x320: 3 per column, columns 110 apart; 320x568: 5 per column.
        let old = layout(568, 320), new = layout(320, 568)
        let target = ContentOffsetAnchor.targetContentOffset(old: old, oldVisible: rect(1120, 0, 568, 320), new: new,
                                                             newBounds: rect(1120, 0, 320, 568), contentInset: .zero)
        // Item 30 (column 10, x 1100) → column 6 (x 660), still 20 pt scrolled off.
        #expect(target == Point(x: 680, y: 0))
        #expect(target.y.sign == .plus)
    }
}

extension InvalidationBoundsTests {
    /// The same layout scrolled: the pinned-only context equals the full one.
    @Test func pinnedOnlyContextMatchesTheFullDiffForAnUnchangedLayout() {
        let layout = Self.pinned()
        let old = rect(0, 0, 320, 500), new = rect(0, 1000, 320, 500)
        let fast = BoundsChange.pinnedInvalidationContext(layout: layout, oldBounds: old, newBounds: new)
        #expect(fast == BoundsChange.invalidationContext(old: layout, oldBounds: old, new: layout, newBounds: new))
        #expect(fast.invalidatedHeaderIndexPaths == [ip(0, 0), ip(1, 0), ip(2, 0)])
    }
}
