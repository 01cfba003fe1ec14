import Testing
@testable import LayoutEngine

/// Frame-level grid tests: they need the real `FlowLayout.layout(_:)` and run by themselves once it
/// returns frames (the placeholder returns an empty layout).
@Suite(.enabled(if: FlowLayoutProbe.isImplemented, "needs FlowLayout"))
struct GridFrameTests {
    @Test func sevenItemsThreePerLineSitOnTheGrid() {
        let layout = GridLayout.layout(GridConfiguration(
            collectionView: CollectionViewMetrics(width: 375, height: 667, scale: 2),
            itemsPerLine: 3, sideMargin: 16, spacing: 8, itemCounts: [7]))
        let size = Size(width: 109, height: 81.75)
        #expect(layout.attributes.map(\.frame) == [
            // Row 1's y = 81.75 + 8 = 89.75 rounds to 90 at @2x (origins round half away, §6).
            (16.0, 0.0), (133, 0), (250, 0), (16, 90), (133, 90), (250, 90), (16, 179.5),
        ].map { Rect(origin: Point(x: $0.0, y: $0.1), size: size) })
        #expect(layout.contentSize == Size(width: 375, height: 261.25))
    }

    @Test(arguments: [2.0, 3.0])
    func floatingPointEdgeCaseDoesNotWrap(scale: Double) {
        let configuration = GridConfiguration(
            collectionView: CollectionViewMetrics(width: 375, height: 667, scale: scale),
            itemsPerLine: 3, sideMargin: 10, spacing: 10, itemCounts: [6])
        let layout = GridLayout.layout(configuration)
        let height = GridLayout.itemSize(configuration).height
        #expect(layout.attributes.map(\.frame.minY) == [0, 0, 0, height + 10, height + 10, height + 10].map {
            ($0 * scale).rounded(.toNearestOrAwayFromZero) / scale
        })
        #expect(layout.attributes.prefix(3).map(\.frame.minX) == GridLayout.lineOrigins(configuration))
    }
}

/// Whether `FlowLayout.layout(_:)` is the real implementation rather than the skeleton's placeholder.
enum FlowLayoutProbe {
    static var isImplemented: Bool {
        let probe = FlowLayoutConfiguration(
            collectionView: CollectionViewMetrics(width: 320, height: 480),
            sections: [FlowSection(items: .uniform(count: 1, size: Size(width: 50, height: 50)))])
        return !FlowLayout.layout(probe).attributes.isEmpty
    }
}
