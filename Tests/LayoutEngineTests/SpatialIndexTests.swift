import Testing
@testable import LayoutEngine
import TestSupport


/// Layouts built directly from frames, one section of cells.
enum IndexFixture {
    static func layout(_ frames: [Rect], scrollDirection: ScrollDirection = .vertical) -> Layout {
        let attributes = frames.enumerated().map { LayoutAttributes.cell(IndexPath(section: 0, item: $0.offset), $0.element) }
        return Layout(scrollDirection: scrollDirection, contentSize: .zero, attributes: attributes,
                      sections: [SectionGeometry(minScroll: 0, maxScroll: 0, headerIndex: nil, footerIndex: nil,
                                                 cells: 0..<frames.count)])
    }

    /// A `columns`-wide grid of `cell`-sized items with `gap` spacing, in row order.
    static func grid(count: Int, columns: Int, cell: Size, gap: Double) -> [Rect] {
        (0..<count).map { index in
            Rect(x: Double(index % columns) * (cell.width + gap), y: Double(index / columns) * (cell.height + gap),
                 width: cell.width, height: cell.height)
        }
    }

    /// A coordinate on a coarse lattice half the time (so edges touch exactly), fractional otherwise.
    static func coordinate(_ limit: Double, _ rng: inout SeededRandom) -> Double {
        Bool.random(using: &rng) ? Double(Int.random(in: 0...Int(limit / 10), using: &rng)) * 10
            : Double.random(in: -20...limit, using: &rng)
    }

    /// Random frames of every awkward kind: unsorted, overlapping, huge, zero-size, negative,
    /// touching, sometimes infinite or NaN.
    static func randomFrames(count: Int, extent: Double, _ rng: inout SeededRandom) -> [Rect] {
        (0..<count).map { _ in
            let x = coordinate(extent, &rng), y = coordinate(extent * 4, &rng)
            switch Int.random(in: 0..<100, using: &rng) {
            case 0..<3: return Rect(x: x, y: y, width: 0, height: Double.random(in: 0...50, using: &rng))
            case 3..<5: return Rect(x: x, y: y, width: -10, height: 20)
            case 5..<8: return Rect(x: -50, y: y, width: extent * 3, height: extent * 5)
            case 8: return Rect(x: x, y: y, width: .infinity, height: 10)
            case 9: return Rect(x: .nan, y: y, width: 10, height: 10)
            case 10..<12: return Rect(x: x, y: y, width: 1e-9, height: 1e-9)
            default:
                return Rect(x: x, y: y, width: coordinate(120, &rng) + 0.5, height: coordinate(200, &rng) + 0.25)
            }
        }
    }

    static func randomRect(extent: Double, _ rng: inout SeededRandom, frames: [Rect]) -> Rect {
        if !frames.isEmpty, Int.random(in: 0..<4, using: &rng) == 0 {
            // An element's own frame, or one shifted to touch it: exact edge cases.
            var frame = frames[Int.random(in: 0..<frames.count, using: &rng)]
            if Bool.random(using: &rng) { frame.origin.y += frame.size.height }
            return frame
        }
        return Rect(x: coordinate(extent, &rng), y: coordinate(extent * 4, &rng),
                    width: Int.random(in: 0..<10, using: &rng) == 0 ? 0 : coordinate(extent, &rng),
                    height: coordinate(extent * 2, &rng))
    }

    static func randomPoint(extent: Double, _ rng: inout SeededRandom, frames: [Rect]) -> Point {
        if !frames.isEmpty, Bool.random(using: &rng) {
            let frame = frames[Int.random(in: 0..<frames.count, using: &rng)]
            // Corners: min edges are inside, max edges are outside.
            return Point(x: Bool.random(using: &rng) ? frame.minX : frame.maxX,
                         y: Bool.random(using: &rng) ? frame.minY : frame.maxY)
        }
        return Point(x: coordinate(extent, &rng), y: coordinate(extent * 4, &rng))
    }
}

@Suite struct SpatialIndexTests {
    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func rectAndPointQueriesMatchBruteForceOnRandomLayouts(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        let count = [0, 1, 15, 16, 17, 255, 257, 3000][Int(seed % 8)]
        let frames = IndexFixture.randomFrames(count: count, extent: 800, &rng)
        let index = SpatialIndex(IndexFixture.layout(frames))
        for _ in 0..<400 {
            let rect = IndexFixture.randomRect(extent: 800, &rng, frames: frames)
            let expected = frames.indices.filter { frames[$0].intersects(rect) }
            #expect(index.elements(in: rect) == expected, "seed \(seed) rect \(rect)")
            let point = IndexFixture.randomPoint(extent: 800, &rng, frames: frames)
            let containing = frames.indices.filter { frames[$0].contains(point) }
            #expect(index.elements(containing: point) == containing, "seed \(seed) point \(point)")
        }
    }

    @Test func queriesMatchBruteForceOnWaterfallLikeColumnsThatDiverge() {
        // Column 0 gets tall items, column 1 short ones: element order is far from y order.
        var rng = SeededRandom(seed: 99)
        var heights = [0.0, 0.0]
        let frames = (0..<2000).map { item -> Rect in
            let column = item % 2
            let height = column == 0 ? Double.random(in: 200...400, using: &rng) : Double.random(in: 10...40, using: &rng)
            defer { heights[column] += height + 8 }
            return Rect(x: Double(column) * 160, y: heights[column], width: 150, height: height)
        }
        let index = SpatialIndex(IndexFixture.layout(frames))
        for _ in 0..<500 {
            let rect = Rect(x: Double.random(in: -10...300, using: &rng), y: Double.random(in: 0...600_000, using: &rng),
                            width: 375, height: 667)
            #expect(index.elements(in: rect) == frames.indices.filter { frames[$0].intersects(rect) })
        }
    }

