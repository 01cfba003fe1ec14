import HTTP
@testable import LayoutAPI
import LayoutEngine
import Testing

/// Grid headers and footers: `headerReferenceSize` / `footerReferenceSize` on the layout and per
/// section, placed and pinned by the flow layout's rules (flow-layout.md §3, §10), as in a photo
/// grid with date headers.
@Suite struct GridSupplementaryTests {
    let app = LayoutApplication.make()

    /// W 375, N 3, m 10, s 5: items 115 x 92 (ratio 0.8) at x 10, 130, 250 (full lines justified:
    /// (355 − 345) / 2 = 5 per gap); lines 97 apart.
    static let layout = #""type":"grid","itemsPerLine":3,"sideMargin":10,"spacing":5,"aspectRatio":0.8,"topInset":8,"bottomInset":8"#

    @Test func headersAboveAndFootersBelowEachSectionExactly() throws {
        let r = app.post(#"""
            {"collectionView":{"width":375,"height":667},"layout":{\#(Self.layout),\#
            "headerReferenceSize":{"width":0,"height":40},"footerReferenceSize":{"width":0,"height":20}},\#
            "sections":[{"numberOfItems":4},\#
            {"numberOfItems":2,"headerReferenceSize":{"width":0,"height":0}},\#
            {"numberOfItems":1,"footerReferenceSize":{"width":320,"height":30}}]}
            """#)
        #expect(r.status == 200)
        let id = try #require(r.id)
        // §3: header (0, S, D, h) full width above topInset; lines from S + h + top; footer at
        // S + h + top + B + bottom; a zero height gives no header; only the height is used.
        #expect(r.text == """
            {"id":"\(id)","contentSize":{"width":375,"height":571},"elements":[\
            {"category":"supplementaryView","kind":"header","indexPath":[0,0],"frame":{"x":0,"y":0,"width":375,"height":40},"zIndex":0},\
            {"category":"cell","indexPath":[0,0],"frame":{"x":10,"y":48,"width":115,"height":92},"zIndex":0},\
            {"category":"cell","indexPath":[0,1],"frame":{"x":130,"y":48,"width":115,"height":92},"zIndex":0},\
            {"category":"cell","indexPath":[0,2],"frame":{"x":250,"y":48,"width":115,"height":92},"zIndex":0},\
            {"category":"cell","indexPath":[0,3],"frame":{"x":10,"y":145,"width":115,"height":92},"zIndex":0},\
            {"category":"supplementaryView","kind":"footer","indexPath":[0,0],"frame":{"x":0,"y":245,"width":375,"height":20},"zIndex":0},\
            {"category":"cell","indexPath":[1,0],"frame":{"x":10,"y":273,"width":115,"height":92},"zIndex":0},\
            {"category":"cell","indexPath":[1,1],"frame":{"x":130,"y":273,"width":115,"height":92},"zIndex":0},\
            {"category":"supplementaryView","kind":"footer","indexPath":[1,0],"frame":{"x":0,"y":373,"width":375,"height":20},"zIndex":0},\
            {"category":"supplementaryView","kind":"header","indexPath":[2,0],"frame":{"x":0,"y":393,"width":375,"height":40},"zIndex":0},\
            {"category":"cell","indexPath":[2,0],"frame":{"x":10,"y":441,"width":115,"height":92},"zIndex":0},\
            {"category":"supplementaryView","kind":"footer","indexPath":[2,0],"frame":{"x":0,"y":541,"width":375,"height":30},"zIndex":0}],"warnings":[]}
            """)
        let summary = app.post(#"{"collectionView":{"width":375,"height":667},"layout":{\#(Self.layout),"headerReferenceSize":{"width":0,"height":40},"footerReferenceSize":{"width":0,"height":20}},"sections":[{"numberOfItems":4},{"numberOfItems":2,"headerReferenceSize":{"width":0,"height":0}},{"numberOfItems":1,"footerReferenceSize":{"width":320,"height":30}}]}"#,
                               target: "/layout?return=minimal")
        #expect(summary.text.contains(#""counts":{"elements":12,"cells":7,"headers":2,"footers":3,"sections":3}"#))
    }

    @Test func contentInsetNarrowsHeadersToTheWidthInsideIt() throws {
        let r = app.post(#"{"collectionView":{"width":395,"height":667,"contentInset":{"left":10,"right":10}},"layout":{\#(Self.layout),"headerReferenceSize":{"width":0,"height":40}},"sections":[{"numberOfItems":1}]}"#)
        // D = 375 inside the content inset: the same grid, header 375 wide at x 0 (content coordinates).
        #expect(r.elementFrames.map(\.frame) == [Rect(x: 0, y: 0, width: 375, height: 40), Rect(x: 10, y: 48, width: 115, height: 92)])
        #expect(r.contentSize == Size(width: 375, height: 148))
    }

    @Test func emptySectionsKeepTheirHeaderAndFooter() {
        let r = app.post(#"{"collectionView":{"width":375,"height":667},"layout":{\#(Self.layout),"headerReferenceSize":{"width":0,"height":40},"footerReferenceSize":{"width":0,"height":20}},"sections":[{"numberOfItems":0},{"numberOfItems":0}]}"#)
        // §3: an empty section is h + top + bottom + f tall: 76.
        #expect(r.elementFrames.map(\.kind) == ["header", "footer", "header", "footer"])
        #expect(r.elementFrames.map(\.frame.minY) == [0, 56, 76, 132])
        #expect(r.contentSize == Size(width: 375, height: 152))
    }

    @Test func pinnedHeadersAndFootersFollowTheVisibleRectAsInTheFlowLayout() throws {
        let grid = try #require(app.post(#"{"collectionView":{"width":375,"height":667},"layout":{\#(Self.layout),"headerReferenceSize":{"width":0,"height":40},"footerReferenceSize":{"width":0,"height":20},"sectionHeadersPinToVisibleBounds":true,"sectionFootersPinToVisibleBounds":true},"sections":[{"numberOfItems":30},{"numberOfItems":3}]}"#).id)
        // The same layout spelled as a flow layout.
        let flow = try #require(app.post(#"{"collectionView":{"width":375,"height":667},"layout":{"itemSize":{"width":115,"height":92},"minimumInteritemSpacing":5,"minimumLineSpacing":5,"sectionInset":{"top":8,"left":10,"bottom":8,"right":10},"headerReferenceSize":{"width":0,"height":40},"footerReferenceSize":{"width":0,"height":20},"sectionHeadersPinToVisibleBounds":true,"sectionFootersPinToVisibleBounds":true},"sections":[{"numberOfItems":30},{"numberOfItems":3}]}"#).id)
        #expect(grid != flow)
        // Section 0: header 0..40, lines 48 + 97k, footer at 48 + 965 + 8 = 1021, section end 1041.
        let header = app.get("/layout/\(grid)/elements?indexPath=0,0&kind=header&rect=0,300,375,667")
        #expect(header.text.contains(#""frame":{"x":0,"y":300,"width":375,"height":40}"#))
        let footer = app.get("/layout/\(grid)/elements?indexPath=0,0&kind=footer&rect=0,0,375,667")
        #expect(footer.text.contains(#""frame":{"x":0,"y":647,"width":375,"height":20}"#))
        for rect in ["0,0,375,667", "0,300,375,667", "0,900,375,667", "0,1030,375,667"] {
            let g = app.get("/layout/\(grid)/elements?rect=\(rect)").text
            let f = app.get("/layout/\(flow)/elements?rect=\(rect)").text
            #expect(g.replacingOccurrences(of: grid, with: "ID") == f.replacingOccurrences(of: flow, with: "ID"), "rect \(rect)")
        }
        // Scrolling invalidates while a pinned header is visible, as in the flow layout.
        let scroll = app.post(#"{"bounds":{"x":0,"y":310,"width":375,"height":667},"previousBounds":{"x":0,"y":300,"width":375,"height":667}}"#,
                              target: "/layout/\(grid)/invalidate?return=minimal")
        #expect(scroll.status == 200)
        #expect(scroll.text.hasPrefix(#"{"invalidated":true"#))
    }

    @Test func gridsWithoutHeadersKeepTheirIDsAndSpelledOutZerosChangeNothing() {
        let plain = app.post(#"{"collectionView":{"width":375,"height":667},"layout":{"type":"grid"},"sections":[{"numberOfItems":3}]}"#)
        let zeros = app.post(#"{"collectionView":{"width":375,"height":667},"layout":{"type":"grid","headerReferenceSize":{"width":0,"height":0},"footerReferenceSize":{"width":0,"height":0},"sectionHeadersPinToVisibleBounds":false},"sections":[{"numberOfItems":3,"headerReferenceSize":{"width":0,"height":0}}]}"#)
        #expect(plain.id == zeros.id)
        #expect(plain.body == zeros.body)
        // README's grid example id, from before grids had headers.
        let readme = app.post(#"{"collectionView":{"width":375,"height":667},"layout":{"type":"grid","itemsPerLine":3,"sideMargin":10,"spacing":10},"sections":[{"numberOfItems":4}]}"#)
        #expect(readme.id == "371a7f5f0c7883ea0c3485bd7c1b42a5")
    }

    @Test func badReferenceSizesAreNamedByPointer() {
        let negative = app.post(#"{"collectionView":{"width":375,"height":667},"layout":{"type":"grid","headerReferenceSize":{"width":0,"height":-1}},"sections":[{"numberOfItems":1,"footerReferenceSize":{"width":0,"height":-2}}]}"#)
        #expect(negative.status == 422)
        #expect(negative.pointers == ["/layout/headerReferenceSize/height", "/sections/0/footerReferenceSize/height"])
        let unknown = app.post(#"{"collectionView":{"width":375,"height":667},"layout":{"type":"grid"},"sections":[{"numberOfItems":1,"sectionInset":{"top":1}}]}"#)
        #expect(unknown.status == 400)
        #expect(unknown.pointers == ["/sections/0/sectionInset"])
        let wrongType = app.post(#"{"collectionView":{"width":375,"height":667},"layout":{"type":"grid","sectionHeadersPinToVisibleBounds":"yes"},"sections":[]}"#)
        #expect(wrongType.status == 400)
        #expect(wrongType.pointers == ["/layout/sectionHeadersPinToVisibleBounds"])
    }

    @Test func headersAndFootersCountAgainstTheElementCap() {
        let app = LayoutApplication.make(maxElements: 5)
        let body = #"{"collectionView":{"width":375,"height":667},"layout":{"type":"grid","headerReferenceSize":{"width":0,"height":40},"footerReferenceSize":{"width":0,"height":20}},"sections":[{"numberOfItems":4}]}"#
        // 4 cells + header + footer = 6 > 5; 3 cells make exactly 5.
        #expect(app.post(body).status == 422)
        #expect(app.post(body.replacingOccurrences(of: #""numberOfItems":4"#, with: #""numberOfItems":3"#)).status == 200)
        // Empty sections with headers and footers only: the third section's header crosses the cap.
        let empty = app.post(#"{"collectionView":{"width":375,"height":667},"layout":{"type":"grid","headerReferenceSize":{"width":0,"height":40},"footerReferenceSize":{"width":0,"height":20}},"sections":[{"numberOfItems":0},{"numberOfItems":0},{"numberOfItems":0}]}"#)
        #expect(empty.status == 422)
        #expect(empty.pointers == ["/sections/2/footerReferenceSize"])
        #expect(empty.detail == "/sections/2/footerReferenceSize adds a footer; with the 5 elements before it the layout would have 6, over this server's cap of 5 elements per request (--max-elements).")
    }
}
