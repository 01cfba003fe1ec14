import HTTP
@testable import LayoutAPI
import LayoutEngine
import Testing

/// Bad input to the batch routes: 400 for malformed JSON and wrong shapes (with a pointer), 422
/// for values a batch cannot have and for the caps; never a verdict.
@Suite struct BatchInputTests {
    let app = LayoutApplication.make()

    @Test func malformedJSONIs400AtTheRoot() {
        let r = app.post(#"{"before": [1,,2]}"#, target: "/batch/validate")
        #expect(r.status == 400)
        #expect(r.pointers == [""])
        #expect(r.detail == "The request body is not valid JSON (line 1, column 15: expected a value but found ','). Send a JSON object encoded as UTF-8.")
    }

    @Test(arguments: [
        (#"{"before": "5"}"#, "/before", "Expected an array at /before but found a string; send a JSON array in brackets such as []."),
        (#"{"before": [3, 2.5]}"#, "/before/1", "Expected an integer at /before/1 but found 2.5; send a whole number such as 3."),
        (#"{"after": [3]}"#, "/before", "Missing required field at /before; add \"before\" to the top-level object."),
        (#"{"before": [3], "stict": true}"#, "/stict", #"Unknown field at /stict; did you mean "strict"? Otherwise remove "stict" or use one of: "after", "before", "flavor", "repair", "strict", "updates", "wording"."#),
        (#"{"before": [3], "strict": "yes"}"#, "/strict", "Expected a boolean at /strict but found a string; send true or false."),
        (#"{"before": [3], "updates": []}"#, "/updates", "Expected an object at /updates but found an array; send a JSON object in braces such as {}."),
        (#"{"before": [3], "updates": {"deleteItems": [[0, "1"]]}}"#, "/updates/deleteItems/0/1", "Expected an integer at /updates/deleteItems/0/1 but found a string; send a whole number such as 3."),
        (#"{"before": [3], "updates": {"deleteItems": [[0, 1, 2]]}}"#, "/updates/deleteItems/0", "Expected an index path [section, item] at /updates/deleteItems/0 but found an array of 3; send an index path [section, item] instead."),
        (#"{"before": [3], "updates": {"insertItems": [5]}}"#, "/updates/insertItems/0", "Expected an index path [section, item] at /updates/insertItems/0 but found a number; send an index path [section, item] instead."),
        (#"{"before": [3], "updates": {"moveItems": [[[0, 1]]]}}"#, "/updates/moveItems/0", "Expected a move [[fromSection, fromItem], [toSection, toItem]] at /updates/moveItems/0 but found an array of 1; send a move [[fromSection, fromItem], [toSection, toItem]] instead."),
        (#"{"before": [3], "updates": {"moveItems": [[[0, 1], 2]]}}"#, "/updates/moveItems/0/1", "Expected an index path [section, item] at /updates/moveItems/0/1 but found a number; send an index path [section, item] instead."),
        (#"{"before": [3], "updates": {"moveSections": [[0]]}}"#, "/updates/moveSections/0", "Expected a section move [fromSection, toSection] at /updates/moveSections/0 but found an array of 1; send a section move [fromSection, toSection] instead."),
        (#"{"before": [3], "updates": {"deleteSections": [true]}}"#, "/updates/deleteSections/0", "Expected an integer at /updates/deleteSections/0 but found a boolean; send a whole number such as 3."),
        (#"{"before": [3], "updates": {"deleteItem": []}}"#, "/updates/deleteItem", #"Unknown field at /updates/deleteItem; did you mean "deleteItems"? Otherwise remove "deleteItem" or use one of: "deleteItems", "deleteSections", "insertItems", "insertSections", "moveItems", "moveSections", "reloadItems", "reloadSections"."#),
        (#"{"old": [["a"]], "new": [["a", 1]]}"#, "/new/0/1", "Expected a string at /new/0/1 but found a number; send text in double quotes."),
        (#"{"old": [["a"]], "new": ["a"]}"#, "/new/0", "Expected an array at /new/0 but found a string; send a JSON array in brackets such as []."),
        (#"{"old": [["a"]]}"#, "/new", "Missing required field at /new; add \"new\" to the top-level object."),
    ])
    func wrongShapesAre400WithAPointer(body: String, pointer: String, detail: String) {
        let target = body.contains(#""old""#) ? "/batch/diff" : "/batch/validate"
        let r = app.post(body, target: target)
        #expect(r.status == 400)
        #expect(r.pointers == [pointer])
        #expect(r.detail == detail)
        #expect(batchString(r, "type") == "https://layoutd.dev/problems/invalid-request")
    }

    @Test func unknownEnumValuesAre422ListingTheChoices() {
        let flavor = app.post(#"{"before": [3], "flavor": "listView"}"#, target: "/batch/validate")
        #expect(flavor.status == 422)
        #expect(flavor.pointers == ["/flavor"])
        #expect(flavor.detail == #"Unknown value "listView" at /flavor; use one of: "collectionView", "tableView"."#)
        let repair = app.post(#"{"before": [3], "repair": "fix"}"#, target: "/batch/validate")
        #expect(repair.detail == #"Unknown value "fix" at /repair; use one of: "split", "merge"."#)
    }

    @Test func negativeCountsAndIndexesAre422NamingEachOne() {
        let r = app.post(#"{"before":[3,-2],"after":[-1],"updates":{"deleteItems":[[0,1],[0,-1]],"reloadSections":[-3],"moveItems":[[[0,1],[-1,0]]],"moveSections":[[-2,0]]}}"#, target: "/batch/validate")
        #expect(r.status == 422)
        #expect(batchString(r, "title") == "Batch rejected")
        #expect(batchString(r, "type") == "https://layoutd.dev/problems/unprocessable-batch")
        #expect(r.pointers == ["/before/1", "/after/0", "/updates/deleteItems/1", "/updates/moveItems/0/1", "/updates/reloadSections/0", "/updates/moveSections/0/0"])
        #expect(r.detail == "/before/1 is -2; an item count must be 0 or more. (5 more problems in errors)")
        #expect(batchValue(r, "errors").batchElements.map { batchField($0, "detail") } == [
            "/before/1 is -2; an item count must be 0 or more.",
            "/after/0 is -1; an item count must be 0 or more.",
            "/updates/deleteItems/1 is [0, -1]; sections and items are numbered from 0.",
            "/updates/moveItems/0/1 is [-1, 0]; sections and items are numbered from 0.",
            "/updates/reloadSections/0 is -3; sections are numbered from 0.",
            "/updates/moveSections/0/0 is -2; sections are numbered from 0.",
        ])
    }

    static func capped(_ n: Int) -> LayoutApplication {
        LayoutApplication(configuration: ServiceConfiguration(cacheBytes: 1 << 20, maxBatchOperations: n))
    }

    @Test func operationsOverTheConfiguredCapAre422SayingTheCap() {
        let app = Self.capped(3)
        let atCap = app.post(#"{"before":[5],"updates":{"deleteItems":[[0,0]],"insertSections":[1],"moveSections":[[0,0]]}}"#, target: "/batch/validate")
        #expect(atCap.status == 200)
        let over = app.post(#"{"before":[5],"updates":{"deleteItems":[[0,0],[0,1]],"insertSections":[1],"moveSections":[[0,0]]}}"#, target: "/batch/validate")
        #expect(over.status == 422)
        #expect(over.pointers == ["/updates"])
        #expect(over.detail == "/updates holds 4 operations, over this server's cap of 3 operations per batch (--max-batch-operations); split the update into smaller batches.")
    }

    @Test func defaultCapIs100000Operations() {
        #expect(ServiceConfiguration().maxBatchOperations == 100_000)
        let paths = Array(repeating: "[0,0]", count: 100_001).joined(separator: ",")
        let r = app.post(#"{"before":[1],"updates":{"reloadItems":[\#(paths)]}}"#, target: "/batch/validate")
        #expect(r.status == 422)
        #expect(r.detail == "/updates holds 100001 operations, over this server's cap of 100000 operations per batch (--max-batch-operations); split the update into smaller batches.")
    }

    @Test func diffIdentifiersCountAgainstTheCap() {
        let app = Self.capped(4)
        #expect(app.post(#"{"old":[["a","b"]],"new":[["b"],["c"]]}"#, target: "/batch/diff").status == 200)
        let over = app.post(#"{"old":[["a","b"]],"new":[["b","a"],["c"]]}"#, target: "/batch/diff")
        #expect(over.status == 422)
        #expect(over.pointers == [""])
        #expect(over.detail == "old and new hold 5 identifiers together, over this server's cap of 4 per request (--max-batch-operations); diff smaller lists.")
    }

    @Test func itemTotalsOverTheCapAre422() {
        let r = app.post(#"{"before":[600000,400000],"after":[1000001]}"#, target: "/batch/validate")
        #expect(r.status == 422)
        #expect(r.pointers == ["/after"])
        #expect(r.detail == "/after counts 1000001 items in all, over this server's cap of 1000000 items per request.")
        let huge = app.post(#"{"before":[9000000000000000000,9000000000000000000]}"#, target: "/batch/validate")
        #expect(huge.detail == "/before counts more than 9223372036854775807 items in all, over this server's cap of 1000000 items per request.")
        #expect(app.post(#"{"before":[600000,400000]}"#, target: "/batch/validate").status == 200)
    }

    @Test func sectionCountsOverTheCapAre422() {
        let zeros = "[" + Array(repeating: "0", count: BatchLimits.maxSections + 1).joined(separator: ",") + "]"
        let r = app.post(#"{"before":[1],"after":\#(zeros)}"#, target: "/batch/validate")
        #expect(r.status == 422)
        #expect(r.pointers == ["/after"])
        #expect(r.detail == "/after has 1000001 sections, over this server's cap of 1000000 sections per request.")
        let ids = "[" + Array(repeating: "[]", count: BatchLimits.maxSections + 1).joined(separator: ",") + "]"
        let d = app.post(#"{"old":\#(ids),"new":[]}"#, target: "/batch/diff")
        #expect(d.status == 422)
        #expect(d.detail == "/old has 1000001 sections, over this server's cap of 1000000 sections per request.")
    }

    @Test func hugeIndexesAre422NotACrash() {
        let big = "9223372036854774784"
        let r = app.post(#"{"before":[3],"updates":{"deleteItems":[[0,\#(big)]],"insertItems":[[\#(big),0]],"moveSections":[[\#(big),\#(big)]]}}"#, target: "/batch/validate")
        #expect(r.status == 422)
        #expect(r.pointers == ["/updates/deleteItems/0", "/updates/insertItems/0", "/updates/moveSections/0/0", "/updates/moveSections/0/1"])
        #expect(r.detail?.hasPrefix("/updates/deleteItems/0 is [0, \(big)]; section and item numbers are at most 2147483647.") == true)
        let largest = app.post(#"{"before":[3],"updates":{"deleteItems":[[0,2147483647]]}}"#, target: "/batch/validate")
        #expect(largest.status == 200)
        #expect(batchString(largest, "uikitException") == "attempt to delete item 2147483647 from section 0 which only contains 3 items before the update")
        let beyond = app.post(#"{"before":[3],"updates":{"deleteItems":[[0,1e19]]}}"#, target: "/batch/validate")
        #expect(beyond.status == 400)
        #expect(beyond.pointers == ["/updates/deleteItems/0/1"])
    }

    @Test func routesTakeOnlyJSONPosts() {
        let get = app.get("/batch/validate")
        #expect(get.status == 405)
        #expect(get.header("Allow") == "POST")
        let text = app.post("{}", target: "/batch/diff", headers: [("Content-Type", "text/plain")])
        #expect(text.status == 415)
        #expect(app.get("/batch").status == 404)
        #expect(app.execution(for: Request(method: "POST", target: "/batch/diff")) == .offload)
    }
}
