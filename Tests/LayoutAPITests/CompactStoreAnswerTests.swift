import Foundation
@testable import LayoutAPI
import LayoutEngine
import Testing
import TestSupport

/// Property: a layout answers with the same bytes from its compact store (`CompactElements`,
/// how the cache keeps large layouts) as from the array it was computed into: the full body, the
/// minimal body and rect queries, for random requests of every layout type (flow vertical and
/// horizontal, estimated sizes, pinned headers, @2x and @3x, right to left; waterfall, grid,
/// mosaic, column flow) and every compositional and list request of the fixtures.
@Suite struct CompactStoreAnswerTests {
    /// The `request` of every example in the fixture files.
    static let fixtureRequests: [String] = {
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")
        var out: [String] = []
        for name in ["compositional-examples", "compositional-next-examples", "list-examples", "list-review-cases"] {
            guard let data = try? Data(contentsOf: dir.appendingPathComponent("\(name).json")),
                  let root = try? JSONSerialization.jsonObject(with: data) else { continue }
            let list = (root as? [[String: Any]]) ?? ((root as? [String: Any])?["examples"] as? [[String: Any]]) ?? []
            for e in list {
                guard let request = e["request"], let body = try? JSONSerialization.data(withJSONObject: request) else { continue }
                out.append(String(decoding: body, as: UTF8.self))
            }
        }
        return out
    }()

    /// A random request of one of the flow-family types.
    static func randomRequest(_ g: inout SeededRandom) -> String {
        let scale = [2, 3, 1][g.below(3)]
        let width = 320 + g.below(100)
        let rtl = g.below(3) == 0 ? #","layoutDirection":"rightToLeft""# : ""
        let cv = #""collectionView":{"width":\#(width),"height":\#(480 + g.below(300)),"scale":\#(scale)\#(rtl)}"#
        func sizes(_ n: Int, _ g: inout SeededRandom) -> String {
            (0..<n).map { _ in #"{"width":\#(10 + g.below(190)),"height":\#(Double(20 + g.below(300)) / 3)}"# }.joined(separator: ",")
        }
        let n = 20 + g.below(150)
        switch g.below(7) {
        case 0:
            let pin = g.below(2) == 0 ? "true" : "false"
            return #"{\#(cv),"layout":{"sectionHeadersPinToVisibleBounds":\#(pin),"headerReferenceSize":{"width":40,"height":30},"minimumLineSpacing":\#(Double(g.below(30)) / 2)},"sections":[{"itemSizes":[\#(sizes(n, &g))]},{"numberOfItems":\#(g.below(40))}]}"#
        case 1:
            return #"{\#(cv),"layout":{"scrollDirection":"horizontal","itemSize":{"width":\#(30 + g.below(60)),"height":\#(Double(30 + g.below(60)) / 2)}},"sections":[{"numberOfItems":\#(n)},{"numberOfItems":\#(g.below(30))}]}"#
        case 2:
            let preferred = (0..<min(n, 10)).map { #"{"indexPath":[0,\#($0)],"width":\#(50 + g.below(100)),"height":\#(Double(40 + g.below(90)) / 7)}"# }.joined(separator: ",")
            return #"{\#(cv),"layout":{"estimatedItemSize":{"width":100,"height":100}},"sections":[{"numberOfItems":\#(n)}],"preferredSizes":[\#(preferred)]}"#
        case 3:
            return #"{\#(cv),"layout":{"type":"waterfall","columnCount":\#(2 + g.below(3)),"headerHeight":\#(g.below(40)),"footerHeight":\#(g.below(30))},"sections":[{"itemSizes":[\#(sizes(n, &g))]}]}"#
        case 4:
            return #"{\#(cv),"layout":{"type":"grid","itemsPerLine":\#(2 + g.below(4)),"sideMargin":\#(g.below(20)),"spacing":\#(Double(g.below(20)) / 2)},"sections":[{"numberOfItems":\#(n)}]}"#
        case 5:
            return #"{\#(cv),"layout":{"type":"mosaic"},"sections":[{"numberOfItems":\#(n)}]}"#
        default:
            return #"{\#(cv),"layout":{"type":"columnFlow"},"sections":[{"numberOfItems":\#(n)}]}"#
        }
    }

    /// Checks one request; returns whether the layout went compact (false: it declined, which
    /// leaves the array and so the answers as they are).
    static func check(_ body: String, _ g: inout SeededRandom) -> Bool {
        guard let spec = try? decodedSpec(body) else { return false }   // an example of a 400 or 422
        let layout: Layout
        do throws(LayoutRefusal) { layout = try spec.compute() } catch { return false }   // a 422 example
        var compact = layout
        compact.compactElements()
        #expect(compact.attributes == layout.attributes, "\(body)")
        let kinds = KindPrefixes.for(layout.elementKinds)
        #expect(LayoutEncoder.full(id: "x", layout: compact, kinds: kinds, estimates: spec.estimates)
                == LayoutEncoder.full(id: "x", layout: layout, kinds: kinds, estimates: spec.estimates), "\(body)")
        #expect(LayoutEncoder.minimal(id: "x", layout: compact) == LayoutEncoder.minimal(id: "x", layout: layout), "\(body)")
        let full = SpatialIndex(layout), small = SpatialIndex(compact)
        let size = layout.contentSize
        for _ in 0..<10 {
            let rect = Rect(x: Double(g.below(Int(min(size.width, 1e6)) + 1)), y: Double(g.below(Int(min(size.height, 1e6)) + 1)),
                            width: Double(1 + g.below(400)), height: Double(1 + g.below(700)))
            #expect(LayoutEncoder.elements(id: "x", compact.attributes(in: rect, index: small), kinds: kinds, estimates: spec.estimates)
                    == LayoutEncoder.elements(id: "x", layout.attributes(in: rect, index: full), kinds: kinds, estimates: spec.estimates),
                    "\(body) \(rect)")
        }
        return compact.attributes.isCompact
    }

