import LayoutEngine
import Testing

/// The list engine without the wire: metrics by generation and Dynamic Type (L5, L6, L15),
/// sidebar spacing (L9), the pinning flags (L13), rounded rows (L17), element order and index
/// path lookups (cells contiguous, separators after them).
@Suite struct ListLayoutTests {
    static func layout(_ list: ListSectionConfiguration, _ counts: [Int], width: Double = 375, scale: Double = 3,
                       environment: ListEnvironment = ListEnvironment()) throws -> Layout {
        let c = CompositionalConfiguration(collectionView: CollectionViewMetrics(width: width, height: 812, scale: scale),
                                           sections: [.listSection(list)], itemCounts: counts, listEnvironment: environment)
        return try c.layout()
    }

    static func cells(_ l: Layout) -> [Rect] { l.attributes.filter { $0.category == .cell }.map(\.frame) }

    /// L5: iOS 26 rows are body leading + 30, accessibility sizes capped at xxxLarge.
    @Test(arguments: [(ContentSizeCategory.XS, 49.0), (.S, 50), (.M, 51), (.L, 52), (.XL, 54), (.XXL, 56), (.XXXL, 59), (.AX1, 59), (.AX5, 59)])
    func ios26RowEstimateFollowsDynamicType(category: ContentSizeCategory, height: Double) throws {
        let l = try Self.layout(ListSectionConfiguration(), [2], environment: ListEnvironment(generation: .ios26, contentSizeCategory: category))
        #expect(Self.cells(l) == [Rect(x: 0, y: 0, width: 375, height: height), Rect(x: 0, y: height, width: 375, height: height)])
    }

    /// L5: iOS 15-18 rows are 44 at every size.
    @Test(arguments: ContentSizeCategory.allCases)
    func ios15RowEstimateIs44(category: ContentSizeCategory) throws {
        let l = try Self.layout(ListSectionConfiguration(), [1], environment: ListEnvironment(contentSizeCategory: category))
        #expect(Self.cells(l) == [Rect(x: 0, y: 0, width: 375, height: 44)])
    }

    /// L6: plain headers scale 28 with subheadline (iOS 15-18): 28 · 19/15 = 35.47, ceiled at @2x to 35.5.
    @Test func plainHeaderEstimateScalesWithSubheadline() throws {
        let l = try Self.layout(ListSectionConfiguration(headerMode: .supplementary), [1], scale: 2,
                                environment: ListEnvironment(contentSizeCategory: .XXL))
        let header = try #require(l.attributes.first { $0.category == .supplementaryView })
        #expect(header.frame == Rect(x: 0, y: 22, width: 375, height: 35.5))
        #expect(header.pinsToVisibleBounds && header.zIndex == 200)
        #expect(l.pinning.elements, "plain headers pin")
    }

    /// L9: a sidebar section keeps 10 below unless it has a footer; its rows are inset; its
    /// headers do not pin (grouped-like).
    @Test func sidebarBottomSpacingAndFooter() throws {
        let plain = try Self.layout(ListSectionConfiguration(appearance: .sidebar), [1, 1])
        #expect(Self.cells(plain) == [Rect(x: 16, y: 0, width: 343, height: 44), Rect(x: 16, y: 54, width: 343, height: 44)])
        #expect(plain.contentSize.height == 108)
        let footed = try Self.layout(ListSectionConfiguration(appearance: .sidebar, footerMode: .supplementary), [1, 1])
        let footer = try #require(footed.attributes.first { $0.category == .supplementaryView })
        #expect(footer.frame == Rect(x: 16, y: 44, width: 343, height: 53.0 / 3))
        #expect(!footer.pinsToVisibleBounds)
        #expect(Self.cells(footed)[1].minY == 185.0 / 3, "44 + 17.6667: no 10 below a section with a footer")
    }

