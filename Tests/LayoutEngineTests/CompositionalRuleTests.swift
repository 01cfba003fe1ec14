import LayoutEngine
import Testing

/// Rules of docs/uikit-rules/compositional-layout.md on cases that are not among its examples;
/// every expected value is derived by hand in the comment above it.
@Suite struct CompositionalRuleTests {
    /// Apple's Grid, transposed: horizontal scrolling, vertical groups (fh 0.2 wide, full height)
    /// of items (fw 1, fh 0.2) in 375x600 @2x. Group width = flpx(0.2·600) = 120; item 120x120;
    /// 5 per column: items 0-4 at x 0, items 5-6 at x 120. Content (240, 600): a vertical group's
    /// items share maxX, so the partial column is not trimmed.
    @Test func horizontalScrollingSwapsTheAxes() throws {
        let g = Comp.group(.vertical, .fractionalHeight(0.2), .fractionalHeight(1), [Comp.item(.fractionalWidth(1), .fractionalHeight(0.2))])
        var c = Comp.config([CompositionalSection(group: g)], [7], width: 375, height: 600, scale: 2)
        c.scrollDirection = .horizontal
        let layout = try CompositionalLayout.layout(c)
        let expected = (0..<5).map { Comp.r(0, 120 * Double($0), 120, 120) } + [Comp.r(120, 0, 120, 120), Comp.r(120, 120, 120, 120)]
        #expect(Comp.same(Comp.cells(layout), expected))
        #expect(layout.contentSize == Size(width: 240, height: 600))
        #expect(layout.scrollDirection == .horizontal)
    }

    /// Vertical group 320 high, items 50x50, `.flexible(0)`: 6 fit (6·50 = 300 ≤ 320, a 7th
    /// would need 350); leftover 20 over 5 flexible gaps = 4 ⇒ y = 0, 54, 108, 162, 216, 270.
    /// With 3 items the last group is trimmed (R23): 320 − (320 − (108 + 50)) = 158.
    @Test func verticalGroupSharesLeftoverAmongFlexibleGaps() throws {
        let g = Comp.group(.vertical, .fractionalWidth(1), .absolute(320), [Comp.item(.absolute(50), .absolute(50))], spacing: .flexible(0))
        let full = try CompositionalLayout.layout(Comp.config([CompositionalSection(group: g)], [6], scale: 2))
        #expect(Comp.same(Comp.cells(full), [0, 54, 108, 162, 216, 270].map { Comp.r(0, $0, 50, 50) }))
        #expect(full.contentSize.height == 320)
        let partial = try CompositionalLayout.layout(Comp.config([CompositionalSection(group: g)], [3], scale: 2))
        #expect(partial.contentSize.height == 158)
    }

    /// Root (fw 1, abs 100) repeats vertical subgroups (fw 0.5, fh 1) of `subitem:count:2` items
    /// with `.fixed(10)`: subgroups 195 wide; R14 re-solves the items against 100 − 10 = 90 ⇒
    /// heights flpx(0.5·90) = 45 at y 0 and 55. Items 4, 5 repeat at y + 100 (no inter-group
    /// spacing); the partial last group (2 of 4, both in the first column) keeps 100 ⇒ 200.
    @Test func nestedCountGroupsResolveSpacingPerLevel() throws {
        let column = Comp.group(.vertical, .fractionalWidth(0.5), .fractionalHeight(1), [Comp.item(.fractionalWidth(1), .absolute(10))],
                                count: 2, spacing: .fixed(10))
        let root = Comp.group(.horizontal, .fractionalWidth(1), .absolute(100), [.group(column)])
        let layout = try CompositionalLayout.layout(Comp.config([CompositionalSection(group: root)], [6]))
        let expected = [Comp.r(0, 0, 195, 45), Comp.r(0, 55, 195, 45), Comp.r(195, 0, 195, 45), Comp.r(195, 55, 195, 45),
                        Comp.r(0, 100, 195, 45), Comp.r(0, 155, 195, 45)]
        #expect(Comp.same(Comp.cells(layout), expected))
        #expect(layout.contentSize.height == 200)
    }

    /// Three fw 0.3 items in 375 @3x: 0.3·375 = 112.5. Modern: flpx = floor(337.5)/3 = 112.333,
    /// x = 0, 112.333, 224.667. Legacy: 112.5 wide, rounded round(337.5)/3 = 112.667; x 0,
    /// round(337.5)/3 = 112.667, 225.
    @Test func legacyGenerationRoundsWithoutFlooring() throws {
        let g = Comp.group(.horizontal, .fractionalWidth(1), .absolute(50), [Comp.item(.fractionalWidth(0.3), .fractionalHeight(1))])
        var c = Comp.config([CompositionalSection(group: g)], [3], width: 375, height: 812)
        let modern = try CompositionalLayout.layout(c)
        #expect(Comp.same(Comp.cells(modern), [0, 337.0 / 3, 674.0 / 3].map { Comp.r($0, 0, 337.0 / 3, 50) }))
        c.generation = .legacy
        let legacy = try CompositionalLayout.layout(c)
        #expect(Comp.same(Comp.cells(legacy), [Comp.r(0, 0, 338.0 / 3, 50), Comp.r(338.0 / 3, 0, 338.0 / 3, 50), Comp.r(225, 0, 338.0 / 3, 50)]))
    }

