import HTTP
@testable import LayoutAPI
import LayoutEngine
import Testing

/// `"type": "grid"` through POST /layout: N per line with side margins, spacing and an aspect
/// ratio (other-layouts.md §4).
@Suite struct GridAPITests {
    let app = LayoutApplication.make()

    @Test func flooredWidthsJustifiedInFullLinesExactly() throws {
        // §4: W 320, N 3, m 10, s 5: raw 96.67 floored @2x to 96.5 x 72.375; full lines spread
        // (300 − 289.5) / 2 = 5.25 into the gaps, the last line keeps the grid's columns.
        let r = app.post(#"{"collectionView":{"width":320,"height":568},"layout":{"type":"grid","itemsPerLine":3,"sideMargin":10,"spacing":5},"sections":[{"numberOfItems":4}]}"#)
        #expect(r.status == 200)
        let id = try #require(r.id)
        #expect(r.text == """
            {"id":"\(id)","contentSize":{"width":320,"height":149.75},"elements":[\
            {"category":"cell","indexPath":[0,0],"frame":{"x":10,"y":0,"width":96.5,"height":72.375},"zIndex":0},\
            {"category":"cell","indexPath":[0,1],"frame":{"x":112,"y":0,"width":96.5,"height":72.375},"zIndex":0},\
            {"category":"cell","indexPath":[0,2],"frame":{"x":213.5,"y":0,"width":96.5,"height":72.375},"zIndex":0},\
            {"category":"cell","indexPath":[0,3],"frame":{"x":10,"y":77.5,"width":96.5,"height":72.375},"zIndex":0}],"warnings":[]}
            """)
    }

    /// §4's table (W, N, m, s → item size and the x of each column), scale 2, ratio 0.75.
    @Test(arguments: [
        (375.0, 3, 16.0, 8.0, Size(width: 109, height: 81.75), [16.0, 133, 250]),
        (390, 3, 16, 8, Size(width: 114, height: 85.5), [16, 138, 260]),
        (414, 4, 20, 10, Size(width: 86, height: 64.5), [20, 116, 212, 308]),
        (375, 4, 16, 8, Size(width: 79.5, height: 59.625), [16, 104, 191.5, 279.5]),
        // The floating-point case: the raw width would wrap the third item; floored, three fit.
        (375, 3, 10, 10, Size(width: 111.5, height: 83.625), [10, 132, 253.5]),  // 131.75 rounds to the pixel: 132
    ])
    func specTableFitsNPerLine(width: Double, n: Int, margin: Double, spacing: Double, size: Size, xs: [Double]) {
        let r = app.post(#"{"collectionView":{"width":\#(width),"height":800},"layout":{"type":"grid","itemsPerLine":\#(n),"sideMargin":\#(margin),"spacing":\#(spacing)},"sections":[{"numberOfItems":\#(n)}]}"#)
        #expect(r.elementFrames.map(\.frame) == xs.map { Rect(x: $0, y: 0, width: size.width, height: size.height) })
    }

    @Test func lineSpacingAndInsetsPlaceTheLines() {
        let r = app.post(#"{"collectionView":{"width":414,"height":800},"layout":{"type":"grid","itemsPerLine":4,"sideMargin":20,"spacing":10,"lineSpacing":2,"aspectRatio":1,"topInset":30,"bottomInset":40},"sections":[{"numberOfItems":5}]}"#)
        #expect(r.elementFrames.map(\.frame.minY) == [30, 30, 30, 30, 118])
        #expect(r.contentSize == Size(width: 414, height: 244))
    }

    @Test func spelledOutDefaultsLineSpacingAndUnusedInsetsGiveTheSameID() {
        let a = app.post(#"{"collectionView":{"width":375,"height":667},"layout":{"type":"grid"},"sections":[{"numberOfItems":3}]}"#).id
        let b = app.post(#"{"collectionView":{"width":375,"height":667,"layoutMargins":{"left":16},"safeAreaInsets":{"top":44}},"layout":{"type":"grid","itemsPerLine":3,"sideMargin":0,"spacing":10,"lineSpacing":10,"aspectRatio":0.75},"sections":[{"numberOfItems":3}]}"#).id
        let c = app.post(#"{"collectionView":{"width":375,"height":667},"layout":{"type":"grid","lineSpacing":11},"sections":[{"numberOfItems":3}]}"#).id
        #expect(a != nil)
        #expect(a == b)
        #expect(a != c)
    }

    @Test func impossibleGridsAre422() {
        let r = app.post(#"{"collectionView":{"width":375,"height":667},"layout":{"type":"grid","itemsPerLine":0,"aspectRatio":0},"sections":[]}"#)
        #expect(r.status == 422)
        #expect(r.pointers == ["/layout/itemsPerLine", "/layout/aspectRatio"])
        #expect(r.detail == "/layout/itemsPerLine is 0; a grid has 1 to 10000 items per line. (1 more problem in errors)")
        let tight = app.post(#"{"collectionView":{"width":100,"height":667},"layout":{"type":"grid","itemsPerLine":5,"sideMargin":20,"spacing":20},"sections":[]}"#)
        #expect(tight.status == 422)
        #expect(tight.detail == "/layout/itemsPerLine is 5, but 5 items with side margins of 20 pt and spacing of 20 pt leave no width for the items in a collection view 100 pt wide (inside its content insets). Use fewer items per line, smaller margins or less spacing.")
    }

    @Test func flowFieldsAre400NamingTheGridFields() {
        let r = app.post(#"{"collectionView":{"width":375,"height":667},"layout":{"type":"grid","sectionInset":{}},"sections":[]}"#)
        #expect(r.status == 400)
        #expect(r.pointers == ["/layout/sectionInset"])
        #expect(r.detail == #"Unknown field at /layout/sectionInset; remove "sectionInset" or use one of: "aspectRatio", "bottomInset", "footerReferenceSize", "headerReferenceSize", "itemsPerLine", "lineSpacing", "sectionFootersPinToVisibleBounds", "sectionHeadersPinToVisibleBounds", "sideMargin", "spacing", "topInset", "type"."#)
    }
}
