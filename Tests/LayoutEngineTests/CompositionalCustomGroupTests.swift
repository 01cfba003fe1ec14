@testable import LayoutEngine
import TestSupport
import Testing

/// Custom groups beyond the worked examples (compositional-next.md N1–N12): right to left,
/// horizontal scrolling, nesting, the estimated union, fractional frames against insets, the
/// solution budget, errors, and the bulk cell writer against `next()` with per-item zIndex.
@Suite struct CompositionalCustomGroupTests {
    static func custom(_ w: CompositionalDimension, _ h: CompositionalDimension, _ frames: [Rect], z: [Int] = [],
                       fractional: Bool = false, insets: DirectionalInsets = .zero) -> CompositionalGroup {
        let items = frames.enumerated().map { CustomGroupItem(frame: $0.element, zIndex: $0.offset < z.count ? z[$0.offset] : 0) }
        return .custom(CompositionalSize(width: w, height: h), CustomGroupProvider(items: items, fractional: fractional), contentInsets: insets)
    }

    static let mosaic = [Comp.r(0, 0, 260, 200), Comp.r(260, 0, 130, 100), Comp.r(260, 100, 130, 100)]

    /// N4: right to left the group moves (here: the section's insets swap sides) but its items
    /// keep the provider's frames relative to the group's origin.
    @Test func rightToLeftMovesTheGroupNotItsItems() throws {
        var c = Comp.config([CompositionalSection(group: Self.custom(.absolute(300), .absolute(200), Self.mosaic.map { Rect(x: $0.minX / 1.3, y: $0.minY, width: $0.width / 1.3, height: $0.height) }),
                                                  contentInsets: DirectionalInsets(leading: 10, trailing: 30))], [3])
        let ltr = try c.directedLayout()
        c.collectionView.layoutDirection = .rightToLeft
        let rtl = try c.directedLayout()
        // Left to right the group starts at the leading inset, 10; right to left it ends 10 from
        // the right edge, at 390 − 10 − 300 = 80, and its items are where the provider put them.
        #expect(Comp.cells(ltr).map(\.minX) == [10, 210, 210])
        #expect(Comp.cells(rtl).map(\.minX) == [80, 280, 280])
        #expect(Comp.cells(rtl).map(\.width) == [200, 100, 100])
    }

    /// Horizontal scrolling solves the request transposed; frames come back as the provider gave them.
    @Test func horizontalScrollingKeepsTheProvidersFrames() throws {
        var c = Comp.config([CompositionalSection(group: Self.custom(.absolute(200), .fractionalHeight(1), [Comp.r(0, 0, 200, 100), Comp.r(50, 100, 150, 50)]),
                                                  interGroupSpacing: 10)], [4], width: 390, height: 300)
        c.scrollDirection = .horizontal
        let layout = try CompositionalLayout.layout(c)
        #expect(Comp.cells(layout) == [Comp.r(0, 0, 200, 100), Comp.r(50, 100, 150, 50), Comp.r(210, 0, 200, 100), Comp.r(260, 100, 150, 50)])
        // The second group holds 2 of 2 items: no trimming; 2 · 200 + 10 wide.
        #expect(layout.contentSize == Size(width: 410, height: 300))
        let env = try #require(c.customGroupEnvironments().first?.environment)
        #expect(env.contentSize == Size(width: 200, height: 300))
    }

    /// N5: an estimated axis takes `CGRectUnion(CGRectZero, frames…)`, so a frame above the
    /// origin makes the group taller by the overhang, and the union always includes y = 0.
    @Test func estimatedAxisTakesTheUnionWithTheOrigin() throws {
        let group = Self.custom(.fractionalWidth(1), .estimated(10), [Comp.r(0, -20, 100, 50), Comp.r(100, 40, 100, 30)])
        let layout = try CompositionalLayout.layout(Comp.config([CompositionalSection(group: group)], [4]))
        // Union (0, −20) to (200, 70): 90 tall; the second repetition starts at 90.
        #expect(Comp.cells(layout) == [Comp.r(0, -20, 100, 50), Comp.r(100, 40, 100, 30), Comp.r(0, 70, 100, 50), Comp.r(100, 130, 100, 30)])
        #expect(layout.contentSize.height == 180)
    }

    /// N12 with group insets: fractions of the effective size, moved past the leading and top insets.
    @Test func fractionalFramesReadTheEnvironmentInsets() throws {
        let group = Self.custom(.absolute(300), .absolute(100), [Comp.r(0, 0, 0.5, 1), Comp.r(0.5, 0.25, 0.5, 0.5)], fractional: true,
                                insets: DirectionalInsets(top: 10, leading: 20, bottom: 10, trailing: 40))
        let layout = try CompositionalLayout.layout(Comp.config([CompositionalSection(group: group)], [2]))
        // Effective 240 × 80: (20, 10, 120, 80) and (140, 30, 120, 40).
        #expect(Comp.cells(layout) == [Comp.r(20, 10, 120, 80), Comp.r(140, 30, 120, 40)])
    }