    /// Orthogonal section, insets (10, 20, 30, 40), igs 5, groups (abs 100, fh 0.5) in 390x844
    /// @2x: R37 subtracts top/bottom ⇒ height flpx(0.5·(844 − 40)) = 402; x = 20 + 105k; y = 10.
    /// Section 10 + 402 + 30 = 442. orthogonalContentSize = 20 + (3·100 + 2·5) + 40 = 370 wide.
    @Test func orthogonalSectionWithInsetsOnAllSides() throws {
        let g = Comp.group(.horizontal, .absolute(100), .fractionalHeight(0.5), [Comp.item(.fractionalWidth(1), .fractionalHeight(1))])
        let s = CompositionalSection(group: g, contentInsets: DirectionalInsets(top: 10, leading: 20, bottom: 30, trailing: 40),
                                     interGroupSpacing: 5, orthogonalScrollingBehavior: .continuous)
        let layout = try CompositionalLayout.layout(Comp.config([s], [3], scale: 2))
        #expect(Comp.same(Comp.cells(layout), [20, 125, 230].map { Comp.r($0, 10, 100, 402) }))
        #expect(layout.contentSize == Size(width: 390, height: 442))
        #expect(layout.sections[0].orthogonalContentSize == Size(width: 370, height: 442))
    }

    /// A footer and no header, insets top/bottom 5: host = 5 + 2·44 + 5 = 98; the footer sits
    /// below it at y 98 (R29), the section is 128 high; cells at y 5 and 49.
    @Test func footerOnlySectionExtendsBelowTheBottomInset() throws {
        var s = Comp.list()
        s.contentInsets = DirectionalInsets(top: 5, bottom: 5)
        s.boundarySupplementaryItems = [BoundarySupplementaryItem(elementKind: "footer", alignment: .bottom,
                                                                  layoutSize: CompositionalSize(width: .fractionalWidth(1), height: .absolute(30)))]
        let layout = try CompositionalLayout.layout(Comp.config([s], [2]))
        #expect(Comp.same(Comp.cells(layout), [Comp.r(0, 5, 390, 44), Comp.r(0, 49, 390, 44)]))
        let footer = try #require(layout.sections[0].footerIndex.map { layout.attributes[$0] })
        #expect(footer.frame == Comp.r(0, 98, 390, 30))
        #expect(layout.name(of: try #require(footer.kind)) == "footer")
        #expect(layout.contentSize.height == 128)
    }

    /// `extendsBoundary: false`: the items anchor inside the host and do not move the content
    /// (R29): a `.top` 390x30 header at (0, 0) over cell 0; a `.topTrailing` 100x20 at (290, 0).
    /// Cells stay at y 0 and 44; content 88.
    @Test func nonExtendingBoundaryItemsOverlapTheContent() throws {
        var s = Comp.list()
        s.boundarySupplementaryItems = [
            BoundarySupplementaryItem(elementKind: "banner", alignment: .top, layoutSize: CompositionalSize(width: .fractionalWidth(1), height: .absolute(30)), extendsBoundary: false),
            BoundarySupplementaryItem(elementKind: "tag", alignment: .topTrailing, layoutSize: CompositionalSize(width: .absolute(100), height: .absolute(20)), extendsBoundary: false),
        ]
        let layout = try CompositionalLayout.layout(Comp.config([s], [2]))
        let supplementaries = layout.attributes.filter { $0.category == .supplementaryView }.map(\.frame)
        #expect(supplementaries == [Comp.r(0, 0, 390, 30), Comp.r(290, 0, 100, 20)])
        #expect(Comp.same(Comp.cells(layout), [Comp.r(0, 0, 390, 44), Comp.r(0, 44, 390, 44)]))
        #expect(layout.contentSize.height == 88)
        #expect(layout.sections[0].headerIndex == nil)
    }

