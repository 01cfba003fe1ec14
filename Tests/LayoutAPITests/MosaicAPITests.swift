import HTTP
@testable import LayoutAPI
import LayoutEngine
import Testing

/// `"type": "mosaic"` through POST /layout (Apple's MosaicLayout, other-layouts.md §1.1).
@Suite struct MosaicAPITests {
    let app = LayoutApplication.make()

    @Test func m4FramesExactlyAndTheContentIncludesTheLastItem() throws {
        // Styles full, 50/50, 2/3 + thirds, then full for the last item. The sample reports
        // 320 x 603 and leaves item 6 unreachable; here the content reaches its maxY, 804.
        let r = app.post(#"{"collectionView":{"width":320,"height":568},"layout":{"type":"mosaic"},"sections":[{"numberOfItems":7}]}"#)
        #expect(r.status == 200)
        let id = try #require(r.id)
        #expect(r.text == """
            {"id":"\(id)","contentSize":{"width":320,"height":804},"elements":[\
            {"category":"cell","indexPath":[0,0],"frame":{"x":0,"y":1,"width":320,"height":200},"zIndex":0},\
            {"category":"cell","indexPath":[0,1],"frame":{"x":0,"y":202,"width":160,"height":200},"zIndex":0},\
            {"category":"cell","indexPath":[0,2],"frame":{"x":161,"y":202,"width":159,"height":200},"zIndex":0},\
            {"category":"cell","indexPath":[0,3],"frame":{"x":0,"y":403,"width":214,"height":200},"zIndex":0},\
            {"category":"cell","indexPath":[0,4],"frame":{"x":215,"y":403,"width":105,"height":100},"zIndex":0},\
            {"category":"cell","indexPath":[0,5],"frame":{"x":215,"y":504,"width":105,"height":99},"zIndex":0},\
            {"category":"cell","indexPath":[0,6],"frame":{"x":0,"y":604,"width":320,"height":200},"zIndex":0}],"warnings":[]}
            """)
    }

    /// §1.2 M1, M2 (content never below the bounds height, but includes the item), M3, M5.
    @Test(arguments: [
        (375.0, 667.0, 1, Size(width: 375, height: 667)),
        (375, 100, 1, Size(width: 375, height: 201)),
        (375, 667, 6, Size(width: 375, height: 667)),
        (414, 896, 10, Size(width: 414, height: 1005)),
    ])
    func contentSizeIncludesEveryItem(width: Double, height: Double, count: Int, content: Size) {
        let r = app.post(#"{"collectionView":{"width":\#(width),"height":\#(height)},"layout":{"type":"mosaic"},"sections":[{"numberOfItems":\#(count)}]}"#)
        #expect(r.contentSize == content)
        #expect(r.elementFrames.count == count)
    }

    @Test func m5FramesThroughAllFourStyles() {
        let r = app.post(#"{"collectionView":{"width":414,"height":896},"layout":{"type":"mosaic"},"sections":[{"numberOfItems":10}]}"#)
        #expect(r.elementFrames.map(\.frame) == [
            Rect(x: 0, y: 1, width: 414, height: 200), Rect(x: 0, y: 202, width: 207, height: 200),
            Rect(x: 208, y: 202, width: 206, height: 200), Rect(x: 0, y: 403, width: 276, height: 200),
            Rect(x: 277, y: 403, width: 137, height: 100), Rect(x: 277, y: 504, width: 137, height: 99),
            Rect(x: 0, y: 604, width: 138, height: 100), Rect(x: 0, y: 705, width: 138, height: 99),
            Rect(x: 139, y: 604, width: 275, height: 200), Rect(x: 0, y: 805, width: 414, height: 200),
        ])
    }

    @Test func rectQueryReturnsTheBigItemTheSampleMisses() throws {
        // §1.1: the sample's binary search finds item 5 and stops before item 3 (0, 403, 276, 200).
        let id = try #require(app.post(#"{"collectionView":{"width":414,"height":896},"layout":{"type":"mosaic"},"sections":[{"numberOfItems":10}]}"#).id)
        let r = app.get("/layout/\(id)/elements?rect=0,504,414,10")
        #expect(r.text == """
            {"id":"\(id)","elements":[\
            {"category":"cell","indexPath":[0,3],"frame":{"x":0,"y":403,"width":276,"height":200},"zIndex":0},\
            {"category":"cell","indexPath":[0,5],"frame":{"x":277,"y":504,"width":137,"height":99},"zIndex":0}]}
            """)
    }

    @Test func onlyTheBoundsSizeAndCountMakeTheID() {
        let a = app.post(#"{"collectionView":{"width":375,"height":667},"layout":{"type":"mosaic"},"sections":[{"numberOfItems":5}]}"#).id
        let b = app.post(#"{"collectionView":{"width":375,"height":667,"scale":3,"contentInset":{"top":20}},"layout":{"type":"mosaic"},"sections":[{"numberOfItems":5}]}"#).id
        let c = app.post(#"{"collectionView":{"width":375,"height":668},"layout":{"type":"mosaic"},"sections":[{"numberOfItems":5}]}"#).id
        #expect(a != nil)
        #expect(a == b)
        #expect(a != c)
    }

    @Test(arguments: [
        (#"[]"#, "/sections has 0 sections; the mosaic layout lays out exactly one section: send \"sections\": [{\"numberOfItems\": n}]."),
        (#"[{"numberOfItems":1},{"numberOfItems":2}]"#, "/sections has 2 sections; the mosaic layout lays out exactly one section: send \"sections\": [{\"numberOfItems\": n}]."),
    ])
    func anythingButOneSectionIs422SayingSo(sections: String, detail: String) {
        let r = app.post(#"{"collectionView":{"width":375,"height":667},"layout":{"type":"mosaic"},"sections":\#(sections)}"#)
        #expect(r.status == 422)
        #expect(r.pointers == ["/sections"])
        #expect(r.detail == detail)
    }

    @Test func mosaicHasNoPropertiesAndSectionsOnlyACount() {
        let r = app.post(#"{"collectionView":{"width":375,"height":667},"layout":{"type":"mosaic","columnCount":2},"sections":[{"numberOfItems":1}]}"#)
        #expect(r.status == 400)
        #expect(r.detail == #"Unknown field at /layout/columnCount; remove "columnCount" or use one of: "type"."#)
        let s = app.post(#"{"collectionView":{"width":375,"height":667},"layout":{"type":"mosaic"},"sections":[{"numberOfItems":1,"itemSize":{"width":1,"height":1}}]}"#)
        #expect(s.status == 400)
        #expect(s.pointers == ["/sections/0/itemSize"])
    }

    @Test func tooNarrowForThirdsAndOverTheCapAre422() {
        let r = app.post(#"{"collectionView":{"width":2,"height":667},"layout":{"type":"mosaic"},"sections":[{"numberOfItems":0}]}"#)
        #expect(r.status == 422)
        #expect(r.detail == "/collectionView/width is 2; mosaic bands split into halves and thirds with 1 pt gaps need a collection view at least 3 pt wide.")
        let cap = LayoutApplication.make(maxElements: 100).post(#"{"collectionView":{"width":375,"height":667},"layout":{"type":"mosaic"},"sections":[{"numberOfItems":101}]}"#)
        #expect(cap.status == 422)
        #expect(cap.pointers == ["/sections/0/numberOfItems"])
    }

    @Test func unknownLayoutTypeListsEveryType() {
        let r = app.post(#"{"collectionView":{"width":375,"height":667},"layout":{"type":"circular"},"sections":[]}"#)
        #expect(r.status == 422)
        #expect(r.detail == #"Unknown value "circular" at /layout/type; use one of: "flow", "waterfall", "columnFlow", "grid", "mosaic", "compositional", "list", "table"."#)
    }
}
