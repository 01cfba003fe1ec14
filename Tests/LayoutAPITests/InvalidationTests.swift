import HTTP
@testable import LayoutAPI
import LayoutEngine
import Testing

/// `POST /layout/{id}/invalidate` with measured sizes (flow-layout.md §11).
@Suite struct InvalidationTests {
    let app = LayoutApplication.make()

    /// 30 cells estimated at 100x100 on a 320 pt wide view: 10 lines of 3, 110 apart.
    static func estimating(_ preferred: String = "") -> String {
        let sizes = preferred.isEmpty ? "" : #","preferredSizes":[\#(preferred)]"#
        return #"{"collectionView":{"width":320,"height":568},"layout":{"estimatedItemSize":{"width":100,"height":100}},"sections":[{"numberOfItems":30}]\#(sizes)}"#
    }

    func invalidate(_ id: String, _ body: String, minimal: Bool = false) -> Response {
        var headers = [("Content-Type", "application/json")]
        if minimal { headers.append(("Prefer", "return=minimal")) }
        return app.post(body, target: "/layout/\(id)/invalidate", headers: headers)
    }

    static func paths(_ items: Range<Int>) -> String {
        items.map { "[0,\($0)]" }.joined(separator: ",")
    }

    /// Item 0 measured 150 tall: line 0 grows by 50, its other items re-centre, every later line
    /// moves; the first visible line (item 15 at y 550) moved down 50, so the offset follows.
    @Test func measuredSizeAboveTheVisibleRectGivesTheContextAndOffsetAdjustment() throws {
        let id = try #require(app.post(Self.estimating()).id)
        let sizes = #"{"indexPath":[0,0],"width":100,"height":150}"#
        let r = invalidate(id, #"{"preferredSizes":[\#(sizes)],"visibleRect":{"x":0,"y":550,"width":320,"height":568}}"#, minimal: true)
        #expect(r.status == 200)
        // The new id is the content id of the same request with the sizes inline.
        let newID = try #require(app.post(Self.estimating(sizes)).id)
        let layout = app.post(Self.estimating(sizes), headers: [("Content-Type", "application/json"), ("Prefer", "return=minimal")]).text
        #expect(r.text == """
            {"invalidated":true,"id":"\(newID)","previousId":"\(id)","contentSize":{"width":320,"height":1140},\
            "contentSizeAdjustment":{"width":0,"height":50},"contentOffsetAdjustment":{"x":0,"y":50},\
            "invalidatedItemIndexPaths":[\(Self.paths(0..<30))],"invalidatedSupplementaryIndexPaths":{"header":[],"footer":[]},\
            "layout":\(layout)}
            """)
        #expect(r.header("Location") == "/layout/\(newID)")
        #expect(r.header("Preference-Applied") == "return=minimal")
        #expect(app.get("/layout/\(newID)").status == 200)
    }

    @Test func fullAnswerEmbedsTheNewLayoutVerbatim() throws {
        let id = try #require(app.post(Self.estimating()).id)
        let sizes = #"{"indexPath":[0,29],"width":100,"height":150}"#
        let r = invalidate(id, #"{"preferredSizes":[\#(sizes)],"visibleRect":{"x":0,"y":0,"width":320,"height":568}}"#)
        #expect(r.header("X-Cache") == "miss")
        let again = app.post(Self.estimating(sizes))
        #expect(again.header("X-Cache") == "hit")
        let newID = try #require(again.id)
        // Below the visible rect: the last line grows, nothing the user sees moves.
        #expect(r.text == """
            {"invalidated":true,"id":"\(newID)","previousId":"\(id)","contentSize":{"width":320,"height":1140},\
            "contentSizeAdjustment":{"width":0,"height":50},"contentOffsetAdjustment":{"x":0,"y":0},\
            "invalidatedItemIndexPaths":[[0,27],[0,28],[0,29]],"invalidatedSupplementaryIndexPaths":{"header":[],"footer":[]},\
            "layout":\(app.get("/layout/\(newID)").text)}
            """)
    }

    @Test func sizesAlreadyKnownAreNotAnInvalidation() throws {
        let sizes = #"{"indexPath":[0,0],"width":100,"height":150}"#
        let id = try #require(app.post(Self.estimating(sizes)).id)
        let r = invalidate(id, #"{"preferredSizes":[\#(sizes)]}"#)
        #expect(r.text == """
            {"invalidated":false,"id":"\(id)","previousId":"\(id)","contentSize":{"width":320,"height":1140},\
            "contentSizeAdjustment":{"width":0,"height":0},"contentOffsetAdjustment":{"x":0,"y":0},\
            "invalidatedItemIndexPaths":[],"invalidatedSupplementaryIndexPaths":{"header":[],"footer":[]}}
            """)
        #expect(r.header("X-Cache") == nil)
    }

    /// Successive invalidations accumulate measurements: the second starts from the first's id.
    @Test func measurementsAccumulateAcrossInvalidations() throws {
        let id = try #require(app.post(Self.estimating()).id)
        let first = try #require(invalidate(id, #"{"preferredSizes":[{"indexPath":[0,0],"width":100,"height":150}]}"#).id)
        let second = try #require(invalidate(first, #"{"preferredSizes":[{"indexPath":[0,3],"width":100,"height":120}]}"#).id)
        let direct = app.post(Self.estimating(#"{"indexPath":[0,3],"width":100,"height":120},{"indexPath":[0,0],"width":100,"height":150}"#)).id
        #expect(second == direct)
    }

    @Test func preferredSizesForALayoutThatDoesNotEstimateAre422() throws {
        let id = try #require(app.post(#"{"collectionView":{"width":320,"height":568},"sections":[{"numberOfItems":3}]}"#).id)
        let r = invalidate(id, #"{"preferredSizes":[{"indexPath":[0,0],"width":100,"height":150}]}"#)
        #expect(r.status == 422)
        #expect(r.pointers == ["/preferredSizes"])
        #expect(r.detail == "Layout \(id) does not estimate sizes: preferred sizes apply to self-sizing flow layouts (layout.estimatedItemSize set), as UIKit invalidates for preferred attributes only while estimating. POST the layout with \"estimatedItemSize\": \"automatic\" or a size, then send the measured sizes.")
    }

    /// Every bad entry is named in one answer; nothing is cached for a rejected invalidation.
    @Test func badPreferredSizesAreAll422AtOnce() throws {
        let id = try #require(app.post(Self.estimating()).id)
        let r = invalidate(id, """
            {"preferredSizes":[{"indexPath":[0,30],"width":10,"height":10},{"indexPath":[2,0],"width":10,"height":10},\
            {"indexPath":[0,1],"width":0,"height":0},{"indexPath":[0,2],"width":-1,"height":10}],"visibleRect":{"x":0,"y":0,"width":-3,"height":10}}
            """)
        #expect(r.status == 422)
        #expect(r.pointers == ["/visibleRect/width", "/preferredSizes/0/indexPath", "/preferredSizes/1/indexPath",
                               "/preferredSizes/2", "/preferredSizes/3/width"])
        #expect(r.detail == "/visibleRect/width is -3; it must be a length in points: a number from 0 to 1000000000. (4 more problems in errors)")
        #expect(app.cache.stats.entries == 1)
    }

    /// JSON has no infinities: a number too large for a Double is refused by the parser.
    @Test func nonFiniteSizesAreRefused() throws {
        let id = try #require(app.post(Self.estimating()).id)
        let r = invalidate(id, #"{"preferredSizes":[{"indexPath":[0,3],"width":10,"height":1e999}]}"#)
        #expect(r.status == 400)
        #expect(r.detail == "The request body is not valid JSON (line 1, column 59: number 1e999 is too large for a 64-bit float). Send a JSON object encoded as UTF-8.")
    }

    @Test func unknownIDIs404() {
        let r = invalidate("0123456789abcdef0123456789abcdef", #"{"bounds":{"width":320,"height":568}}"#)
        #expect(r.status == 404)
        #expect(r.detail == "No layout with id 0123456789abcdef0123456789abcdef is cached here: it was never computed on this server or it was evicted. POST the layout to /layout again and use the id it returns.")
    }

    @Test(arguments: [
        (#"{}"#, "", "Send either preferredSizes (sizes the cells measured, for a self-sizing flow layout) or bounds (the collection view's new bounds, for a rotation or resize)."),
        (#"{"preferredSizes":[],"bounds":{"width":1,"height":1}}"#, "/bounds", "Send preferredSizes or bounds, not both: invalidate for the measured sizes first, then for the new bounds."),
        (#"{"bounds":{"width":1,"height":1},"visibleRect":{"width":1,"height":1}}"#, "/visibleRect", "visibleRect goes with preferredSizes; for a bounds change the visible rect before the change is previousBounds."),
        (#"{"preferredSizes":[],"previousBounds":{"width":1,"height":1}}"#, "/previousBounds", "previousBounds goes with bounds; with preferredSizes send the visible rect as visibleRect."),
        (#"{"bounds":{"width":1,"height":1},"scroll":true}"#, "/scroll", #"Unknown field at /scroll; remove "scroll" or use one of: "bounds", "preferredSizes", "previousBounds", "visibleRect"."#),
        (#"{"bounds":{"width":"wide","height":1}}"#, "/bounds/width", "Expected a number at /bounds/width but found a string; send a number of points such as 50."),
    ])
    func malformedBodiesAre400(body: String, pointer: String, detail: String) throws {
        let id = try #require(app.post(Self.estimating()).id)
        let r = invalidate(id, body)
        #expect(r.status == 400)
        #expect(r.pointers == [pointer])
        #expect(r.detail == detail)
    }

    @Test func routeIsPOSTOnlyAndTakesJSON() throws {
        let id = try #require(app.post(Self.estimating()).id)
        #expect(app.get("/layout/\(id)/invalidate").status == 405)
        #expect(app.post("{}", target: "/layout/\(id)/invalidate", headers: [("Content-Type", "text/plain")]).status == 415)
    }
}
