import Foundation
import HTTP
@testable import LayoutAPI
import LayoutEngine
import Testing
import UpdateEngine

/// `POST /crash/explain` beyond the examples: other wrappers (.ips JSON, Thread 1 banners with
/// `\n` escapes, Crashlytics and Sentry exports, CoreData's NSFetchedResultsController wrapper,
/// log prefixes, curly quotes), other figures, identifiers and iOS releases; every reproduction
/// round-trips.
@Suite struct CrashWrapperTests {
    let app = LayoutApplication.make()

    /// One text, the code and class expected, the facts checked, and whether layoutd rebuilds it.
    struct Case: CustomStringConvertible, Sendable {
        let name: String
        let text: String
        let code: String
        let kind: String
        let facts: [String: String]
        let reproduced: Bool
        var description: String { name }
    }

    static let ips = #"""
    {"app_name":"Shop","timestamp":"2024-01-02 10:00:00.00 +0100","bug_type":"309","os_version":"iPhone OS 17.2 (21C62)","incident_id":"A1B2"}
    {
      "uptime" : 1000,
      "exception" : {"codes":"0x0000000000000000, 0x0000000000000000","type":"EXC_CRASH","signal":"SIGABRT"},
      "asi" : {"libsystem_c.dylib":["abort() called"],"CoreFoundation":["*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'Invalid batch updates detected: the number of sections and/or items returned by the data source before and after performing the batch updates are inconsistent with the updates.\nData source before updates = { 2 sections with item counts: [5, 3] }\nData source after updates = { 2 sections with item counts: [4, 3] }\nUpdates = [\n\tDelete item (1 - 2),\n\tDelete item (0 - 1),\n\tInsert item (0 - 0)\n]\nCollection view: <UICollectionView: 0x10a8b6200; frame = (0 0; 390 844); clipsToBounds = YES; layout: <UICollectionViewFlowLayout: 0x10a406f60>; dataSource: <Shop.CartViewController: 0x10a40b8d0>>'"]}
    }
    """#

    static let cases: [Case] = [
        Case(name: "ips", text: ips, code: "INVALID_BATCH_UPDATES", kind: "collectionView",
             facts: ["before": "[5,3]", "after": "[4,3]", "viewClass": "\"UICollectionView\""], reproduced: true),
        Case(name: "thread1 16.4 table", text: #"Thread 1: "Invalid batch updates detected: the number of sections and/or rows returned by the data source before and/or after performing the batch updates are inconsistent with the updates.\nData source before updates = { 1 section with row counts: [30] }\nData source after updates = { 1 section with row counts: [29] }\nUpdates = [\n\tDelete row (0 - 0),\n\tInsert row (0 - 0)\n]\nTable view: <UITableView: 0x13081d200; frame = (0 153.667; 393 664.333); dataSource: <Contacts.ContactsViewController: 0x12f31d240>>""#,
             code: "INVALID_BATCH_UPDATES", kind: "tableView", facts: ["wording": "\"and/or\"", "before": "[30]", "after": "[29]"], reproduced: true),
        Case(name: "crashlytics rows", text: "Fatal Exception: NSInternalInconsistencyException\nInvalid update: invalid number of rows in section 2.  The number of rows contained in an existing section after the update (3) must be equal to the number of rows contained in that section before the update (3), plus or minus the number of rows inserted or deleted from that section (0 inserted, 1 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out).\nOS Version: iOS 15.4.1 (19E258)",
             code: "INVALID_NUMBER_OF_ITEMS", kind: "tableView", facts: ["section": "2", "countAfter": "3", "deleted": "1"], reproduced: true),
        Case(name: "crashlytics glued", text: "Fatal Exception: NSInternalInconsistencyExceptionInvalid update: invalid number of items in section 0. The number of items contained in an existing section after the update (86) must be equal to the number of items contained in that section before the update (97), plus or minus the number of items inserted or deleted from that section (0 inserted, 0 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out). Raw Text\n--\n0 | CoreFoundation | __exceptionPreprocess\n9 | UIKitCore | -[UICollectionView performBatchUpdates:completion:]",
             code: "INVALID_NUMBER_OF_ITEMS", kind: "collectionView", facts: ["countAfter": "86", "countBefore": "97"], reproduced: true),
        Case(name: "iOS 13 ignored attributes log", text: ">  Layout attributes <MyApp.LayoutAttributes: 0x7fb7a6611ab0> index path: (<NSIndexPath: 0xc75068054d0a36d7> {length = 2, path = 0 - 0}); frame = (0 0; 375 248); non-affine transform; zIndex = 1;  were received from the layout <MyApp.MyAppLayout: 0x7fb787fe84b0> but are not valid for the data source counts. Attributes will be ignored.",
             code: "LAYOUT_ATTRIBUTES_NOT_VALID_FOR_COUNTS", kind: "layout", facts: [:], reproduced: false),
        Case(name: "recieved, no index path", text: "`UICollectionView recieved layout attributes for a cell with an index path that does not exist`",
             code: "LAYOUT_ATTRIBUTES_FOR_NONEXISTENT_INDEX_PATH", kind: "layout", facts: [:], reproduced: false),
        Case(name: "iOS 8 flow layout log, no colon, no content insets", text: "the behavior of the UICollectionViewFlowLayout is not defined because\nthe item width must be less than the width of the UICollectionView minus the section insets left and right values.",
             code: "ITEM_TOO_WIDE", kind: "flowLayout", facts: [:], reproduced: true),
        Case(name: "2015 flow layout log, lower case", text: "2015-10-26 16:55:19.192 ArtFin[2265:839743] the behavior of the UICollectionViewFlowLayout is not defined because:\n2015-10-26 16:55:19.193 ArtFin[2265:839743] the item width must be less than the width of the UICollectionView minus the section insets left and right values, minus the content insets left and right values.\n2015-10-26 16:55:19.194 ArtFin[2265:839743] The relevant UICollectionViewFlowLayout instance is <UICollectionViewFlowLayout: 0x13e5aa9f0>, and it is attached to <MVCarouselCollectionView.MVCarouselCollectionView: 0x13e88b400; baseClass = UICollectionView; frame = (0 39; 320 261); clipsToBounds = YES; autoresize = RM+BM; layer = <CALayer: 0x13e5648e0>; contentOffset: {0, 0}; contentSize: {320, 0}> collection view layout: <UICollectionViewFlowLayout: 0x13e5aa9f0>.\n2015-10-26 16:55:19.194 ArtFin[2265:839743] Make a symbolic breakpoint at UICollectionViewFlowLayoutBreakForInvalidSizes to catch this in the debugger.",
             code: "ITEM_TOO_WIDE", kind: "flowLayout", facts: ["viewFrame": "\"0 39; 320 261\"", "viewBaseClass": "\"UICollectionView\""], reproduced: true),
        Case(name: "dequeued twice (table)", text: "Assertion failure in -[UITableView _dequeueReusableCellWithIdentifier:forIndexPath:usingPresentationValues:], /BuildRoot/Library/Caches/com.apple.xbs/Sources/UIKit/UIKit-3698.33.7/UITableView.m:7883\n2018-01-16 21:41:01.168538-0500 Gleamy[4101:1978203] *** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'Attempted to dequeue multiple cells for the same index path, which is not allowed. If you really need to dequeue more cells than the table view is requesting, use the -dequeueReusableCellWithIdentifier: method (without an index path). Cell identifier: cell, index path: <NSIndexPath: 0xc000000000000016> {length = 2, path = 0 - 0}'",
             code: "DEQUEUED_TWICE_FOR_INDEX_PATH", kind: "tableView", facts: ["reuseIdentifier": "\"cell\"", "indexPath": "[0,0]"], reproduced: false),
        Case(name: "registration in the provider", text: "2022-10-08 18:35:09.630295+0900 MyAppSwift[976:204942] *** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'Attempted to dequeue a cell using a registration that was created inside -collectionView:cellForItemAtIndexPath: or inside a UICollectionViewDiffableDataSource cell provider. Creating a new registration each time a cell is requested will prevent reuse and cause created cells to remain inaccessible in memory for the lifetime of the collection view. Registrations should be created up front and reused. Registration: <UICollectionViewCellRegistration: 0x2807fc870>'",
             code: "REGISTRATION_CREATED_IN_PROVIDER", kind: "dataSource", facts: [:], reproduced: false),
        Case(name: "quoted in an issue, re-wrapped", text: "> *** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'Invalid update: invalid number of rows in section 0.  The number of rows contained in an existing\n> section after the update (1) must be equal to the number of rows contained in that section before the update\n> (1), plus or minus the number of rows inserted or deleted from that section (0 inserted, 1 deleted) and plus or\n> minus the number of rows moved into or out of that section (0 moved in, 0 moved out).'",
             code: "INVALID_NUMBER_OF_ITEMS", kind: "tableView", facts: ["countBefore": "1", "countAfter": "1", "deleted": "1"], reproduced: true),
        Case(name: "a log in a code comment", text: "// 2023-03-12 15:32:57.160381-0700 App[23078:800895] [TableView] Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section after the update (4) must be equal to\n// 2023-03-12 15:32:57.160381-0700 App[23078:800895] [TableView] the number of rows contained in that section before the update (3), plus or minus the number of rows inserted or deleted from that section (0 inserted, 0 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out).",
             code: "INVALID_NUMBER_OF_ITEMS", kind: "tableView", facts: ["countBefore": "3", "countAfter": "4"], reproduced: true),
        Case(name: "without its first sentence", text: "The number of rows contained in an existing section after the update (77) must be equal to the number of rows contained in that section before the update (77), plus or minus the number of rows inserted or deleted from that section (0 inserted, 1 deleted)",
             code: "INVALID_NUMBER_OF_ITEMS", kind: "tableView", facts: ["countBefore": "77", "countAfter": "77", "deleted": "1"], reproduced: false),
        Case(name: "section snapshot: insert after an unknown item", text: "*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'Item identifier to insert after does not exist in section snapshot: Optional(\"row-7\")'",
             code: "UNKNOWN_INSERT_DESTINATION", kind: "diffableDataSource", facts: ["identifier": "\"Optional(\\\"row-7\\\")\"", "position": "\"after\""], reproduced: true),
        Case(name: "section snapshot: unknown parent", text: "Thread 1: \"Parent item identifier does not exist in section snapshot: folder-2\"",
             code: "UNKNOWN_PARENT", kind: "diffableDataSource", facts: ["identifier": "\"folder-2\""], reproduced: true),
        Case(name: "section snapshot: one duplicate", text: "reason: 'Identifiers in a section snapshot must be unique. Duplicate item identifiers: {(\n    Item(id: 3)\n)}'",
             code: "DUPLICATE_SECTION_SNAPSHOT_ITEMS", kind: "diffableDataSource", facts: ["identifiers": "[\"Item(id: 3)\"]"], reproduced: true),
        Case(name: "section snapshot: parent(of:) an unknown child", text: "Child item identifier does not exist in section snapshot: x",
             code: "UNKNOWN_ITEM", kind: "diffableDataSource", facts: ["identifier": "\"x\""], reproduced: true),
        Case(name: "curly quotes", text: "*** Terminating app due to uncaught exception ‘NSInternalInconsistencyException’, reason: ‘attempt to delete section 4, but there are only 4 sections before the update’",
             code: "DELETE_SECTION_OUT_OF_RANGE", kind: "collectionView", facts: ["section": "4", "sectionsBefore": "4"], reproduced: true),
        Case(name: "capitalised", text: "Fatal Exception: NSInternalInconsistencyException Attempt to delete item 6 from section 0 which only contains 6 items before the update",
             code: "DELETE_ITEM_OUT_OF_RANGE", kind: "collectionView", facts: ["item": "6", "capitalized": "true"], reproduced: true),
        Case(name: "fetched results controller", text: "2015-10-24 13:32:05.468 Notes[1157:56084] CoreData: error: Serious application error.  An exception was caught from the delegate of NSFetchedResultsController during a call to -controllerDidChangeContent:.  Invalid update: invalid number of sections.  The number of sections contained in the table view after the update (3) must be equal to the number of sections contained in the table view before the update (2), plus or minus the number of sections inserted or deleted (0 inserted, 0 deleted). with userInfo (null)",
             code: "INVALID_NUMBER_OF_SECTIONS", kind: "tableView", facts: ["sectionsAfter": "3", "sectionsBefore": "2"], reproduced: true),
        Case(name: "moves between sections", text: "reason: 'Invalid update: invalid number of items in section 1.  The number of items contained in an existing section after the update (5) must be equal to the number of items contained in that section before the update (4), plus or minus the number of items inserted or deleted from that section (1 inserted, 0 deleted) and plus or minus the number of items moved into or out of that section (2 moved in, 1 moved out).'",
             code: "INVALID_NUMBER_OF_ITEMS", kind: "collectionView", facts: ["movedIn": "2", "movedOut": "1"], reproduced: true),
        Case(name: "iOS 26 view suffix", text: "Invalid update: invalid number of items in section 0. The number of items contained in an existing section after the update (9) must be equal to the number of items contained in that section before the update (7), plus or minus the number of items inserted or deleted from that section (1 inserted, 0 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out). Collection view: <UICollectionView: 0x104021000; frame = (0 0; 402 874); clipsToBounds = YES>",
             code: "INVALID_NUMBER_OF_ITEMS", kind: "collectionView", facts: ["viewClass": "\"UICollectionView\"", "viewFrame": "\"0 0; 402 874\""], reproduced: true),
        Case(name: "iOS 13 reloadData log", text: "[UICollectionView] Invalid update: invalid number of items in section 0.  The number of items contained in an existing section after the update (3) must be equal to the number of items contained in that section before the update (2), plus or minus the number of items inserted or deleted from that section (0 inserted, 0 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out). - will perform reloadData. UICollectionView instance: <UICollectionView: 0x7f9b5c00; frame = (0 0; 375 667)>",
             code: "INVALID_NUMBER_OF_ITEMS", kind: "collectionView", facts: ["fallback": "\"reloadData\""], reproduced: true),
        Case(name: "section reload", text: "reason: 'attempt to delete and reload the same index path (<NSIndexPath: 0x600001ab3e40> {length = 2, path = 2 - 9223372036854775807})'",
             code: "DELETE_AND_RELOAD_SAME_INDEX_PATH", kind: "collectionView", facts: ["indexPath": "[2,9223372036854775807]"], reproduced: true),
        Case(name: "truncated", text: "Fatal Exception: NSInternalInconsistencyException attempt to insert item 12 into section 3, but there are only 12 items in sec…",
             code: "INSERT_ITEM_OUT_OF_RANGE", kind: "collectionView", facts: ["item": "12", "section": "3", "countAfter": "12"], reproduced: true),
        Case(name: "two sections exist", text: "Diffable data source detected an attempt to insert or append 2 section identifiers that already exist in the snapshot. Identifiers in a snapshot must be unique. Section identifiers that already exist: (\n    \"Main Section\",\n    recents\n)",
             code: "SECTION_IDENTIFIER_ALREADY_EXISTS", kind: "diffableDataSource", facts: ["identifiers": "[\"Main Section\",\"recents\"]"], reproduced: true),
        Case(name: "two duplicates", text: "*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(\n    Feed.Item(id: 7),\n    Feed.Item(id: 9)\n)}'",
             code: "DUPLICATE_ITEM_IDENTIFIERS", kind: "diffableDataSource", facts: ["identifiers": "[\"Feed.Item(id: 7)\",\"Feed.Item(id: 9)\"]"], reproduced: true),
        Case(name: "reload unknown", text: "reason: 'Attempted to reload item identifier that does not exist in the snapshot: 3F2504E0-4F89-11D3-9A0C-0305E82C3301'",
             code: "RELOAD_UNKNOWN_ITEM", kind: "diffableDataSource", facts: ["identifier": "\"3F2504E0-4F89-11D3-9A0C-0305E82C3301\""], reproduced: true),
        Case(name: "move itself", text: "Invalid update: destination for item move is the same as the source [row-4] for update: <_UIDiffableDataSourceUpdate 0x600003c0e0a0 - action: MOV destinationIdentifier:row-4; destIsSection: 0; identifiers: [row-4]>.",
             code: "MOVE_RELATIVE_TO_ITSELF", kind: "diffableDataSource", facts: ["identifier": "\"row-4\""], reproduced: true),
        Case(name: "to section not found", text: "Invalid parameter not satisfying: section != NSNotFound",
             code: "PARAMETER_ASSERTION", kind: "diffableDataSource", facts: [:], reproduced: true),
        Case(name: "move both", text: "attempt to move both row at index path <NSIndexPath: 0xc000000000000016> {length = 2, path = 0 - 0} and <NSIndexPath: 0xc000000000200016> {length = 2, path = 0 - 1} to <NSIndexPath: 0xc000000000400016> {length = 2, path = 0 - 2}",
             code: "MOVE_TWO_ITEMS_TO_SAME_DESTINATION", kind: "tableView", facts: ["to": "[0,2]"], reproduced: true),
        Case(name: "to to move", text: "attempt to to move section 3 to section 5, but there are only 4 sections after the update",
             code: "MOVE_SECTION_DESTINATION_OUT_OF_RANGE", kind: "collectionView", facts: ["from": "3", "to": "5"], reproduced: true),
        Case(name: "scroll", text: #"Thread 1: "Attempted to scroll the collection view to an out-of-bounds section (3) when there are only 2 sections. Collection view: <UICollectionView: 0x1; frame = (0 0; 10 10)>.""#,
             code: "SCROLL_TO_SECTION_OUT_OF_BOUNDS", kind: "collectionView", facts: ["section": "3", "sections": "2"], reproduced: false),
    ]

    @Test(arguments: cases)
    func recognisedWithItsFactsAndRoundTrips(_ c: Case) throws {
        let r = app.post(c.text, target: "/crash/explain", headers: [("Content-Type", "text/plain; charset=utf-8")])
        #expect(r.status == 200, "\(r.text)")
        let findings = CrashJSON.findings(r)
        #expect(findings.count == 1)
        let f = try #require(findings.first)
        #expect(f["code"] as? String == c.code)
        #expect(f["class"] as? String == c.kind)
        let facts = try #require(f["facts"] as? [String: Any])
        for (name, value) in c.facts {
            let data = try JSONSerialization.data(withJSONObject: facts[name] ?? NSNull(), options: [.fragmentsAllowed])
            #expect(String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\\/", with: "/") == value, "\(c.name): \(name)")
        }
        let reproduction = f["reproduction"] as? [String: Any]
        #expect((reproduction != nil) == c.reproduced, "\(c.name): \(f["reproductionNote"] ?? "")")
        if let reproduction { try CrashJSON.expectRoundTrip(app, f, reproduction) }
    }

    @Test func iosVersionIsReadFromTheReportAndTheWholeBatchIsValidated() throws {
        let r = app.post(Self.ips, target: "/crash/explain", headers: [("Content-Type", "text/plain")])
        let root = try #require(try JSONSerialization.jsonObject(with: Data(r.body)) as? [String: Any])
        #expect(root["ios"] as? String == "17.2")
        let f = try #require(CrashJSON.findings(r).first)
        let violations = try #require(f["violations"] as? [[String: Any]])
        #expect(violations.map { $0["code"] as? String } == ["INVALID_NUMBER_OF_ITEMS", "INVALID_NUMBER_OF_ITEMS"])
        #expect(violations.map { $0["section"] as? Int } == [0, 1])
        let body = try #require((f["reproduction"] as? [String: Any])?["body"] as? [String: Any])
        #expect((body["wording"] as? [String: Any])?["ios"] as? String == "17.2")
    }

    /// A Sentry event names the OS and its version in separate fields.
    @Test func sentryEventJSONGivesTheIOSVersion() throws {
        let sentry = #"{"event_id":"9f2c","platform":"cocoa","contexts":{"os":{"name":"iOS","version":"16.4.1","build":"20E252"},"device":{"model":"iPhone14,5"}},"exception":{"values":[{"type":"NSInternalInconsistencyException","value":"Invalid batch updates detected: the number of sections and/or items returned by the data source before and/or after performing the batch updates are inconsistent with the updates.\nData source before updates = { 1 section with item counts: [3] }\nData source after updates = { 1 section with item counts: [2] }\nUpdates = [\n]"}]}}"#
        let r = app.post(sentry, target: "/crash/explain", headers: [("Content-Type", "text/plain")])
        #expect(r.status == 200)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(r.body)) as? [String: Any])
        #expect(root["ios"] as? String == "16.4.1")
        let f = try #require(CrashJSON.findings(r).first)
        #expect(f["code"] as? String == "INVALID_BATCH_UPDATES")
        let body = try #require((f["reproduction"] as? [String: Any])?["body"] as? [String: Any])
        #expect((body["wording"] as? [String: Any])?["ios"] as? String == "16.4.1")
    }

    @Test func aLogWithSeveralReasonsListsEachOnceInOrderWithACount() throws {
        let log = """
            2024-05-01 10:00:00.100 App[10:20] *** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'attempt to insert row 4 into section 0, but there are only 4 rows in section 0 after the update'
            2024-05-01 10:00:01.100 App[10:20] unable to dequeue a cell with identifier Cell - must register a nib or a class for the identifier or connect a prototype cell in a storyboard
            Fatal Exception: NSInternalInconsistencyException attempt to insert row 4 into section 0, but there are only 4 rows in section 0 after the update
            """
        let findings = CrashJSON.findings(app.post(log, target: "/crash/explain", headers: [("Content-Type", "text/plain")]))
        #expect(findings.map { $0["code"] as? String } == ["INSERT_ITEM_OUT_OF_RANGE", "DEQUEUE_UNREGISTERED_CELL"])
        #expect(findings.map { $0["count"] as? Int } == [2, 1])
    }

    @Test func jsonFormTakesTheFlavorAndIOSVersion() throws {
        let body = #"{"text": "attempt to perform a delete and a move from the same index path (<NSIndexPath: 0x1> {length = 2, path = 0 - 3})", "flavor": "tableView", "iosVersion": "16.2"}"#
        let r = app.post(body, target: "/crash/explain")
        #expect(r.status == 200)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(r.body)) as? [String: Any])
        #expect(root["ios"] as? String == "16.2")
        let f = try #require(CrashJSON.findings(r).first)
        #expect(f["class"] as? String == "tableView")
        let reproduction = try #require(f["reproduction"] as? [String: Any])
        #expect((reproduction["body"] as? [String: Any])?["flavor"] as? String == "tableView")
        try CrashJSON.expectRoundTrip(app, f, reproduction)
    }

    @Test func badInputGetsItsStatus() {
        let none = app.post("Everything is fine.\nNo exception here.", target: "/crash/explain", headers: [("Content-Type", "text/plain")])
        #expect(none.status == 422)
        #expect(none.text.contains("https://layoutd.dev/problems/no-uikit-exception"))
        #expect(none.detail?.contains("layoutd looks for UIKit's batch-update reasons") == true)
        #expect(none.detail?.contains("Everything is fine") == false)
        let binary = app.respond(to: Request(method: "POST", target: "/crash/explain", headers: [("Content-Type", "text/plain")], body: [0x41, 0xFF, 0xFE, 0x00]))
        #expect(binary.status == 400)
        let nul = app.respond(to: Request(method: "POST", target: "/crash/explain", headers: [("Content-Type", "text/plain")], body: Array("attempt\u{0}".utf8)))
        #expect(nul.status == 400)
        #expect(app.post(#"{"text": 5}"#, target: "/crash/explain").status == 400)
        // The JSON form's optional fields are omitted, never null (schemathesis' ST201).
        let null = app.post(#"{"text": "attempt to delete section 4, but there are only 4 sections before the update", "flavor": null}"#, target: "/crash/explain")
        #expect(null.status == 400)
        #expect(null.pointers == ["/flavor"])
        let version = app.post(#"{"text": "x", "iosVersion": "seventeen"}"#, target: "/crash/explain")
        #expect(version.status == 422)
        #expect(version.pointers == ["/iosVersion"])
        let big = app.respond(to: Request(method: "POST", target: "/crash/explain", headers: [("Content-Type", "text/plain")],
                                          body: Array(repeating: UInt8(ascii: "a"), count: CrashLimits.maxTextBytes + 1)))
        #expect(big.status == 413)
        #expect(app.post("attempt", target: "/crash/explain", headers: [("Content-Type", "image/png")]).status == 415)
    }
}