    /// N11: nested in a group, a custom group is sized and arranged like a subitem; its items
    /// join the parent's solution at most as many as the solution may still hold, and keep their zIndex.
    @Test func nestedCustomGroupsJoinTheParentsSolution() throws {
        let inner = Self.custom(.fractionalWidth(0.5), .fractionalHeight(1), [Comp.r(0, 0, 40, 40), Comp.r(40, 40, 40, 40)], z: [3, -2])
        let root = CompositionalGroup(orientation: .horizontal, layoutSize: CompositionalSize(width: .fractionalWidth(1), height: .absolute(80)),
                                      subitems: [.group(inner)], interItemSpacing: .fixed(10))
        let layout = try CompositionalLayout.layout(Comp.config([CompositionalSection(group: root)], [5]))
        // Two custom groups per row (190 wide each after the 10-pt spacing): 4 items per row.
        #expect(Comp.cells(layout).prefix(4) == [Comp.r(0, 0, 40, 40), Comp.r(40, 40, 40, 40), Comp.r(200, 0, 40, 40), Comp.r(240, 40, 40, 40)])
        #expect(layout.attributes.filter { $0.category == .cell }.map(\.zIndex) == [3, -2, 3, -2, 3])
    }

    /// Errors: an empty provider at the root is UIKit's assertion (N3); nested, it adds no items,
    /// and a section whose groups hold no items at all is refused as before.
    @Test func emptyProviders() {
        let empty = Comp.config([CompositionalSection(group: Self.custom(.fractionalWidth(1), .absolute(50), []))], [1])
        let error = Comp.error(empty)
        #expect(error?.code == "CUSTOM_GROUP_WITHOUT_ITEMS")
        #expect(error?.path == [InputPathStep].parse("/layout/sections/0/group/custom/frames"))
        #expect(error?.message.contains("UIKit asserts \"itemCount\"") == true)
        let fractional = Comp.config([CompositionalSection(group: Self.custom(.fractionalWidth(1), .absolute(50), [], fractional: true))], [0])
        #expect(Comp.error(fractional)?.path == [InputPathStep].parse("/layout/sections/0/group/custom/fractionalFrames"))
        let nestedOnly = CompositionalGroup(orientation: .horizontal, layoutSize: CompositionalSize(width: .fractionalWidth(1), height: .absolute(50)),
                                            subitems: [.group(Self.custom(.fractionalWidth(0.5), .fractionalHeight(1), []))])
        #expect(Comp.error(Comp.config([CompositionalSection(group: nestedOnly)], [1]))?.code == "GROUP_WITHOUT_ITEMS")
        let mixed = CompositionalGroup(orientation: .horizontal, layoutSize: CompositionalSize(width: .fractionalWidth(1), height: .absolute(50)),
                                       subitems: [.group(Self.custom(.fractionalWidth(0.5), .fractionalHeight(1), [])), Comp.item(.fractionalWidth(0.5), .fractionalHeight(1))])
        let layout = try? CompositionalLayout.layout(Comp.config([CompositionalSection(group: mixed)], [2]))
        #expect(layout.map(Comp.cells) == [Comp.r(195, 0, 195, 50), Comp.r(195, 50, 195, 50)])
    }

    /// The bulk writer and `next()` agree on random custom layouts (per-item zIndex, RTL,
    /// horizontal, orthogonal, decorations, partial groups, item counts past 2^18).
    @Test func bulkCellsMatchOneByOneOnRandomCustomLayouts() throws {
        var rng = Seeded(state: 32)
        var laidOut = 0
        for n in 0..<150 {
            var frames: [Rect] = []
            var z: [Int] = []
            for _ in 0..<(1 + rng.int(6)) {
                frames.append(Comp.r(rng.value(-10, 200), rng.value(-10, 150), rng.value(0, 180), rng.value(0, 120)))
                z.append(rng.int(5) - 2)
            }
            let group = Self.custom(.fractionalWidth(rng.chance(50) ? 1 : 0.8), rng.chance(30) ? .estimated(60) : .absolute(rng.value(50, 200)), frames, z: z)
            let behaviors: [OrthogonalScrollingBehavior] = [.none, .none, .continuous, .groupPagingCentered]
            var c = Comp.config([CompositionalSection(group: group, contentInsets: DirectionalInsets(top: 3, leading: rng.value(0, 20), bottom: 0, trailing: 7),
                                                      interGroupSpacing: rng.value(0, 12),
                                                      decorationItems: rng.chance(30) ? [DecorationItem(elementKind: "background")] : [],
                                                      orthogonalScrollingBehavior: behaviors[rng.int(4)])],
                                [n == 0 ? 300_000 : rng.int(400)], scale: Double(1 + rng.int(3)))
            if rng.chance(25) { c.scrollDirection = .horizontal }
            if rng.chance(25) { c.collectionView.layoutDirection = .rightToLeft }
            let fast = try CompositionalLayout.layout(c)
            let reference = try CompositionalLayout.layout(c, referenceCells: true)
            #expect(fast == reference)
            laidOut += fast.attributes.count
        }
        #expect(laidOut > 300_000)
    }
}
