import HTTP
@testable import LayoutAPI
import LayoutEngine
import Testing

/// `POST /layout/{id}/invalidate` with new bounds (flow-layout.md §12): rotation, resize, scroll.
@Suite struct InvalidationRotationTests {
    let app = LayoutApplication.make()

    /// 60 cells of 100x100: 3 per row (rows 110 apart) at 320 wide, 5 per row (x 0, 117, …) at 568.
    static func grid(_ width: Int, _ height: Int, direction: String = "vertical") -> String {
        #"{"collectionView":{"width":\#(width),"height":\#(height)},"layout":{"itemSize":{"width":100,"height":100},"scrollDirection":"\#(direction)"},"sections":[{"numberOfItems":60}]}"#
    }

    /// Three sections of a pinned 40 pt header and 10 cells (470 tall each at 320 wide, 250 at 568).
    static func pinned(_ width: Int, _ height: Int) -> String {
        let section = #"{"numberOfItems":10}"#
        return #"{"collectionView":{"width":\#(width),"height":\#(height)},"layout":{"itemSize":{"width":100,"height":100},"headerReferenceSize":{"width":0,"height":40},"sectionHeadersPinToVisibleBounds":true},"sections":[\#(section),\#(section),\#(section)]}"#
    }

    func invalidate(_ id: String, _ body: String) -> Response {
        app.post(body, target: "/layout/\(id)/invalidate",
                 headers: [("Content-Type", "application/json"), ("Prefer", "return=minimal")])
    }

    func minimal(_ body: String) -> String {
        app.post(body, headers: [("Content-Type", "application/json"), ("Prefer", "return=minimal")]).text
    }

