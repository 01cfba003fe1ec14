import Foundation
import HTTP
@testable import LayoutAPI
import LayoutEngine
import Testing

/// The 30 worked examples of table-layout.md §4 (Fixtures/table-examples.json, a verbatim copy of
/// the table spec's worked examples) through the service. The spec's request shape is a
/// proposal; the contract keeps the names it already had (`TableExample.contractRequest`):
/// `generation`, `contentSizeCategory` and `includeSeparators` go in `layout.listEnvironment`, the
/// adjusted content inset is `collectionView.contentInset`, and `contentOffset` is not part of a
/// layout: floating headers are placed for the visible rect of a query (`GET …/elements?rect=`).
/// Every element (category, kind, index path) is checked to the 4 decimals the spec prints,
/// with no element more; cells' `estimated` flags too.
@Suite struct TableExamplesAPITests {
    static let examples = TableExample.load()
    let app = LayoutApplication.make()

    @Test func allExamplesAreHere() {
        #expect(Self.examples.count == 30)
    }

    @Test(arguments: 0..<30)
    func example(_ index: Int) throws {
        let e = try #require(Self.examples.indices.contains(index) ? Self.examples[index] : nil)
        let r = app.post(e.contractRequest)
        #expect(r.status == 200, "\(e.name): \(r.text.prefix(400))")
        let got = TableAnswer(r)
        #expect(abs(got.contentSize.width - e.contentSize.width) < 1e-4, "\(e.name) content width")
        #expect(abs(got.contentSize.height - e.contentSize.height) < 1e-4, "\(e.name) content height \(got.contentSize.height)")
        #expect(got.elements.count == e.elements.count, "\(e.name): \(got.elements.count) elements, expected \(e.elements.count)")
        for want in e.elements {
            let have = try #require(got.elements.first { $0.key == want.key }, "\(e.name): no \(want.key)")
            if want.pinned { continue }  // its natural frame is not in the spec; the query below checks where it floats
            expectClose(have.frame, want.frame, "\(e.name) \(want.key)")
            if want.key.category == "cell" { #expect(have.estimated == want.estimated, "\(e.name) \(want.key) estimated") }
        }
        guard let offset = e.contentOffset else { return }
        // Floating headers and footers: what a query for the visible rect at that offset returns
        // is exactly the expected elements that meet the rect, at their expected frames.
        let visible = Rect(x: 0, y: offset, width: e.viewSize.width, height: e.viewSize.height)
        let q = TableAnswer(app.get("/layout/\(got.id)/elements?rect=0,\(offset),\(e.viewSize.width),\(e.viewSize.height)"))
        #expect(q.status == 200, "\(e.name) query: \(q.text.prefix(300))")
        let meeting = e.elements.filter { $0.frame.intersects(visible) }
        #expect(q.elements.count == meeting.count, "\(e.name): the query returned \(q.elements.count) elements, \(meeting.count) meet the rect")
        for want in meeting {
            let have = try #require(q.elements.first { $0.key == want.key }, "\(e.name) query: no \(want.key)")
            expectClose(have.frame, want.frame, "\(e.name) query \(want.key)")
            #expect((have.zIndex == Layout.pinnedZIndex) == want.pinned, "\(e.name) \(want.key) floating zIndex")
        }
    }

    func expectClose(_ a: Rect, _ b: Rect, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let ok = abs(a.minX - b.minX) < 6e-5 && abs(a.minY - b.minY) < 6e-5 && abs(a.width - b.width) < 6e-5 && abs(a.height - b.height) < 6e-5
        #expect(ok, "\(what): got (\(a.minX), \(a.minY), \(a.width), \(a.height)), expected (\(b.minX), \(b.minY), \(b.width), \(b.height))",
                sourceLocation: sourceLocation)
    }
}

/// One element of an answer, keyed as the contract names it.
struct TableElement {
    struct Key: Hashable, CustomStringConvertible {
        var category: String
        var kind: String?
        var indexPath: [Int]
        var description: String { "\(category) \(kind ?? "") \(indexPath)" }
    }

    var key: Key
    var frame: Rect
    var estimated: Bool
    var pinned: Bool
    var zIndex: Int

    init(_ o: [String: Any]) {
        key = Key(category: o["category"] as? String ?? "", kind: o["kind"] as? String, indexPath: o["indexPath"] as? [Int] ?? [])
        let f = o["frame"] as? [String: Double] ?? [:]
        frame = Rect(x: f["x"] ?? .nan, y: f["y"] ?? .nan, width: f["width"] ?? .nan, height: f["height"] ?? .nan)
        estimated = o["estimated"] as? Bool ?? false
        pinned = o["pinned"] as? Bool ?? false
        zIndex = o["zIndex"] as? Int ?? 0
    }