    @Test(arguments: 0..<4)
    func randomFlowFamilyLayoutsAnswerTheSameBytes(seed: UInt64) throws {
        var g = SeededRandom(seed: seed &+ 4242)
        var compacted = 0
        for _ in 0..<40 where Self.check(Self.randomRequest(&g), &g) { compacted += 1 }
        // Frames on the pixel grid: every one of these goes compact.
        #expect(compacted == 40)
    }

    @Test func everyCompositionalAndListFixtureAnswersTheSameBytes() throws {
        #expect(Self.fixtureRequests.count > 100)
        var g = SeededRandom(seed: 99)
        var compacted = 0
        for body in Self.fixtureRequests where Self.check(body, &g) { compacted += 1 }
        // All but the examples UIKit refuses (422) and layouts of a few elements in runs of one.
        #expect(compacted * 10 >= Self.fixtureRequests.count * 8, "\(compacted) of \(Self.fixtureRequests.count)")
    }

    /// The cache keeps large layouts compact and counts the compact bytes.
    @Test func theCacheKeepsALargeLayoutCompact() throws {
        let app = LayoutApplication.make()
        let r = app.post(#"{"collectionView":{"width":375,"height":667},"sections":[{"numberOfItems":10000}]}"#, headers: [("Content-Type", "application/json"), ("Prefer", "return=minimal")])
        let id = try #require(r.id)
        let entry = try #require(app.cache.peek(id))
        #expect(entry.layout.attributes.isCompact)
        #expect(entry.bytes < 10_000 * 24 + 4096)
        let small = app.post(#"{"collectionView":{"width":375,"height":667},"sections":[{"numberOfItems":100}]}"#)
        let smallID = try #require(small.id)
        #expect(try #require(app.cache.peek(smallID)).layout.attributes.isCompact == false)
    }
}
