@testable import LayoutAPI
import LayoutEngine
import Testing
import TestSupport

/// `LayoutAttributes` keeps its index path in two 32-bit halves (56-byte stride): every value a
/// layout can hold round-trips, and elements are written byte for byte as with 64-bit fields.
@Suite struct CompactAttributesTests {
    static let edges = [0, 1, 2, 9, 10, 99, 65_535, 65_536, 999_999, 1_000_000, 9_999_999, 2_147_483_646, 2_147_483_647]

    static func number(_ rng: inout SeededRandom) -> Double {
        switch Int.random(in: 0..<6, using: &rng) {
        case 0: Double(Int.random(in: -1000...1000, using: &rng))
        case 1: Double(Int.random(in: 0...3000, using: &rng)) / 3   // 1/3-point values
        case 2: -Double.random(in: 0...1e6, using: &rng)
        case 3: Double.random(in: 1e9...1e15, using: &rng)
        case 4: Double.random(in: 0...1, using: &rng)
        default: 0.1 + 0.2
        }
    }

    @Test func indexPathsRoundTripAtEveryMagnitude() {
        var rng = SeededRandom(seed: 20)
        var values = Self.edges
        for _ in 0..<200 { values.append(Int.random(in: 0...2_147_483_647, using: &rng)) }
        for s in values {
            let i = values[Int.random(in: 0..<values.count, using: &rng)]
            var a = LayoutAttributes.cell(IndexPath(section: s, item: i), Rect(x: 1, y: 2, width: 3, height: 4))
            #expect(a.indexPath == IndexPath(section: s, item: i))
            a.indexPath.item = s
            a.indexPath.section = i
            #expect(a.indexPath == IndexPath(section: i, item: s))
            #expect(a == LayoutAttributes.cell(IndexPath(section: i, item: s), Rect(x: 1, y: 2, width: 3, height: 4)))
        }
        #expect(MemoryLayout<LayoutAttributes>.stride == 56)
    }

    @Test func elementsAreWrittenWithTheExactIndexPathsFramesAndFlags() {
        var rng = SeededRandom(seed: 7)
        let kinds = KindPrefixes.for(Layout.defaultElementKinds)
        for n in 0..<500 {
            let s = Self.edges[n % Self.edges.count], i = Self.edges[(n * 7) % Self.edges.count]
            let frame = Rect(x: Self.number(&rng), y: Self.number(&rng), width: abs(Self.number(&rng)), height: abs(Self.number(&rng)))
            let z = [0, -1, 10, Int.random(in: -5000...5000, using: &rng)][n % 4]
            let a: LayoutAttributes = n % 3 == 0
                ? .supplementary(n % 2 == 0 ? .header : .footer, IndexPath(section: s, item: i), frame, zIndex: z)
                : LayoutAttributes(category: .cell, indexPath: IndexPath(section: s, item: i), frame: frame, zIndex: z, isEstimated: n % 5 == 0)
            #expect(a.frame == frame)
            #expect(a.zIndex == z)
            let bytes = String(decoding: LayoutEncoder.elements(id: "x", [a], kinds: kinds, estimates: true), as: UTF8.self)
            #expect(bytes.contains(#""indexPath":[\#(s),\#(i)]"#), "\(bytes)")
            #expect(bytes.contains(#""zIndex":\#(z)"#), "\(bytes)")
            #expect(bytes.contains(#""estimated":true"#) == a.isEstimated, "\(bytes)")
        }
    }
}