    /// A spec element in the contract's words: `supplementary` → `supplementaryView`, the table
    /// header/footer views → global `supplementaryView`s of kind `tableHeader`/`tableFooter` at
    /// `[0]`, `separator` `bottom`/`top` → `decorationView`s of kind `bottomSeparator`/`topSeparator`.
    init(spec o: [String: Any]) {
        self.init(o)
        switch key.category {
        case "supplementary": key.category = "supplementaryView"
        case "tableHeader", "tableFooter": key = Key(category: "supplementaryView", kind: key.category, indexPath: [0])
        case "separator": key = Key(category: "decorationView", kind: "\(key.kind ?? "")Separator", indexPath: key.indexPath)
        default: break
        }
    }
}

/// A POST /layout or query answer.
struct TableAnswer {
    var status: Int
    var id: String
    var text: String
    var contentSize: Size
    var elements: [TableElement]

    init(_ r: Response) {
        status = r.status
        text = r.text
        let o = (try? JSONSerialization.jsonObject(with: Data(r.body))) as? [String: Any] ?? [:]
        id = o["id"] as? String ?? ""
        let cs = o["contentSize"] as? [String: Double] ?? [:]
        contentSize = Size(width: cs["width"] ?? .nan, height: cs["height"] ?? .nan)
        elements = (o["elements"] as? [[String: Any]] ?? (o["element"] as? [String: Any]).map { [$0] } ?? []).map { TableElement($0) }
    }

    func element(_ category: String, _ kind: String?, _ path: [Int]) -> TableElement? {
        elements.first { $0.key == TableElement.Key(category: category, kind: kind, indexPath: path) }
    }
}

/// One case of Fixtures/table-examples.json.
struct TableExample: Sendable {
    var name: String
    var contractRequest: String
    var contentOffset: Double?
    var viewSize: Size
    var contentSize: Size
    var elements: [TableElement] { elementObjects.map { TableElement(spec: $0) } }
    private var elementData: Data
    private var elementObjects: [[String: Any]] {
        (try? JSONSerialization.jsonObject(with: elementData)) as? [[String: Any]] ?? []
    }

    static func load() -> [TableExample] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures").appendingPathComponent("table-examples.json")
        guard let data = try? Data(contentsOf: url),
              let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let list = root["examples"] as? [[String: Any]] else { return [] }
        return list.compactMap { e in
            guard let request = e["request"] as? [String: Any], let expected = e["expected"] as? [String: Any] else { return nil }
            let cs = expected["contentSize"] as? [String: Double] ?? [:]
            let cv = request["collectionView"] as? [String: Any] ?? [:]
            let offset = (cv["contentOffset"] as? [String: Double])?["y"]
            guard let body = try? JSONSerialization.data(withJSONObject: contractRequest(request), options: [.sortedKeys]),
                  let elements = try? JSONSerialization.data(withJSONObject: expected["elements"] ?? []) else { return nil }
            return TableExample(name: e["name"] as? String ?? "", contractRequest: String(decoding: body, as: UTF8.self),
                                contentOffset: offset,
                                viewSize: Size(width: cv["width"] as? Double ?? 0, height: cv["height"] as? Double ?? 0),
                                contentSize: Size(width: cs["width"] ?? .nan, height: cs["height"] ?? .nan), elementData: elements)
        }
    }

    /// The spec's proposed request in the contract's names (see the suite's comment).
    static func contractRequest(_ spec: [String: Any]) -> [String: Any] {
        var r = spec
        var cv = r["collectionView"] as? [String: Any] ?? [:]
        var layout = r["layout"] as? [String: Any] ?? [:]
        var env: [String: Any] = [:]
        if let g = r.removeValue(forKey: "generation") { env["generation"] = g }
        if let c = cv.removeValue(forKey: "contentSizeCategory") { env["contentSizeCategory"] = c }
        if let s = layout.removeValue(forKey: "includeSeparators") { env["includeSeparators"] = s }
        if let a = cv.removeValue(forKey: "adjustedContentInset") { cv["contentInset"] = a }
        cv.removeValue(forKey: "contentOffset")
        if !env.isEmpty { layout["listEnvironment"] = env }
        r["collectionView"] = cv
        r["layout"] = layout
        return r
    }
}
