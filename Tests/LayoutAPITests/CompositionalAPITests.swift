import HTTP
@testable import LayoutAPI
import LayoutEngine
import Testing

/// What flow has, for compositional layouts: cache ids, minimal answers, element queries by
/// kind name and layout-level index path, pinning at query time (R31), orthogonal sections'
/// content sizes and offsets, self-sizing and bounds invalidation, refusals and metrics.
@Suite struct CompositionalAPITests {
    let app = LayoutApplication.make()

    static let cv = #""collectionView":{"width":390,"height":844,"scale":3}"#
    static let row = #"{"orientation":"horizontal","layoutSize":{"width":{"fractionalWidth":1},"height":{"absolute":44}},"subitems":[{"item":{"layoutSize":{"width":{"fractionalWidth":1},"height":{"fractionalHeight":1}}}}]}"#
    /// The spec's pinned-header example: header (pinned, zIndex 2) 0...44, rows at 44, 93, 142,
    /// footer 186...230.
    static let pinned = #"{\#(cv),"layout":{"type":"compositional","sections":[{"group":\#(row),"interGroupSpacing":5,"contentInsets":{"top":0,"leading":10,"bottom":0,"trailing":10},"boundarySupplementaryItems":[{"elementKind":"section-header-element-kind","alignment":"top","layoutSize":{"width":{"fractionalWidth":1},"height":{"estimated":44}},"pinToVisibleBounds":true,"zIndex":2},{"elementKind":"section-footer-element-kind","alignment":"bottom","layoutSize":{"width":{"fractionalWidth":1},"height":{"estimated":44}}}]}]},"sections":[{"numberOfItems":3}]}"#
    /// Apple's "Orthogonal Sections" shape: a header row, then a continuous row of 0.85-wide
    /// nested groups (groups 331.333 wide, content 662.667 wide, 337.333 tall).
    static let orthogonal = #"{\#(cv),"layout":{"type":"compositional","sections":[{"group":\#(row)},{"group":{"orientation":"horizontal","layoutSize":{"width":{"fractionalWidth":0.85},"height":{"fractionalHeight":0.4}},"subitems":[{"item":{"layoutSize":{"width":{"fractionalWidth":0.7},"height":{"fractionalHeight":1}},"contentInsets":{"top":10,"leading":10,"bottom":10,"trailing":10}}},{"group":{"orientation":"vertical","layoutSize":{"width":{"fractionalWidth":0.3},"height":{"fractionalHeight":1}},"subitems":[{"item":{"layoutSize":{"width":{"fractionalWidth":1},"height":{"fractionalHeight":0.3}},"contentInsets":{"top":10,"leading":10,"bottom":10,"trailing":10}}}],"count":2}}]},"orthogonalScrollingBehavior":"continuous","decorationItems":[{"elementKind":"background"}]}]},"sections":[{"numberOfItems":1},{"numberOfItems":6}]}"#

