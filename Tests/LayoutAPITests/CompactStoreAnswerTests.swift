import Foundation
@testable import LayoutAPI
import LayoutEngine
import Testing
import TestSupport

/// Property: a layout answers with the same bytes from its compact store (`CompactElements`,
/// how the cache keeps large layouts) as from the array it was computed into: the full body, the
/// minimal body and rect queries, for random requests of every layout type (flow vertical and
/// horizontal, estimated sizes, pinned headers, @2x and @3x, right to left; waterfall, grid,
/// mosaic, column flow; UITableView tables of every style, with fixed, estimated and measured
/// row heights at @1x to @3x, which UIKit does not round to pixels) and every compositional, list
/// and table request of the fixtures. The binary answer is the same bytes too, and its size lies
/// within `AnswerBounds.protobuf` (what the answer budget reserves before encoding).
@Suite struct CompactStoreAnswerTests {
    /// The `request` of every example in the fixture files.
    static let fixtureRequests: [String] = {
        let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")
        var out: [String] = []
        for name in ["compositional-examples", "compositional-next-examples", "list-examples", "list-review-cases", "table-examples"] {
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
        switch g.below(9) {
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
        case 6:
            return #"{\#(cv),"layout":{"type":"columnFlow"},"sections":[{"numberOfItems":\#(n)}]}"#
        default:
            return tableRequest(cv, n, &g)
        }
    }

    /// A random `UITableView`: style, fixed or estimated rows (some measured, in thirds), titled
    /// or sized headers and footers, table header and footer views, separators.
    static func tableRequest(_ cv: String, _ n: Int, _ g: inout SeededRandom) -> String {
        let style = ["plain", "grouped", "insetGrouped"][g.below(3)]
        var layout = #""type":"table","style":"\#(style)""#
        if g.below(2) == 0 { layout += #","rowHeight":\#(Double(30 + g.below(60)) / 2)"# } else if g.below(2) == 0 { layout += #","estimatedRowHeight":\#(40 + g.below(40))"# }
        if g.below(2) == 0 { layout += #","tableHeaderView":{"height":\#(g.below(120))},"tableFooterView":{"height":\#(g.below(80))}"# }
        if g.below(2) == 0 { layout += #","listEnvironment":{"includeSeparators":true}"# }
        var sections: [String] = []
        for s in 0..<(1 + g.below(4)) {
            let rows = s == 0 ? n : g.below(40)
            var section = #""numberOfItems":\#(rows)"#
            if g.below(2) == 0 { section += #","headerTitle":"Section \#(s)""# } else if g.below(2) == 0 { section += #","hasHeaderView":true,"headerHeight":\#(20 + g.below(30))"# }
            if g.below(3) == 0 { section += #","footerTitle":"Footer""# }
            if rows > 0, g.below(3) == 0 {
                section += #","measuredRowHeights":[\#((0..<rows).map { _ in g.below(3) == 0 ? "null" : "\(Double(30 + g.below(90)) / 3)" }.joined(separator: ","))]"#
            }
            sections.append("{\(section)}")
        }
        return #"{\#(cv),"layout":{\#(layout)},"sections":[\#(sections.joined(separator: ","))]}"#
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
        // The binary answer: the same bytes from either form, within the bounds admitted for it
        // (the compact store's own counts of runs and off-grid frames, or one per element).
        let scale = compact.attributes.pixelScale ?? CompactElements.chooseScale(layout.attributes.prefix(256), preferred: layout.pinning.scale)
        let binary = ProtobufEncoder.layout(id: "x", layout: compact, scale: scale, estimates: spec.estimates)
        #expect(binary != nil, "\(body)")
        #expect(binary == ProtobufEncoder.layout(id: "x", layout: layout, scale: scale, estimates: spec.estimates), "\(body)")
        let shape = compact.attributes.compactShape(scale: scale)
        for (runs, offGrid) in [(shape?.runs, shape?.offGrid), (nil, nil)] {
            let bounds = AnswerBounds.protobuf(id: "x", elements: layout.attributes.count, runs: runs, offGrid: offGrid,
                                               kinds: layout.elementKinds, layout: layout)
            #expect(bounds.low <= binary?.count ?? 0 && binary?.count ?? .max <= bounds.high, "\(bounds) \(binary?.count ?? -1) \(body)")
        }
        let full = SpatialIndex(layout), small = SpatialIndex(compact)
        let size = layout.contentSize
        for _ in 0..<10 {
            let rect = Rect(x: Double(g.below(Int(min(size.width, 1e6)) + 1)), y: Double(g.below(Int(min(size.height, 1e6)) + 1)),
                            width: Double(1 + g.below(400)), height: Double(1 + g.below(700)))
            let hits = compact.attributes(in: rect, index: small)
            #expect(LayoutEncoder.elements(id: "x", hits, kinds: kinds, estimates: spec.estimates)
                    == LayoutEncoder.elements(id: "x", layout.attributes(in: rect, index: full), kinds: kinds, estimates: spec.estimates),
                    "\(body) \(rect)")
            let list = ProtobufEncoder.elementList(id: "x", hits, kinds: layout.elementKinds, scale: scale, estimates: spec.estimates) ?? []
            let bounds = AnswerBounds.protobuf(id: "x", elements: hits.count, kinds: layout.elementKinds)
            #expect(bounds.low <= list.count && list.count <= bounds.high, "\(bounds) \(list.count) \(body) \(rect)")
        }
        return compact.attributes.isCompact
    }

    @Test(arguments: 0..<4)
    func randomFlowFamilyLayoutsAnswerTheSameBytes(seed: UInt64) throws {
        var g = SeededRandom(seed: seed &+ 4242)
        var compacted = 0, tables = 0, tablesCompacted = 0
        for _ in 0..<40 {
            let body = Self.randomRequest(&g)
            let table = body.contains(#""type":"table""#)
            if table { tables += 1 }
            // Frames on the pixel grid: every flow-family layout goes compact (a table's rows
            // measured in thirds at @2x are off it, kept whole: compact or not, same bytes).
            if Self.check(body, &g) { compacted += 1; if table { tablesCompacted += 1 } } else { #expect(table, "\(body)") }
        }
        #expect(tables >= 4)
        #expect(tablesCompacted == tables, "random tables go compact too (\(tablesCompacted) of \(tables))")
        #expect(compacted >= 30)
    }

    /// Table layouts of every style, one sized past `compactFromElements` as the cache keeps
    /// them: stored compact, answered the same bytes in JSON and protocol buffers as computed.
    @Test(arguments: ["plain", "grouped", "insetGrouped"])
    func aLargeTableIsStoredCompactAndAnsweredTheSame(style: String) throws {
        let body = #"{"collectionView":{"width":393,"height":852,"scale":3},"layout":{"type":"table","style":"\#(style)","rowHeight":44,"listEnvironment":{"includeSeparators":true}},"sections":[{"numberOfItems":3000,"headerTitle":"A"},{"numberOfItems":2000,"footerTitle":"B"}]}"#
        var g = SeededRandom(seed: 7)
        #expect(Self.check(body, &g), "a table of 5,000 rows goes compact")
        let app = LayoutApplication.make()
        let r = app.post(body, headers: [("Content-Type", "application/json"), ("Prefer", "return=minimal")])
        let id = try #require(r.id)
        let entry = try #require(app.cache.peek(id))
        #expect(entry.layout.attributes.isCompact)
        #expect(entry.layout.attributes.count >= 10_000)   // rows, separators, headers and footers
        let full = app.get("/layout/\(id)")
        let spec = try decodedSpec(body)
        let computed = try spec.compute()
        #expect(full.body == LayoutEncoder.full(id: id, layout: computed, estimates: spec.estimates))
        let binary = app.get("/layout/\(id)", headers: [("Accept", ProtobufEncoder.mediaType)])
        #expect(binary.status == 200)
        #expect(binary.body == ProtobufEncoder.layout(id: id, layout: computed, scale: entry.protobufScale, estimates: spec.estimates))
    }

    @Test func everyCompositionalAndListFixtureAnswersTheSameBytes() throws {
        #expect(Self.fixtureRequests.count > 100)
        var g = SeededRandom(seed: 99)
        var compacted = 0, tables = 0
        for body in Self.fixtureRequests {
            let table = body.contains(#""type":"table""#)
            let compact = Self.check(body, &g)
            if table { tables += 1 } else if compact { compacted += 1 }
        }
        // All but the examples UIKit refuses (422) and layouts of a few elements in runs of one.
        let others = Self.fixtureRequests.count - tables
        #expect(compacted * 10 >= others * 8, "\(compacted) of \(others)")
        // The table examples are a few rows each (runs of one: the store declines and keeps the
        // array); they are checked for the same answers all the same. Large tables go compact
        // (`aLargeTableIsStoredCompactAndAnsweredTheSame`, the random tables above).
        #expect(tables == 30)
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
