import LayoutEngine
import Testing

/// Independent review of the compositional solver against rules R1-R50 of
/// docs/uikit-rules/compositional-layout.md, on cases that are not among its 27 examples.
/// Every expected value was derived by hand from the rules (arithmetic in the comment) before
/// the solver was read. 390x844 @3x unless stated.
@Suite struct CompositionalReviewTests {
    static let row = Comp.list()

    static func supplementaries(_ layout: Layout) -> [Rect] {
        layout.attributes.filter { $0.category == .supplementaryView }.map(\.frame)
    }

    static func boundary(_ kind: String, _ alignment: BoundaryAlignment, _ w: CompositionalDimension, _ h: CompositionalDimension,
                         offset: Point = .zero, extends: Bool = true) -> BoundarySupplementaryItem {
        BoundarySupplementaryItem(elementKind: kind, alignment: alignment, layoutSize: CompositionalSize(width: w, height: h),
                                  absoluteOffset: offset, extendsBoundary: extends)
    }

    // MARK: R13 — overflow dropped, pattern repeats (S8)

    /// Subitems [item abs 300, group fw 1]: 390 − 300 = 90 left, the group needs 390 ⇒ dropped.
    /// The solution is the single item, repeated every 100 pt: (0, 100k, 300, 100); content 300.
    @Test func overflowingSecondSubitemIsDroppedAndTheFirstRepeats() throws {
        let inner = Comp.group(.vertical, .fractionalWidth(1), .fractionalHeight(1), [Comp.item(.fractionalWidth(1), .fractionalHeight(1))])
        let g = Comp.group(.horizontal, .fractionalWidth(1), .absolute(100), [Comp.item(.absolute(300), .fractionalHeight(1)), .group(inner)])
        let layout = try CompositionalLayout.layout(Comp.config([CompositionalSection(group: g)], [3]))
        #expect(Comp.same(Comp.cells(layout), [0, 100, 200].map { Comp.r(0, $0, 300, 100) }))
        #expect(layout.contentSize.height == 300)
    }

