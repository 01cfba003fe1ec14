@testable import LayoutEngine
import Testing
import TestSupport

/// The compact element store gives back every element field for field, whatever the frames hold
/// (values off the pixel grid, −0, NaN, infinities, values past 2^31 pixels are kept whole), and
/// the spatial index answers the same over either form.
@Suite struct CompactElementsTests {
    static func cell(_ s: Int, _ i: Int, _ f: Rect) -> LayoutAttributes { .cell(IndexPath(section: s, item: i), f) }

    /// Equal field for field, frames compared by their bits (NaN included).
    static func same(_ a: LayoutAttributes, _ b: LayoutAttributes) -> Bool {
        var a0 = a, b0 = b
        a0.frame = .zero
        b0.frame = .zero
        let bits = { (r: Rect) in [r.minX.bitPattern, r.minY.bitPattern, r.width.bitPattern, r.height.bitPattern] }
        return a0 == b0 && bits(a.frame) == bits(b.frame)
    }

    @Test func everyFieldRoundTrips() throws {
        let odd: [Rect] = [
            Rect(x: -0.0, y: 0, width: 10, height: 10), Rect(x: 0.1, y: 0, width: 10, height: 10),
            Rect(x: .nan, y: 1, width: 2, height: 3), Rect(x: 0, y: .infinity, width: 2, height: 3),
            Rect(x: 0, y: 2e9, width: 2, height: 3), Rect(x: 1.0 / 3, y: 0, width: 10, height: 10),
        ]
        var elements: [LayoutAttributes] = [.global(SupplementaryKind(rawValue: 2), index: 0, Rect(x: 0, y: 0, width: 375, height: 44), zIndex: 7, pinsToVisibleBounds: true)]
        elements.append(.header(section: 0, Rect(x: 0, y: 44, width: 375, height: 30)))
        for i in 0..<200 {
            let frame = i % 40 == 3 ? odd[(i / 40) % odd.count] : Rect(x: Double(i % 3) * 125.5, y: 74 + Double(i / 3) * 50.5, width: 125.5, height: 50)
            elements.append(LayoutAttributes(category: .cell, indexPath: IndexPath(section: 0, item: i), frame: frame,
                                             zIndex: i < 100 ? 0 : -3, isEstimated: i % 50 < 25))
        }
        elements.append(.supplementary(SupplementaryKind(rawValue: 3), IndexPath(section: 0, item: 5), Rect(x: 100, y: 300, width: 20, height: 20), zIndex: 10))
        elements.append(.decoration(SupplementaryKind(rawValue: 4), IndexPath(section: 0, item: 0), Rect(x: 0, y: 44, width: 375, height: 5000), zIndex: -1))
        elements.append(.footer(section: 0, Rect(x: 0, y: 5000, width: 375, height: 30)))
        elements.append(.header(section: 1, Rect(x: 0, y: 5030, width: 375, height: 30)))
        elements.append(contentsOf: (0..<50).map { Self.cell(1, $0, Rect(x: 0, y: 5060 + Double($0) * 44, width: 375, height: 44)) })
        elements.append(.global(SupplementaryKind(rawValue: 2), index: 1, Rect(x: 0, y: 7300, width: 375, height: 44)))
        let compact = try #require(CompactElements.make(elements, scale: 2))
        let store = ElementStore(compact: compact)
        #expect(store.count == elements.count)
        #expect(zip(store, elements).allSatisfy(Self.same))
        for i in elements.indices {
            #expect(Self.same(store[i], elements[i]), "element \(i)")
            #expect(Self.same(LayoutAttributes.cell(IndexPath(section: 0, item: 0), store.frame(at: i)),
                              LayoutAttributes.cell(IndexPath(section: 0, item: 0), elements[i].frame)), "frame of \(i)")
        }
        // Out of order, jumping back and far ahead.
        var g = SeededRandom(seed: 3)
        let picks = (0..<100).map { _ in g.below(elements.count) }
        #expect(zip(picks.map { store[$0] }, picks.map { elements[$0] }).allSatisfy(Self.same))
        let sorted = Array(Set(picks)).sorted()
        #expect(zip(store.elements(at: sorted), sorted.map { elements[$0] }).allSatisfy(Self.same))
        // Without the NaN, `==` and hashing agree across the forms.
        var plain = elements
        plain[85].frame.origin.x = 0
        let plainStore = ElementStore(plain).compacted(scale: 2)
        #expect(plainStore.isCompact)
        #expect(plainStore == ElementStore(plain))
        #expect(plainStore == plain)
        #expect(plainStore.hashValue == ElementStore(plain).hashValue)
        #expect(compact.exceptionIndex == [5, 45, 85, 125, 165])   // −0, 0.1, NaN, inf, 2e9 (4e9 pixels)
        #expect(compact.runs.count < 20)
    }

    @Test func minusZeroIsKeptWhole() throws {
        let elements = [Self.cell(0, 0, Rect(x: -0.0, y: 0, width: 10, height: 10))] + (1..<40).map { Self.cell(0, $0, Rect(x: 0, y: Double($0), width: 1, height: 1)) }
        let store = ElementStore(compact: try #require(CompactElements.make(elements, scale: 2)))
        #expect(store[0].frame.minX.sign == .minus)
        #expect(store[1].frame.minX.sign == .plus)
    }

    /// Thirds at @3x are whole pixels; at a layout that says @2x the store finds @3x itself.
    @Test func scaleIsFoundWhenTheLayoutDoesNotSayIt() throws {
        let elements = (0..<300).map { Self.cell(0, $0, Rect(x: Double($0 % 3) * 125.0 / 3, y: Double($0 / 3) * 100.0 / 3, width: 125.0 / 3, height: 100.0 / 3)) }
        let compact = try #require(CompactElements.make(elements, scale: 2))
        #expect(compact.scale == 3)
        #expect(compact.exceptionIndex.isEmpty)
        #expect(ElementStore(compact: compact) == elements)
    }

    /// Every frame off the grid: kept whole (32 bytes each), the rest still per run.
    @Test func framesOffTheGridAreKeptWhole() throws {
        let fractional = (0..<400).map { Self.cell(0, $0, Rect(x: 0.1, y: Double($0) + 0.1, width: 1, height: 1)) }
        let compact = try #require(CompactElements.make(fractional, scale: 2))
        #expect(compact.pixels.isEmpty)
        #expect(compact.memoryBytes < 32 * 400 + 512)
        let store = ElementStore(compact: compact)
        #expect(store == fractional)
        let index = SpatialIndex(Layout(contentSize: Size(width: 2, height: 400), attributes: fractional, sections: []))
        var layout = Layout(contentSize: Size(width: 2, height: 400), attributes: fractional, sections: [])
        layout.compactElements()
        #expect(SpatialIndex(layout).elements(in: Rect(x: 0, y: 10, width: 1, height: 2)) == [9, 10, 11])
        #expect(index.elements(in: Rect(x: 0, y: 10, width: 1, height: 2)) == [9, 10, 11])
    }

    /// Every element its own run (items not consecutive): nothing to save, the array stays.
    @Test func declinesWhenItWouldNotSave() {
        let scattered = (0..<400).map { Self.cell(0, $0 * 2, Rect(x: 0, y: Double($0), width: 1, height: 1)) }
        #expect(CompactElements.make(scattered, scale: 2) == nil)
        #expect(CompactElements.make([], scale: 2) == nil)
        let store = ElementStore(scattered).compacted(scale: 2)
        #expect(!store.isCompact)
        #expect(store == scattered)
    }

    /// A million-cell flow: 16 bytes of pixels an element and a handful of runs.
    @Test func aFlowTakesSixteenBytesAnElement() throws {
        let n = 100_000
        let elements = (0..<n).map { Self.cell(0, $0, Rect(x: 10 + Double($0 % 6) * 60, y: Double($0 / 6) * 60, width: 50, height: 50)) }
        let store = ElementStore(elements).compacted(scale: 3)
        #expect(store.isCompact)
        #expect(store.memoryBytes < 16 * n + 4096)
        #expect(ElementStore(elements).memoryBytes >= 56 * n)
    }

    /// Writing to a compact store turns it back into the array form, with the change.
    @Test func writingDecompacts() {
        let elements = (0..<100).map { Self.cell(0, $0, Rect(x: 0, y: Double($0) * 10, width: 10, height: 10)) }
        var store = ElementStore(elements).compacted(scale: 2)
        #expect(store.isCompact)
        store[5].zIndex = 9
        #expect(!store.isCompact)
        #expect(store[5].zIndex == 9)
        #expect(store[4] == elements[4])
        var layout = Layout(contentSize: Size(width: 10, height: 1000), attributes: elements, sections: [])
        layout.compactElements()
        #expect(layout.attributes.isCompact)
        layout.mirrorForRightToLeft()
        #expect(layout.attributes[0].frame.minX == 0)
    }

    /// Rect and point queries over the compact form of random layouts of every type give the same
    /// elements as over the array form (and the brute force).
    @Test(arguments: 0..<4)
    func queriesOverTheCompactFormMatch(seed: UInt64) {
        var g = SeededRandom(seed: seed &+ 900)
        for (name, layout) in SpatialIndexLayoutTypesTests.layouts(&g) {
            var compact = layout
            compact.compactElements()
            #expect(compact.attributes.isCompact, "\(name)")
            #expect(compact.attributes == layout.attributes, "\(name)")
            let full = SpatialIndex(layout), small = SpatialIndex(compact)
            #expect(small.memoryBytes <= full.memoryBytes + 64)   // the same tree (allocations may round differently)
            let content = layout.contentSize
            for _ in 0..<100 {
                let rect = Rect(x: Double(g.below(Int(content.width) + 50)) - 50, y: Double(g.below(Int(content.height) + 50)) - 50,
                                width: Double(g.below(500)), height: Double(g.below(800)))
                #expect(compact.attributes(in: rect, index: small) == layout.attributes(in: rect, index: full), "\(name) \(rect)")
                #expect(compact.attributes(in: rect, index: small) == SpatialIndexLayoutTypesTests.bruteForce(layout, rect), "\(name) \(rect)")
                let point = Point(x: Double(g.below(Int(content.width) * 2 + 1)) / 2, y: Double(g.below(Int(content.height) * 2 + 1)) / 2)
                #expect(compact.attributes(containing: point, index: small, visibleRect: rect)
                        == layout.attributes(containing: point, index: full, visibleRect: rect), "\(name) \(point)")
            }
        }
    }
}
