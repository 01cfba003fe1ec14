import HTTP
@testable import LayoutAPI
import LayoutEngine
import Testing

@Suite struct SVGTests {
    let app = LayoutApplication.make()

    /// README's waterfall: a 40-pt pinned header and four cells (frames in the README).
    static let waterfall = #"{"collectionView":{"width":320,"height":568},"layout":{"type":"waterfall","columnCount":2,"headerHeight":40,"sectionHeadersPinToVisibleBounds":true},"sections":[{"itemSizes":[{"width":100,"height":150},{"width":100,"height":100},{"width":200,"height":100},{"width":50,"height":100}]}]}"#

    func svg(_ target: String, headers: [(String, String)] = []) throws -> (Response, SVGNode) {
        let r = app.get(target, headers: headers)
        try #require(r.status == 200, "\(r.status) \(r.text)")
        return (r, try SVGDocument.parse(r.body))
    }

    func frames(_ rects: [SVGNode]) -> [String] {
        rects.map { "\($0["data-index-path"] ?? "?") \($0["x"] ?? "?") \($0["y"] ?? "?") \($0["width"] ?? "?") \($0["height"] ?? "?")" }
    }

    @Test func everyElementIsOneRectAtItsExactFrame() throws {
        let id = try #require(app.post(Self.waterfall).id)
        let (r, doc) = try svg("/layout/\(id).svg")
        #expect(r.header("Content-Type") == "image/svg+xml")
        #expect(doc.name == "svg")
        // The canvas: the drawing (the content size) and the legend's strip beside it.
        #expect(doc["viewBox"] == "0 0 453 592.5")
        #expect(doc["width"] == "453")
        #expect(doc["height"] == "592.5")
        let drawing = try #require(doc.all.first { $0["class"] == "ld-drawing" })
        #expect(drawing["viewBox"] == "0 0 320 592.5")
        #expect(drawing["width"] == "320")
        #expect(doc["data-elements"] == "5")
        #expect(doc["data-drawn"] == "5")
        let rects = doc.elementRects
        #expect(frames(rects) == ["0,0 0 0 320 40", "0,0 0 40 155 232.5", "0,1 165 40 155 155", "0,2 165 205 155 77.5", "0,3 0 282.5 155 310"])
        #expect(rects.map { $0["data-category"] } == ["supplementaryView", "cell", "cell", "cell", "cell"])
        #expect(rects.map { $0["data-kind"] } == ["header", nil, nil, nil, nil])
        #expect(rects[0].title == "header [0,0]: x 0, y 0, 320 × 40")
        #expect(rects[4].title == "cell [0,3]: x 0, y 282.5, 155 × 310")
        #expect(rects[0]["class"] == "ld-el ld-header")
        #expect(rects[1]["class"] == "ld-el ld-cell")
        #expect(doc.title == "layoutd layout \(id): 5 elements in 1 section, content 320 × 592.5 pt")
    }

    @Test func indexPathsAreWrittenInsideElementsBigEnoughForThem() throws {
        let id = try #require(app.post(#"{"collectionView":{"width":320,"height":480},"layout":{"headerReferenceSize":{"width":0,"height":30}},"sections":[{"itemSizes":[{"width":100,"height":40},{"width":10,"height":10},{"width":20,"height":40}]}]}"#).id)
        let (_, doc) = try svg("/layout/\(id).svg")
        let labels = doc.all.filter { $0.name == "text" && $0["class"] == "ld-label" }
        // The header says what it is; 100x40 holds "0,0"; 10x10 holds nothing; 20 pt is too narrow for "0,2" (11 px text).
        #expect(labels.map(\.text) == ["header 0,0", "0,0"])
        #expect(labels.map { "\($0["x"] ?? "") \($0["y"] ?? "")" } == ["160 15", "\(doc.elementRects[1]["x"].flatMap(Double.init).map { SVGWriter.format($0 + 50) } ?? "?") \(doc.elementRects[1]["y"].flatMap(Double.init).map { SVGWriter.format($0 + 20) } ?? "?")"])
        // At scale 4 the text is 2.75 pt, so "0,2" fits in 20 x 40 (and 10 x 10 holds "0,1").
        let (_, big) = try svg("/layout/\(id).svg?scale=4")
        #expect(big.all.filter { $0["class"] == "ld-label" }.map(\.text) == ["header 0,0", "0,0", "0,1", "0,2"])
        #expect(big["width"] == "1413", "(320 + 117 / 4 + 2 × 2) × 4: the legend beside the drawing")
    }

