import HTTP
@testable import LayoutAPI
import LayoutEngine
import Testing

/// `"type": "columnFlow"` through POST /layout (Apple's ColumnFlowLayout, other-layouts.md §1.3).
@Suite struct ColumnFlowAPITests {
    let app = LayoutApplication.make()

    @Test func cf3TwoJustifiedColumnsOnAnIPadExactly() throws {
        // W 768, margins 20: 728 available, 2 columns of 364, justified in the 768 pt safe area.
        let r = app.post(#"{"collectionView":{"width":768,"height":1024,"layoutMargins":{"left":20,"right":20}},"layout":{"type":"columnFlow"},"sections":[{"numberOfItems":3}]}"#)
        #expect(r.status == 200)
        let id = try #require(r.id)
        #expect(r.text == """
            {"id":"\(id)","contentSize":{"width":768,"height":160},"elements":[\
            {"category":"cell","indexPath":[0,0],"frame":{"x":0,"y":10,"width":364,"height":70},"zIndex":0},\
            {"category":"cell","indexPath":[0,1],"frame":{"x":404,"y":10,"width":364,"height":70},"zIndex":0},\
            {"category":"cell","indexPath":[0,2],"frame":{"x":0,"y":90,"width":364,"height":70},"zIndex":0}],"warnings":[]}
            """)
    }

    /// §1.3 CF1, CF2, CF4 and CF5 (W, margins, item width, x of the first line).
    @Test(arguments: [
        (375.0, 16.0, 343.0, [16.0]),   // CF1: a lone item is centred
        (414, 20, 374, [20]),           // CF2
        (1024, 20, 328, [0, 348, 696]), // CF4
        (320, 16, 288, [16]),           // CF5: one column where the sample divides by zero
    ])
    func specExamples(width: Double, margin: Double, itemWidth: Double, xs: [Double]) {
        let r = app.post(#"{"collectionView":{"width":\#(width),"height":800,"layoutMargins":{"left":\#(margin),"right":\#(margin)}},"layout":{"type":"columnFlow"},"sections":[{"numberOfItems":\#(xs.count)}]}"#)
        #expect(r.elementFrames.map(\.frame) == xs.map { Rect(x: $0, y: 10, width: itemWidth, height: 70) })
    }

    @Test func minimumColumnWidthCellHeightAndSpacingsAreFields() {
        // 728 / 200 = 3 columns of floor(242.67) = 242; justified gaps (768 − 726) / 2 = 21.
        let r = app.post(#"{"collectionView":{"width":768,"height":1024,"layoutMargins":{"left":20,"right":20}},"layout":{"type":"columnFlow","minimumColumnWidth":200,"cellHeight":44,"minimumLineSpacing":4,"minimumInteritemSpacing":6},"sections":[{"numberOfItems":4}]}"#)
        #expect(r.elementFrames.map(\.frame) == [
            Rect(x: 0, y: 6, width: 242, height: 44), Rect(x: 263, y: 6, width: 242, height: 44),
            Rect(x: 526, y: 6, width: 242, height: 44), Rect(x: 0, y: 54, width: 242, height: 44),
        ])
    }

    @Test func spelledOutDefaultsGiveTheSameID() {
        let a = app.post(#"{"collectionView":{"width":375,"height":667},"layout":{"type":"columnFlow"},"sections":[{"numberOfItems":3}]}"#).id
        let b = app.post(#"{"layout":{"cellHeight":70,"type":"columnFlow","minimumColumnWidth":300},"sections":[{"numberOfItems":3}],"collectionView":{"width":375,"height":667,"scale":2}}"#).id
        #expect(a != nil)
        #expect(a == b)
    }

    @Test func otherLayoutsFieldsAre400NamingTheColumnFlowFields() {
        let r = app.post(#"{"collectionView":{"width":375,"height":667},"layout":{"type":"columnFlow","itemSize":{"width":1,"height":1}},"sections":[]}"#)
        #expect(r.status == 400)
        #expect(r.detail == #"Unknown field at /layout/itemSize; remove "itemSize" or use one of: "cellHeight", "minimumColumnWidth", "minimumInteritemSpacing", "minimumLineSpacing", "type"."#)
        let s = app.post(#"{"collectionView":{"width":375,"height":667},"layout":{"type":"columnFlow"},"sections":[{"itemSizes":[]}]}"#)
        #expect(s.status == 400)
        #expect(s.detail == #"Unknown field at /sections/0/itemSizes; remove "itemSizes" or use one of: "numberOfItems"."#)
    }

    @Test func zeroColumnWidthAndNegativeCountsAre422() {
        let r = app.post(#"{"collectionView":{"width":375,"height":667},"layout":{"type":"columnFlow","minimumColumnWidth":0,"cellHeight":-1},"sections":[{"numberOfItems":-3}]}"#)
        #expect(r.status == 422)
        #expect(r.pointers == ["/layout/minimumColumnWidth", "/layout/cellHeight", "/sections/0/numberOfItems"])
        #expect(r.detail == "/layout/minimumColumnWidth is 0; it must be the narrowest column in points: a number greater than 0 and at most 1000000000. (2 more problems in errors)")
    }

    @Test func itemsCountAgainstTheElementCap() {
        let r = LayoutApplication.make(maxElements: 10).post(#"{"collectionView":{"width":375,"height":667},"layout":{"type":"columnFlow"},"sections":[{"numberOfItems":6},{"numberOfItems":5}]}"#)
        #expect(r.status == 422)
        #expect(r.detail == "/sections/1/numberOfItems is 5; with the 6 elements before it the layout would have 11, over this server's cap of 10 elements per request (--max-elements).")
    }
}
