import HTTP
@testable import LayoutAPI
import Testing

/// Each body is decoded once, from the request type its route line names: one parse and one
/// typed pass. A `null` the type reads (a member, a required field, an array entry, the body
/// itself) is the same 400 the earlier separate walk for nulls answered; unknown members are
/// not entered; a table's per-row arrays keep their null entries.
@Suite struct OneDecodePassTests {
    let app = LayoutApplication.make()

    static func nullDetail(_ pointer: String) -> String {
        "\(pointer.isEmpty ? "The body" : pointer) is null; omit an optional field to use its default, or send a value."
    }

    @Test(arguments: [
        ("/layout", "null", ""),
        ("/layout", #"{"collectionView":null,"sections":[]}"#, "/collectionView"),
        ("/layout", #"{"collectionView":{"width":375,"height":667},"sections":[null]}"#, "/sections/0"),
        ("/layout", #"{"collectionView":{"width":375,"height":667},"sections":[{"numberOfItems":null}]}"#, "/sections/0/numberOfItems"),
        ("/layout", #"{"collectionView":{"width":375,"height":667,"scale":null},"sections":[]}"#, "/collectionView/scale"),
        ("/layout", #"{"collectionView":{"width":375,"height":667},"layout":{"type":null},"sections":[]}"#, "/layout/type"),
        ("/layout", #"{"collectionView":{"width":375,"height":667},"sections":[{"itemSizes":[{"width":1,"height":1},{"width":null,"height":1}]}]}"#, "/sections/0/itemSizes/1/width"),
        ("/batch/validate", #"{"before":[1,null]}"#, "/before/1"),
        ("/batch/validate", #"{"before":[1],"updates":{"deleteItems":[null]}}"#, "/updates/deleteItems/0"),
        ("/batch/diff", #"{"old":[["a",null]],"new":[]}"#, "/old/0/1"),
        ("/snapshot/apply", #"{"operations":[{"op":"appendSections","sections":[null]}]}"#, "/operations/0/sections/0"),
        ("/snapshot/apply", #"{"operations":[{"op":"moveSection","section":"a","before":null}]}"#, "/operations/0/before"),
        ("/snapshot/section", #"{"operations":[{"op":"append","items":["a"],"to":null}]}"#, "/operations/0/to"),
        ("/crash/explain", #"{"text":"x","iosVersion":null}"#, "/iosVersion"),
    ])
    func aNullTheTypeReadsIsA400NamingIt(target: String, body: String, pointer: String) {
        let r = app.post(body, target: target)
        #expect(r.status == 400)
        #expect(r.pointers == [pointer])
        #expect(r.detail == Self.nullDetail(pointer))
    }

    @Test func nullsInsideUnknownMembersAreNotEnteredAndPerRowNullsAreRows() {
        let unknown = app.post(#"{"collectionView":{"width":375,"height":667},"sections":[{"numberOfItems":1}],"x":{"y":null}}"#)
        #expect(unknown.status == 400)
        #expect(unknown.detail?.hasPrefix("Unknown field at /x;") == true)
        let table = app.post(#"{"collectionView":{"width":375,"height":667},"layout":{"type":"table","rowHeight":44},"sections":[{"numberOfItems":2,"rowHeights":[null,30]}]}"#)
        #expect(table.status == 200)
        let nullArray = app.post(#"{"collectionView":{"width":375,"height":667},"layout":{"type":"table","rowHeight":44},"sections":[{"numberOfItems":2,"rowHeights":null}]}"#)
        #expect(nullArray.status == 400)
        #expect(nullArray.pointers == ["/sections/0/rowHeights"])
    }

    /// Every POST line of the table names its request type; no GET line reads a body.
    @Test func everyPostRouteNamesItsRequestType() {
        for route in LayoutApplication.routes {
            #expect(route.takesBody == (route.methods == .post), "\(route.template)")
            #expect(route.takesText == (route.template == "/crash/explain"), "\(route.template)")
        }
    }
}