    @Test func scaleMultipliesWidthAndHeightOnly() throws {
        let id = try #require(app.post(Self.waterfall).id)
        let (r, doc) = try svg("/layout/\(id).svg?scale=0.5")
        // The legend keeps its size in pixels, so at half the pixels its strip is twice as wide in points.
        #expect(doc["viewBox"] == "0 0 586 592.5")
        #expect(doc["width"] == "293")
        #expect(doc["height"] == "296.25")
        #expect(r.header("ETag") == "\"\(id).svg;scale=0.5\"")
        #expect(frames(doc.elementRects)[1] == "0,0 0 40 155 232.5")
    }

    @Test func sectionsAreBands() throws {
        let body = #"{"collectionView":{"width":300,"height":500},"layout":{"itemSize":{"width":100,"height":50},"headerReferenceSize":{"width":0,"height":20},"sectionInset":{"top":5,"left":0,"bottom":5,"right":0}},"sections":[{"numberOfItems":4},{"numberOfItems":1}]}"#
        let id = try #require(app.post(body).id)
        let (_, doc) = try svg("/layout/\(id).svg")
        let bands = doc.all.filter { $0.name == "rect" && $0["data-section"] != nil }
        // Section 0: header 20, inset 5, two lines of 50 with 10 between, inset 5 = 140; section 1: 20 + 5 + 50 + 5.
        #expect(bands.map { "\($0["class"] ?? "") \($0["x"] ?? "") \($0["y"] ?? "") \($0["width"] ?? "") \($0["height"] ?? "")" }
                == ["ld-band0 0 0 300 140", "ld-band1 0 140 300 80"])
        #expect(bands.map(\.title) == ["section 0: y 0 to 140", "section 1: y 140 to 220"])
    }

    @Test func rectDrawsTheViewportAndWhatTheRectQueryReturnsWithPinnedHeaders() throws {
        let id = try #require(app.post(Self.waterfall).id)
        let (r, doc) = try svg("/layout/\(id).svg?rect=0,300,320,568")
        #expect(r.header("ETag") == "\"\(id).svg;rect=0,300,320,568\"")
        let viewport = try #require(doc.all.first { $0["class"] == "ld-viewport" && $0.name == "rect" && $0["data-rect"] != nil })
        #expect(viewport["data-rect"] == "0,300,320,568")
        #expect(viewport.title == "visible rect x 0, y 300, 320 × 568: the rect query returns 2 elements")
        let rects = doc.elementRects
        // As /elements?rect=0,300,320,568 answers (README): the header pinned at y 300 and cell 0,3.
        #expect(frames(rects.filter { $0["data-in-rect"] == "true" }) == ["0,3 0 282.5 155 310", "0,0 0 300 320 40"])
        let pinned = try #require(rects.first { $0["data-pinned"] == "true" })
        #expect(pinned["data-kind"] == "header")
        #expect(pinned["data-z-index"] == "10")
        #expect(pinned["class"] == "ld-el ld-header ld-pinned")
        #expect(frames(rects.filter { $0["data-natural-of-pinned"] == "true" }) == ["0,0 0 0 320 40"])
        #expect(rects.count == 6, "five elements and the pinned copy of the header")
    }

    @Test func overTheCapARectDrawsOnlyItsQueryWithPinnedHeadersWhereItPutsThem() throws {
        let id = try #require(app.post(Self.waterfall).id)
        let entry = try #require(app.cache.get(id))
        let rect = Rect(x: 0, y: 300, width: 320, height: 568)
        let query = entry.layout.attributes(in: rect, index: entry.index)
        let doc = try SVGDocument.parse(SVGRenderer(id: id, layout: entry.layout, options: SVGOptions(rect: rect, maxElements: 2), query: query).render())
        #expect(frames(doc.elementRects) == ["0,3 0 282.5 155 310", "0,0 0 300 320 40"])
        #expect(doc.elementRects.map { $0["data-pinned"] } == [nil, "true"])
        #expect(doc.elementRects.map { $0["data-in-rect"] } == ["true", "true"])
        #expect(doc["data-drawn"] == "2")
    }

    @Test func theCapDrawsTheFirstElementsAndSaysSo() throws {
        let id = try #require(app.post(#"{"collectionView":{"width":375,"height":667},"layout":{"itemSize":{"width":10,"height":10},"minimumInteritemSpacing":0,"minimumLineSpacing":0},"sections":[{"numberOfItems":20001}]}"#).id)
        let (r, doc) = try svg("/layout/\(id).svg")
        #expect(doc["data-elements"] == "20001")
        #expect(doc["data-drawn"] == "20000")
        let rects = doc.elementRects
        #expect(rects.count == 20_000)
        #expect(rects.last?["data-index-path"] == "0,19999")
        #expect(doc.all.filter { $0["class"] == "ld-note" }.map(\.text) == ["Drawn: the first 20000 of 20001 elements", "(at most 20000); add ?rect=x,y,w,h to see a region"])
        #expect(r.body.count < 20_000 * 400, "bounded: \(r.body.count) bytes")
        // With a rect, only what the rect query returns: 37 columns (10 pt, 375 wide) x 2 lines.
        let (_, part) = try svg("/layout/\(id).svg?rect=0,100,375,20")
        #expect(part["data-drawn"] == "74")
        #expect(part.elementRects.count == 74)
        #expect(part.elementRects.allSatisfy { $0["data-in-rect"] == "true" })
        #expect(part.all.filter { $0["class"] == "ld-note" }.map(\.text) == ["Drawn: only the 74 elements in the rect", "(the layout has 20001; at most 20000 are drawn)"])
    }

    @Test func rendererCapsAQueryLargerThanTheCap() throws {
        let layout = Layout(contentSize: Size(width: 30, height: 10),
                            attributes: (0..<3).map { .cell(IndexPath(section: 0, item: $0), Rect(x: Double($0) * 10, y: 0, width: 10, height: 10)) },
                            sections: [SectionGeometry(minScroll: 0, maxScroll: 10, headerIndex: nil, footerIndex: nil, cells: 0..<3)])
        let options = SVGOptions(rect: Rect(x: 0, y: 0, width: 30, height: 10), maxElements: 2)
        let doc = try SVGDocument.parse(SVGRenderer(id: "x", layout: layout, options: options, query: layout.attributes.array).render())
        #expect(doc.elementRects.map { $0["data-index-path"] } == ["0,0", "0,1"])
        #expect(doc.all.filter { $0["class"] == "ld-note" }.map(\.text) == ["Drawn: the first 2 of the 3 elements in the rect", "(the layout has 3; at most 2 are drawn)"])
        let all = try SVGDocument.parse(SVGRenderer(id: "x", layout: layout, options: SVGOptions(), query: nil).render())
        #expect(all.all.filter { $0["class"] == "ld-note" }.isEmpty)
    }

    @Test func higherZIndexIsDrawnLaterAndTextIsEscaped() throws {
        var attributes: [LayoutAttributes] = [.cell(IndexPath(section: 0, item: 0), Rect(x: 0, y: 0, width: 50, height: 50))]
        attributes[0].zIndex = 3
        attributes.append(.cell(IndexPath(section: 0, item: 1), Rect(x: 0, y: 0, width: 50, height: 50)))
        let layout = Layout(contentSize: Size(width: 50, height: 50), attributes: attributes,
                            sections: [SectionGeometry(minScroll: 0, maxScroll: 50, headerIndex: nil, footerIndex: nil, cells: 0..<2)])
        let doc = try SVGDocument.parse(SVGRenderer(id: "<id> & \"'", layout: layout, options: SVGOptions(), query: nil).render())
        #expect(doc.elementRects.map { $0["data-index-path"] } == ["0,1", "0,0"])
        #expect(doc["data-layout-id"] == "<id> & \"'")
        #expect(doc.title?.hasPrefix("layoutd layout <id> & \"': 2 elements") == true)
    }

    @Test func xmlEscapingCoversSpecialsAndCharactersXMLCannotCarry() {
        var w = SVGWriter(capacity: 0)
        w.text("<script>alert('x') & \"y\"</script>\u{1}\u{FFFE}\té")
        #expect(String(decoding: w.bytes, as: UTF8.self) == "&lt;script&gt;alert(&apos;x&apos;) &amp; &quot;y&quot;&lt;/script&gt;\u{FFFD}\u{FFFD}\té")
        var a = SVGWriter(capacity: 0)
        a.attribute("data-kind", "a\"b")
        #expect(String(decoding: a.bytes, as: UTF8.self) == " data-kind=\"a&quot;b\"")
    }

    @Test func kindColoursAreStableAndDistinct() {
        #expect(SVGStyle.colourClass(category: .cell, kind: nil) == "ld-cell")
        #expect(SVGStyle.colourClass(category: .supplementaryView, kind: "header") == "ld-header")
        #expect(SVGStyle.colourClass(category: .supplementaryView, kind: "footer") == "ld-footer")
        #expect(SVGStyle.colourClass(category: .decorationView, kind: "background") == "ld-decoration")
        #expect(SVGStyle.colourClass(category: .supplementaryView, kind: "badge") == "ld-p\(SVGStyle.paletteSlot("badge"))")
        #expect(SVGStyle.paletteSlot("badge") == Int((Array("badge".utf8).reduce(UInt32(2_166_136_261)) { ($0 ^ UInt32($1)) &* 16_777_619 }) % 6))
    }

    /// Issue 29: the legend covered the drawing (in the settings list it hid the headers and most of
    /// cell 0,0). It now sits in a strip to the right of the content, 8 px from it, and the canvas
    /// grows to hold it: wider always, taller when the legend is taller than the content.
    @Test func theLegendSitsBesideTheDrawingAndNeverOverIt() throws {
        let id = try #require(app.post(Self.waterfall).id)
        let (_, doc) = try svg("/layout/\(id).svg?scale=2")
        let legend = try #require(doc.all.first { $0["class"] == "ld-legend" })
        #expect(legend["transform"] == "translate(324 4) scale(0.5)")
        let box = try #require(legend.children.first { $0["class"] == "ld-legend-box" })
        #expect(box["width"] == "117")
        #expect(box["height"] == "58")
        #expect(doc["viewBox"] == "0 0 386.5 592.5", "320 + 4 + 117 / 2 + 4")
        for rect in doc.elementRects {
            let right = (Double(rect["x"] ?? "") ?? 0) + (Double(rect["width"] ?? "") ?? 0)
            #expect(right <= 320, "\(rect["data-index-path"] ?? "?") ends at \(right), in the legend's strip")
        }
        // A layout shorter than its legend: the canvas is as tall as the legend and its margins.
        let short = try #require(app.post(#"{"collectionView":{"width":100,"height":40},"layout":{"itemSize":{"width":20,"height":20}},"sections":[{"numberOfItems":1}]}"#).id)
        let (_, small) = try svg("/layout/\(short).svg")
        #expect(small["viewBox"] == "0 0 233 58", "100 + 8 + 117 + 8 wide; 8 + 42 + 8 tall for 2 legend rows")
        #expect(small.all.first { $0["class"] == "ld-drawing" }?["viewBox"] == "0 0 100 20")
    }
}

