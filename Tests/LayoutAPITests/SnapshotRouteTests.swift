import HTTP
@testable import LayoutAPI
import JSON
import LayoutEngine
import Testing

/// `POST /snapshot/apply`: UIKit's verdict on a diffable data source snapshot and the batches its
/// `apply` performs.
@Suite struct SnapshotRouteTests {
    let app = LayoutApplication.make()

    func apply(_ body: String) -> Response { app.post(body, target: "/snapshot/apply") }

    @Test func specRequestGivesTheWholeAnswer() {
        let r = apply(#"""
            {"old": {"sections": [{"id": "A", "items": ["a", "b"]}, {"id": "B", "items": ["c"]}]},
             "operations": [{"op": "appendItems", "items": ["d"], "toSection": "B"}, {"op": "moveItem", "item": "a", "after": "c"},
                            {"op": "reloadItems", "items": ["b"]}]}
            """#)
        #expect(r.status == 200)
        #expect(r.route == "/snapshot/apply")
        #expect(r.text == """
            {"valid":true,"errors":[],"warnings":[],\
            "snapshot":{"sections":[{"id":"A","items":["b"]},{"id":"B","items":["c","a","d"]}]},\
            "reloadedSections":[],"reloadedItems":["b"],"reconfiguredItems":[],"before":[2,1],"after":[1,3],"path":"diff",\
            "updates":{"deleteItems":[],"insertItems":[[1,2]],"reloadItems":[],"moveItems":[[[0,0],[1,1]]],"deleteSections":[],"insertSections":[],"reloadSections":[],"moveSections":[]},\
            "validatorUpdates":{"deleteItems":[],"insertItems":[[1,2]],"reloadItems":[],"moveItems":[[[0,0],[1,1]]],"deleteSections":[],"insertSections":[],"reloadSections":[],"moveSections":[]},\
            "hazards":[],\
            "reloadUpdates":{"deleteItems":[],"insertItems":[],"reloadItems":[[0,0]],"moveItems":[],"deleteSections":[],"insertSections":[],"reloadSections":[],"moveSections":[]},\
            "reconfigureItems":[],\
            "verdict":{"valid":true,"errors":[],"warnings":[],"uikitException":null},\
            "reloadVerdict":{"valid":true,"errors":[],"warnings":[],"uikitException":null}}
            """)
    }

    @Test func uikitThrowIsA200VerdictWithTheOperationIndex() {
        let r = apply(#"{"old": {"sections": [{"id": "A", "items": ["a"]}]}, "operations": [{"op": "deleteItems", "items": ["a"]}, {"op": "reloadItems", "items": ["a"]}, {"op": "appendItems", "items": [7, 7]}]}"#)
        #expect(r.status == 200)
        #expect(r.text == #"""
            {"valid":false,"error":{"code":"RELOAD_UNKNOWN_ITEM","exception":"NSInternalInconsistencyException","reason":"Attempted to reload item identifier that does not exist in the snapshot: a","operation":1,"pointer":"/operations/1/items/0","evidence":"V, D? (__UIDiffableDataSourceSnapshot.m:377)","identifier":"a","detail":"\"a\" is not an item of the snapshot (its items: none); reload only items it has (one deleted by an earlier operation is gone)."},\#
            "errors":[{"code":"RELOAD_UNKNOWN_ITEM","exception":"NSInternalInconsistencyException","reason":"Attempted to reload item identifier that does not exist in the snapshot: a","operation":1,"pointer":"/operations/1/items/0","evidence":"V, D? (__UIDiffableDataSourceSnapshot.m:377)","identifier":"a","detail":"\"a\" is not an item of the snapshot (its items: none); reload only items it has (one deleted by an earlier operation is gone)."},\#
            {"code":"DUPLICATE_ITEM_IDENTIFIERS","exception":"NSInternalInconsistencyException","reason":"Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(\u000A    7\u000A)}","operation":2,"pointer":"/operations/2/items/1","evidence":"V (firefox-ios#23056), D? (_UIDiffableDataSourceUpdate.m:81)","identifier":7,"detail":"7 appears more than once in items; list each identifier once."}],\#
            "warnings":[],"reloadedSections":null,"reloadedItems":null,"reconfiguredItems":null,"before":[1],"after":null,"path":null,\#
            "hazards":null,"reconfigureItems":null}
            """#.replacingOccurrences(of: "\n", with: ""))
    }

    @Test func newSnapshotWithRenamedSectionSplitsMovesForTheValidator() {
        let r = apply(#"{"old": {"sections": [{"id": "A", "items": ["a", "b"]}]}, "new": {"sections": [{"id": "B", "items": ["a", "b"]}], "reloadedItems": ["b"]}}"#)
        #expect(r.status == 200)
        #expect(batchValue(r, "updates", "moveItems") == [[[0, 0], [0, 0]], [[0, 1], [0, 1]]])
        #expect(batchValue(r, "validatorUpdates", "moveItems") == [])
        #expect(batchValue(r, "validatorUpdates", "deleteSections") == [0])
        #expect(batchString(r, "hazards", 0, "code") == "MOVE_FROM_DELETED_SECTION")
        #expect(batchString(r, "hazards", 1, "code") == "MOVE_INTO_INSERTED_SECTION")
        #expect(batchValue(r, "verdict", "valid") == true)
        #expect(batchValue(r, "reloadUpdates", "reloadItems") == [[0, 1]])
        #expect(batchValue(r, "reloadedItems") == ["b"])
    }

    @Test func dataSourceSourceWithOneOperationTakesTheDirectPath() {
        let r = apply(#"{"old": {"sections": [{"id": "A", "items": ["a", "b"]}]}, "operations": [{"op": "appendItems", "items": ["a", "c"]}], "source": "dataSource"}"#)
        #expect(batchString(r, "path") == "direct")
        #expect(batchValue(r, "updates", "deleteItems") == [[0, 0]])
        #expect(batchValue(r, "updates", "insertItems") == [[0, 1], [0, 2]])
        #expect(batchString(r, "warnings", 0, "code") == "ITEM_IDENTIFIER_ALREADY_EXISTS")
        #expect(batchValue(r, "warnings", 0, "operation") == 0)
    }

    @Test func integerIdentifiersRoundTrip() {
        let r = apply(#"{"operations": [{"op": "appendSections", "sections": [1]}, {"op": "appendItems", "items": [10, "10"], "toSection": 1}]}"#)
        #expect(batchValue(r, "snapshot") == ["sections": [["id": 1, "items": [10, "10"]]]])
        #expect(batchValue(r, "updates", "insertSections") == [0])
    }

    @Test func anItemInTwoSectionsIs422QuotingUIKit() {
        let r = apply(#"{"old": {"sections": [{"id": "A", "items": ["a", "b"]}, {"id": "B", "items": ["b"]}]}, "operations": []}"#)
        #expect(r.status == 422)
        #expect(r.header("Content-Type") == "application/problem+json")
        #expect(batchString(r, "type") == "https://layoutd.dev/problems/unprocessable-snapshot")
        #expect(batchString(r, "title") == "Snapshot rejected")
        #expect(r.pointers == ["/old/sections/1/items/0"])
        #expect(r.detail == #"/old/sections/1/items/0 is "b", already /old/sections/0/items/1; an item identifier occurs once in a whole snapshot, not once per section. UIKit: Diffable data source detected an attempt to insert or append 1 item identifier that already exists in the snapshot. The existing item identifier will be moved into place instead, but this operation will be more expensive. For best performance, inserted item identifiers should always be unique. Set a symbolic breakpoint on BUG_IN_CLIENT_OF_DIFFABLE_DATA_SOURCE__IDENTIFIER_ALREADY_EXISTS to catch this in the debugger. Item identifier that already exists: b"#)
    }

    @Test func repeatedSectionsAndItemsInNewAreEach422Entries() {
        let r = apply(#"{"new": {"sections": [{"id": "A", "items": ["a", "a"]}, {"id": "A", "items": []}]}}"#)
        #expect(r.status == 422)
        #expect(r.pointers == ["/new/sections/0/items/1", "/new/sections/1/id"])
        #expect(batchString(r, "errors", 1, "detail") == #"/new/sections/1/id is "A", like /new/sections/0/id; a snapshot holds each section identifier once. UIKit: Fatal: supplied section identifiers are not unique. Duplicate identifiers: {(\#n    A\#n)}"#)
    }

    @Test(arguments: [
        (#"{"operations": [{"op": "appendItems", "items": "a"}]}"#, "/operations/0/items",
         "Expected an array at /operations/0/items but found a string; send a JSON array in brackets such as []."),
        (#"{"operations": [{"op": "appendItems", "items": [true]}]}"#, "/operations/0/items/0",
         "Expected an identifier (a string or an integer) at /operations/0/items/0 but found a boolean; send a string or a whole number such as \"a\" or 7."),
        (#"{"old": {"sections": [{"items": []}]}, "operations": []}"#, "/old/sections/0/id",
         #"Missing required field at /old/sections/0/id; add "id" to the object at /old/sections/0."#),
        (#"{"operations": [{"op": "moveItems", "item": "a"}]}"#, "/operations/0/op", nil),
        (#"{"operations": [], "new": {"sections": []}}"#, "/new", nil),
        (#"{"operations": [{"op": "moveItem", "item": "a", "sectionz": []}]}"#, "/operations/0/sectionz", nil),
        (#"{"old": {"sections": []}}"#, "", nil),
        (#"{"operations": [{"op": "deleteItems", "items": [1.5]}]}"#, "/operations/0/items/0", nil),
    ] as [(String, String, String?)])
    func malformedRequestsAre400NamingTheField(body: String, pointer: String, detail: String?) {
        let r = apply(body)
        #expect(r.status == 400, "\(r.text)")
        #expect(r.pointers == [pointer])
        if let detail { #expect(r.detail == detail) }
    }

    /// The rules between an operation's arguments are the contract's words, not its schema (one
    /// operation object lists every argument): breaking them is a 422 naming the field.
    @Test(arguments: [
        (#"{"operations": [{"op": "moveItem", "item": "a"}]}"#, ["/operations/0/before"],
         "/operations/0 has neither before nor after; moveItem takes exactly one of them, e.g. \"before\": \"x\"."),
        (#"{"operations": [{"op": "moveItem", "item": "a", "before": "b", "after": "c"}]}"#, ["/operations/0/after"],
         "/operations/0 has both before and after; moveItem takes exactly one of them (the Swift API's before:/after: variants)."),
        (#"{"operations": [{"op": "appendSections"}]}"#, ["/operations/0/sections"],
         #"/operations/0 has no sections; appendSections needs it, e.g. "sections": ["a"]."#),
        (#"{"operations": [{"op": "deleteAllItems", "items": ["a"], "before": "b"}]}"#, ["/operations/0/items", "/operations/0/before"],
         "/operations/0/items: deleteAllItems does not take items (it takes no arguments); remove it. (1 more problem in errors)"),
        (#"{"operations": [{"op": "moveSection", "item": "a", "after": "b"}]}"#, ["/operations/0/item", "/operations/0/section"],
         "/operations/0/item: moveSection does not take item (it takes after, before, section); remove it. (1 more problem in errors)"),
    ] as [(String, [String], String)])
    func argumentRulesAre422(body: String, pointers: [String], detail: String) {
        let r = apply(body)
        #expect(r.status == 422, "\(r.text)")
        #expect(r.pointers == pointers)
        #expect(r.detail == detail)
    }

    @Test func routeAnswersPostWithJSONOnly() {
        let get = app.get("/snapshot/apply")
        #expect(get.status == 405)
        #expect(get.header("Allow") == "POST")
        #expect(app.post("{}", target: "/snapshot/section", headers: [("Content-Type", "text/plain")]).status == 415)
    }

    /// `validatorUpdates` with `before`/`after` is a batch `/batch/validate` accepts as it is.
    @Test func validatorUpdatesPassBatchValidate() throws {
        let r = apply(#"{"old": {"sections": [{"id": "A", "items": ["a"]}, {"id": "B", "items": ["b"]}, {"id": "C", "items": ["c"]}]}, "new": {"sections": [{"id": "C", "items": ["c"]}, {"id": "B", "items": ["b", "x"]}, {"id": "A", "items": ["a"]}]}}"#)
        #expect(r.status == 200)
        let updates = batchValue(r, "validatorUpdates")
        let body = JSON.object(JSONObject([("before", batchValue(r, "before")), ("after", batchValue(r, "after")), ("updates", updates)]))
        let v = app.post(String(decoding: body.serializedBytes(), as: UTF8.self), target: "/batch/validate")
        #expect(v.status == 200)
        #expect(batchValue(v, "valid") == true, "\(v.text)")
        #expect(batchValue(r, "updates", "moveSections") == [[0, 2]])
        #expect(batchValue(r, "updates", "deleteSections") == [1])
        #expect(batchValue(r, "updates", "insertSections") == [1])
    }

    @Test func legacyLinkAndDataSourceSourceAreRead() {
        let legacy = apply(#"{"old": {"sections": [{"id": "A", "items": []}]}, "operations": [{"op": "appendSections", "sections": ["A"]}], "linkedSDK": "legacy"}"#)
        #expect(batchString(legacy, "error", "reason")?.hasSuffix("This will become an assert in a future version.") == true)
        let bad = apply(#"{"operations": [], "source": "snapshot"}"#)
        // An unknown enum value is a 422, as `flavor` is for the batch routes.
        #expect(bad.status == 422)
        #expect(bad.pointers == ["/source"])
        #expect(bad.detail == #"Unknown value "snapshot" at /source; use one of: "fresh", "dataSource"."#)
    }

    @Test func tooMuchWorkIs422NamingTheOperation() {
        let items = (0..<50_000).map { "\($0)" }.joined(separator: ",")
        let moves = (0..<500).map { _ in #"{"op":"moveItem","item":0,"after":49999}"# }.joined(separator: ",")
        let r = apply(#"{"old": {"sections": [{"id": "A", "items": [\#(items)]}]}, "operations": [\#(moves)]}"#)
        #expect(r.status == 422)
        #expect(r.pointers == ["/operations/199"])
    }
}

/// `POST /snapshot/section`: an outline section snapshot edited and queried.
@Suite struct SectionSnapshotRouteTests {
    let app = LayoutApplication.make()

    @Test func sidebarRowsAndAnswers() {
        let r = app.post(#"""
            {"snapshot": {"items": [{"id": "Fruits", "expanded": true, "children": [{"id": "apple"}]}, {"id": "Vegetables", "children": [{"id": "leek"}]}]},
             "operations": [{"op": "append", "items": ["pear"], "to": "Fruits"}, {"op": "level", "item": "pear"}, {"op": "isVisible", "item": "leek"}]}
            """#, target: "/snapshot/section")
        #expect(r.status == 200)
        #expect(r.route == "/snapshot/section")
        #expect(r.text == """
            {"valid":true,"errors":[],"items":[\
            {"id":"Fruits","level":0,"expanded":true,"visible":true,"hasChildren":true},\
            {"id":"apple","level":1,"expanded":false,"visible":true,"hasChildren":false},\
            {"id":"pear","level":1,"expanded":false,"visible":true,"hasChildren":false},\
            {"id":"Vegetables","level":0,"expanded":false,"visible":true,"hasChildren":true},\
            {"id":"leek","level":1,"expanded":false,"visible":false,"hasChildren":false}],\
            "rootItems":["Fruits","Vegetables"],"visibleItems":["Fruits","apple","pear","Vegetables"],"expandedItems":["Fruits"],\
            "answers":[{"operation":1,"value":1},{"operation":2,"value":false}]}
            """)
    }

    @Test func uikitThrowIsA200Verdict() {
        let r = app.post(#"{"operations": [{"op": "append", "items": [1, 1]}]}"#, target: "/snapshot/section")
        #expect(r.status == 200)
        #expect(batchValue(r, "valid") == false)
        #expect(batchString(r, "error", "code") == "DUPLICATE_SECTION_SNAPSHOT_ITEMS")
        #expect(batchString(r, "error", "reason") == "Identifiers in a section snapshot must be unique. Duplicate item identifiers: {(\n    1\n)}")
        #expect(batchValue(r, "items") == .null)
        #expect(batchValue(r, "answers") == .null)
    }

    @Test func repeatedTreeItemsAre422() {
        let r = app.post(#"{"snapshot": {"items": [{"id": "a", "children": [{"id": "a"}]}]}, "operations": []}"#, target: "/snapshot/section")
        #expect(r.status == 422)
        #expect(r.pointers == ["/snapshot/items"])
    }

    /// Schema-valid (the operation object lists every argument): the rules between them are 422s.
    @Test func operationArgumentRulesAre422() {
        let r = app.post(#"{"operations": [{"op": "insert", "items": ["a"]}]}"#, target: "/snapshot/section")
        #expect(r.status == 422)
        #expect(r.pointers == ["/operations/0/before"])
        let other = app.post(#"{"operations": [{"op": "level", "item": "a", "after": "", "includingParent": true}]}"#, target: "/snapshot/section")
        #expect(other.status == 422)
        #expect(other.pointers == ["/operations/0/after", "/operations/0/includingParent"])
        #expect(other.detail == "/operations/0/after: level does not take after (it takes item); remove it. (1 more problem in errors)")
        let unknown = app.post(#"{"operations": [{"op": "level", "item": "a", "itemz": 1}]}"#, target: "/snapshot/section")
        #expect(unknown.status == 400)
        #expect(unknown.pointers == ["/operations/0/itemz"])
    }
}