    @Test func scrollingAlongTheScrollAxisDoesNotInvalidate() throws {
        let id = try #require(app.post(Self.grid(320, 568)).id)
        let r = invalidate(id, #"{"bounds":{"x":0,"y":1200,"width":320,"height":568}}"#)
        #expect(r.status == 200)
        #expect(r.text == """
            {"invalidated":false,"id":"\(id)","previousId":"\(id)","contentSize":{"width":320,"height":2190},\
            "contentSizeAdjustment":{"width":0,"height":0},"targetContentOffset":{"x":0,"y":1200},\
            "invalidatedItemIndexPaths":[],"invalidatedSupplementaryIndexPaths":{"header":[],"footer":[]}}
            """)
    }

    /// Row 10 (item 30, y 1100) was 20 pt above the top of the portrait view; in landscape item 30
    /// is in row 6 (y 660), so the target offset is 680. Item 0 is the only cell that stays put.
    @Test func rotationAnswersTheNewLayoutAndTheAnchoredOffset() throws {
        let id = try #require(app.post(Self.grid(320, 568)).id)
        let r = invalidate(id, #"{"bounds":{"x":0,"y":1120,"width":568,"height":320}}"#)
        let landscape = minimal(Self.grid(568, 320))
        let newID = try #require(app.post(Self.grid(568, 320)).id)
        #expect(r.text == """
            {"invalidated":true,"id":"\(newID)","previousId":"\(id)","contentSize":{"width":568,"height":1310},\
            "contentSizeAdjustment":{"width":248,"height":-880},"targetContentOffset":{"x":0,"y":680},\
            "invalidatedItemIndexPaths":[\((1..<60).map { "[0,\($0)]" }.joined(separator: ","))],\
            "invalidatedSupplementaryIndexPaths":{"header":[],"footer":[]},"layout":\(landscape)}
            """)
        #expect(r.header("Location") == "/layout/\(newID)")
        #expect(r.header("X-Cache") == "miss")
        // And back: the same portrait id, from the cache.
        let back = invalidate(newID, #"{"bounds":{"x":0,"y":680,"width":320,"height":568}}"#)
        #expect(back.id == id)
        #expect(back.header("X-Cache") == "hit")
    }

    @Test(arguments: [
        // Landscape bottom: item 54 (row 18, y 1980) → row 10 (y 1100) + 20 = 1120, past 1310 − 320: clamped.
        (2000, 990),
        (0, 0),
    ])
    func targetOffsetIsClampedToTheScrollRange(y: Int, expected: Int) throws {
        let id = try #require(app.post(Self.grid(320, 568)).id)
        let r = invalidate(id, #"{"bounds":{"x":0,"y":\#(y),"width":568,"height":320}}"#)
        #expect(r.text.contains(#""targetContentOffset":{"x":0,"y":\#(expected)}"#))
    }

    /// previousBounds says where the user was; the new bounds' origin is only a proposal.
    @Test func previousBoundsAnchorTheOffset() throws {
        let id = try #require(app.post(Self.grid(320, 568)).id)
        let r = invalidate(id, #"{"bounds":{"x":0,"y":0,"width":568,"height":320},"previousBounds":{"x":0,"y":1120,"width":320,"height":568}}"#)
        #expect(r.text.contains(#""targetContentOffset":{"x":0,"y":680}"#))
    }

    /// A change of the cross-axis origin invalidates (§12) even at the same size: same layout, same id.
    @Test func crossAxisOriginChangeInvalidatesWithTheSameLayout() throws {
        let id = try #require(app.post(Self.grid(320, 568)).id)
        let r = invalidate(id, #"{"bounds":{"x":10,"y":300,"width":320,"height":568},"previousBounds":{"x":0,"y":300,"width":320,"height":568}}"#)
        #expect(r.text == """
            {"invalidated":true,"id":"\(id)","previousId":"\(id)","contentSize":{"width":320,"height":2190},\
            "contentSizeAdjustment":{"width":0,"height":0},"targetContentOffset":{"x":10,"y":300},\
            "invalidatedItemIndexPaths":[],"invalidatedSupplementaryIndexPaths":{"header":[],"footer":[]},\
            "layout":\(minimal(Self.grid(320, 568)))}
            """)
    }

    @Test(arguments: [
        (#"{"x":1200,"y":0,"width":568,"height":320}"#, false),  // scrolling along x
        (#"{"x":0,"y":0,"width":800,"height":320}"#, false),     // wider only
        (#"{"x":0,"y":0,"width":568,"height":400}"#, true),      // taller: columns change
    ])
    func horizontalLayoutsInvalidateOnHeight(bounds: String, invalidated: Bool) throws {
        let id = try #require(app.post(Self.grid(568, 320, direction: "horizontal")).id)
        let r = invalidate(id, #"{"bounds":\#(bounds)}"#)
        #expect(r.status == 200)
        #expect(r.text.hasPrefix(#"{"invalidated":\#(invalidated)"#))
    }

    /// With pinned headers a scroll invalidates: the headers shown before (sections 0, 1) and after
    /// (1, 2) are listed, the layout is unchanged, and the pinned headers come back placed for the
    /// new bounds (header 1 pinned at 600, header 2 at its natural 940).
    @Test func scrollWithPinnedHeadersReplacesThem() throws {
        let id = try #require(app.post(Self.pinned(320, 500)).id)
        let r = invalidate(id, #"{"bounds":{"x":0,"y":600,"width":320,"height":500},"previousBounds":{"x":0,"y":0,"width":320,"height":500}}"#)
        #expect(r.text == """
            {"invalidated":true,"id":"\(id)","previousId":"\(id)","contentSize":{"width":320,"height":1410},\
            "contentSizeAdjustment":{"width":0,"height":0},"targetContentOffset":{"x":0,"y":600},\
            "invalidatedItemIndexPaths":[],"invalidatedSupplementaryIndexPaths":{"header":[[0,0],[1,0],[2,0]],"footer":[]},\
            "pinnedElements":[\
            {"category":"supplementaryView","kind":"header","indexPath":[1,0],"frame":{"x":0,"y":600,"width":320,"height":40},"zIndex":10},\
            {"category":"supplementaryView","kind":"header","indexPath":[2,0],"frame":{"x":0,"y":940,"width":320,"height":40},"zIndex":10}],\
            "layout":\(minimal(Self.pinned(320, 500)))}
            """)
    }

    /// Rotating a pinned layout: cell [1,0] (y 510, 90 pt above the top) lands at y 290 in
    /// landscape, so the target is 380; header 1 pins at 380, header 2 sits at 500.
    @Test func rotationRePlacesPinnedHeaders() throws {
        let id = try #require(app.post(Self.pinned(320, 500)).id)
        let r = invalidate(id, #"{"bounds":{"x":0,"y":600,"width":568,"height":320}}"#)
        let json = r.text
        #expect(json.contains(#""contentSize":{"width":568,"height":750},"contentSizeAdjustment":{"width":248,"height":-660},"targetContentOffset":{"x":0,"y":380}"#))
        #expect(json.contains(#""invalidatedSupplementaryIndexPaths":{"header":[[0,0],[1,0],[2,0]],"footer":[]}"#))
        #expect(json.contains("""
            "pinnedElements":[\
            {"category":"supplementaryView","kind":"header","indexPath":[1,0],"frame":{"x":0,"y":380,"width":568,"height":40},"zIndex":10},\
            {"category":"supplementaryView","kind":"header","indexPath":[2,0],"frame":{"x":0,"y":500,"width":568,"height":40},"zIndex":10}]
            """))
    }

    /// Self-sizing layouts keep their measured sizes across a rotation (§12: sizing info retained).
    @Test func rotationKeepsMeasuredSizes() throws {
        let sizes = #""preferredSizes":[{"indexPath":[0,0],"width":200,"height":80}]"#
        func request(_ w: Int, _ h: Int) -> String {
            #"{"collectionView":{"width":\#(w),"height":\#(h)},"layout":{"estimatedItemSize":"automatic"},"sections":[{"numberOfItems":4}],\#(sizes)}"#
        }
        let id = try #require(app.post(request(320, 568)).id)
        let r = invalidate(id, #"{"bounds":{"x":0,"y":0,"width":568,"height":320}}"#)
        #expect(r.id == app.post(request(568, 320)).id)
    }

    @Test func negativeBoundsAre422() throws {
        let id = try #require(app.post(Self.grid(320, 568)).id)
        let r = invalidate(id, #"{"bounds":{"x":0,"y":0,"width":-568,"height":320}}"#)
        #expect(r.status == 422)
        #expect(r.pointers == ["/bounds/width"])
        #expect(r.detail == "/bounds/width is -568; it must be a length in points: a number from 0 to 1000000000.")
    }
}

@Suite struct InvalidationRoomTests {
    @Test func resizingAWaterfallBelowItsColumnsIs422() throws {
        let app = LayoutApplication.make()
        let id = try #require(app.post(#"{"collectionView":{"width":375,"height":667},"layout":{"type":"waterfall","columnCount":3,"minimumColumnSpacing":100},"sections":[{"numberOfItems":3}]}"#).id)
        let r = app.post(#"{"bounds":{"x":0,"y":0,"width":150,"height":667}}"#, target: "/layout/\(id)/invalidate")
        #expect(r.status == 422)
        #expect(r.pointers == ["/bounds/width"])
        #expect(r.detail == "/bounds/width is 150, too small for this layout's columns, margins or spacing (it would give negative sizes); POST the layout again with settings that fit, or use a wider collection view.")
        #expect(app.post(#"{"bounds":{"x":0,"y":0,"width":812,"height":375}}"#, target: "/layout/\(id)/invalidate").status == 200)
    }
}
