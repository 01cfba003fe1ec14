import Testing
@testable import LayoutEngine

@Suite struct ColumnFlowLayoutTests {
    static func metrics(_ width: Double, margins: Double) -> CollectionViewMetrics {
        CollectionViewMetrics(width: width, height: 800, scale: 2,
                              layoutMargins: Insets(top: 0, left: margins, bottom: 0, right: margins))
    }

    /// other-layouts.md §1.3 CF1–CF5: (W, margins, columns, item width).
    @Test(arguments: [
        (375.0, 16.0, 1, 343.0),  // CF1
        (414, 20, 1, 374),        // CF2
        (768, 20, 2, 364),        // CF3
        (1024, 20, 3, 328),       // CF4
        (320, 16, 1, 288),        // CF5: 288 < 300; the sample would divide by zero
    ])
    func columnsAndItemSizeFromTheWidthInsideTheMargins(width: Double, margins: Double, columns: Int, itemWidth: Double) {
        let configuration = ColumnFlowConfiguration(collectionView: Self.metrics(width, margins: margins), itemCounts: [5])
        #expect(ColumnFlowLayout.columnCount(availableWidth: width - 2 * margins, minColumnWidth: 300) == columns)
        #expect(ColumnFlowLayout.itemSize(configuration) == Size(width: itemWidth, height: 70))
        let flow = ColumnFlowLayout.configuration(configuration)
        #expect(flow == FlowLayoutConfiguration(
            collectionView: Self.metrics(width, margins: margins), sectionInsetReference: .fromSafeArea,
            sections: [FlowSection(items: .uniform(count: 5, size: Size(width: itemWidth, height: 70)),
                                   inset: Insets(top: 10, left: 0, bottom: 0, right: 0),
                                   minimumLineSpacing: 10, minimumInteritemSpacing: 10)]))
    }

    @Test func sectionTopInsetIsTheInteritemSpacing() {
        let flow = ColumnFlowLayout.configuration(ColumnFlowConfiguration(
            collectionView: Self.metrics(375, margins: 16), itemCounts: [1, 2], minimumLineSpacing: 4,
            minimumInteritemSpacing: 6))
        #expect(flow.sections.map(\.inset) == Array(repeating: Insets(top: 6, left: 0, bottom: 0, right: 0), count: 2))
        #expect(flow.sections.map(\.minimumLineSpacing) == [4, 4])
        #expect(flow.sections.map(\.items.count) == [1, 2])
    }

    @Test func widthIsFlooredToAWholePoint() {
        // 1000 − 2·17 = 966 → 3 columns of floor(322) … 965 → 321.666 → 321.
        let size = ColumnFlowLayout.itemSize(ColumnFlowConfiguration(
            collectionView: CollectionViewMetrics(width: 999, height: 800, layoutMargins: Insets(top: 0, left: 17, bottom: 0, right: 17)),
            itemCounts: [1]))
        #expect(size == Size(width: 321, height: 70))
    }

    @Test(arguments: [(-10.0, 1), (.nan, 1), (.infinity, 1), (299.99, 1), (300, 1), (600, 2), (899.5, 2)])
    func columnCountIsAtLeastOneAndNeverTraps(available: Double, columns: Int) {
        #expect(ColumnFlowLayout.columnCount(availableWidth: available, minColumnWidth: 300) == columns)
    }

    @Test func customConstants() {
        let configuration = ColumnFlowConfiguration(collectionView: Self.metrics(375, margins: 0), itemCounts: [1],
                                                    minColumnWidth: 100, cellHeight: 44)
        #expect(ColumnFlowLayout.itemSize(configuration) == Size(width: 125, height: 44))
    }
}