    func post(_ body: String, minimal: Bool = false) throws -> (Response, String) {
        var headers = [("Content-Type", "application/json")]
        if minimal { headers.append(("Prefer", "return=minimal")) }
        let r = app.post(body, headers: headers)
        #expect(r.status == 200, "\(r.text.prefix(400))")
        return (r, try #require(r.id))
    }

    @Test func sameContentSameIdWhateverTheKeyOrderAndDefaults() throws {
        let (a, id) = try post(Self.pinned)
        #expect(a.header("X-Cache") == "miss")
        let reordered = Self.pinned.replacingOccurrences(of: #""interGroupSpacing":5,"#, with: "")
            .replacingOccurrences(of: #""group":{"orientation""#, with: #""interGroupSpacing":5,"orthogonalScrollingBehavior":"none","group":{"orientation""#)
        let (b, id2) = try post(reordered)
        #expect(id2 == id)
        #expect(b.header("X-Cache") == "hit")
        #expect(app.get("/layout/\(id)").body == a.body)
    }

    @Test func minimalAnswerCountsByKindAndReportsOrthogonalSections() throws {
        let (r, id) = try post(Self.orthogonal, minimal: true)
        #expect(r.text == #"{"id":"\#(id)","contentSize":{"width":390,"height":"# + #"381.3333333333333},"counts":{"elements":8,"cells":7,"headers":0,"footers":0,"sections":2,"byKind":{"header":0,"footer":0,"background":1}},"orthogonalSections":[{"section":1,"orthogonalContentSize":{"width":662.6666666666666,"height":337.3333333333333}}],"warnings":[]}"#)
        #expect(r.header("Preference-Applied") == "return=minimal")
    }

    @Test func fullAnswerNamesKindsAndReportsOrthogonalContentSize() throws {
        let (r, _) = try post(Self.orthogonal)
        #expect(r.text.contains(#"{"category":"decorationView","kind":"background","indexPath":[1,0],"frame":{"x":0,"y":44,"width":390,"height":337.3333333333333},"zIndex":0}"#))
        #expect(r.text.hasSuffix(#""orthogonalSections":[{"section":1,"orthogonalContentSize":{"width":662.6666666666666,"height":337.3333333333333}}],"warnings":[]}"#))
    }

    @Test func pinnedHeaderIsClampedToTheVisibleTopAtQueryTime() throws {
        let (_, id) = try post(Self.pinned)
        let r = app.get("/layout/\(id)/elements?rect=0,100,390,300")
        #expect(r.elementFrames.map(\.kind) == ["section-header-element-kind", "section-footer-element-kind", "cell", "cell"])
        #expect(r.elementFrames.first?.frame == Rect(x: 10, y: 100, width: 370, height: 44))
        #expect(r.text.contains(#""kind":"section-header-element-kind","indexPath":[0,0],"frame":{"x":10,"y":100,"width":370,"height":44},"zIndex":2}"#))
        // Near the section's end it is pushed up, staying above the footer: 230 − 44 − 44.
        let end = app.get("/layout/\(id)/elements?rect=0,160,390,300")
        #expect(end.elementFrames.first?.frame == Rect(x: 10, y: 142, width: 370, height: 44))
        // At rest the pinned frame is the natural one.
        #expect(app.get("/layout/\(id)/elements?rect=0,0,390,300").elementFrames.first?.frame == Rect(x: 10, y: 0, width: 370, height: 44))
        // Index-path queries place it for the rect too.
        let one = app.get("/layout/\(id)/elements?indexPath=0,0&kind=section-header-element-kind&rect=0,100,390,300")
        #expect(one.text.contains(#""frame":{"x":10,"y":100,"width":370,"height":44}"#))
    }

    @Test func orthogonalOffsetsScrollTheSectionsCellsButNotItsBackground() throws {
        let (_, id) = try post(Self.orthogonal)
        let r = app.get("/layout/\(id)/elements?rect=0,44,390,400&orthogonalOffsets=1:300")
        #expect(r.elementFrames.map(\.indexPath) == [[1, 0], [1, 1], [1, 2], [1, 3], [1, 4], [1, 5]])
        #expect(r.elementFrames.map(\.kind) == ["background", "cell", "cell", "cell", "cell", "cell"])
        #expect(r.elementFrames[0].frame == Rect(x: 0, y: 44, width: 390, height: 337.3333333333333))
        // Item 3 starts the second group: 10 + 331.333 − 300.
        let third = try #require(r.elementFrames.first { $0.indexPath == [1, 3] })
        #expect(abs(third.frame.minX - 41.333333333333314) < 1e-9)
        // Without offsets the first group is at 10 and items 4, 5 are off screen to the right.
        #expect(app.get("/layout/\(id)/elements?rect=0,44,390,400").elementFrames.map(\.indexPath) == [[1, 0], [1, 0], [1, 1], [1, 2], [1, 3]])
        // A point inside item 3 after the scroll; index paths move too.
        #expect(app.get("/layout/\(id)/elements?point=100,100&orthogonalOffsets=1:300").elementFrames.map(\.indexPath) == [[1, 0], [1, 3]])
        let item = app.get("/layout/\(id)/elements?indexPath=1,3&orthogonalOffsets=1:300")
        #expect(item.text.contains(#""indexPath":[1,3],"frame":{"x":41.333333333333314,"#))
    }

    /// Malformed (outside openapi.yaml's pattern) is a 400; well formed but naming a section twice
    /// or one that does not scroll orthogonally is a 422 (the pattern cannot say it).
    @Test(arguments: [
        ("orthogonalOffsets=1", 400), ("orthogonalOffsets=1:abc", 400), ("orthogonalOffsets=1:inf", 400),
        ("orthogonalOffsets=-1:5", 400), ("orthogonalOffsets=", 400), ("orthogonalOffsets=01:5", 400),
        ("orthogonalOffsets=1:%205", 400), ("orthogonalOffsets=1:1e100", 400),
        ("orthogonalOffsets=1:5,1:6", 422), ("orthogonalOffsets=0:10", 422), ("orthogonalOffsets=7:10", 422),
    ])
    func badOrthogonalOffsetsNameTheParameter(query: String, status: Int) throws {
        let (_, id) = try post(Self.orthogonal)
        let r = app.get("/layout/\(id)/elements?rect=0,0,390,400&\(query)")
        #expect(r.status == status)
        #expect(r.pointers == ["/query/orthogonalOffsets"])
    }

    @Test func kindQueriesTakeTheLayoutsKindNames() throws {
        let (_, id) = try post(Self.orthogonal)
        let background = app.get("/layout/\(id)/elements?indexPath=1,0&kind=background")
        #expect(background.text == #"{"id":"\#(id)","element":{"category":"decorationView","kind":"background","indexPath":[1,0],"frame":{"x":0,"y":44,"width":390,"height":337.3333333333333},"zIndex":0}}"#)
        #expect(app.get("/layout/\(id)/elements?indexPath=0,0&kind=background").status == 404)
        let bad = app.get("/layout/\(id)/elements?indexPath=1,0&kind=badge")
        #expect(bad.status == 422)   // well formed (any kind name is), but not one of this layout's
        #expect(bad.pointers == ["/query/kind"])
        #expect(bad.detail == "The query parameter kind is \"badge\"; it must be cell or one of this layout's element kinds: header, footer, background.")
    }

    @Test func layoutHeaderHasAOneIndexPath() throws {
        let body = #"{\#(Self.cv),"layout":{"type":"compositional","sections":[{"group":\#(Self.row)}],"configuration":{"interSectionSpacing":20,"boundarySupplementaryItems":[{"elementKind":"layout-header","alignment":"top","layoutSize":{"width":{"fractionalWidth":1},"height":{"absolute":50}},"pinToVisibleBounds":true}]}},"sections":[{"numberOfItems":20}]}"#
        let (_, id) = try post(body)
        let one = app.get("/layout/\(id)/elements?indexPath=0&kind=layout-header")
        #expect(one.text == #"{"id":"\#(id)","element":{"category":"supplementaryView","kind":"layout-header","indexPath":[0],"frame":{"x":0,"y":0,"width":390,"height":50},"zIndex":1}}"#)
        // Pinned over the whole content: at the visible top while scrolling.
        let scrolled = app.get("/layout/\(id)/elements?rect=0,300,390,100")
        #expect(scrolled.elementFrames.first?.indexPath == [0])
        #expect(scrolled.elementFrames.first?.frame == Rect(x: 0, y: 300, width: 390, height: 50))
    }

    @Test func widthChangeInvalidatesAndAScrollDoesNot() throws {
        let (_, id) = try post(Self.orthogonal)
        let scroll = app.post(#"{"bounds":{"x":0,"y":100,"width":390,"height":844}}"#, target: "/layout/\(id)/invalidate")
        #expect(scroll.status == 200)
        #expect(scroll.text.hasPrefix(#"{"invalidated":false,"#))
        let rotate = app.post(#"{"bounds":{"x":0,"y":0,"width":844,"height":390}}"#, target: "/layout/\(id)/invalidate")
        #expect(rotate.text.hasPrefix(#"{"invalidated":true,"#))
        let landscape = try post(Self.orthogonal.replacingOccurrences(of: #""width":390,"height":844"#, with: #""width":844,"height":390"#))
        #expect(rotate.header("Location") == "/layout/\(landscape.1)")
    }

    @Test func measuredSizesMoveLaterItems() throws {
        let body = #"{\#(Self.cv),"layout":{"type":"compositional","sections":[{"group":{"orientation":"horizontal","layoutSize":{"width":{"fractionalWidth":1},"height":{"estimated":44}},"subitems":[{"item":{"layoutSize":{"width":{"fractionalWidth":1},"height":{"estimated":44}}}}]}}]},"sections":[{"numberOfItems":3}]}"#
        let (r, id) = try post(body)
        #expect(r.text.contains(#""indexPath":[0,1],"frame":{"x":0,"y":44,"width":390,"height":44},"zIndex":0,"estimated":true"#))
        let sized = app.post(#"{"preferredSizes":[{"indexPath":[0,0],"width":390,"height":100}]}"#, target: "/layout/\(id)/invalidate")
        #expect(sized.status == 200)
        #expect(sized.text.contains(#""contentSizeAdjustment":{"width":0,"height":56}"#))
        #expect(sized.text.contains(#""invalidatedItemIndexPaths":[[0,0],[0,1],[0,2]]"#))
        #expect(sized.text.contains(#""indexPath":[0,1],"frame":{"x":0,"y":100,"width":390,"height":44}"#))
        // The same sizes on POST /layout give the same layout and id.
        let direct = app.post(String(body.dropLast()) + #","preferredSizes":[{"indexPath":[0,0],"width":390,"height":100}]}"#)
        #expect(sized.header("Location") == "/layout/\(direct.id ?? "")")
        let outside = app.post(#"{"preferredSizes":[{"indexPath":[0,9],"width":390,"height":100}]}"#, target: "/layout/\(id)/invalidate")
        #expect(outside.status == 422)
        #expect(outside.pointers == ["/preferredSizes/0/indexPath"])
    }

    /// Self-sizing a compositional layout names every moved element by its kind: the footer
    /// after the measured item, the background that grew, and the layout footer.
    @Test func invalidationNamesOtherKindsByName() throws {
        let item = #"{"item":{"layoutSize":{"width":{"fractionalWidth":1},"height":{"estimated":44}}}}"#
        let body = #"{\#(Self.cv),"layout":{"type":"compositional","configuration":{"boundarySupplementaryItems":[{"elementKind":"layout-footer","alignment":"bottom","layoutSize":{"width":{"fractionalWidth":1},"height":{"absolute":20}}}]},"sections":[{"group":{"orientation":"horizontal","layoutSize":{"width":{"fractionalWidth":1},"height":{"estimated":44}},"subitems":[\#(item)]},"boundarySupplementaryItems":[{"elementKind":"section-footer","alignment":"bottom","layoutSize":{"width":{"fractionalWidth":1},"height":{"absolute":30}}}],"decorationItems":[{"elementKind":"background"}]}]},"sections":[{"numberOfItems":2}]}"#
        let (_, id) = try post(body)
        let sized = app.post(#"{"preferredSizes":[{"indexPath":[0,0],"width":390,"height":60}]}"#, target: "/layout/\(id)/invalidate")
        #expect(sized.status == 200)
        #expect(sized.text.contains(#""contentSizeAdjustment":{"width":0,"height":16}"#))
        #expect(sized.text.contains(#""invalidatedItemIndexPaths":[[0,0],[0,1]],"invalidatedSupplementaryIndexPaths":{"header":[],"footer":[],"section-footer":[[0,0]],"layout-footer":[[0]]},"invalidatedDecorationIndexPaths":{"background":[[0,0]]}"#))
    }

    @Test func computedLayoutsAreCountedPerType() throws {
        _ = try post(Self.pinned)
        _ = try post(Self.pinned)
        let metrics = app.get("/metrics").text
        #expect(metrics.contains("layoutd_layouts_computed_total{type=\"compositional\"} 1\n"))
        #expect(metrics.contains("layoutd_layout_elements_computed_total{type=\"compositional\"} 5\n"))
        #expect(metrics.contains("layoutd_layouts_computed_total{type=\"flow\"} 0\n"))
    }
}
