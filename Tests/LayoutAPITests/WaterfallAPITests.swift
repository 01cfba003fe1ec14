import HTTP
@testable import LayoutAPI
import LayoutEngine
import Testing

/// `"type": "waterfall"` through POST /layout (CHTCollectionViewWaterfallLayout, other-layouts.md §2).
@Suite struct WaterfallAPITests {
    let app = LayoutApplication.make()
    /// §2.4 CH1: W 320, defaults (2 columns, spacing 10/10), scale 2.
    static let ch1 = #"{"collectionView":{"width":320,"height":568},"layout":{"type":"waterfall"},"sections":[{"itemSizes":[{"width":100,"height":150},{"width":100,"height":100},{"width":200,"height":100},{"width":50,"height":100},{"width":100,"height":100}]}]}"#

    @Test func ch1ShortestColumnFirstGivesCHTFramesExactly() throws {
        let r = app.post(Self.ch1)
        #expect(r.status == 200)
        let id = try #require(r.id)
        #expect(r.text == """
            {"id":"\(id)","contentSize":{"width":320,"height":552.5},"elements":[\
            {"category":"cell","indexPath":[0,0],"frame":{"x":0,"y":0,"width":155,"height":232.5},"zIndex":0},\
            {"category":"cell","indexPath":[0,1],"frame":{"x":165,"y":0,"width":155,"height":155},"zIndex":0},\
            {"category":"cell","indexPath":[0,2],"frame":{"x":165,"y":165,"width":155,"height":77.5},"zIndex":0},\
            {"category":"cell","indexPath":[0,3],"frame":{"x":0,"y":242.5,"width":155,"height":310},"zIndex":0},\
            {"category":"cell","indexPath":[0,4],"frame":{"x":165,"y":252.5,"width":155,"height":155},"zIndex":0}],"warnings":[]}
            """)
    }

    @Test func ch2SectionInsetHeaderAndFooterExactly() throws {
        let r = app.post(#"{"collectionView":{"width":320,"height":568},"layout":{"type":"waterfall","sectionInset":{"top":10,"left":10,"bottom":10,"right":10},"headerHeight":50,"footerHeight":30},"sections":[{"itemSizes":[{"width":1,"height":1},{"width":2,"height":1},{"width":1,"height":2}]}]}"#)
        let id = try #require(r.id)
        #expect(r.text == """
            {"id":"\(id)","contentSize":{"width":320,"height":472.5},"elements":[\
            {"category":"supplementaryView","kind":"header","indexPath":[0,0],"frame":{"x":0,"y":0,"width":320,"height":50},"zIndex":0},\
            {"category":"cell","indexPath":[0,0],"frame":{"x":10,"y":60,"width":145,"height":145},"zIndex":0},\
            {"category":"cell","indexPath":[0,1],"frame":{"x":165,"y":60,"width":145,"height":72.5},"zIndex":0},\
            {"category":"cell","indexPath":[0,2],"frame":{"x":165,"y":142.5,"width":145,"height":290},"zIndex":0},\
            {"category":"supplementaryView","kind":"footer","indexPath":[0,0],"frame":{"x":0,"y":442.5,"width":320,"height":30},"zIndex":0}],"warnings":[]}
            """)
    }

    /// §2.4 CH3: W 375, 3 columns, spacings 8; (x, y) per item and the content height.
    @Test(arguments: [
        ("shortestFirst", [[0, 0], [127.5, 0], [255, 0], [0, 127.5], [255, 127.5]], 247.0),
        ("leftToRight", [[0, 0], [127.5, 0], [255, 0], [0, 127.5], [127.5, 247]], 306.5),
        ("rightToLeft", [[255, 0], [127.5, 0], [0, 0], [255, 127.5], [127.5, 247]], 306.5),
    ] as [(String, [[Double]], Double)])
    func ch3RenderDirections(direction: String, origins: [[Double]], height: Double) {
        let r = app.post(#"{"collectionView":{"width":375,"height":667},"layout":{"type":"waterfall","columnCount":3,"minimumColumnSpacing":8,"minimumInteritemSpacing":8,"itemRenderDirection":"\#(direction)"},"sections":[{"itemSizes":[{"width":1,"height":1},{"width":1,"height":2},{"width":1,"height":1},{"width":1,"height":1},{"width":2,"height":1}]}]}"#)
        #expect(r.contentSize == Size(width: 375, height: height))
        #expect(r.elementFrames.map { [$0.frame.minX, $0.frame.minY] } == origins)
        #expect(r.elementFrames.map(\.frame.height) == [119.5, 239, 119.5, 119.5, 59.5])
    }

    @Test func perSectionOverridesReplaceTheLayoutValues() {
        // Section 0 uses the layout's 2 columns; section 1 overrides to 1 column, no spacing, a 20 pt header.
        let r = app.post(#"{"collectionView":{"width":300,"height":600},"layout":{"type":"waterfall"},"sections":[{"numberOfItems":2,"itemSize":{"width":1,"height":1}},{"numberOfItems":1,"itemSize":{"width":3,"height":1},"columnCount":1,"minimumInteritemSpacing":0,"headerHeight":20,"headerInset":{"left":5,"right":5}}]}"#)
        #expect(r.elementFrames.map(\.kind) == ["cell", "cell", "header", "cell"])
        #expect(r.elementFrames.map(\.frame) == [
            Rect(x: 0, y: 0, width: 145, height: 145), Rect(x: 155, y: 0, width: 145, height: 145),
            Rect(x: 5, y: 145, width: 290, height: 20), Rect(x: 0, y: 165, width: 300, height: 100),
        ])
        #expect(r.contentSize == Size(width: 300, height: 265))
    }

    @Test func minimumContentHeightAndEmptySectionQuirk() {
        // §2.4 CH4: an empty section subtracts the spacing it never added: 10, raised to 400.
        let r = app.post(#"{"collectionView":{"width":320,"height":568},"layout":{"type":"waterfall","sectionInset":{"top":10,"bottom":10},"minimumContentHeight":400},"sections":[{"numberOfItems":0}]}"#)
        #expect(r.status == 200)
        #expect(r.contentSize == Size(width: 320, height: 400))
    }

    @Test func pinnedHeaderComesBackAtTheTopOfTheQueriedRect() throws {
        // §2.4 CH5 with pinned headers: section 0 spans 0..320, section 1's header is at 320.
        let body = #"{"collectionView":{"width":300,"height":200},"layout":{"type":"waterfall","headerHeight":20,"sectionHeadersPinToVisibleBounds":true},"sections":[{"numberOfItems":3,"itemSize":{"width":1,"height":1}},{"numberOfItems":1,"itemSize":{"width":1,"height":1}}]}"#
        let id = try #require(app.post(body).id)
        let r = app.get("/layout/\(id)/elements?rect=0,100,300,200")
        #expect(r.text == """
            {"id":"\(id)","elements":[\
            {"category":"supplementaryView","kind":"header","indexPath":[0,0],"frame":{"x":0,"y":100,"width":300,"height":20},"zIndex":10},\
            {"category":"cell","indexPath":[0,0],"frame":{"x":0,"y":20,"width":145,"height":145},"zIndex":0},\
            {"category":"cell","indexPath":[0,1],"frame":{"x":155,"y":20,"width":145,"height":145},"zIndex":0},\
            {"category":"cell","indexPath":[0,2],"frame":{"x":0,"y":175,"width":145,"height":145},"zIndex":0}]}
            """)
        // Near the end of section 0 its header is pushed up by the section's end (320 − 20).
        let end = app.get("/layout/\(id)/elements?indexPath=0,0&kind=header&rect=0,310,300,200")
        #expect(end.elementFrame == Rect(x: 0, y: 300, width: 300, height: 20))
    }

    @Test func countAndSizeMeanTheSameAsListedSizesAndDefaultsMeanTheSameAsOverrides() {
        let a = app.post(#"{"collectionView":{"width":320,"height":568},"layout":{"type":"waterfall"},"sections":[{"numberOfItems":3,"itemSize":{"width":2,"height":3}}]}"#).id
        let b = app.post(#"{"collectionView":{"width":320,"height":568,"layoutMargins":{"left":8}},"layout":{"type":"waterfall","columnCount":3},"sections":[{"itemSizes":[{"width":2,"height":3},{"width":2,"height":3},{"width":2,"height":3}],"columnCount":2,"minimumColumnSpacing":10}]}"#).id
        let c = app.post(#"{"collectionView":{"width":320,"height":568},"layout":{"type":"waterfall","columnCount":3},"sections":[{"numberOfItems":3,"itemSize":{"width":2,"height":3}}]}"#).id
        #expect(a != nil)
        #expect(a == b)
        #expect(a != c)
    }

    @Test func itemSizeDefaultsToSquare() {
        let r = app.post(#"{"collectionView":{"width":320,"height":568},"layout":{"type":"waterfall"},"sections":[{"numberOfItems":1}]}"#)
        #expect(r.elementFrames.map(\.frame) == [Rect(x: 0, y: 0, width: 155, height: 155)])
    }

    @Test func zeroOrNegativeColumnsAndNegativeLengthsAre422ListingEveryField() {
        let r = app.post(#"{"collectionView":{"width":320,"height":568},"layout":{"type":"waterfall","columnCount":0,"minimumColumnSpacing":-1},"sections":[{"numberOfItems":1,"columnCount":-2,"headerHeight":-5}]}"#)
        #expect(r.status == 422)
        #expect(r.pointers == ["/layout/columnCount", "/layout/minimumColumnSpacing", "/sections/0/columnCount", "/sections/0/headerHeight"])
        #expect(r.detail == "/layout/columnCount is 0; a waterfall needs 1 to 1024 columns. (3 more problems in errors)")
    }

    @Test func columnsThatDoNotFitAre422() {
        let r = app.post(#"{"collectionView":{"width":100,"height":568},"layout":{"type":"waterfall","columnCount":3,"minimumColumnSpacing":60},"sections":[{"numberOfItems":1}]}"#)
        #expect(r.status == 422)
        #expect(r.pointers == ["/sections/0"])
        #expect(r.detail == "/sections/0 has 3 columns that do not fit: the collection view is 100 pt wide but the section insets and 2 column spacings take 120 pt. Use fewer columns, less spacing or smaller insets.")
    }

    @Test func itemsTooTallForTheColumnAre422() {
        let r = app.post(#"{"collectionView":{"width":320,"height":568},"layout":{"type":"waterfall"},"sections":[{"itemSizes":[{"width":1,"height":1},{"width":1e-300,"height":1}]}]}"#)
        #expect(r.status == 422)
        #expect(r.pointers == ["/sections/0/itemSizes/1"])
        #expect(r.detail == "/sections/0/itemSizes/1 is so much taller than wide that the item would be more than 1000000000 pt tall at the column width of 155 pt; send the item's real aspect ratio.")
    }

    @Test func collectionViewHeightIsKeptForBoundsChanges() throws {
        let a = app.post(#"{"collectionView":{"width":320,"height":568},"layout":{"type":"waterfall"},"sections":[{"numberOfItems":1}]}"#)
        let b = app.post(#"{"collectionView":{"width":320,"height":480},"layout":{"type":"waterfall"},"sections":[{"numberOfItems":1}]}"#)
        #expect(a.elementFrames.map(\.frame) == b.elementFrames.map(\.frame))
        #expect(a.id != b.id)
        #expect(try decodedSpec(#"{"collectionView":{"width":320,"height":480},"layout":{"type":"waterfall"},"sections":[]}"#).viewSize == Size(width: 320, height: 480))
    }

    @Test func flowFieldsAre400NamingTheWaterfallFields() {
        let r = app.post(#"{"collectionView":{"width":320,"height":568},"layout":{"type":"waterfall","itemSize":{"width":1,"height":1}},"sections":[]}"#)
        #expect(r.status == 400)
        #expect(r.pointers == ["/layout/itemSize"])
        #expect(r.detail == #"Unknown field at /layout/itemSize; remove "itemSize" or use one of: "columnCount", "footerHeight", "footerInset", "headerHeight", "headerInset", "itemRenderDirection", "minimumColumnSpacing", "minimumContentHeight", "minimumInteritemSpacing", "sectionFootersPinToVisibleBounds", "sectionHeadersPinToVisibleBounds", "sectionInset", "type"."#)
        let s = app.post(#"{"collectionView":{"width":320,"height":568},"layout":{"type":"waterfall"},"sections":[{"numberOfItems":1,"headerReferenceSize":{"width":0,"height":10}}]}"#)
        #expect(s.status == 400)
        #expect(s.pointers == ["/sections/0/headerReferenceSize"])
        let p = app.post(#"{"collectionView":{"width":320,"height":568},"layout":{"type":"waterfall"},"sections":[],"preferredSizes":[]}"#)
        #expect(p.status == 400)
        #expect(p.detail == #"Unknown field at /preferredSizes; remove "preferredSizes" or use one of: "collectionView", "layout", "sections"."#)
    }

    @Test func itemsHeadersAndFootersCountAgainstTheElementCap() {
        let small = LayoutApplication.make(maxElements: 5)
        let r = small.post(#"{"collectionView":{"width":320,"height":568},"layout":{"type":"waterfall","headerHeight":10,"footerHeight":10},"sections":[{"numberOfItems":3},{"numberOfItems":1}]}"#)
        #expect(r.status == 422)
        #expect(r.pointers == ["/sections/1", "/sections/1/numberOfItems"])
        #expect(small.post(#"{"collectionView":{"width":320,"height":568},"layout":{"type":"waterfall","headerHeight":10,"footerHeight":10},"sections":[{"numberOfItems":3}]}"#).status == 200)
    }
}

extension Response {
    /// `element.frame` of a single-element answer.
    var elementFrame: Rect? {
        guard case .object(let o)? = json, case .object(let e)? = o["element"], case .object(let f)? = e["frame"],
              case .number(let x)? = f["x"], case .number(let y)? = f["y"],
              case .number(let w)? = f["width"], case .number(let h)? = f["height"] else { return nil }
        return Rect(x: x, y: y, width: w, height: h)
    }
}