    @Test func horizontalLayoutWithOneHugeItemMatchesBruteForce() {
        var frames = (0..<5000).map { Rect(x: Double($0 / 4) * 110, y: Double($0 % 4) * 60, width: 100, height: 50) }
        frames.insert(Rect(x: 0, y: 0, width: 1e7, height: 1e7), at: 2500)
        let index = SpatialIndex(IndexFixture.layout(frames, scrollDirection: .horizontal))
        var rng = SeededRandom(seed: 7)
        for _ in 0..<300 {
            let rect = Rect(x: Double.random(in: 0...140_000, using: &rng), y: 0, width: 667, height: 375)
            let result = index.elements(in: rect)
            #expect(result == frames.indices.filter { frames[$0].intersects(rect) })
            #expect(result.contains(2500))
        }
    }

    @Test func touchingEdgesDoNotIntersect() {
        let frames = [Rect(x: 0, y: 0, width: 100, height: 100), Rect(x: 100, y: 0, width: 100, height: 100)]
        let index = SpatialIndex(IndexFixture.layout(frames))
        #expect(index.elements(in: Rect(x: 100, y: 0, width: 50, height: 50)) == [1])
        #expect(index.elements(in: Rect(x: 0, y: 100, width: 200, height: 10)) == [])
        #expect(index.elements(in: Rect(x: 99.5, y: 99.5, width: 1, height: 1)) == [0, 1])
        #expect(index.elements(in: Rect(x: 0, y: 0, width: 0, height: 100)) == [])
    }

    @Test func pointOnMaxEdgeBelongsToTheNextFrameOnly() {
        let frames = [Rect(x: 0, y: 0, width: 100, height: 100), Rect(x: 100, y: 0, width: 100, height: 100)]
        let index = SpatialIndex(IndexFixture.layout(frames))
        #expect(index.elements(containing: Point(x: 100, y: 0)) == [1])
        #expect(index.elements(containing: Point(x: 200, y: 50)) == [])
        #expect(index.elements(containing: Point(x: 0, y: 0)) == [0])
        #expect(index.elements(containing: Point(x: .nan, y: 0)) == [])
    }

    @Test func resultsAreAscendingInElementOrder() {
        // Reverse order: the last element is at the top.
        let frames = (0..<1000).reversed().map { Rect(x: 0, y: Double($0) * 10, width: 100, height: 10) }
        let index = SpatialIndex(IndexFixture.layout(frames))
        #expect(index.elements(in: Rect(x: 0, y: 0, width: 100, height: 30)) == [997, 998, 999])
    }

    @Test func emptyLayoutAnswersNothing() {
        let index = SpatialIndex(IndexFixture.layout([]))
        #expect(index.elements(in: Rect(x: 0, y: 0, width: 100, height: 100)) == [])
        #expect(index.elements(containing: .zero) == [])
        #expect(index.indexedCount == 0)
    }

    @Test func framesThatCanNeverMatchAreLeftOut() {
        let frames = [Rect(x: 0, y: 0, width: 0, height: 10), Rect(x: 0, y: 0, width: -5, height: 10),
                      Rect(x: .nan, y: 0, width: 5, height: 5), Rect(x: 0, y: 0, width: 5, height: 5)]
        #expect(SpatialIndex(IndexFixture.layout(frames)).indexedCount == 1)
    }

    /// A grid in element order keeps no entry index: its nodes alone, about 1.3 bytes per element.
    @Test func aCoherentLayoutCostsItsNodesAlone() {
        let frames = IndexFixture.grid(count: 100_000, columns: 3, cell: Size(width: 120, height: 120), gap: 7.5)
        let index = SpatialIndex(IndexFixture.layout(frames))
        #expect(index.entriesInElementOrder)
        #expect(index.memoryBytes < 2 * 100_000)
        #expect(index.memoryBytes > 1 * 100_000)
    }

    /// The same frames in a scrambled order are sorted: 4 bytes of entry index per element more,
    /// still within the 6 the cache counts; and the answers are the same elements.
    @Test func aScrambledOrderIsSortedWithinSixBytesPerElement() {
        var frames = IndexFixture.grid(count: 100_000, columns: 3, cell: Size(width: 120, height: 120), gap: 7.5)
        var order = Array(0..<frames.count)
        var g = SeededRandom(seed: 5)
        for i in stride(from: order.count - 1, to: 0, by: -1) { order.swapAt(i, g.below(i + 1)) }
        frames = order.map { frames[$0] }
        let index = SpatialIndex(IndexFixture.layout(frames))
        #expect(!index.entriesInElementOrder)
        #expect(index.memoryBytes > 5 * 100_000)
        #expect(index.memoryBytes <= SpatialIndex.estimatedMemoryBytes(count: 100_000))
        let visible = Rect(x: 0, y: 12_750, width: 375, height: 667)
        let expected = frames.indices.filter { frames[$0].intersects(visible) }
        #expect(expected.count == 18)
        #expect(index.elements(in: visible) == expected)
    }

    @Test func screenRectOnAGridFindsExactlyTheVisibleCells() {
        let frames = IndexFixture.grid(count: 30_000, columns: 3, cell: Size(width: 120, height: 120), gap: 7.5)
        let index = SpatialIndex(IndexFixture.layout(frames))
        // Rows 100...105 are visible: y from 12750 to 13417.
        let result = index.elements(in: Rect(x: 0, y: 12_750, width: 375, height: 667))
        #expect(result == Array(300..<318))
    }
}
