import HTTP
@testable import LayoutAPI
import JSON
import LayoutEngine
import Testing

/// `POST /batch/validate`: UIKit's verdict on a batch, always a 200 for a well-formed request.
@Suite struct BatchValidateTests {
    let app = LayoutApplication.make()

    func validate(_ body: String) -> Response { app.post(body, target: "/batch/validate") }

    @Test func issueExampleListsEveryViolationAndUIKitsFirstException() {
        let r = validate(#"{"before": [5, 3], "after": [5, 3], "flavor": "collectionView", "strict": false, "updates": {"deleteItems": [[0,2]], "insertItems": [[0,0]], "reloadItems": [[0,3]], "moveItems": [[[0,3],[0,0]]], "deleteSections": [1], "insertSections": [], "reloadSections": [], "moveSections": [[1,0]]}}"#)
        #expect(r.status == 200)
        #expect(r.header("Content-Type") == "application/json")
        #expect(r.route == "/batch/validate")
        // The data source still has 2 sections, so the delete gives way to the move; once the
        // reloaded row's move is dropped, the insert at [0,0] no longer collides (C4: no echo).
        #expect(r.text == """
            {"valid":false,"errors":[{"code":"DELETE_AND_MOVE_SAME_SECTION","message":"attempt to perform a delete and a move from the same section (1)","update":"deleteSections","index":0,"section":1,"fix":"Either delete section 1 or move it, not both. Fix: drop deleteSections[0] (1). Of the ways to fix it, this one fits the counts the data source reports best and leaves the fewest other errors.","edits":[{"op":"remove","path":"/updates/deleteSections/0"}]},\
            {"code":"DELETE_AND_MOVE_SAME_INDEX_PATH","message":"attempt to perform a delete and a move from the same index path (<NSIndexPath: 0xPTR> {length = 2, path = 0 - 3})","update":"reloadItems","index":0,"indexPath":[0,3],"section":0,"fix":"A reload is a delete plus an insert, so a reloaded item cannot also move (to move and refresh it, reload 0 - 3 in a separate batch after the move, or use reconfigureItems). Fix: drop moveItems[0] ([[0, 3], [0, 0]]). Of the ways to fix it, this one fits the counts the data source reports best and leaves the fewest other errors.","edits":[{"op":"remove","path":"/updates/moveItems/0"}]}],\
            "warnings":[],"uikitException":"attempt to perform a delete and a move from the same section (1)","uikitException164":null,\
            "expectedAfter":[5,3],"after":null,"mapping":null,"steps":null,"fixedUpdates":{"deleteItems":[[0,2]],"insertItems":[[0,0]],"reloadItems":[[0,3]],"moveItems":[],"deleteSections":[],"insertSections":[],"reloadSections":[],"moveSections":[[1,0]]}}
            """)
    }

    static let countMessage = "Invalid update: invalid number of items in section 0.  The number of items contained in an existing section after the update (6) must be equal to the number of items contained in that section before the update (5), plus or minus the number of items inserted or deleted from that section (0 inserted, 0 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out)."

    @Test func classicCountMismatchGivesBothUIKitWordingsAndTheCountsToReport() {
        let r = validate(#"{"before":[5],"after":[6]}"#)
        #expect(r.status == 200)
        #expect(r.text == """
            {"valid":false,"errors":[{"code":"INVALID_NUMBER_OF_ITEMS","message":"\(Self.countMessage)","update":"dataSource","index":null,"section":0,"fix":"The data source reports 6 items in section 0 after the update, but the updates account for 5: 5 before + 0 inserted − 0 deleted + 0 moved in − 0 moved out; 1 item appeared without an insert. Fix: add [0, 5] to insertItems. If the data source is what is wrong instead, it must report 5 items in section 0.","edits":[{"op":"add","path":"/updates/insertItems/-","value":[0,5]}]}],\
            "warnings":[],"uikitException":"\(Self.countMessage)","uikitException164":"Invalid batch updates detected: the number of sections and/or items returned by the data source before and/or after performing the batch updates are inconsistent with the updates. Data source before updates = { 1 section with item counts: [5] } Data source after updates = { 1 section with item counts: [6] } Updates = [ ]",\
            "expectedAfter":[5],"after":null,"mapping":null,"steps":null,"fixedUpdates":{"deleteItems":[],"insertItems":[[0,5]],"reloadItems":[],"moveItems":[],"deleteSections":[],"insertSections":[],"reloadSections":[],"moveSections":[]}}
            """)
    }

    @Test func tableViewFlavorSaysRowsAndTableView() {
        let count = validate(#"{"before":[5],"after":[6],"flavor":"tableView"}"#)
        #expect(batchString(count, "uikitException") == "Invalid update: invalid number of rows in section 0.  The number of rows contained in an existing section after the update (6) must be equal to the number of rows contained in that section before the update (5), plus or minus the number of rows inserted or deleted from that section (0 inserted, 0 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out).")
        #expect(batchString(count, "uikitException164") == "Invalid batch updates detected: the number of sections and/or rows returned by the data source before and/or after performing the batch updates are inconsistent with the updates. Data source before updates = { 1 section with row counts: [5] } Data source after updates = { 1 section with row counts: [6] } Updates = [ ]")
        let sections = validate(#"{"before":[2],"after":[2,4],"updates":{"deleteSections":[1]},"flavor":"tableView"}"#)
        #expect(batchString(sections, "uikitException") == "attempt to delete section 1, but there are only 1 sections before the update")
        let r = validate(#"{"before":[3,2],"updates":{"deleteItems":[[0,5],[2,0]],"insertItems":[[0,9]]},"flavor":"tableView"}"#)
        #expect(r.text == """
            {"valid":false,"errors":[{"code":"DELETE_ITEM_SECTION_OUT_OF_RANGE","message":"attempt to delete row 0 from section 2, but there are only 2 sections before the update","update":"deleteItems","index":1,"indexPath":[2,0],"section":2,"fix":"Use before-coordinates: there are only 2 sections before the update. Fix: drop deleteItems[1] ([2, 0]).","edits":[{"op":"remove","path":"/updates/deleteItems/1"}]},\
            {"code":"DELETE_ITEM_OUT_OF_RANGE","message":"attempt to delete row 5 from section 0 which only contains 3 rows before the update","update":"deleteItems","index":0,"indexPath":[0,5],"section":0,"fix":"Use before-coordinates: section 0 had 3 rows before the update; check the data source was not mutated before the batch. Fix: drop deleteItems[0] ([0, 5]).","edits":[{"op":"remove","path":"/updates/deleteItems/0"}]},\
            {"code":"INSERT_ITEM_OUT_OF_RANGE","message":"attempt to insert row 9 into section 0, but there are only 4 rows in section 0 after the update","update":"insertItems","index":0,"indexPath":[0,9],"section":0,"fix":"Use after-coordinates: section 0 has 4 rows after the update; check the data source was updated inside the batch. Fix: drop insertItems[0] ([0, 9]).","edits":[{"op":"remove","path":"/updates/insertItems/0"}]}],\
            "warnings":[],"uikitException":"attempt to delete row 0 from section 2, but there are only 2 sections before the update","uikitException164":null,\
            "expectedAfter":[3,2],"after":null,"mapping":null,"steps":null,"fixedUpdates":{"deleteItems":[],"insertItems":[],"reloadItems":[],"moveItems":[],"deleteSections":[],"insertSections":[],"reloadSections":[],"moveSections":[]}}
            """)
    }

    @Test func validBatchAnswersCountsMappingAndStepsInModelOrder() {
        // [a,b,c] [d,e]: delete a, move c to the front, insert at the top of section 1.
        let r = validate(#"{"before":[3,2],"updates":{"deleteItems":[[0,0]],"insertItems":[[1,0]],"moveItems":[[[0,2],[0,0]]]}}"#)
        #expect(r.status == 200)
        #expect(r.text == """
            {"valid":true,"errors":[],"warnings":[],"uikitException":null,"uikitException164":null,"expectedAfter":[2,3],"after":[2,3],\
            "mapping":[{"from":[0,0],"to":null},{"from":[0,1],"to":[0,1]},{"from":[0,2],"to":[0,0]},{"from":[1,0],"to":[1,1]},{"from":[1,1],"to":[1,2]}],\
            "steps":[{"op":"deleteItem","indexPath":[0,2]},{"op":"deleteItem","indexPath":[0,0]},{"op":"insertItem","indexPath":[0,0],"movedFrom":[0,2]},{"op":"insertItem","indexPath":[1,0]}]}
            """)
    }

    @Test func sectionStepsCarryItemCountsAndMoveSources() {
        let inserted = validate(#"{"before":[2],"after":[2,4],"updates":{"insertSections":[1]}}"#)
        #expect(inserted.text == """
            {"valid":true,"errors":[],"warnings":[],"uikitException":null,"uikitException164":null,"expectedAfter":[2,4],"after":[2,4],\
            "mapping":[{"from":[0,0],"to":[0,0]},{"from":[0,1],"to":[0,1]}],"steps":[{"op":"insertSection","section":1,"itemCount":4}]}
            """)
        let moved = validate(#"{"before":[2,2],"updates":{"moveSections":[[0,1]]}}"#)
        #expect(batchValue(moved, "steps") == [["op": "deleteSection", "section": 0], ["op": "insertSection", "section": 1, "itemCount": 2, "movedFrom": 0]])
    }

    @Test func hazardsAreWarningsAndStrictMakesThemErrors() {
        let body = #"{"before":[2,2],"updates":{"moveSections":[[0,1]],"deleteItems":[[0,0]]}STRICT}"#
        let warning: JSON = [
            "code": "ITEM_CHANGES_IN_MOVED_SECTION",
            "message": "deleteItems[0] (0 - 0) changes items of section 0, which is moved to section 1 in the same batch; UIKit accepts this but animates it wrongly and can corrupt its state",
            "update": "deleteItems", "index": 0, "indexPath": [0, 0], "section": 0,
            "fix": "Run the section move and the item changes in separate batches, or delete and insert the section instead of moving it.",
            "edits": [],
        ]
        let lax = validate(body.replacingOccurrences(of: "STRICT", with: ""))
        #expect(batchValue(lax, "valid") == true)
        #expect(batchValue(lax, "warnings") == [warning])
        #expect(batchValue(lax, "errors") == [])
        #expect(batchValue(lax, "after") == [2, 1])
        let strict = validate(body.replacingOccurrences(of: "STRICT", with: #","strict":true"#))
        #expect(strict.status == 200)
        #expect(batchValue(strict, "valid") == false)
        #expect(batchValue(strict, "errors") == [warning])
        #expect(batchValue(strict, "warnings") == [])
        #expect(batchValue(strict, "uikitException") == .null, "UIKit itself accepts the batch")
        #expect(batchValue(strict, "mapping") == .null)
        #expect(batchValue(strict, "steps") == .null)
    }

    @Test func reloadWhoseReinsertIgnoresMovesIsFlagged() {
        let r = validate(#"{"before":[3],"updates":{"moveItems":[[[0,0],[0,2]]],"reloadItems":[[0,1]]}}"#)
        #expect(batchValue(r, "warnings") == [[
            "code": "RELOAD_TARGET_IGNORES_MOVES",
            "message": "reloadItems[0] (0 - 1) is re-inserted by UIKit at 0 - 1 (old path shifted by deletes and inserts only; moves are ignored), but the item ends up at 0 - 0",
            "update": "reloadItems", "index": 0, "indexPath": [0, 1], "section": 0,
            "fix": "Reload 0 - 1 in a separate batch after the moves (at 0 - 0), or use reconfigureItems.",
            "edits": [],
        ]])
    }

    @Test func duplicateDeleteInACollectionViewIsAWarning() {
        let r = validate(#"{"before":[3,2],"updates":{"deleteItems":[[0,0],[0,0]]}}"#)
        #expect(batchValue(r, "valid") == true)
        #expect(batchValue(r, "warnings").batchElements.map { batchField($0, "code") } == ["DUPLICATE_DELETE"])
        #expect(batchString(r, "warnings", 0, "message") == "item 0 - 0 is deleted more than once; UICollectionView does not reject this but corrupts its state and later crashes in -[UICollectionViewData layoutAttributesForItemAtIndexPath:]")
    }

    static let emptyUpdates: JSON = [
        "deleteItems": [], "insertItems": [], "reloadItems": [], "moveItems": [],
        "deleteSections": [], "insertSections": [], "reloadSections": [], "moveSections": [],
    ]

    static func updates(_ changes: [(String, JSON)]) -> JSON {
        guard case .object(var o) = emptyUpdates else { return .null }
        for (key, value) in changes {
            if let k = o.members.firstIndex(where: { $0.key == key }) { o.members[k].value = value }
        }
        return .object(o)
    }

    @Test func mergeRepairIsOneValidBatchReachingTheSameState() {
        let r = validate(#"{"before":[3],"updates":{"reloadItems":[[0,0]],"moveItems":[[[0,0],[0,2]]]},"repair":"merge"}"#)
        #expect(batchString(r, "errors", 0, "code") == "DELETE_AND_MOVE_SAME_INDEX_PATH")
        #expect(batchValue(r, "repaired") == [Self.updates([("deleteItems", [[0, 0]]), ("insertItems", [[0, 2]])])])
    }

    @Test func splitRepairGivesStagesInDifferenceKitOrder() {
        let r = validate(#"{"before":[3],"updates":{"reloadItems":[[0,0]],"moveItems":[[[0,0],[0,2]]]},"repair":"split"}"#)
        #expect(batchValue(r, "repaired") == [
            Self.updates([("reloadItems", [[0, 0]])]),
            Self.updates([("moveItems", [[[0, 0], [0, 2]]])]),
        ])
        #expect(r.text.hasSuffix(#""steps":null,"fixedUpdates":{"deleteItems":[],"insertItems":[],"reloadItems":[],"moveItems":[[[0,0],[0,2]]],"deleteSections":[],"insertSections":[],"reloadSections":[],"moveSections":[]},"repaired":[{"deleteItems":[],"insertItems":[],"reloadItems":[[0,0]],"moveItems":[],"deleteSections":[],"insertSections":[],"reloadSections":[],"moveSections":[]},{"deleteItems":[],"insertItems":[],"reloadItems":[],"moveItems":[[[0,0],[0,2]]],"deleteSections":[],"insertSections":[],"reloadSections":[],"moveSections":[]}]}"#))
    }

    @Test func repairedIsAbsentUnlessAsked() {
        let r = validate(#"{"before":[1]}"#)
        #expect(r.text == #"{"valid":true,"errors":[],"warnings":[],"uikitException":null,"uikitException164":null,"expectedAfter":[1],"after":[1],"mapping":[{"from":[0,0],"to":[0,0]}],"steps":[]}"#)
    }

    @Test func everyRepairedBatchValidatesStrictly() {
        for mode in ["merge", "split"] {
            let r = validate(#"{"before":[4,3],"updates":{"deleteItems":[[0,1]],"reloadItems":[[0,3]],"moveItems":[[[0,3],[1,0]]],"moveSections":[[0,1]]},"repair":"\#(mode)"}"#)
            let stages = batchValue(r, "repaired")
            guard case .array(let list) = stages else { Issue.record("no repair for \(mode)"); continue }
            var counts: JSON = [4, 3]
            for stage in list {
                let body = JSON.object(JSONObject([("before", counts), ("updates", stage), ("strict", true)]))
                let v = validate(String(decoding: body.serializedBytes(), as: UTF8.self))
                #expect(batchValue(v, "valid") == true, "\(mode): \(v.text)")
                counts = batchValue(v, "after")
            }
        }
    }
}

// MARK: helpers shared by the batch suites

/// The member path `keys` (strings for object keys, ints for array indexes) of a response body.
func batchValue(_ r: Response, _ keys: any Sendable...) -> JSON {
    var v = r.json ?? .null
    for key in keys {
        switch (v, key) {
        case (.object(let o), let k as String): v = o[k] ?? .null
        case (.array(let a), let i as Int): v = i < a.count ? a[i] : .null
        default: return .null
        }
    }
    return v
}

func batchString(_ r: Response, _ keys: any Sendable...) -> String? {
    var v = r.json ?? .null
    for key in keys {
        switch (v, key) {
        case (.object(let o), let k as String): v = o[k] ?? .null
        case (.array(let a), let i as Int): v = i < a.count ? a[i] : .null
        default: return nil
        }
    }
    if case .string(let s) = v { return s }
    return nil
}

func batchField(_ v: JSON, _ key: String) -> JSON {
    if case .object(let o) = v { return o[key] ?? .null }
    return .null
}

extension JSON {
    /// The elements of an array (empty for anything else).
    var batchElements: [JSON] {
        if case .array(let a) = self { return a }
        return []
    }
}
