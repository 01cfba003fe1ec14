import HTTP
@testable import LayoutAPI
import JSON
import LayoutEngine
import Testing

/// `POST /layout` with `estimatedItemSize` and `preferredSizes` (flow-layout.md §11): unmeasured
/// items take the estimate, or with "automatic" the mean of the sizes measured so far (50x50
/// before any); every cell says whether its size is estimated.
@Suite struct SelfSizingTests {
    let app = LayoutApplication.make()

    static func request(estimate: String, items: Int, preferred: String) -> String {
        #"{"collectionView":{"width":320,"height":568},"layout":{"estimatedItemSize":\#(estimate)},"sections":[{"numberOfItems":\#(items)}],"preferredSizes":[\#(preferred)]}"#
    }

    static func cell(_ item: Int, _ x: Double, _ y: Double, _ w: Double, _ h: Double, estimated: Bool) -> String {
        var wr = JSONWriter()
        wr.element(.cell(IndexPath(section: 0, item: item), Rect(x: x, y: y, width: w, height: h), estimated: estimated), estimates: true)
        return String(decoding: wr.bytes, as: UTF8.self)
    }

    static func body(_ id: String, height: Double, _ cells: [String]) -> String {
        #"{"id":"\#(id)","contentSize":{"width":320,"height":\#(Int(height))},"elements":[\#(cells.joined(separator: ","))],"warnings":[]}"#
    }

    /// Fixed 100x100 estimate, item 1 measured 200x40: line 0 holds items 0 and 1 (justified, gap
    /// 20; item 1 centred in the 100 pt line), item 2 starts line 1 alone, left-aligned.
    @Test func fixedEstimateWithOneMeasuredItem() throws {
        let r = app.post(Self.request(estimate: #"{"width":100,"height":100}"#, items: 3,
                                      preferred: #"{"indexPath":[0,1],"width":200,"height":40}"#))
        let id = try #require(r.id)
        #expect(r.text == Self.body(id, height: 210, [
            Self.cell(0, 0, 0, 100, 100, estimated: true),
            Self.cell(1, 120, 30, 200, 40, estimated: false),
            Self.cell(2, 0, 110, 100, 100, estimated: true),
        ]))
    }

    @Test func automaticEstimateIs50By50BeforeAnyMeasurement() throws {
        let r = app.post(Self.request(estimate: #""automatic""#, items: 3, preferred: ""))
        let id = try #require(r.id)
        // The only line is the last: left-aligned with the minimum spacing.
        #expect(r.text == Self.body(id, height: 50, [
            Self.cell(0, 0, 0, 50, 50, estimated: true),
            Self.cell(1, 60, 0, 50, 50, estimated: true),
            Self.cell(2, 120, 0, 50, 50, estimated: true),
        ]))
    }

    @Test func automaticEstimateAfterOneMeasurementIsThatSize() throws {
        let r = app.post(Self.request(estimate: #""automatic""#, items: 3,
                                      preferred: #"{"indexPath":[0,0],"width":100,"height":40}"#))
        let id = try #require(r.id)
        #expect(r.text == Self.body(id, height: 40, [
            Self.cell(0, 0, 0, 100, 40, estimated: false),
            Self.cell(1, 110, 0, 100, 40, estimated: true),
            Self.cell(2, 220, 0, 100, 40, estimated: true),
        ]))
    }

    /// Three measurements, 100x40, 60x20, 80x30: the estimate is their mean, 80x30. Line 0 (items
    /// 0-2) is justified with gaps of 40 and centred on its 40 pt height; items 3 and 4 are estimated.
    @Test func automaticEstimateAfterThreeMeasurementsIsTheirMean() throws {
        let r = app.post(Self.request(estimate: #""automatic""#, items: 5, preferred: """
            {"indexPath":[0,0],"width":100,"height":40},{"indexPath":[0,1],"width":60,"height":20},\
            {"indexPath":[0,2],"width":80,"height":30}
            """))
        let id = try #require(r.id)
        #expect(r.text == Self.body(id, height: 80, [
            Self.cell(0, 0, 0, 100, 40, estimated: false),
            Self.cell(1, 140, 10, 60, 20, estimated: false),
            Self.cell(2, 240, 5, 80, 30, estimated: false),
            Self.cell(3, 0, 50, 80, 30, estimated: true),
            Self.cell(4, 90, 50, 80, 30, estimated: true),
        ]))
    }

    @Test func estimatedFlagIsAbsentWhenNotEstimating() {
        let r = app.post(#"{"collectionView":{"width":320,"height":568},"sections":[{"numberOfItems":1}]}"#)
        #expect(r.status == 200)
        #expect(!r.text.contains("estimated"))
    }

    @Test(arguments: [
        (#"{"indexPath":[0,7],"width":10,"height":10}"#, "/preferredSizes/0/indexPath",
         "/preferredSizes/0/indexPath is [0, 7], which is not an item of this layout (section 0 has 3 items, 0 to 2); send sizes only for items the layout has."),
        (#"{"indexPath":[0,1],"width":0,"height":0}"#, "/preferredSizes/0",
         "/preferredSizes/0 has an empty size; UIKit rejects it (\"UICollectionView Flow Layout received layout attributes with an empty size\"). Send the size the cell measured, both dimensions > 0."),
        (#"{"indexPath":[0,1],"width":-5,"height":10}"#, "/preferredSizes/0/width",
         "/preferredSizes/0/width is -5; it must be a length in points: a number from 0 to 1000000000."),
    ])
    func badPreferredSizesAre422(entry: String, pointer: String, detail: String) {
        let r = app.post(Self.request(estimate: #""automatic""#, items: 3, preferred: entry))
        #expect(r.status == 422)
        #expect(r.pointers == [pointer])
        #expect(r.detail == detail)
    }
}