    /// L15: sidebars show no separators by default; showsSeparators turns them on (inset 8).
    @Test func sidebarSeparatorsOnlyWhenAsked() throws {
        var env = ListEnvironment()
        env.includeSeparators = true
        let off = try Self.layout(ListSectionConfiguration(appearance: .sidebarPlain), [2], environment: env)
        #expect(off.attributes.filter { $0.category == .decorationView }.count == 1, "the background only")
        let on = try Self.layout(ListSectionConfiguration(appearance: .sidebarPlain, showsSeparators: true), [2], environment: env)
        let separators = on.attributes.filter { $0.category == .decorationView && $0.zIndex == 100 }
        #expect(separators.map(\.frame) == [Rect(x: 24, y: 44 - 1.0 / 3, width: 335, height: 1.0 / 3),
                                            Rect(x: 24, y: 88 - 1.0 / 3, width: 335, height: 1.0 / 3)])
    }

    /// L15: forced visibility and explicit insets.
    @Test func separatorConfigurationForcesAndInsets() throws {
        var env = ListEnvironment()
        env.includeSeparators = true
        let config = ListSeparatorConfiguration(topSeparatorVisibility: .visible, bottomSeparatorVisibility: .hidden,
                                                topSeparatorInsets: ListSeparatorInsets(leading: 60, trailing: 10))
        let l = try Self.layout(ListSectionConfiguration(appearance: .insetGrouped, separatorConfiguration: config), [2], environment: env)
        let separators = l.attributes.filter { $0.zIndex == 100 }.map(\.frame)
        #expect(separators == [Rect(x: 76, y: 35, width: 273, height: 1.0 / 3), Rect(x: 76, y: 79, width: 273, height: 1.0 / 3)])
    }

    /// Cells stay contiguous (separators follow them), so index-path lookups find every row.
    @Test func rowsAreFoundByIndexPathWithSeparatorsReported() throws {
        var env = ListEnvironment()
        env.includeSeparators = true
        let l = try Self.layout(ListSectionConfiguration(appearance: .plain, headerMode: .supplementary, footerMode: .supplementary), [3, 2], environment: env)
        for (s, n) in [(0, 3), (1, 2)] {
            for i in 0..<n {
                let index = try #require(l.index(of: .cell, kind: nil, at: IndexPath(section: s, item: i)))
                #expect(l.attributes[index].indexPath == IndexPath(section: s, item: i) && l.attributes[index].category == .cell)
            }
        }
        #expect(l.attributes.filter { $0.zIndex == 100 }.count == 7, "3 + 2 bottom separators and a top one under each header")
    }

    /// L17: rounded rows per insetGrouped section, after a first-item header; one per row with spacing.
    @Test func roundedRowsFollowTheRows() throws {
        let l = try Self.layout(ListSectionConfiguration(appearance: .insetGrouped, headerMode: .firstItemInSection), [3],
                                environment: ListEnvironment(generation: .ios26))
        #expect(l.roundedSections == [RoundedSection(section: 0, frame: Rect(x: 16, y: 52, width: 343, height: 104), cornerRadius: 26)])
        let spaced = try Self.layout(ListSectionConfiguration(appearance: .insetGrouped, interGroupSpacing: 10), [2])
        #expect(spaced.roundedSections.map(\.frame) == [Rect(x: 16, y: 35, width: 343, height: 44), Rect(x: 16, y: 89, width: 343, height: 44)])
        #expect(try Self.layout(ListSectionConfiguration(appearance: .grouped), [2]).roundedSections.isEmpty)
    }
}

/// The element cap counts separators exactly (L15), before anything is made.
@Suite struct ListElementCountTests {
    @Test(arguments: [(ListAppearance.plain, ListHeaderMode.supplementary), (.plain, .none), (.grouped, .firstItemInSection),
                      (.insetGrouped, .none), (.insetGrouped, .firstItemInSection), (.sidebar, .supplementary), (.sidebarPlain, .firstItemInSection)])
    func capIsCheckedAgainstTheExactCount(appearance: ListAppearance, headerMode: ListHeaderMode) throws {
        var env = ListEnvironment()
        env.includeSeparators = true
        let list = ListSectionConfiguration(appearance: appearance, headerMode: headerMode, footerMode: .supplementary, showsSeparators: true)
        for counts in [[1], [3, 0, 2], [5]] {
            var c = CompositionalConfiguration(collectionView: CollectionViewMetrics(width: 375, height: 812, scale: 3),
                                               sections: [.listSection(list)], itemCounts: counts, listEnvironment: env)
            let exact = try c.layout().attributes.count
            c.elementLimit = exact
            #expect(throws: Never.self) { try c.layout() }
            c.elementLimit = exact - 1
            #expect(throws: LayoutRefusal.self) { try c.layout() }
        }
    }

    /// Every separator rule (each appearance, header mode, visibility of both sides, chromeless
    /// headers, a zero top inset, 0 to 3 rows and a first-item header): the planned count, which
    /// the separators' one `append(contentsOf:)` takes as its exact length, is the count made.
    @Test(arguments: [ListAppearance.plain, .grouped, .insetGrouped, .sidebar, .sidebarPlain])
    func separatorCountIsExactForEveryRule(appearance: ListAppearance) throws {
        var env = ListEnvironment()
        env.includeSeparators = true
        let visibilities: [ListSeparatorVisibility] = [.automatic, .visible, .hidden]
        for headerMode in [ListHeaderMode.none, .supplementary, .firstItemInSection] {
            for top in visibilities {
                for bottom in visibilities {
                    for padding in [nil, 0.0] {
                        for insets in [nil, DirectionalInsets(top: 0, leading: 0, bottom: 0, trailing: 0)] {
                            let list = ListSectionConfiguration(
                                appearance: appearance, headerMode: headerMode, headerTopPadding: padding, showsSeparators: true,
                                separatorConfiguration: ListSeparatorConfiguration(topSeparatorVisibility: top, bottomSeparatorVisibility: bottom),
                                contentInsets: insets)
                            var c = CompositionalConfiguration(collectionView: CollectionViewMetrics(width: 375, height: 812, scale: 3),
                                                               sections: [.listSection(list)], itemCounts: [0, 1, 2, 3], listEnvironment: env)
                            let exact = try c.layout().attributes.count
                            c.elementLimit = exact - 1
                            #expect(throws: LayoutRefusal.self, "\(headerMode) \(top) \(bottom) \(String(describing: padding))") { try c.layout() }
                        }
                    }
                }
            }
        }
    }
}
