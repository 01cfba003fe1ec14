import HTTP
@testable import LayoutAPI
import JSON
import LayoutEngine
import Testing

/// `collectionView.layoutDirection: "rightToLeft"`: every layout type answers the mirror image of
/// its left-to-right answer across the content width, and queries, pinning, invalidation and
/// the SVG work on the mirrored frames.
@Suite struct RightToLeftTests {
    let app = LayoutApplication.make()

    struct Element: Equatable, CustomStringConvertible {
        var category: String
        var kind: String?
        var indexPath: [Int]
        var frame: Rect
        var zIndex: Int
        var description: String { "\(category) \(kind ?? "") \(indexPath) \(frame)" }
    }

    /// The same request laid out right to left.
    static func rtl(_ body: String) -> String {
        body.replacingFirst(#""collectionView":{"#, with: #""collectionView":{"layoutDirection":"rightToLeft","#)
    }

    static func number(_ j: JSON?) -> Double? { if case .number(let n)? = j { n } else { nil } }

    static func frame(_ j: JSON?) -> Rect? {
        guard case .object(let f)? = j, let x = number(f["x"]), let y = number(f["y"]),
              let w = number(f["width"]), let h = number(f["height"]) else { return nil }
        return Rect(x: x, y: y, width: w, height: h)
    }

    static func element(_ j: JSON) -> Element? {
        guard case .object(let o) = j, case .string(let c)? = o["category"], case .array(let ip)? = o["indexPath"],
              let frame = frame(o["frame"]), let z = number(o["zIndex"]) else { return nil }
        var kind: String?
        if case .string(let k)? = o["kind"] { kind = k }
        return Element(category: c, kind: kind, indexPath: ip.compactMap { number($0).map(Int.init) }, frame: frame, zIndex: Int(z))
    }

    static func elements(_ r: Response) -> [Element] {
        guard case .object(let o)? = r.json else { return [] }
        if case .array(let els)? = o["elements"] { return els.compactMap(element) }
        if let e = o["element"] { return element(e).map { [$0] } ?? [] }
        return []
    }

    static func contentWidth(_ r: Response) -> Double? {
        guard case .object(let o)? = r.json, case .object(let size)? = o["contentSize"] else { return nil }
        return number(size["width"])
    }

    static func mirrored(_ elements: [Element], width: Double) -> [Element] {
        elements.map { e in
            var m = e
            m.frame = e.frame.mirrored(acrossWidth: width)
            return m
        }
    }

    /// One request per layout type and axis, with headers, footers, asymmetric insets or pinning
    /// wherever the type has them.
    static let bodies: [String] = [
        // flow, vertical: headers, footers, asymmetric section insets, two sections.
        #"{"collectionView":{"width":375,"height":667},"layout":{"itemSize":{"width":100,"height":50},"sectionInset":{"top":5,"left":10,"bottom":5,"right":30},"headerReferenceSize":{"width":0,"height":40},"footerReferenceSize":{"width":0,"height":20}},"sections":[{"numberOfItems":5},{"numberOfItems":2}]}"#,
        // flow, horizontal with pinned headers: sections run from the right.
        #"{"collectionView":{"width":320,"height":240},"layout":{"scrollDirection":"horizontal","itemSize":{"width":100,"height":100},"headerReferenceSize":{"width":30,"height":0},"sectionHeadersPinToVisibleBounds":true},"sections":[{"numberOfItems":6},{"numberOfItems":3}]}"#,
        // flow with self-sizing rows.
        #"{"collectionView":{"width":390,"height":844},"layout":{"estimatedItemSize":{"width":180,"height":44},"sectionInset":{"left":16,"right":40}},"sections":[{"numberOfItems":7}]}"#,
        #"{"collectionView":{"width":320,"height":568},"layout":{"type":"waterfall","columnCount":3,"headerHeight":40,"footerHeight":10,"sectionInset":{"left":4,"right":12},"sectionHeadersPinToVisibleBounds":true},"sections":[{"itemSizes":[{"width":100,"height":150},{"width":100,"height":100},{"width":200,"height":100},{"width":50,"height":100},{"width":100,"height":40}]}]}"#,
        #"{"collectionView":{"width":768,"height":1024,"layoutMargins":{"left":20,"right":44}},"layout":{"type":"columnFlow"},"sections":[{"numberOfItems":5}]}"#,
        #"{"collectionView":{"width":390,"height":844,"scale":3},"layout":{"type":"grid","itemsPerLine":4,"sideMargin":6,"spacing":2,"aspectRatio":1,"headerReferenceSize":{"width":0,"height":44}},"sections":[{"numberOfItems":6},{"numberOfItems":3}]}"#,
        #"{"collectionView":{"width":320,"height":568},"layout":{"type":"mosaic"},"sections":[{"numberOfItems":7}]}"#,
        // compositional: the README's orthogonal row with a pinned header and a background.
        #"{"collectionView":{"width":390,"height":844,"scale":3},"layout":{"type":"compositional","sections":[{"group":{"orientation":"horizontal","layoutSize":{"width":{"fractionalWidth":0.85},"height":{"absolute":200}},"subitems":[{"item":{"layoutSize":{"width":{"fractionalWidth":1},"height":{"fractionalHeight":1}},"contentInsets":{"leading":5,"trailing":15}}}]},"orthogonalScrollingBehavior":"continuous","boundarySupplementaryItems":[{"elementKind":"section-header","alignment":"topLeading","pinToVisibleBounds":true,"layoutSize":{"width":{"fractionalWidth":0.5},"height":{"absolute":30}}}],"decorationItems":[{"elementKind":"background"}]}]},"sections":[{"numberOfItems":5},{"numberOfItems":5}]}"#,
        // compositional: nested groups with leading/trailing insets, symmetric safe area.
        #"{"collectionView":{"width":390,"height":844,"scale":3,"safeAreaInsets":{"left":20,"right":20}},"layout":{"type":"compositional","sections":[{"contentInsets":{"leading":8,"trailing":24},"group":{"orientation":"horizontal","layoutSize":{"width":{"fractionalWidth":1},"height":{"absolute":120}},"subitems":[{"item":{"layoutSize":{"width":{"fractionalWidth":0.7},"height":{"fractionalHeight":1}},"contentInsets":{"leading":10,"trailing":2}}},{"group":{"orientation":"vertical","count":2,"layoutSize":{"width":{"fractionalWidth":0.3},"height":{"fractionalHeight":1}},"subitems":[{"item":{"layoutSize":{"width":{"fractionalWidth":1},"height":{"fractionalHeight":1}}}}]}}]}}]},"sections":[{"numberOfItems":7}]}"#,
        // a list: inset-grouped settings screen with headers and separators (list(using:)).
        #"{"collectionView":{"width":393,"height":852,"scale":3},"layout":{"type":"compositional","list":{"appearance":"insetGrouped","headerMode":"supplementary"},"listEnvironment":{"includeSeparators":true}},"sections":[{"numberOfItems":1},{"numberOfItems":3}]}"#,
        // list sections from a provider beside an ordinary section, with a plain list's pinned headers.
        #"{"collectionView":{"width":402,"height":874,"scale":3},"layout":{"type":"compositional","listEnvironment":{"includeSeparators":true},"sections":[{"group":{"orientation":"horizontal","layoutSize":{"width":{"fractionalWidth":0.6},"height":{"absolute":120}},"subitems":[{"item":{"layoutSize":{"width":{"fractionalWidth":1},"height":{"fractionalHeight":1}}}}]}},{"list":{"appearance":"plain","headerMode":"supplementary"}},{"list":{"appearance":"grouped"}}]},"sections":[{"numberOfItems":1},{"numberOfItems":3},{"numberOfItems":4}]}"#,
        // compositional, horizontal scrolling.
        #"{"collectionView":{"width":390,"height":300,"scale":3},"layout":{"type":"compositional","configuration":{"scrollDirection":"horizontal","interSectionSpacing":12},"sections":[{"group":{"orientation":"vertical","layoutSize":{"width":{"absolute":150},"height":{"fractionalHeight":1}},"subitems":[{"item":{"layoutSize":{"width":{"fractionalWidth":1},"height":{"absolute":90}}}}],"count":2}}]},"sections":[{"numberOfItems":5},{"numberOfItems":3}]}"#,
    ]

    @Test(arguments: bodies.indices)
    func rightToLeftAnswerIsTheMirrorOfTheLeftToRightAnswer(_ i: Int) throws {
        let ltr = app.post(Self.bodies[i]), rtl = app.post(Self.rtl(Self.bodies[i]))
        #expect(ltr.status == 200)
        #expect(rtl.status == 200)
        let width = try #require(Self.contentWidth(ltr))
        #expect(Self.contentWidth(rtl) == width)
        let left = Self.elements(ltr), right = Self.elements(rtl)
        #expect(left.count > 2)
        #expect(right == Self.mirrored(left, width: width))
        #expect(right != left)
        #expect(rtl.id != ltr.id)
        #expect(Self.roundedSections(rtl) == Self.roundedSections(ltr).map { $0.mirrored(acrossWidth: width) })
    }

    /// `roundedSections[].frame` of a list answer.
    static func roundedSections(_ r: Response) -> [Rect] {
        guard case .object(let o)? = r.json, case .array(let list)? = o["roundedSections"] else { return [] }
        return list.compactMap { if case .object(let e) = $0 { frame(e["frame"]) } else { nil } }
    }

    @Test func listInsetsLeadFromTheRightSafeAreaRightToLeft() throws {
        // Landscape-like asymmetric safe area: 44 left, 0 right. Inset-grouped rows keep 16 pt
        // from the safe area on the leading side, which right to left is the right edge.
        let body = #"{"collectionView":{"width":800,"height":400,"scale":2,"safeAreaInsets":{"left":44}},"layout":{"type":"compositional","list":{"appearance":"insetGrouped"},"listEnvironment":{"wideContentMargins":false}},"sections":[{"numberOfItems":2}]}"#
        let ltr = Self.elements(app.post(body)).filter { $0.category == "cell" }
        let rtl = Self.elements(app.post(Self.rtl(body))).filter { $0.category == "cell" }
        #expect(ltr.first?.frame.minX == 60)
        #expect(ltr.first?.frame.maxX == 784)
        // Right to left the same physical safe area stays on the left: rows from 60 to 784 again.
        #expect(rtl.first?.frame.minX == 60)
        #expect(rtl.first?.frame.maxX == 784)
        #expect(Self.roundedSections(app.post(Self.rtl(body))).first?.minX == 60)
    }

    @Test func leftToRightSpelledOutKeepsTheIdOfARequestWithoutTheField() throws {
        let body = Self.bodies[0]
        let explicit = body.replacingFirst(#""collectionView":{"#, with: #""collectionView":{"layoutDirection":"leftToRight","#)
        #expect(app.post(explicit).id == app.post(body).id)
        // The id every release has given this request (the README's first example).
        #expect(app.post(#"{"collectionView":{"width":375,"height":667},"sections":[{"numberOfItems":3}]}"#).id == "1276bb76407edf9a93b441a02593f676")
    }

    @Test func firstCellOfAFlowRowStartsAtTheRightInset() throws {
        let r = app.post(Self.rtl(Self.bodies[0]))
        let cells = Self.elements(r).filter { $0.category == "cell" }
        // LTR: cells at x 10, 127.5, 245 (justified between 10 and 345); RTL from the right: the
        // left inset (10) is now on the right, the right inset (30) on the left.
        #expect(cells.prefix(3).map(\.frame.minX) == [265, 147.5, 30])
    }

    @Test func unknownDirectionIs422ListingTheValues() {
        let r = app.post(#"{"collectionView":{"width":375,"height":667,"layoutDirection":"rtl"},"sections":[{"numberOfItems":1}]}"#)
        #expect(r.status == 422)
        #expect(r.pointers == ["/collectionView/layoutDirection"])
        #expect(r.detail == #"Unknown value "rtl" at /collectionView/layoutDirection; use one of: "leftToRight", "rightToLeft"."#)
    }

    // MARK: queries on mirrored frames

    func ids(_ i: Int) throws -> (ltr: String, rtl: String, width: Double) {
        let l = app.post(Self.bodies[i])
        let r = app.post(Self.rtl(Self.bodies[i]))
        return (try #require(l.id), try #require(r.id), try #require(Self.contentWidth(l)))
    }

    @Test(arguments: [(0, "30,60,120,100"), (1, "250,0,100,240"), (3, "0,100,200,100"), (6, "10,500,100,120")])
    func rectQueryOfTheMirroredRectAnswersTheMirroredElements(_ i: Int, _ rect: String) throws {
        let (l, r, width) = try ids(i)
        let v = rect.split(separator: ",").compactMap { Double($0) }
        let m = Rect(x: v[0], y: v[1], width: v[2], height: v[3]).mirrored(acrossWidth: width)
        let left = Self.elements(app.get("/layout/\(l)/elements?rect=\(rect)"))
        let right = Self.elements(app.get("/layout/\(r)/elements?rect=\(fmt(m.minX)),\(fmt(m.minY)),\(fmt(m.width)),\(fmt(m.height))"))
        #expect(!left.isEmpty)
        #expect(right == Self.mirrored(left, width: width))
    }

    @Test func pointAndIndexPathQueriesWorkOnMirroredFrames() throws {
        let (l, r, width) = try ids(0)
        #expect(Self.elements(app.get("/layout/\(r)/elements?indexPath=0,1"))
            == Self.mirrored(Self.elements(app.get("/layout/\(l)/elements?indexPath=0,1")), width: width))
        // (160, 70) hits LTR cell [0,1]; its mirror (215, 70) hits the RTL one.
        let left = Self.elements(app.get("/layout/\(l)/elements?point=160,70"))
        #expect(left.map(\.indexPath) == [[0, 1]])
        #expect(Self.elements(app.get("/layout/\(r)/elements?point=215,70")) == Self.mirrored(left, width: width))
    }

    @Test func pinnedHeadersOfAHorizontalLayoutStickToTheRightEdge() throws {
        let (l, r, width) = try ids(1)
        // Scrolled 50 pt into section 0 (LTR x = 50; RTL the same distance from the right).
        let left = Self.elements(app.get("/layout/\(l)/elements?rect=50,0,320,240&kind=header&indexPath=0,0"))
        let visible = Rect(x: 50, y: 0, width: 320, height: 240).mirrored(acrossWidth: width)
        let right = Self.elements(app.get("/layout/\(r)/elements?rect=\(fmt(visible.minX)),0,320,240&kind=header&indexPath=0,0"))
        #expect(left.map(\.frame) == [Rect(x: 50, y: 0, width: 30, height: 240)])
        #expect(right == Self.mirrored(left, width: width))
        #expect(right.first?.frame.maxX == visible.maxX)
    }

    @Test func orthogonalRowsScrollFromTheRight() throws {
        let (l, r, width) = try ids(7)
        let left = Self.elements(app.get("/layout/\(l)/elements?rect=0,100,390,200&orthogonalOffsets=0:300"))
        let right = Self.elements(app.get("/layout/\(r)/elements?rect=0,100,390,200&orthogonalOffsets=0:300"))
        #expect(left.contains { $0.category == "cell" && $0.frame.minX < 0 })
        // The scrolled frames are the mirror image up to rounding (x − 300 mirrored vs mirrored x + 300).
        let expected = Self.mirrored(left, width: width)
        #expect(right.count == expected.count)
        for (a, b) in zip(right, expected) {
            #expect(a.indexPath == b.indexPath && a.kind == b.kind && a.frame.width == b.frame.width && a.frame.minY == b.frame.minY)
            #expect(abs(a.frame.minX - b.frame.minX) < 1e-9)
        }
        #expect(right.first { $0.indexPath == [0, 2] && $0.category == "cell" }?.frame.minX == -289)
    }

    @Test func rotationInvalidatesTheSameIndexPathsAndKeepsTheSameRow() throws {
        let portrait = #"{"collectionView":{"width":375,"height":812},"layout":{"itemSize":{"width":100,"height":100}},"sections":[{"numberOfItems":30}]}"#
        let l = try #require(app.post(portrait).id), r = try #require(app.post(Self.rtl(portrait)).id)
        let bounds = #"{"bounds":{"x":0,"y":440,"width":812,"height":375}}"#
        let headers = [("Content-Type", "application/json"), ("Prefer", "return=minimal")]
        let left = app.post(bounds, target: "/layout/\(l)/invalidate", headers: headers)
        let right = app.post(bounds, target: "/layout/\(r)/invalidate", headers: headers)
        #expect(right.status == 200)
        // The same row stays at the top; RTL item 0 moves too (x 275 → 712: rows hug the right).
        #expect(left.text.contains(#""invalidatedItemIndexPaths":[[0,1],[0,2],"#))
        #expect(right.text.contains(#""invalidatedItemIndexPaths":[[0,0],[0,1],[0,2],"#))
        #expect(right.text.contains(#""targetContentOffset":{"x":0,"y":110}"#))
        let lid = try #require(left.id), rid = try #require(right.id)
        #expect(left.text.contains(#""targetContentOffset":{"x":0,"y":110}"#))
        // The new layout is the mirror of the new left-to-right one.
        #expect(Self.elements(app.get("/layout/\(rid)/elements?indexPath=0,12"))
            == Self.mirrored(Self.elements(app.get("/layout/\(lid)/elements?indexPath=0,12")), width: 812))
    }

    @Test func horizontalRotationKeepsTheDistanceFromTheRightEdge() throws {
        let body = #"{"collectionView":{"width":320,"height":240},"layout":{"scrollDirection":"horizontal","itemSize":{"width":100,"height":100}},"sections":[{"numberOfItems":30}]}"#
        let l = try #require(app.post(body).id), r = try #require(app.post(Self.rtl(body)).id)
        let lw = try #require(Self.contentWidth(app.get("/layout/\(l)")))
        // LTR scrolled to x 440; RTL scrolled to the mirror of that rect.
        let old = Rect(x: 440, y: 0, width: 320, height: 240)
        let oldR = old.mirrored(acrossWidth: lw)
        let headers = [("Content-Type", "application/json"), ("Prefer", "return=minimal")]
        let left = app.post(#"{"bounds":{"x":440,"y":0,"width":320,"height":480},"previousBounds":{"x":440,"y":0,"width":320,"height":240}}"#,
                            target: "/layout/\(l)/invalidate", headers: headers)
        let right = app.post(#"{"bounds":{"x":\#(fmt(oldR.minX)),"y":0,"width":320,"height":480},"previousBounds":{"x":\#(fmt(oldR.minX)),"y":0,"width":320,"height":240}}"#,
                             target: "/layout/\(r)/invalidate", headers: headers)
        let lOffset = try #require(Self.offset(left)), rOffset = try #require(Self.offset(right))
        let newWidth = try #require(Self.contentWidth(left))
        #expect(Self.contentWidth(right) == newWidth)
        #expect(rOffset.x == newWidth - lOffset.x - 320)
        #expect(rOffset.y == lOffset.y)
    }

    static func offset(_ r: Response) -> Point? {
        guard case .object(let o)? = r.json, case .object(let p)? = o["targetContentOffset"],
              let x = number(p["x"]), let y = number(p["y"]) else { return nil }
        return Point(x: x, y: y)
    }

    @Test func selfSizingInRightToLeftMovesTheSameRows() throws {
        let body = Self.bodies[2]
        let l = try #require(app.post(body).id), r = try #require(app.post(Self.rtl(body)).id)
        let sizes = #"{"preferredSizes":[{"indexPath":[0,2],"width":180,"height":88}],"visibleRect":{"x":0,"y":100,"width":390,"height":844}}"#
        let headers = [("Content-Type", "application/json"), ("Prefer", "return=minimal")]
        let left = app.post(sizes, target: "/layout/\(l)/invalidate", headers: headers)
        let right = app.post(sizes, target: "/layout/\(r)/invalidate", headers: headers)
        let lid = try #require(left.id), rid = try #require(right.id)
        #expect(right.text.replacing(rid, with: "NEW").replacing(r, with: "OLD")
            == left.text.replacing(lid, with: "NEW").replacing(l, with: "OLD"))
        #expect(Self.elements(app.get("/layout/\(rid)")) == Self.mirrored(Self.elements(app.get("/layout/\(lid)")), width: 390))
    }

    @Test func svgDrawsTheMirroredFrames() throws {
        let (_, r, _) = try ids(0)
        let svg = app.get("/layout/\(r).svg").text
        #expect(svg.hasPrefix("<svg") || svg.hasPrefix("<?xml"))
        // Cell [0,0] of the RTL layout sits at x 265 (see firstCellOfAFlowRowStartsAtTheRightInset).
        #expect(svg.contains(#"x="265" y="45" width="100" height="50""#))
        // Horizontal sections are drawn from the right: section 0 of the horizontal example.
        let (_, h, width) = try ids(1)
        let picture = app.get("/layout/\(h).svg").text
        let band = try #require(picture.firstRange(of: "section 0: x "))
        let title = picture[band.upperBound...].prefix { $0 != "<" }
        #expect(title.hasSuffix(" to \(fmt(width))"))
    }

    func fmt(_ v: Double) -> String { SVGWriter.format(v) }
}

extension String {
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let r = firstRange(of: target) else { return self }
        var s = self
        s.replaceSubrange(r, with: replacement)
        return s
    }
}
