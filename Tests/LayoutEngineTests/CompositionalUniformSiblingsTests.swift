@testable import LayoutEngine
import Testing

/// `uniformAcrossSiblings(estimate:)` beyond the worked examples (compositional-next.md
/// N13–N17): runs broken by nested groups, uniform widths, measured sizes, badges that follow
/// the resize, horizontal scrolling (solved transposed).
@Suite struct CompositionalUniformSiblingsTests {
    static func row(_ subitems: [CompositionalSubitem], height: CompositionalDimension = .estimated(100)) -> CompositionalSection {
        CompositionalSection(group: CompositionalGroup(orientation: .horizontal, layoutSize: CompositionalSize(width: .fractionalWidth(1), height: height),
                                                       subitems: subitems))
    }

    /// N15: only contiguous runs of at least two items are sibling ranges; a nested group
    /// between them ends a run, so the uniform item after it keeps its estimate.
    @Test func aNestedGroupEndsTheRun() throws {
        let nested = CompositionalGroup(orientation: .vertical, layoutSize: CompositionalSize(width: .fractionalWidth(0.25), height: .absolute(60)),
                                        subitems: [Comp.item(.fractionalWidth(1), .fractionalHeight(1))])
        let section = Self.row([Comp.item(.fractionalWidth(0.25), .uniformAcrossSiblings(100)), Comp.item(.fractionalWidth(0.25), .absolute(150)),
                                .group(nested), Comp.item(.fractionalWidth(0.25), .uniformAcrossSiblings(100))])
        let layout = try CompositionalLayout.layout(Comp.config([section], [4], scale: 2))
        #expect(Comp.cells(layout) == [Comp.r(0, 0, 97.5, 150), Comp.r(97.5, 0, 97.5, 150), Comp.r(195, 0, 97.5, 60), Comp.r(292.5, 0, 97.5, 100)])
        #expect(layout.contentSize.height == 150)
    }

    /// A uniform width in a vertical group takes the widest known sibling's width (and the
    /// estimated column the union of its items).
    @Test func uniformWidthsInAVerticalGroup() throws {
        let column = CompositionalGroup(orientation: .vertical, layoutSize: CompositionalSize(width: .estimated(50), height: .absolute(120)),
                                        subitems: [Comp.item(.uniformAcrossSiblings(50), .absolute(40)), Comp.item(.absolute(120), .absolute(40)),
                                                   Comp.item(.uniformAcrossSiblings(50), .absolute(40))])
        let layout = try CompositionalLayout.layout(Comp.config([CompositionalSection(group: CompositionalGroup(
            orientation: .horizontal, layoutSize: CompositionalSize(width: .fractionalWidth(1), height: .absolute(200)), subitems: [.group(column)]))], [3]))
        #expect(Comp.cells(layout) == [Comp.r(0, 0, 120, 40), Comp.r(0, 40, 120, 40), Comp.r(0, 80, 120, 40)])
    }

    /// N16 after measuring: every uniform item of a run takes the run's largest measured size;
    /// an item's badge is anchored to its resized cell; an estimated (non-uniform) sibling keeps
    /// its own measured height.
    @Test func measuredSizesAndBadges() throws {
        let badge = CompositionalSupplementaryItem(elementKind: "badge", layoutSize: CompositionalSize(width: .absolute(10), height: .absolute(10)),
                                                   containerAnchor: CompositionalAnchor(edges: [.bottom, .trailing]))
        let uniform = CompositionalSubitem.item(CompositionalItem(layoutSize: CompositionalSize(width: .fractionalWidth(0.25), height: .uniformAcrossSiblings(50)),
                                                                  supplementaryItems: [badge]))
        var c = Comp.config([Self.row([uniform, uniform, Comp.item(.fractionalWidth(0.25), .estimated(50)), uniform])], [4], scale: 2)
        c.preferredSizes = [IndexPath(section: 0, item: 0): Size(width: 97.5, height: 70), IndexPath(section: 0, item: 1): Size(width: 97.5, height: 90),
                            IndexPath(section: 0, item: 2): Size(width: 97.5, height: 120)]
        let layout = try CompositionalLayout.layout(c)
        // The run is all four items: the largest known height is the estimated sibling's 120
        // (measured); item 3 is uniform but not measured, so it does not count and takes 120 too.
        #expect(Comp.cells(layout).map(\.height) == [120, 120, 120, 120])
        let badges = layout.attributes.filter { $0.category == .supplementaryView }.map(\.frame)
        #expect(badges.first == Comp.r(87.5, 110, 10, 10))
        #expect(layout.attributes.filter { $0.category == .cell }.map(\.isEstimated) == [false, false, false, true])
    }

    /// Horizontal scrolling: a uniform height in the request is a uniform width of the
    /// transposed solve, and comes back as a height.
    @Test func horizontalScrolling() throws {
        var c = Comp.config([CompositionalSection(group: CompositionalGroup(
            orientation: .vertical, layoutSize: CompositionalSize(width: .estimated(100), height: .fractionalHeight(1)),
            subitems: [Comp.item(.uniformAcrossSiblings(100), .fractionalHeight(0.5)), Comp.item(.absolute(180), .fractionalHeight(0.5))]))], [2],
                            width: 390, height: 400)
        c.scrollDirection = .horizontal
        let layout = try CompositionalLayout.layout(c)
        #expect(Comp.cells(layout) == [Comp.r(0, 0, 180, 200), Comp.r(0, 200, 180, 200)])
    }
}
