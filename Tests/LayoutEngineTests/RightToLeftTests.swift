import Testing
@testable import LayoutEngine

/// The right-to-left step (RightToLeft.swift) and the helpers that read a mirrored layout.
@Suite struct RightToLeftEngineTests {
    static let both = Pinning(headers: true, footers: true)

    /// Every query of a mirrored horizontal layout, for the mirror of a visible rect, answers the
    /// mirror of the left-to-right answer: pinned headers stick to the right edge, footers to the left.
    @Test(arguments: [0.0, 100, 260, 400, -50])
    func horizontalPinningIsTheMirrorImage(_ scrolled: Double) {
        let ltr = PinningFixture.twoSections(direction: .horizontal, pinning: Self.both)
        let rtl = ltr.mirroredForRightToLeft()
        let width = ltr.contentSize.width
        let visible = Rect(x: scrolled, y: 0, width: 200, height: 320)
        let left = ltr.attributes(in: visible, index: SpatialIndex(ltr))
        let right = rtl.attributes(in: visible.mirrored(acrossWidth: width), index: SpatialIndex(rtl))
        #expect(!left.isEmpty)
        #expect(right == left.map { a in
            var m = a
            m.frame = a.frame.mirrored(acrossWidth: width)
            return m
        })
    }

    @Test func pinnedHeaderOfAMirroredHorizontalLayoutTouchesTheRightEdgeOfTheVisibleRect() {
        let rtl = PinningFixture.twoSections(direction: .horizontal, pinning: Self.both).mirroredForRightToLeft()
        // Content 500 wide: section 0's header is naturally at x 460...500; scrolled 100 pt from the right.
        let visible = Rect(x: 200, y: 0, width: 200, height: 320)
        let header = rtl.attributes(in: visible, index: SpatialIndex(rtl)).first { $0.kind == .header && $0.indexPath.section == 0 }
        #expect(header?.frame == Rect(x: 360, y: 0, width: 40, height: 320))
        #expect(rtl.rect(of: rtl.sections[0]) == Rect(x: 190, y: 0, width: 310, height: 320))
    }

    @Test func pointQueriesReadTheScrollAxisFromTheRight() {
        let ltr = PinningFixture.twoSections(direction: .horizontal, pinning: Self.both)
        let rtl = ltr.mirroredForRightToLeft()
        let visible = Rect(x: 100, y: 0, width: 200, height: 320)
        let left = ltr.attributes(containing: Point(x: 120, y: 10), index: SpatialIndex(ltr), visibleRect: visible)
        let right = rtl.attributes(containing: Point(x: 380, y: 10), index: SpatialIndex(rtl),
                                   visibleRect: visible.mirrored(acrossWidth: 500))
        #expect(left.map(\.kind) == [.header, nil])
        #expect(right.map(\.frame) == left.map { $0.frame.mirrored(acrossWidth: 500) })
    }

    @Test func mirroringTwiceIsOnceAndVerticalSectionsKeepTheirRanges() {
        let ltr = PinningFixture.twoSections(pinning: Self.both)
        let rtl = ltr.mirroredForRightToLeft()
        #expect(rtl.mirroredForRightToLeft() == rtl)
        #expect(rtl.isRightToLeft)
        #expect(rtl.sections == ltr.sections)
        // The second cell of a row (x 165) is now on the left.
        #expect(rtl.attributes[2].frame == Rect(x: 0, y: 40, width: 155, height: 50))
        #expect(rtl.attributes[1].frame == Rect(x: 165, y: 40, width: 155, height: 50))
    }

    @Test func boundsChangeInvalidationSeesMirroredPinnedHeaders() {
        let rtl = PinningFixture.twoSections(direction: .horizontal, pinning: Self.both).mirroredForRightToLeft()
        // Scrolling within section 0 moves its pinned header: invalidates.
        #expect(BoundsChange.shouldInvalidate(old: Rect(x: 300, y: 0, width: 200, height: 320),
                                              new: Rect(x: 250, y: 0, width: 200, height: 320), layout: rtl, rule: .flow))
        let context = BoundsChange.pinnedInvalidationContext(layout: rtl, oldBounds: Rect(x: 300, y: 0, width: 200, height: 320),
                                                             newBounds: Rect(x: 250, y: 0, width: 200, height: 320))
        #expect(context.invalidatedHeaderIndexPaths == [IndexPath(section: 0, item: 0)])
    }

    @Test func theAnchorOfAMirroredRowIsItsRightmostElement() {
        let rtl = PinningFixture.twoSections(pinning: .none).mirroredForRightToLeft()
        // Row at y 40: item 0 (now at x 165) leads.
        #expect(ContentOffsetAnchor.anchor(in: rtl, visible: Rect(x: 0, y: 40, width: 320, height: 100)) == 1)
    }

    @Test func mirroredOrthogonalRowsMoveRightWhenScrolled() {
        var layout = Layout(contentSize: Size(width: 300, height: 100),
                            attributes: [.cell(IndexPath(section: 0, item: 0), Rect(x: 10, y: 0, width: 200, height: 100)),
                                         .cell(IndexPath(section: 0, item: 1), Rect(x: 220, y: 0, width: 200, height: 100))],
                            sections: [SectionGeometry(minScroll: 0, maxScroll: 100, headerIndex: nil, footerIndex: nil, cells: 0..<2,
                                                       orthogonalContentSize: Size(width: 430, height: 100))])
        layout.mirrorForRightToLeft()
        #expect(layout.attributes.map(\.frame.minX) == [90, -120])
        #expect(layout.orthogonallyScrolled(1, offsets: [0: 130]).frame.minX == 10)
        let visible = layout.attributes(in: Rect(x: 0, y: 0, width: 300, height: 100), index: SpatialIndex(layout),
                                        orthogonalOffsets: [0: 130])
        #expect(visible.map(\.frame.minX) == [220, 10])
    }

    @Test func compositionalReadsTheRightInsetsAsLeadingInRightToLeft() throws {
        // Safe area 10 left, 30 right; sections inset from the safe area (R1).
        let item = CompositionalItem(layoutSize: CompositionalSize(width: .fractionalWidth(1), height: .fractionalHeight(1)))
        let group = CompositionalGroup(orientation: .horizontal,
                                       layoutSize: CompositionalSize(width: .fractionalWidth(0.5), height: .absolute(50)),
                                       subitems: [.item(item)])
        var config = CompositionalConfiguration(
            collectionView: CollectionViewMetrics(width: 400, height: 800, scale: 2,
                                                  safeAreaInsets: Insets(top: 0, left: 10, bottom: 0, right: 30)),
            sections: [CompositionalSection(group: group)], itemCounts: [2])
        let ltr = try config.directedLayout()
        // One half-width group per row, 0.5 × (400 − 10 − 30) wide, from the left safe area.
        #expect(ltr.attributes.map(\.frame) == [Rect(x: 10, y: 0, width: 180, height: 50), Rect(x: 10, y: 50, width: 180, height: 50)])
        config.collectionView.layoutDirection = .rightToLeft
        let rtl = try config.directedLayout()
        // The leading (right) edge is inset by the right safe area: the first cell ends at 400 − 30.
        #expect(rtl.attributes.map(\.frame) == [Rect(x: 190, y: 0, width: 180, height: 50), Rect(x: 190, y: 50, width: 180, height: 50)])
        #expect(rtl.isRightToLeft)
    }
}
