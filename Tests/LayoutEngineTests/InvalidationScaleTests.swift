import Testing
@testable import LayoutEngine

/// Issue 33, finding 2: invalidating a layout with kinds beyond header and footer (lists,
/// compositional) cost what flow's does, proportional to what moved, not its square. The
/// contexts must still list each element once, in index-path order.
@Suite struct InvalidationScaleTests {
    /// A list-like layout: `sections` sections, each with a separator decoration per row and a
    /// header of UIKit's kind name (kind 2), all `dy` lower in the new layout.
    static func listLike(sections: Int, rows: Int, width: Double) -> Layout {
        var attributes: [LayoutAttributes] = []
        var geometry: [SectionGeometry] = []
        attributes.reserveCapacity(sections * (2 * rows + 1))
        var y = 0.0
        for s in 0..<sections {
            let start = y
            attributes.append(LayoutAttributes(category: .supplementaryView, kind: SupplementaryKind(rawValue: 2),
                                               indexPath: IndexPath(section: s, item: 0), frame: Rect(x: 0, y: y, width: width, height: 20)))
            y += 20
            let first = attributes.count
            for r in 0..<rows {
                attributes.append(LayoutAttributes(category: .cell, indexPath: IndexPath(section: s, item: r),
                                                   frame: Rect(x: 0, y: y, width: width, height: 44)))
                y += 44
            }
            let cells = first..<attributes.count
            for r in 0..<rows {
                attributes.append(LayoutAttributes(category: .decorationView, kind: SupplementaryKind(rawValue: 3),
                                                   indexPath: IndexPath(section: s, item: r), frame: Rect(x: 16, y: start + 20 + Double(r + 1) * 44, width: width - 16, height: 0.5)))
            }
            geometry.append(SectionGeometry(minScroll: start, maxScroll: y, headerIndex: nil, footerIndex: nil, cells: cells))
        }
        return Layout(contentSize: Size(width: width, height: y), attributes: attributes, sections: geometry,
                      elementKinds: ["header", "footer", Layout.sectionHeaderKind, "UICollectionViewListLayoutElementKindBottomSeparator"])
    }

    /// 300,000 elements change width (a rotation): every one is in the context once. Quadratic
    /// (a `contains` per element), this took minutes in a debug build; linear, well under the limit.
    @Test(.timeLimit(.minutes(1))) func aRotationOfHundredsOfThousandsOfElementsIsLinear() {
        let old = Self.listLike(sections: 50_000, rows: 2, width: 402)
        let new = Self.listLike(sections: 50_000, rows: 2, width: 874)
        let context = LayoutInvalidation.diff(old: old, new: new)
        #expect(context.invalidatedItemIndexPaths.count == 100_000)
        #expect(context.invalidatedOtherElements.count == 150_000)
        #expect(context.invalidatedOtherElements.filter { $0.category == .supplementaryView }.count == 50_000)
        #expect(zip(context.invalidatedOtherElements, context.invalidatedOtherElements.dropFirst()).allSatisfy { $0 < $1 })
    }

    /// Adding the same element twice (pinned in the old and the new bounds) lists it once, and
    /// out-of-order adds come out in order.
    @Test func repeatsAreListedOnceInOrder() {
        var context = InvalidationContext()
        let h = { (s: Int) in LayoutAttributes(category: .supplementaryView, kind: .header, indexPath: IndexPath(section: s, item: 0), frame: .zero) }
        let d = { (s: Int) in LayoutAttributes(category: .decorationView, kind: SupplementaryKind(rawValue: 2), indexPath: IndexPath(section: s, item: 0), frame: .zero) }
        for s in [3, 1, 3, 2, 1] { context.add(h(s)); context.add(d(s)) }
        context.add(LayoutAttributes(category: .cell, indexPath: IndexPath(section: 0, item: 4), frame: .zero))
        context.add(LayoutAttributes(category: .cell, indexPath: IndexPath(section: 0, item: 1), frame: .zero))
        context.add(LayoutAttributes(category: .cell, indexPath: IndexPath(section: 0, item: 4), frame: .zero))
        context.sortLists()
        #expect(context.invalidatedHeaderIndexPaths == [1, 2, 3].map { IndexPath(section: $0, item: 0) })
        #expect(context.invalidatedOtherElements.map(\.indexPath.section) == [1, 2, 3])
        #expect(context.invalidatedItemIndexPaths == [IndexPath(section: 0, item: 1), IndexPath(section: 0, item: 4)])
    }
}
