import Testing
@testable import LayoutEngine

@Suite struct GridLayoutTests {
    struct Row: Sendable, CustomStringConvertible {
        var width: Double, perLine: Int, margin: Double, spacing: Double
        var rawWidth: Double, rawHeight: Double
        var scale: Double, size: Size, origins: [Double]
        var description: String { "W=\(width) N=\(perLine) m=\(margin) s=\(spacing) @\(scale)x" }
    }

    /// other-layouts.md §4 table; flooring and origin rounding at the given scale.
    static let table: [Row] = [
        Row(width: 375, perLine: 3, margin: 16, spacing: 8, rawWidth: 109, rawHeight: 81.75,
            scale: 2, size: Size(width: 109, height: 81.75), origins: [16, 133, 250]),
        Row(width: 390, perLine: 3, margin: 16, spacing: 8, rawWidth: 114, rawHeight: 85.5,
            scale: 2, size: Size(width: 114, height: 85.5), origins: [16, 138, 260]),
        Row(width: 414, perLine: 4, margin: 20, spacing: 10, rawWidth: 86, rawHeight: 64.5,
            scale: 2, size: Size(width: 86, height: 64.5), origins: [20, 116, 212, 308]),
        // An exact binary fraction: exact at a quarter-point scale …
        Row(width: 375, perLine: 4, margin: 16, spacing: 8, rawWidth: 79.75, rawHeight: 59.8125,
            scale: 4, size: Size(width: 79.75, height: 59.8125), origins: [16, 103.75, 191.5, 279.25]),
        // … floored to 79.5 at @2x; gaps become 25/3 and the origins round to the half point.
        Row(width: 375, perLine: 4, margin: 16, spacing: 8, rawWidth: 79.75, rawHeight: 59.8125,
            scale: 2, size: Size(width: 79.5, height: 59.625), origins: [16, 104, 191.5, 279.5]),
        // Floored @2x: 96.5 x 72.375, gaps (300 − 289.5)/2 = 5.25, so x = 10, 111.75 → 112, 213.5.
        Row(width: 320, perLine: 3, margin: 10, spacing: 5, rawWidth: 290.0 / 3, rawHeight: 290.0 / 3 * 0.75,
            scale: 2, size: Size(width: 96.5, height: 72.375), origins: [10, 112, 213.5]),
        // The floating-point overflow case: floored @2x to 111.5 x 83.625, gaps 10.25.
        Row(width: 375, perLine: 3, margin: 10, spacing: 10, rawWidth: 335.0 / 3, rawHeight: 335.0 / 3 * 0.75,
            scale: 2, size: Size(width: 111.5, height: 83.625), origins: [10, 132, 253.5]),
        // At @3x the floored width is the raw Double again; UIKit's count formula still fits 3.
        Row(width: 375, perLine: 3, margin: 10, spacing: 10, rawWidth: 335.0 / 3, rawHeight: 335.0 / 3 * 0.75,
            scale: 3, size: Size(width: 335.0 / 3, height: 335.0 / 3 * 0.75), origins: [10, 395.0 / 3, 760.0 / 3]),
    ]

    private func configuration(_ row: Row, counts: [Int] = [7]) -> GridConfiguration {
        GridConfiguration(collectionView: CollectionViewMetrics(width: row.width, height: 800, scale: row.scale),
                          itemsPerLine: row.perLine, sideMargin: row.margin, spacing: row.spacing, itemCounts: counts)
    }

    @Test(arguments: table)
    func tableRawWidthAndHeight(row: Row) {
        let configuration = configuration(row)
        #expect(GridLayout.rawItemWidth(configuration) == row.rawWidth)
        #expect(GridLayout.rawItemWidth(configuration) * configuration.aspectRatio == row.rawHeight)
    }

    @Test(arguments: table)
    func tableFlooredSizeAndJustifiedOrigins(row: Row) {
        let configuration = configuration(row)
        #expect(GridLayout.itemSize(configuration) == row.size)
        #expect(GridLayout.lineOrigins(configuration) == row.origins)
    }

    @Test func flooredWidthAlwaysFitsNPerLineByUIKitsCount() {
        for width in stride(from: 300.0, through: 1024, by: 1) {
            for perLine in 1...8 {
                for scale in [1.0, 2, 3] {
                    let configuration = GridConfiguration(
                        collectionView: CollectionViewMetrics(width: width, height: 800, scale: scale),
                        itemsPerLine: perLine, sideMargin: 16, spacing: 8, itemCounts: [1])
                    let size = GridLayout.itemSize(configuration)
                    let avail = width - 32
                    #expect(((8 + avail) / (8 + size.width)).rounded(.down) >= Double(perLine), "W=\(width) N=\(perLine) @\(scale)")
                    #expect(size.width >= GridLayout.rawItemWidth(configuration) - 2 / scale)
                }
            }
        }
    }

    @Test func configurationIsAFlowSectionPerCountWithMarginsAndSpacing() {
        let metrics = CollectionViewMetrics(width: 375, height: 667, scale: 2)
        let flow = GridLayout.configuration(GridConfiguration(
            collectionView: metrics, itemsPerLine: 3, sideMargin: 16, spacing: 8, lineSpacing: 12,
            topInset: 4, bottomInset: 6, itemCounts: [7, 0]))
        let inset = Insets(top: 4, left: 16, bottom: 6, right: 16)
        #expect(flow == FlowLayoutConfiguration(collectionView: metrics, sections: [
            FlowSection(items: .uniform(count: 7, size: Size(width: 109, height: 81.75)), inset: inset,
                        minimumLineSpacing: 12, minimumInteritemSpacing: 8),
            FlowSection(items: .uniform(count: 0, size: Size(width: 109, height: 81.75)), inset: inset,
                        minimumLineSpacing: 12, minimumInteritemSpacing: 8),
        ]))
    }

    @Test func lineSpacingDefaultsToTheSpacing() {
        let flow = GridLayout.configuration(GridConfiguration(
            collectionView: CollectionViewMetrics(width: 375, height: 667), spacing: 6, itemCounts: [1]))
        #expect(flow.sections.map(\.minimumLineSpacing) == [6])
        #expect(flow.sectionInsetReference == .fromContentInset)
    }

    @Test func contentInsetNarrowsTheGrid() {
        let configuration = GridConfiguration(
            collectionView: CollectionViewMetrics(width: 415, height: 667, contentInset: Insets(top: 0, left: 20, bottom: 0, right: 20)),
            itemsPerLine: 3, sideMargin: 16, spacing: 8, itemCounts: [1])
        #expect(GridLayout.itemSize(configuration) == Size(width: 109, height: 81.75))
    }

    @Test func oneItemPerLineIsCentred() {
        let configuration = GridConfiguration(
            collectionView: CollectionViewMetrics(width: 375, height: 667, scale: 2), itemsPerLine: 1,
            sideMargin: 20, spacing: 8, itemCounts: [1])
        #expect(GridLayout.itemSize(configuration).width == 335)
        #expect(GridLayout.lineOrigins(configuration) == [20])
    }
}