@Suite struct SVGKindTests {
    /// A layout naming its own kinds (as compositional layouts do): a badge, a decoration
    /// background, a global header, and a kind whose name is markup.
    static let layout = Layout(
        contentSize: Size(width: 200, height: 200),
        attributes: [
            LayoutAttributes(category: .supplementaryView, kind: .header, indexPath: IndexPath(section: 0, item: 0),
                             frame: Rect(x: 0, y: 0, width: 200, height: 30), isGlobal: true),
            LayoutAttributes(category: .decorationView, kind: SupplementaryKind(rawValue: 3), indexPath: IndexPath(section: 0, item: 0),
                             frame: Rect(x: 0, y: 30, width: 200, height: 170), zIndex: -1),
            .cell(IndexPath(section: 0, item: 0), Rect(x: 10, y: 40, width: 180, height: 60)),
            .supplementary(SupplementaryKind(rawValue: 2), IndexPath(section: 0, item: 0), Rect(x: 180, y: 30, width: 20, height: 20), zIndex: 1),
            .supplementary(SupplementaryKind(rawValue: 4), IndexPath(section: 0, item: 1), Rect(x: 10, y: 110, width: 180, height: 60)),
        ],
        sections: [SectionGeometry(minScroll: 30, maxScroll: 200, headerIndex: nil, footerIndex: nil, cells: 2..<3)],
        elementKinds: ["header", "footer", "badge", "background", "<b>&\"x\""])

