import Testing
@testable import LayoutEngine

@Suite struct SpatialIndexEstimateTests {
    /// 100 x 100 cells of 10 x 10 points, no gaps: an easy count to check the bound against.
    static let layout: Layout = {
        var attributes: [LayoutAttributes] = []
        for i in 0..<10_000 {
            let frame = Rect(x: Double(i % 100) * 10, y: Double(i / 100) * 10, width: 10, height: 10)
            attributes.append(LayoutAttributes(category: .cell, indexPath: IndexPath(section: 0, item: i), frame: frame))
        }
        return Layout(contentSize: Size(width: 1000, height: 1000), attributes: attributes, sections: [])
    }()

    @Test(arguments: [
        Rect(x: 0, y: 0, width: 1000, height: 1000), Rect(x: 5, y: 5, width: 30, height: 30),
        Rect(x: 500, y: 0, width: 1, height: 1000), Rect(x: 999, y: 999, width: 5, height: 5),
        Rect(x: 2000, y: 0, width: 10, height: 10), Rect(x: 0, y: 0, width: 0, height: 10),
    ])
    func rectEstimateIsAnUpperBoundOfTheAnswer(rect: Rect) {
        let index = SpatialIndex(Self.layout)
        let exact = index.elements(in: rect).count
        let estimate = index.estimatedCount(in: rect, limit: 100_000)
        #expect(estimate >= exact)
        #expect(estimate <= max(exact, 1) * 16 + 256)
    }

    @Test func rectEstimateStopsJustPastTheLimit() {
        let index = SpatialIndex(Self.layout)
        let estimate = index.estimatedCount(in: Rect(x: 0, y: 0, width: 1000, height: 1000), limit: 100)
        #expect(estimate > 100 && estimate <= 100 + SpatialIndex.fanOut)
    }

    @Test func pointEstimateBoundsTheHits() {
        let index = SpatialIndex(Self.layout)
        let point = Point(x: 15, y: 25)
        #expect(index.elements(containing: point).count == 1)
        let estimate = index.estimatedCount(containing: point, limit: 1_000)
        #expect(estimate >= 1 && estimate <= 4 * SpatialIndex.fanOut)
        #expect(index.estimatedCount(containing: Point(x: .nan, y: 0), limit: 10) == 0)
    }
}
