import LayoutEngine
import Testing
import TestSupport

/// Rect and point queries against a brute-force scan on random layouts of every type the service
/// computes (flow vertical and horizontal with mixed sizes, waterfall, mosaic, grid, column flow),
/// including pinned headers and footers, whose query-time frames are checked the same way.
@Suite struct SpatialIndexLayoutTypesTests {
    static func layouts(_ g: inout SeededRandom) -> [(String, Layout)] {
        let cv = CollectionViewMetrics(width: 320 + g.length(0, 100), height: 480 + g.length(0, 300), scale: 2 + Double(g.below(2)))
        var mixed: [Size] = []
        for _ in 0..<(50 + g.below(200)) { mixed.append(Size(width: g.length(10, 200), height: g.length(10, 150))) }
        let pin = g.below(2) == 0
        func flow(_ direction: ScrollDirection) -> Layout {
            FlowLayout.layout(FlowLayoutConfiguration(
                collectionView: cv, scrollDirection: direction, sectionHeadersPinToVisibleBounds: pin,
                sectionFootersPinToVisibleBounds: !pin,
                sections: [
                    FlowSection(items: .sizes(mixed), inset: Insets(top: 5, left: 7, bottom: 9, right: 3),
                                headerReferenceSize: Size(width: 30, height: 40), footerReferenceSize: Size(width: 20, height: 25)),
                    FlowSection(items: .uniform(count: 30 + g.below(100), size: Size(width: 60, height: 45)),
                                headerReferenceSize: Size(width: 44, height: 44)),
                ]))
        }
        let waterfall = WaterfallLayout.layout(WaterfallConfiguration(
            width: cv.width, columnCount: 2 + g.below(3), headerHeight: 30, footerHeight: 20,
            sectionHeadersPinToVisibleBounds: pin,
            sections: [WaterfallSection(itemSizes: mixed), WaterfallSection(itemSizes: Array(mixed.reversed()))]))
        let mosaic = MosaicLayout.layout(MosaicConfiguration(width: cv.width, height: cv.height, itemCount: 20 + g.below(200)))
        let grid = GridLayout.layout(GridConfiguration(collectionView: cv, itemsPerLine: 2 + g.below(4), sideMargin: 10,
                                                       itemCounts: [40 + g.below(100), 7]))
        let columns = ColumnFlowLayout.layout(ColumnFlowConfiguration(
            collectionView: CollectionViewMetrics(width: 700 + g.length(0, 400), height: 800), itemCounts: [50 + g.below(100)]))
        return [("flow.vertical", flow(.vertical)), ("flow.horizontal", flow(.horizontal)), ("waterfall", waterfall),
                ("mosaic", mosaic), ("grid", grid), ("columnFlow", columns)]
    }

    /// What `attributes(in:)` must return: brute force over every element, pinned ones at the
    /// frame the layout gives them for this visible rect.
    static func bruteForce(_ layout: Layout, _ rect: Rect) -> [LayoutAttributes] {
        layout.attributes.indices.compactMap { i in
            let a = layout.pinnedAttributes(at: i, visibleRect: rect) ?? layout.attributes[i]
            return a.frame.intersects(rect) ? a : nil
        }
    }

    @Test(arguments: 0..<6)
    func queriesMatchBruteForceOnEveryLayoutType(seed: UInt64) {
        var g = SeededRandom(seed: seed &+ 77)
        for (name, layout) in Self.layouts(&g) {
            let index = SpatialIndex(layout)
            let content = layout.contentSize
            for _ in 0..<150 {
                let rect = Rect(x: g.length(-50, max(1, content.width)), y: g.length(-50, max(1, content.height)),
                                width: g.length(0, 500), height: g.length(0, 800))
                #expect(layout.attributes(in: rect, index: index) == Self.bruteForce(layout, rect), "\(name) rect \(rect)")
                let point = Point(x: g.length(0, max(1, content.width)), y: g.length(0, max(1, content.height)))
                let hits = layout.attributes.filter { $0.frame.contains(point) }
                #expect(layout.attributes(containing: point, index: index, visibleRect: nil) == hits, "\(name) point \(point)")
            }
        }
    }
}

extension SeededRandom {
    /// A length in [low, high] on a half-point lattice.
    fileprivate mutating func length(_ low: Double, _ high: Double) -> Double { low + Double(below(Int((high - low) * 2) + 1)) / 2 }
}