    @Test func kindsAreNamedFromTheLayoutTableColouredAndEscaped() throws {
        let doc = try SVGDocument.parse(SVGRenderer(id: "k", layout: Self.layout, options: SVGOptions(), query: nil).render())
        let rects = doc.elementRects
        // zIndex order: the background (-1) first, the badge (1) last.
        #expect(rects.map { $0["data-kind"] } == ["background", "header", nil, "<b>&\"x\"", "badge"])
        #expect(rects.map { $0["data-index-path"] } == ["0,0", "0", "0,0", "0,1", "0,0"])
        #expect(rects.map { $0["class"] } == ["ld-el ld-decoration", "ld-el ld-header", "ld-el ld-cell",
                                              "ld-el ld-p\(SVGStyle.paletteSlot("<b>&\"x\""))", "ld-el ld-p\(SVGStyle.paletteSlot("badge"))"])
        #expect(rects.map { $0["data-category"] } == ["decorationView", "supplementaryView", "cell", "supplementaryView", "supplementaryView"])
        #expect(rects[3].title == "<b>&\"x\" [0,1]: x 10, y 110, 180 × 60")
        #expect(rects[1].title == "header [0]: x 0, y 0, 200 × 30")
        let labels = doc.all.filter { $0["class"] == "ld-label" }.map(\.text)
        #expect(labels == ["header 0", "0,0", "<b>&\"x\" 0,1"], "no label on the background (under the cells); the 20 x 20 badge is too small for one")
        let legend = doc.all.filter { $0.name == "text" && $0.children.isEmpty && $0["class"] == nil && $0["x"] == "23" }.map(\.text)
        #expect(legend == ["decoration: background", "header", "cell", "<b>&\"x\"", "badge", "section (band)"])
        let raw = String(decoding: SVGRenderer(id: "k", layout: Self.layout, options: SVGOptions(), query: nil).render(), as: UTF8.self)
        #expect(!raw.contains("<b>"), "markup in a kind name never reaches the document as markup")
    }
}