    /// Subitems [abs 100, abs 150] walked cyclically in 390: 100 (290 left), 150 (140), 100 (40),
    /// 150 (−110 ⇒ stop). Solution x 0, 100, 250 (widths 100, 150, 100); items 3, 4 repeat it at y 50.
    @Test func subitemsAreWalkedCyclicallyUntilFull() throws {
        let g = Comp.group(.horizontal, .fractionalWidth(1), .absolute(50), [Comp.item(.absolute(100), .fractionalHeight(1)), Comp.item(.absolute(150), .fractionalHeight(1))])
        let layout = try CompositionalLayout.layout(Comp.config([CompositionalSection(group: g)], [5]))
        #expect(Comp.same(Comp.cells(layout), [Comp.r(0, 0, 100, 50), Comp.r(100, 0, 150, 50), Comp.r(250, 0, 100, 50),
                                               Comp.r(0, 50, 100, 50), Comp.r(100, 50, 150, 50)]))
    }

    // MARK: R14 — the other dimension is fractionalWidth

    /// Item (abs 100, fractionalWidth 0.25), `.fixed(10)`: the width-bit is set by the HEIGHT, so
    /// spacing is skipped in pass 1 (100·3 = 300, a 4th: 390 − 400 < 0 ⇒ n = 3) and the re-solve
    /// uses 390 − 2·10 = 370 ⇒ height flpx(0.25·370) = floor(277.5)/3 = 92.333; x 0, 110, 220.
    @Test func heightFractionalWidthTriggersTheSpacingReSolve() throws {
        let g = Comp.group(.horizontal, .fractionalWidth(1), .absolute(200), [Comp.item(.absolute(100), .fractionalWidth(0.25))], spacing: .fixed(10))
        let layout = try CompositionalLayout.layout(Comp.config([CompositionalSection(group: g)], [3]))
        #expect(Comp.same(Comp.cells(layout), [0, 110, 220].map { Comp.r($0, 0, 100, 277.0 / 3) }))
    }

    // MARK: R16 — flexible edges on both axes

    /// Items abs 100x40 in (fw 1, abs 100), edges leading fixed 10, trailing flexible 0, top
    /// flexible 5, bottom fixed 20. Axis: 110 each ⇒ 3 fit (330; a 4th ⇒ −50); leftover 60 over 3
    /// flexible trailing edges = 20 ⇒ x = 10, 10+100+20+10 = 140, 270. Cross: share' = 100 − (40 +
    /// 5 + 20) = 35 ⇒ y = 5 + 35 = 40.
    @Test func mixedFixedAndFlexibleEdgesOnBothAxes() throws {
        let edges = EdgeSpacing(leading: .fixed(10), top: .flexible(5), trailing: .flexible(0), bottom: .fixed(20))
        let g = Comp.group(.horizontal, .fractionalWidth(1), .absolute(100), [Comp.item(.absolute(100), .absolute(40), edges: edges)])
        let layout = try CompositionalLayout.layout(Comp.config([CompositionalSection(group: g)], [3]))
        #expect(Comp.same(Comp.cells(layout), [10, 140, 270].map { Comp.r($0, 40, 100, 40) }))
    }

    /// Top and bottom `.flexible(0)` in a horizontal group 100 high: item 40 high centred at
    /// (100 − 40)/2 = 30; x 0, 100, 200.
    @Test func flexibleTopAndBottomCentreAcrossTheGroup() throws {
        let edges = EdgeSpacing(top: .flexible(0), bottom: .flexible(0))
        let g = Comp.group(.horizontal, .fractionalWidth(1), .absolute(100), [Comp.item(.absolute(100), .absolute(40), edges: edges)])
        let layout = try CompositionalLayout.layout(Comp.config([CompositionalSection(group: g)], [3]))
        #expect(Comp.same(Comp.cells(layout), [0, 100, 200].map { Comp.r($0, 30, 100, 40) }))
    }

    // MARK: vertical groups, R15 repeating, R23 partial groups

    /// Vertical (fw 1, abs 200), items (fw 1, abs 50), `.fixed(10)`, igs 5. The height is absolute
    /// ⇒ spacing counts in pass 1: 50, 110, 170, a 4th needs 230 ⇒ n = 3 at y 0, 60, 120. Item 3
    /// at 200 + 5. Partial (1 of 3): 200 − (170 − 50) = 80 ⇒ content 200 + 5 + 80 = 285.
    @Test func verticalGroupWithFixedInterItemSpacing() throws {
        let g = Comp.group(.vertical, .fractionalWidth(1), .absolute(200), [Comp.item(.fractionalWidth(1), .absolute(50))], spacing: .fixed(10))
        let layout = try CompositionalLayout.layout(Comp.config([CompositionalSection(group: g, interGroupSpacing: 5)], [4]))
        #expect(Comp.same(Comp.cells(layout), [0, 60, 120, 205].map { Comp.r(0, $0, 390, 50) }))
        #expect(layout.contentSize.height == 285)
    }

    /// Vertical (fw 1, abs 300), `repeatingSubitem` (fw 0.5, fh 0.25) × 3, `.fixed(10)`: fh is
    /// container-dependent along the axis ⇒ R14 re-solve against 300 − 2·10 = 280 ⇒ height 70,
    /// width flpx(0.5·390) = 195; y 0, 80, 160; item 3 at 300. Partial: 300 − (230 − 70) = 140 ⇒ 440.
    @Test func verticalRepeatingGroupWithSpacing() throws {
        let g = Comp.group(.vertical, .fractionalWidth(1), .absolute(300), [Comp.item(.fractionalWidth(0.5), .fractionalHeight(0.25))],
                           count: 3, kind: .repeating, spacing: .fixed(10))
        let layout = try CompositionalLayout.layout(Comp.config([CompositionalSection(group: g)], [4]))
        #expect(Comp.same(Comp.cells(layout), [0, 80, 160, 300].map { Comp.r(0, $0, 195, 70) }))
        #expect(layout.contentSize.height == 440)
    }

    /// Vertical root (fw 1, abs 200), contentInsets top 10 bottom 20, items abs 50: effective 170
    /// ⇒ 3 items at y 10, 60, 110 (a 4th: 170 − 200 < 0). 4 items: partial measured without the
    /// group insets: (200 − 10 − 20) − (160 − 60) = 70 ⇒ content 270; item 3 at 200 + 10.
    @Test func partialLastGroupWithGroupInsets() throws {
        let g = Comp.group(.vertical, .fractionalWidth(1), .absolute(200), [Comp.item(.fractionalWidth(1), .absolute(50))],
                           insets: DirectionalInsets(top: 10, bottom: 20))
        let layout = try CompositionalLayout.layout(Comp.config([CompositionalSection(group: g)], [4]))
        #expect(Comp.same(Comp.cells(layout), [10, 60, 110, 210].map { Comp.r(0, $0, 390, 50) }))
        #expect(layout.contentSize.height == 270)
    }

    /// Root horizontal (fw 1, abs 200) of vertical columns (fw 0.5, fh 1) holding items (fw 1,
    /// fh 0.5): solution (0,0) (0,100) (195,0) (195,100), 195x100. 5 items: partial 200 − (200 −
    /// 100) = 100 ⇒ 300; 6 items: first 2 reach 200 ⇒ 400; 7 ⇒ 400.
    @Test func partialLastGroupWithNestedColumns() throws {
        let column = Comp.group(.vertical, .fractionalWidth(0.5), .fractionalHeight(1), [Comp.item(.fractionalWidth(1), .fractionalHeight(0.5))])
        let g = Comp.group(.horizontal, .fractionalWidth(1), .absolute(200), [.group(column)])
        func height(_ n: Int) throws -> Double {
            try CompositionalLayout.layout(Comp.config([CompositionalSection(group: g)], [n])).contentSize.height
        }
        let five = try CompositionalLayout.layout(Comp.config([CompositionalSection(group: g)], [5]))
        #expect(Comp.same(Comp.cells(five), [Comp.r(0, 0, 195, 100), Comp.r(0, 100, 195, 100), Comp.r(195, 0, 195, 100),
                                             Comp.r(195, 100, 195, 100), Comp.r(0, 200, 195, 100)]))
        #expect(try [height(5), height(6), height(7), height(8)] == [300, 400, 400, 400])
    }

    /// R23 exception: a (fw 1, fh 1) root group is never trimmed. Vertical, items abs 100 in 844:
    /// 8 fit; 3 items ⇒ content 844 (not 300). The same group at fh 0.5 (422, 4 fit) is trimmed:
    /// 422 − (400 − 300) = 322.
    @Test func containerSizedRootGroupIsNotTrimmed() throws {
        let item = Comp.item(.fractionalWidth(1), .absolute(100))
        let full = Comp.group(.vertical, .fractionalWidth(1), .fractionalHeight(1), [item])
        let half = Comp.group(.vertical, .fractionalWidth(1), .fractionalHeight(0.5), [item])
        #expect(try CompositionalLayout.layout(Comp.config([CompositionalSection(group: full)], [3])).contentSize.height == 844)
        #expect(try CompositionalLayout.layout(Comp.config([CompositionalSection(group: half)], [3])).contentSize.height == 322)
    }

    // MARK: R27-R29 boundary items

    /// `.topLeading` header 100x30 with absoluteOffset (5, 0) extends: (5, 0, 100, 30); rows at y 30,
    /// 74; `.bottomTrailing` footer 100x20 at x 390 − 100 = 290, y 30 + 88 = 118; content 138.
    @Test func cornerAlignedBoundaryItemsExtendTheSection() throws {
        var s = Self.row
        s.boundarySupplementaryItems = [Self.boundary("h", .topLeading, .absolute(100), .absolute(30), offset: Point(x: 5, y: 0)),
                                        Self.boundary("f", .bottomTrailing, .absolute(100), .absolute(20))]
        let layout = try CompositionalLayout.layout(Comp.config([s], [2]))
        #expect(Self.supplementaries(layout) == [Comp.r(5, 0, 100, 30), Comp.r(290, 118, 100, 20)])
        #expect(Comp.cells(layout) == [Comp.r(0, 30, 390, 44), Comp.r(0, 74, 390, 44)])
        #expect(layout.contentSize.height == 138)
    }

    /// `.bottom` non-extending footer 390x30 anchors inside the host (0,0,390,88): y 88 − 30 = 58;
    /// cells and content unchanged (88).
    @Test func nonExtendingFooterOverlapsTheLastRow() throws {
        var s = Self.row
        s.boundarySupplementaryItems = [Self.boundary("f", .bottom, .fractionalWidth(1), .absolute(30), extends: false)]
        let layout = try CompositionalLayout.layout(Comp.config([s], [2]))
        #expect(Self.supplementaries(layout) == [Comp.r(0, 58, 390, 30)])
        #expect(layout.contentSize.height == 88)
    }

    /// R28: section insets leading 20, trailing 30; `.top` header fw 0.5 × 30. Following the insets:
    /// width 0.5·340 = 170, centred in x 20…360 ⇒ x = 20 + 170 − 85 = 105. Not following: width
    /// flpx(195) = 195, centred in 390 ⇒ 97.5 ⇒ @3x round(292.5)/3 = 97.667. Cells (20, 30, 340, 44).
    @Test func fractionalHeaderFollowsOrIgnoresSectionInsets() throws {
        var s = Self.row
        s.contentInsets = DirectionalInsets(leading: 20, trailing: 30)
        s.boundarySupplementaryItems = [Self.boundary("h", .top, .fractionalWidth(0.5), .absolute(30))]
        let follow = try CompositionalLayout.layout(Comp.config([s], [1]))
        #expect(Self.supplementaries(follow) == [Comp.r(105, 0, 170, 30)])
        #expect(Comp.cells(follow) == [Comp.r(20, 30, 340, 44)])
        s.supplementariesFollowContentInsets = false
        let free = try CompositionalLayout.layout(Comp.config([s], [1]))
        #expect(Comp.same(Self.supplementaries(free), [Comp.r(293.0 / 3, 0, 195, 30)]))
    }

    // MARK: R33/R34 item supplementaries

    /// 390 @2x, items fw 0.25 ⇒ 97.5 wide, 100 high. Badge 20x20 on [.bottom] with absolute offset
    /// (0, 5): P = (x + 48.75, 100) ⇒ origin (x + 38.75, 85); item 0: 38.75 ⇒ round(77.5)/2 = 39;
    /// item 1: 136.25 ⇒ round(272.5)/2 = 136.5. Badge on [.leading]: P = (x, 50) ⇒ (x, 40).
    @Test func badgeAnchorsWithAbsoluteOffsetAndSingleEdges() throws {
        let bottom = CompositionalSupplementaryItem(elementKind: "b", layoutSize: CompositionalSize(width: .absolute(20), height: .absolute(20)),
                                                    containerAnchor: CompositionalAnchor(edges: [.bottom], offset: Point(x: 0, y: 5)))
        let leading = CompositionalSupplementaryItem(elementKind: "l", layoutSize: CompositionalSize(width: .absolute(20), height: .absolute(20)),
                                                     containerAnchor: CompositionalAnchor(edges: [.leading]))
        let g = Comp.group(.horizontal, .fractionalWidth(1), .absolute(100), [Comp.item(.fractionalWidth(0.25), .fractionalHeight(1), badges: [bottom, leading])])
        let layout = try CompositionalLayout.layout(Comp.config([CompositionalSection(group: g)], [2], scale: 2))
        #expect(Set(Self.supplementaries(layout)) == [Comp.r(39, 85, 20, 20), Comp.r(0, 40, 20, 20), Comp.r(136.5, 85, 20, 20), Comp.r(97.5, 40, 20, 20)])
    }

    /// R34: item abs 100x80 with insets 10 ⇒ cell (10, 10, 80, 60); badge (fw 0.5, fh 0.5) resolves
    /// against the cell ⇒ 40x30; [.top, .trailing] ⇒ P = (90, 10) ⇒ (50, 10, 40, 30).
    @Test func fractionalBadgeSizeResolvesAgainstTheCell() throws {
        let badge = CompositionalSupplementaryItem(elementKind: "b", layoutSize: CompositionalSize(width: .fractionalWidth(0.5), height: .fractionalHeight(0.5)),
                                                   containerAnchor: CompositionalAnchor(edges: [.top, .trailing]))
        let g = Comp.group(.horizontal, .fractionalWidth(1), .absolute(80),
                           [Comp.item(.absolute(100), .absolute(80), insets: DirectionalInsets(top: 10, leading: 10, bottom: 10, trailing: 10), badges: [badge])])
        let layout = try CompositionalLayout.layout(Comp.config([CompositionalSection(group: g)], [1]))
        #expect(Comp.cells(layout) == [Comp.r(10, 10, 80, 60)])
        #expect(Self.supplementaries(layout) == [Comp.r(50, 10, 40, 30)])
    }

    // MARK: R32/R35 backgrounds

    /// Insets 10 all round, header abs 30 (fw 1), footer abs 20, two rows, background inset 5.
    /// Section = 30 + 10 + 88 + 10 + 20 = 158; header (10, 0, 370, 30); rows (10, 40), (10, 84);
    /// footer (10, 138, 370, 20); background (0, 0, 390, 158) inset 5 = (5, 5, 380, 148). Cells
    /// promoted to zIndex 1 here, not in the second section (no background): 0.
    @Test func backgroundCoversHeaderFooterAndInsets() throws {
        var s = Self.row
        s.contentInsets = DirectionalInsets(top: 10, leading: 10, bottom: 10, trailing: 10)
        s.boundarySupplementaryItems = [Self.boundary("h", .top, .fractionalWidth(1), .absolute(30)),
                                        Self.boundary("f", .bottom, .fractionalWidth(1), .absolute(20))]
        s.decorationItems = [DecorationItem(elementKind: "bg", contentInsets: DirectionalInsets(top: 5, leading: 5, bottom: 5, trailing: 5))]
        let layout = try CompositionalLayout.layout(Comp.config([s, Self.row], [2, 1]))
        #expect(layout.attributes.filter { $0.category == .decorationView }.map(\.frame) == [Comp.r(5, 5, 380, 148)])
        #expect(Self.supplementaries(layout) == [Comp.r(10, 0, 370, 30), Comp.r(10, 138, 370, 20)])
        #expect(Comp.cells(layout) == [Comp.r(10, 40, 370, 44), Comp.r(10, 84, 370, 44), Comp.r(0, 158, 390, 44)])
        #expect(layout.attributes.filter { $0.category == .cell }.map(\.zIndex) == [1, 1, 0])
    }

    // MARK: R37/R38 orthogonal

    /// Orthogonal, insets (5, 10, 15, 20), igs 8, groups (fw 0.4, abs 100), `.top` header fw 1 × 30.
    /// Group width flpx(0.4·390) = 156 (section leading/trailing not subtracted); x = 10 + 164k =
    /// 10, 174, 338; y = 30 + 5 = 35. Header width 390 − 30 = 360 at x 10. Section 30 + 5 + 100 +
    /// 15 = 150. Orthogonal content width 10 + 3·156 + 2·8 + 20 = 514.
    @Test func orthogonalFractionalGroupsWithHeader() throws {
        let g = Comp.group(.horizontal, .fractionalWidth(0.4), .absolute(100), [Comp.item(.fractionalWidth(1), .fractionalHeight(1))])
        var s = CompositionalSection(group: g, contentInsets: DirectionalInsets(top: 5, leading: 10, bottom: 15, trailing: 20),
                                     interGroupSpacing: 8, orthogonalScrollingBehavior: .continuous)
        s.boundarySupplementaryItems = [Self.boundary("h", .top, .fractionalWidth(1), .absolute(30))]
        let layout = try CompositionalLayout.layout(Comp.config([s], [3]))
        #expect(Comp.same(Comp.cells(layout), [10, 174, 338].map { Comp.r($0, 35, 156, 100) }))
        #expect(Self.supplementaries(layout) == [Comp.r(10, 0, 360, 30)])
        #expect(layout.contentSize == Size(width: 390, height: 150))
        #expect(layout.sections[0].orthogonalContentSize?.width == 514)
    }

    // MARK: R40/R41 global elements

    /// Sections [1, 0, 1] rows, interSectionSpacing 10, global `.bottom` footer abs 40: rows at y 0
    /// and 54 (one gap: the empty section adds none); footer (0, 98, 390, 40), index path [0];
    /// content 138.
    @Test func globalFooterFollowsTheLastSection() throws {
        var c = Comp.config([Self.row], [1, 0, 1])
        c.interSectionSpacing = 10
        c.boundarySupplementaryItems = [Self.boundary("layout-footer", .bottom, .fractionalWidth(1), .absolute(40))]
        let layout = try CompositionalLayout.layout(c)
        #expect(Comp.cells(layout).map(\.minY) == [0, 54])
        let footer = try #require(layout.attributes.first { $0.isGlobal })
        #expect(footer.frame == Comp.r(0, 98, 390, 40))
        #expect(footer.indexPath == IndexPath(section: 0, item: 0))
        #expect(layout.contentSize.height == 138)
    }

    // MARK: horizontal scrolling

    /// Horizontal scrolling, 375x600 @2x: vertical groups (abs 100, fh 1) of items (fw 1, fh 0.5)
    /// ⇒ 100x300; `.leading` header (abs 50, fh 1) extends on the scroll axis: (0, 0, 50, 600);
    /// items at x 50 (y 0, 300) and 150; the partial column is not trimmed (both share maxX) ⇒
    /// content (250, 600).
    @Test func horizontalScrollingWithLeadingHeader() throws {
        let g = Comp.group(.vertical, .absolute(100), .fractionalHeight(1), [Comp.item(.fractionalWidth(1), .fractionalHeight(0.5))])
        var s = CompositionalSection(group: g)
        s.boundarySupplementaryItems = [Self.boundary("h", .leading, .absolute(50), .fractionalHeight(1))]
        var c = Comp.config([s], [3], width: 375, height: 600, scale: 2)
        c.scrollDirection = .horizontal
        let layout = try CompositionalLayout.layout(c)
        #expect(Self.supplementaries(layout) == [Comp.r(0, 0, 50, 600)])
        #expect(Comp.cells(layout) == [Comp.r(50, 0, 100, 300), Comp.r(50, 300, 100, 300), Comp.r(150, 0, 100, 300)])
        #expect(layout.contentSize == Size(width: 250, height: 600))
    }

    // MARK: R44/R45 pixels

    /// 375 @3x, columns (fw 0.3, fh 1) of items (fw 1, fh 0.5), height 100. Legacy: 112.5 wide ⇒
    /// x 0, round(337.5)/3 = 112.667, 225; width 112.667. Modern: flpx(112.5) = 112.333 ⇒ x 0,
    /// 112.333, 224.667. Items at y 0 and 50.
    @Test func legacyRoundingOfANestedGroup() throws {
        let column = Comp.group(.vertical, .fractionalWidth(0.3), .fractionalHeight(1), [Comp.item(.fractionalWidth(1), .fractionalHeight(0.5))])
        let g = Comp.group(.horizontal, .fractionalWidth(1), .absolute(100), [.group(column)])
        var c = Comp.config([CompositionalSection(group: g)], [6], width: 375, height: 812)
        let modern = try CompositionalLayout.layout(c)
        let mx: [Double] = [0, 337.0 / 3, 674.0 / 3]
        #expect(Comp.same(Comp.cells(modern), mx.flatMap { x in [Comp.r(x, 0, 337.0 / 3, 50), Comp.r(x, 50, 337.0 / 3, 50)] }))
        c.generation = .legacy
        let legacy = try CompositionalLayout.layout(c)
        let lx: [Double] = [0, 338.0 / 3, 225]
        #expect(Comp.same(Comp.cells(legacy), lx.flatMap { x in [Comp.r(x, 0, 338.0 / 3, 50), Comp.r(x, 50, 338.0 / 3, 50)] }))
    }

    /// R45: abs 100.3 items at @2x, positions unrounded: x 0, 100.3, 200.6 ⇒ round(200.6)/2 = 100.5,
    /// round(401.2)/2 = 200.5; width round(200.6)/2 = 100.5 ⇒ item 1 ends at 201, overlapping
    /// item 2 by half a point.
    @Test func independentRoundingLeavesPixelOverlaps() throws {
        let g = Comp.group(.horizontal, .fractionalWidth(1), .absolute(50), [Comp.item(.absolute(100.3), .fractionalHeight(1))])
        let layout = try CompositionalLayout.layout(Comp.config([CompositionalSection(group: g)], [3], scale: 2))
        #expect(Comp.cells(layout) == [Comp.r(0, 0, 100.5, 50), Comp.r(100.5, 0, 100.5, 50), Comp.r(200.5, 0, 100.5, 50)])
    }

    // MARK: 422s

    /// R7: insets print like UIEdgeInsets ("%g"): 33 wide, section insets 16.5 + 16.5 ⇒ 0 left.
    @Test func noRoomMessageFormatsFractionalInsets() throws {
        var s = Self.row
        s.contentInsets = DirectionalInsets(leading: 16.5, trailing: 16.5)
        let e = try #require(Comp.error(Comp.config([s], [1], width: 33, height: 653)))
        #expect(e.path == [InputPathStep].parse("/layout/sections/0/contentInsets"))
        #expect(e.message.hasPrefix("There is no room for this NSCollectionLayoutGroup to fit into its parent group or section, or it has no room for any subitems itself. Inspect the parent and ensure the contentInsets ({0, 16.5, 0, 16.5}) do not result in a negative effectiveContentSize when applied to size: {33, 653}."))
    }

    // MARK: second batch: edge spacing of groups, estimates, anchors

    /// R11 (last bullet): root group (abs 200, abs 50) with leading/trailing `.flexible(0)` and
    /// top `.fixed(10)`: centred across 390 ⇒ x = (390 − 200)/2 = 95; the top spacing enlarges each
    /// repetition to 60 ⇒ cells y 10 and 70; content 120.
    @Test func rootGroupEdgeSpacingPositionsAndExtends() throws {
        var g = Comp.group(.horizontal, .absolute(200), .absolute(50), [Comp.item(.fractionalWidth(1), .fractionalHeight(1))])
        g.edgeSpacing = EdgeSpacing(leading: .flexible(0), top: .fixed(10), trailing: .flexible(0))
        let layout = try CompositionalLayout.layout(Comp.config([CompositionalSection(group: g)], [2]))
        #expect(Comp.cells(layout) == [Comp.r(95, 10, 200, 50), Comp.r(95, 70, 200, 50)])
        #expect(layout.contentSize.height == 120)
    }

    /// R11: a horizontal subgroup's `.flexible(5)` leading edge lies on its own primary axis ⇒ only
    /// the required 5 applies: 105 per subgroup, 3 fit (315; a 4th 420 > 390) ⇒ x 5, 110, 215.
    @Test func flexibleEdgeOnAGroupsPrimaryAxisIsRequiredOnly() throws {
        var sub = Comp.group(.horizontal, .absolute(100), .absolute(50), [Comp.item(.fractionalWidth(1), .fractionalHeight(1))])
        sub.edgeSpacing = EdgeSpacing(leading: .flexible(5))
        let g = Comp.group(.horizontal, .fractionalWidth(1), .absolute(50), [.group(sub)])
        let layout = try CompositionalLayout.layout(Comp.config([CompositionalSection(group: g)], [3]))
        #expect(Comp.cells(layout).map(\.minX) == [5, 110, 215])
    }

    /// R5: group (fw 1, est 100) of items (fw 0.5, est 44): before self-sizing the group takes the
    /// largest child estimate, 44 ⇒ rows at y 0 and 44, items 195 wide; content 88.
    @Test func estimatedGroupTakesItsChildrensEstimate() throws {
        let g = Comp.group(.horizontal, .fractionalWidth(1), .estimated(100), [Comp.item(.fractionalWidth(0.5), .estimated(44))])
        let layout = try CompositionalLayout.layout(Comp.config([CompositionalSection(group: g)], [4]))
        #expect(Comp.cells(layout) == [Comp.r(0, 0, 195, 44), Comp.r(195, 0, 195, 44), Comp.r(0, 44, 195, 44), Comp.r(195, 44, 195, 44)])
        #expect(layout.contentSize.height == 88)
    }

    /// R33 item anchor: container [.top, .trailing], item anchor [.bottom, .leading] ⇒ P = cell's
    /// top-right (100, 30); origin = P − (0·20, 1·20) = (100, 10): the badge sits outside.
    @Test func itemAnchorPutsTheBadgeOutsideTheCorner() throws {
        let badge = CompositionalSupplementaryItem(elementKind: "b", layoutSize: CompositionalSize(width: .absolute(20), height: .absolute(20)),
                                                   containerAnchor: CompositionalAnchor(edges: [.top, .trailing]),
                                                   itemAnchor: CompositionalAnchor(edges: [.bottom, .leading]))
        let g = Comp.group(.horizontal, .fractionalWidth(1), .absolute(100), [Comp.item(.absolute(100), .absolute(100), badges: [badge])])
        let layout = try CompositionalLayout.layout(Comp.config([CompositionalSection(group: g, contentInsets: DirectionalInsets(top: 30))], [1]))
        #expect(Self.supplementaries(layout) == [Comp.r(100, 10, 20, 20)])
    }

    /// R30: header fw 1 × 30 with contentInsets (5, 10, 5, 10): footprint (0, 0, 390, 30), frame
    /// (10, 5, 370, 20); the row still starts at 30.
    @Test func boundaryItemInsetsShrinkItsFrameOnly() throws {
        var s = Self.row
        var h = Self.boundary("h", .top, .fractionalWidth(1), .absolute(30))
        h.contentInsets = DirectionalInsets(top: 5, leading: 10, bottom: 5, trailing: 10)
        s.boundarySupplementaryItems = [h]
        let layout = try CompositionalLayout.layout(Comp.config([s], [1]))
        #expect(Self.supplementaries(layout) == [Comp.r(10, 5, 370, 20)])
        #expect(Comp.cells(layout) == [Comp.r(0, 30, 390, 44)])
    }

    /// R23 along the orthogonal axis: groups abs 200 × 100 of abs-100 items (2 per group), 3 items:
    /// 200 + (200 − (200 − 100)) = 300 wide; cells x 0, 100, 200.
    @Test func orthogonalPartialLastGroupIsTrimmed() throws {
        let g = Comp.group(.horizontal, .absolute(200), .absolute(100), [Comp.item(.absolute(100), .fractionalHeight(1))])
        let s = CompositionalSection(group: g, orthogonalScrollingBehavior: .paging)
        let layout = try CompositionalLayout.layout(Comp.config([s], [3]))
        #expect(Comp.cells(layout).map(\.minX) == [0, 100, 200])
        #expect(layout.sections[0].orthogonalContentSize?.width == 300)
        #expect(layout.contentSize.height == 100)
    }

    // MARK: bounded work

    /// Data sections repeating a layout section with boundary items are counted before any is
    /// measured: 3 boundary items × 10 empty data sections with a cap of 20 stops at the 7th
    /// section (21 > 20); with cap 30 all 30 elements are laid out.
    @Test func boundaryItemsOfRepeatedSectionsAreCountedFirst() throws {
        var s = Self.row
        s.boundarySupplementaryItems = ["a", "b", "c"].map { Self.boundary($0, .top, .fractionalWidth(1), .absolute(10), extends: false) }
        var c = Comp.config([s], Array(repeating: 0, count: 10))
        c.elementLimit = 20
        let e = try #require(Comp.error(c))
        #expect(e.code == "TOO_MANY_ELEMENTS")
        #expect(e.message.hasPrefix("The layout would have at least 21 elements (cells, item supplementaries, boundary items and decorations), over this server's cap of 20 elements"))
        c.elementLimit = 30
        #expect(try CompositionalLayout.layout(c).attributes.count == 30)
    }

    // MARK: R13/R14 walk details

    /// R13 tolerance: 4 × abs 97.55 = 390.2 in 390 leaves −0.2 ≥ −0.25 ⇒ all 4 on one row; x =
    /// 0, 97.55, 195.1, 292.65 ⇒ @3x round(292.65)/3 = 97.667, round(585.3)/3 = 195, round(877.95)/3 = 292.667;
    /// width round(292.65)/3 = 97.667. Item 4 starts row 2.
    @Test func overflowWithinAQuarterPointStillFits() throws {
        let g = Comp.group(.horizontal, .fractionalWidth(1), .absolute(50), [Comp.item(.absolute(97.55), .fractionalHeight(1))])
        let layout = try CompositionalLayout.layout(Comp.config([CompositionalSection(group: g)], [5]))
        #expect(Comp.same(Comp.cells(layout), [Comp.r(0, 0, 293.0 / 3, 50), Comp.r(293.0 / 3, 0, 293.0 / 3, 50), Comp.r(195, 0, 293.0 / 3, 50),
                                               Comp.r(878.0 / 3, 0, 293.0 / 3, 50), Comp.r(0, 50, 293.0 / 3, 50)]))
    }

    /// R14 (c): one accepted item (fw 0.9 = 351; a second needs 702) ⇒ no re-solve: 351 wide.
    /// Mixed [fw 0.5, abs 100] with `.fixed(10)`: pass 1 195, then 195 − 10 − 100 = 85, the next
    /// fw 0.5 fails ⇒ n = 2; pass 2 against 390 − 10 = 380 ⇒ 190 at x 0 and the 100 at 200.
    @Test func spacingReSolveNeedsTwoItemsAndMixesWithAbsoluteOnes() throws {
        let one = Comp.group(.horizontal, .fractionalWidth(1), .absolute(50), [Comp.item(.fractionalWidth(0.9), .fractionalHeight(1))], spacing: .fixed(10))
        #expect(Comp.cells(try CompositionalLayout.layout(Comp.config([CompositionalSection(group: one)], [1]))) == [Comp.r(0, 0, 351, 50)])
        let mixed = Comp.group(.horizontal, .fractionalWidth(1), .absolute(50),
                               [Comp.item(.fractionalWidth(0.5), .fractionalHeight(1)), Comp.item(.absolute(100), .fractionalHeight(1))], spacing: .fixed(10))
        let layout = try CompositionalLayout.layout(Comp.config([CompositionalSection(group: mixed)], [3]))
        #expect(Comp.cells(layout) == [Comp.r(0, 0, 190, 50), Comp.r(200, 0, 100, 50), Comp.r(0, 50, 190, 50)])
    }
}