    /// Two backgrounds on a section with insets 10 and two 44-pt rows: section = 10 + 88 + 10 =
    /// 108 ⇒ (0, 0, 390, 108) and, inset 10, (10, 10, 370, 88). Decorations come first with
    /// their zIndex (0, −1); cells are promoted to zIndex 1 (R32).
    @Test func multipleDecorationsEachCoverTheSection() throws {
        var s = Comp.list()
        s.contentInsets = DirectionalInsets(top: 10, leading: 10, bottom: 10, trailing: 10)
        s.decorationItems = [DecorationItem(elementKind: "background"),
                             DecorationItem(elementKind: "frame", contentInsets: DirectionalInsets(top: 10, leading: 10, bottom: 10, trailing: 10), zIndex: -1)]
        let layout = try CompositionalLayout.layout(Comp.config([s], [2]))
        #expect(layout.attributes.prefix(2).map(\.frame) == [Comp.r(0, 0, 390, 108), Comp.r(10, 10, 370, 88)])
        #expect(layout.attributes.prefix(2).map(\.category) == [.decorationView, .decorationView])
        #expect(layout.attributes.prefix(2).map { layout.name(of: $0.kind ?? .header) } == ["background", "frame"])
        #expect(layout.attributes.prefix(2).map(\.zIndex) == [0, -1])
        #expect(layout.attributes.filter { $0.category == .cell }.map(\.zIndex) == [1, 1])
    }

    /// Sections of 2, 0 and 2 rows with interSectionSpacing 20 (R40): section 0 spans 0-88, the
    /// empty section 1 sits at 88 with no extent and no spacing, section 2 starts 20 after the
    /// last section with items: 108. Content 196.
    @Test func interSectionSpacingSkipsEmptySections() throws {
        var c = Comp.config([Comp.list()], [2, 0, 2])
        c.interSectionSpacing = 20
        let layout = try CompositionalLayout.layout(c)
        #expect(Comp.cells(layout).map(\.minY) == [0, 44, 108, 152])
        #expect(layout.sections.map(\.minScroll) == [0, 88, 108])
        #expect(layout.contentSize.height == 196)
    }

    /// `repeatingSubitem:count:3` of 100x50 with `.fixed(10)`: absolute items are not re-solved
    /// (R14 needs a container-dependent size) ⇒ x 0, 110, 220; count 5 overflows 390 unchecked
    /// (R15) ⇒ 330, 440.
    @Test func repeatingGroupsPlaceExactlyCountCopies() throws {
        func layout(_ count: Int) throws -> [Rect] {
            let g = Comp.group(.horizontal, .fractionalWidth(1), .absolute(50), [Comp.item(.absolute(100), .absolute(50))],
                               count: count, kind: .repeating, spacing: .fixed(10))
            return Comp.cells(try CompositionalLayout.layout(Comp.config([CompositionalSection(group: g)], [count])))
        }
        #expect(try layout(3).map(\.minX) == [0, 110, 220])
        #expect(try layout(5).map(\.minX) == [0, 110, 220, 330, 440])
    }

    /// R12: a group inset below 0.5 is a fraction of the group's size. Leading 0.1 of a 390-wide
    /// group = 39; the fw 1 item resolves against 390 − 39 = 351 and starts at x 39.
    @Test func groupInsetsBelowOneHalfAreFractions() throws {
        let g = Comp.group(.horizontal, .fractionalWidth(1), .absolute(50), [Comp.item(.fractionalWidth(1), .fractionalHeight(1))],
                           insets: DirectionalInsets(leading: 0.1))
        let layout = try CompositionalLayout.layout(Comp.config([CompositionalSection(group: g)], [1]))
        #expect(Comp.cells(layout) == [Comp.r(39, 0, 351, 50)])
    }

    /// R1/R21: landscape 844 wide with safe-area left/right 47. The default reference
    /// (`.safeArea`) puts rows at x 47, 750 wide (844 − 94); a section with `.none` spans the
    /// full 844; `.layoutMargins` (left 20, right 30) gives x 20, 794 wide. The layout header
    /// follows the configuration's reference: (47, 0, 750, 20).
    @Test func contentInsetsReferenceChoosesTheContainerInsets() throws {
        var none = Comp.list()
        none.contentInsetsReference = .none
        var margins = Comp.list()
        margins.contentInsetsReference = .layoutMargins
        var c = Comp.config([Comp.list(), none, margins], [1, 1, 1], width: 844, height: 390)
        c.collectionView.safeAreaInsets = Insets(top: 0, left: 47, bottom: 21, right: 47)
        c.collectionView.layoutMargins = Insets(top: 0, left: 20, bottom: 0, right: 30)
        c.boundarySupplementaryItems = [BoundarySupplementaryItem(elementKind: "top", alignment: .top,
                                                                  layoutSize: CompositionalSize(width: .fractionalWidth(1), height: .absolute(20)))]
        let layout = try CompositionalLayout.layout(c)
        #expect(Comp.cells(layout) == [Comp.r(47, 20, 750, 44), Comp.r(0, 64, 844, 44), Comp.r(20, 108, 794, 44)])
        #expect(layout.attributes.first?.frame == Comp.r(47, 0, 750, 20))
        #expect(layout.attributes.first?.isGlobal == true)
    }
}
