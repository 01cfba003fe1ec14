import Testing
@testable import LayoutEngine

@Suite struct MosaicLayoutTests {
    private func frames(_ width: Double, _ height: Double, _ count: Int) -> [Rect] {
        MosaicLayout.layout(MosaicConfiguration(width: width, height: height, itemCount: count)).attributes.map(\.frame)
    }

    private func r(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect { Rect(x: x, y: y, width: w, height: h) }

    @Test func m1SingleItemIsAFullWidthBandOneBelowTheTop() {
        let layout = MosaicLayout.layout(MosaicConfiguration(width: 375, height: 667, itemCount: 1))
        #expect(layout.attributes.map(\.frame) == [r(0, 1, 375, 200)])
        #expect(layout.attributes.map(\.indexPath) == [IndexPath(section: 0, item: 0)])
        #expect(layout.contentSize == Size(width: 375, height: 667))
    }

    @Test func m2ContentGrowsToIncludeTheOnlyItem() {
        // Apple's sample reports 375 × 100 here: it never unions the last frame.
        let layout = MosaicLayout.layout(MosaicConfiguration(width: 375, height: 100, itemCount: 1))
        #expect(layout.contentSize == Size(width: 375, height: 201))
    }

    @Test func m3FullFiftyFiftyThenTwoThirds() {
        #expect(frames(375, 667, 6) == [
            r(0, 1, 375, 200), r(0, 202, 188, 200), r(189, 202, 186, 200),
            r(0, 403, 250, 200), r(251, 403, 124, 100), r(251, 504, 124, 99),
        ])
        // The sample reports 375 × 667 too (items 0…4 reach 603 < 667).
        #expect(MosaicLayout.layout(MosaicConfiguration(width: 375, height: 667, itemCount: 6)).contentSize
                == Size(width: 375, height: 667))
    }

    @Test func m4LastItemIsForcedFullWidthAndCounted() {
        let layout = MosaicLayout.layout(MosaicConfiguration(width: 320, height: 568, itemCount: 7))
        #expect(layout.attributes.map(\.frame) == [
            r(0, 1, 320, 200), r(0, 202, 160, 200), r(161, 202, 159, 200),
            r(0, 403, 214, 200), r(215, 403, 105, 100), r(215, 504, 105, 99), r(0, 604, 320, 200),
        ])
        // Apple's sample reports 320 × 603, leaving item 6 (maxY 804) unreachable.
        #expect(layout.contentSize == Size(width: 320, height: 804))
        #expect(layout.sections == [SectionGeometry(minScroll: 0, maxScroll: 804, headerIndex: nil, footerIndex: nil, cells: 0..<7)])
    }

    @Test func m5AllFourStyles() {
        let layout = MosaicLayout.layout(MosaicConfiguration(width: 414, height: 896, itemCount: 10))
        #expect(layout.attributes.map(\.frame) == [
            r(0, 1, 414, 200), r(0, 202, 207, 200), r(208, 202, 206, 200),
            r(0, 403, 276, 200), r(277, 403, 137, 100), r(277, 504, 137, 99),
            r(0, 604, 138, 100), r(0, 705, 138, 99), r(139, 604, 275, 200),
            r(0, 805, 414, 200),
        ])
        // Apple's sample reports 414 × 896 (items 0…8 reach 804).
        #expect(layout.contentSize == Size(width: 414, height: 1005))
    }

    @Test(arguments: [
        (count: 5, bandTops: [1.0, 202, 202, 403, 403]),
        (count: 8, bandTops: [1.0, 202, 202, 403, 403, 504, 604, 604]),
    ])
    func m6ForcedFiftyFiftyKeepsTheRotation(count: Int, bandTops: [Double]) {
        #expect(frames(375, 667, count).map(\.minY) == bandTops)
    }

    @Test func m6EightItemsEndWithAFiftyFiftyBand() {
        #expect(frames(375, 667, 8).suffix(2) == [r(0, 604, 188, 200), r(189, 604, 186, 200)])
    }

    @Test func rotationAfterOneThirdReturnsToFiftyFifty() {
        // F, 5050, 2/3, 1/3, 5050, 2/3 … for 15 items: bands of 1, 2, 3, 3, 2, 3, 1 (forced).
        let tops = frames(375, 667, 15).map(\.minY)
        #expect(tops == [1, 202, 202, 403, 403, 504, 604, 705, 604, 805, 805, 1006, 1006, 1107, 1207])
    }

    @Test func noItemsGiveTheBoundsAsContent() {
        let layout = MosaicLayout.layout(MosaicConfiguration(width: 375, height: 667, itemCount: 0))
        #expect(layout.attributes.isEmpty)
        #expect(layout.contentSize == Size(width: 375, height: 667))
    }

    @Test func rectQueryFindsTheBigItemTheSampleMisses() {
        // The sample's binary search hits item 5, stops its backward scan at item 4 and misses item 3.
        let layout = MosaicLayout.layout(MosaicConfiguration(width: 414, height: 896, itemCount: 10))
        let result = layout.attributes(in: r(0, 504, 414, 10), index: SpatialIndex(layout))
        #expect(result.map(\.indexPath.item) == [3, 5])
    }

    @Test func sweepOfRectQueriesMatchesBruteForce() {
        let layout = MosaicLayout.layout(MosaicConfiguration(width: 414, height: 896, itemCount: 500))
        let index = SpatialIndex(layout)
        for step in 0..<2_200 {
            for height in [1.0, 10, 150, 667] {
                let rect = r(Double(step % 7) * 50, Double(step) * 45.5, 414 - Double(step % 7) * 50, height)
                #expect(index.elements(in: rect) == layout.attributes.indices.filter { layout.attributes[$0].frame.intersects(rect) })
            }
        }
    }
}
