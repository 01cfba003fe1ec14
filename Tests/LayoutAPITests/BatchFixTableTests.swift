import HTTP
@testable import LayoutAPI
import JSON
import LayoutEngine
import Testing

/// Spec C4 on hand-written cases: every error with UIKit's exact message, the fix in words and as
/// edits, and the fixed batch accepted. Each case is one mistake developers make; the data
/// source's counts decide which way it is fixed.
@Suite struct BatchFixTableTests {
    let app = LayoutApplication.make()

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var body: String
        /// The answer's `errors`, exactly.
        var errors: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "outOfRangeInsertTheDataSourceShowsIsKeptInRange",
             body: #"{"before":[3],"after":[4],"updates":{"insertItems":[[0,7]]}}"#,
             errors: #"[{"code":"INSERT_ITEM_OUT_OF_RANGE","message":"attempt to insert item 7 into section 0, but there are only 4 items in section 0 after the update","update":"insertItems","index":0,"indexPath":[0,7],"section":0,"fix":"Use after-coordinates: section 0 has 4 items after the update; check the data source was updated inside the batch. Fix: change insertItems[0] from [0, 7] to [0, 3]. The data source's counts show the insert happened, so it is kept, in range.","edits":[{"op":"replace","path":"/updates/insertItems/0","value":[0,3]}]}]"#),
        Case(name: "outOfRangeInsertTheDataSourceDoesNotShowIsDropped",
             body: #"{"before":[3],"after":[3],"updates":{"insertItems":[[0,7]]}}"#,
             errors: #"[{"code":"INSERT_ITEM_OUT_OF_RANGE","message":"attempt to insert item 7 into section 0, but there are only 3 items in section 0 after the update","update":"insertItems","index":0,"indexPath":[0,7],"section":0,"fix":"Use after-coordinates: section 0 has 3 items after the update; check the data source was updated inside the batch. Fix: drop insertItems[0] ([0, 7]).","edits":[{"op":"remove","path":"/updates/insertItems/0"}]}]"#),
        Case(name: "outOfRangeDeleteTheDataSourceShowsIsKeptInRange",
             body: #"{"before":[3],"after":[2],"updates":{"deleteItems":[[0,5]]}}"#,
             errors: #"[{"code":"DELETE_ITEM_OUT_OF_RANGE","message":"attempt to delete item 5 from section 0 which only contains 3 items before the update","update":"deleteItems","index":0,"indexPath":[0,5],"section":0,"fix":"Use before-coordinates: section 0 had 3 items before the update; check the data source was not mutated before the batch. Fix: change deleteItems[0] from [0, 5] to [0, 2]. The data source's counts show the delete happened, so it is kept, in range.","edits":[{"op":"replace","path":"/updates/deleteItems/0","value":[0,2]}]}]"#),
        Case(name: "deletedAndMovedSectionThatIsGoneKeepsTheDelete",
             body: #"{"before":[2,3],"after":[2],"updates":{"deleteSections":[1],"moveSections":[[1,0]]}}"#,
             errors: #"[{"code":"DELETE_AND_MOVE_SAME_SECTION","message":"attempt to perform a delete and a move from the same section (1)","update":"deleteSections","index":0,"section":1,"fix":"Either delete section 1 or move it, not both. Fix: drop moveSections[0] ([1, 0]).","edits":[{"op":"remove","path":"/updates/moveSections/0"}]}]"#),
        Case(name: "sectionAppearedAtTheTopIsInsertedThere",
             body: #"{"before":[2,3],"after":[5,2,3]}"#,
             errors: #"[{"code":"INVALID_NUMBER_OF_SECTIONS","message":"Invalid update: invalid number of sections.  The number of sections contained in the collection view after the update (3) must be equal to the number of sections contained in the collection view before the update (2), plus or minus the number of sections inserted or deleted (0 inserted, 0 deleted).","update":"dataSource","index":null,"fix":"The data source reports 3 sections after the update, but the updates account for 2: 2 before + 0 inserted − 0 deleted; 1 section appeared without an insert. Fix: add 0 to insertSections. If the data source is what is wrong instead, the collection view must report 2 sections after the update.","edits":[{"op":"add","path":"/updates/insertSections/-","value":0}]}]"#),
        Case(name: "sectionAppearedInTheMiddleIsInsertedThere",
             body: #"{"before":[2,3],"after":[2,9,3]}"#,
             errors: #"[{"code":"INVALID_NUMBER_OF_SECTIONS","message":"Invalid update: invalid number of sections.  The number of sections contained in the collection view after the update (3) must be equal to the number of sections contained in the collection view before the update (2), plus or minus the number of sections inserted or deleted (0 inserted, 0 deleted).","update":"dataSource","index":null,"fix":"The data source reports 3 sections after the update, but the updates account for 2: 2 before + 0 inserted − 0 deleted; 1 section appeared without an insert. Fix: add 1 to insertSections. If the data source is what is wrong instead, the collection view must report 2 sections after the update.","edits":[{"op":"add","path":"/updates/insertSections/-","value":1}]}]"#),
        Case(name: "outOfRangeSectionReloadIsOneErrorNotTwo",
             body: #"{"before":[2,3],"after":[2,3],"updates":{"reloadSections":[4]}}"#,
             errors: #"[{"code":"DELETE_SECTION_OUT_OF_RANGE","message":"attempt to delete section 4, but there are only 2 sections before the update","update":"reloadSections","index":0,"section":4,"fix":"Delete sections in before-coordinates: valid sections are 0..<2. Fix: drop reloadSections[0] (4).","edits":[{"op":"remove","path":"/updates/reloadSections/0"}]}]"#),
        Case(name: "moveOutOfADeletedSectionBecomesAnInsertWhenTheCountsSaySo",
             body: #"{"before":[2,1],"after":[3],"updates":{"deleteSections":[1],"moveItems":[[[1,0],[0,2]]]}}"#,
             errors: #"[{"code":"MOVE_FROM_DELETED_SECTION","message":"cannot move an item from a deleted section","update":"moveItems","index":0,"indexPath":[1,0],"section":1,"fix":"Section 1 is deleted, so no item can move out of it; one that survives is inserted at its destination instead. Fix: add [0, 2] to insertItems, drop moveItems[0] ([[1, 0], [0, 2]]). Of the ways to fix it, this one fits the counts the data source reports best and leaves the fewest other errors.","edits":[{"op":"add","path":"/updates/insertItems/-","value":[0,2]},{"op":"remove","path":"/updates/moveItems/0"}]}]"#),
        Case(name: "moveIntoAnInsertedSectionBecomesADeleteWhenTheCountsSaySo",
             body: #"{"before":[3],"after":[2,1],"updates":{"insertSections":[1],"moveItems":[[[0,0],[1,0]]]}}"#,
             errors: #"[{"code":"MOVE_INTO_INSERTED_SECTION","message":"cannot move an item into a newly inserted section (1)","update":"moveItems","index":0,"indexPath":[1,0],"section":1,"fix":"Section 1 is inserted and gets its items from the data source, so nothing can move into it; delete the item at its old place instead. Fix: add [0, 0] to deleteItems, drop moveItems[0] ([[0, 0], [1, 0]]). Of the ways to fix it, this one fits the counts the data source reports best and leaves the fewest other errors.","edits":[{"op":"add","path":"/updates/deleteItems/-","value":[0,0]},{"op":"remove","path":"/updates/moveItems/0"}]}]"#),
        Case(name: "manyMissingItemsAreAReloadOfTheSection",
             body: #"{"before":[0],"after":[100]}"#,
             errors: #"[{"code":"INVALID_NUMBER_OF_ITEMS","message":"Invalid update: invalid number of items in section 0.  The number of items contained in an existing section after the update (100) must be equal to the number of items contained in that section before the update (0), plus or minus the number of items inserted or deleted from that section (0 inserted, 0 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out).","update":"dataSource","index":null,"section":0,"fix":"The data source reports 100 items in section 0 after the update, but the updates account for 0: 0 before + 0 inserted − 0 deleted + 0 moved in − 0 moved out; 100 items appeared without an insert. Fix: add 0 to reloadSections. A reloaded section may change its count. If the data source is what is wrong instead, it must report 0 items in section 0.","edits":[{"op":"add","path":"/updates/reloadSections/-","value":0}]}]"#),
        Case(name: "repeatedDeleteInACollectionViewIsDroppedToBalanceTheCount",
             body: #"{"before":[3],"after":[2],"updates":{"deleteItems":[[0,0],[0,0]]}}"#,
             errors: #"[{"code":"INVALID_NUMBER_OF_ITEMS","message":"Invalid update: invalid number of items in section 0.  The number of items contained in an existing section after the update (2) must be equal to the number of items contained in that section before the update (3), plus or minus the number of items inserted or deleted from that section (0 inserted, 2 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out).","update":"dataSource","index":null,"section":0,"fix":"The data source reports 2 items in section 0 after the update, but the updates account for 1: 3 before + 0 inserted − 2 deleted + 0 moved in − 0 moved out; 1 item appeared without an insert. Fix: drop deleteItems[1] ([0, 0]). If the data source is what is wrong instead, it must report 1 items in section 0.","edits":[{"op":"remove","path":"/updates/deleteItems/1"}]}]"#),
        Case(name: "crossSectionMoveToAnOutOfRangeRowIsKeptInRange",
             body: #"{"before":[2,2],"after":[1,3],"updates":{"moveItems":[[[0,0],[1,7]]]}}"#,
             errors: #"[{"code":"MOVE_ITEM_DESTINATION_OUT_OF_RANGE","message":"attempt to move index path (<NSIndexPath: 0xPTR> {length = 2, path = 0 - 0}) to index path (<NSIndexPath: 0xPTR> {length = 2, path = 1 - 7}) that does not exist - there are only 3 items in section 1 after the update","update":"moveItems","index":0,"indexPath":[1,7],"section":1,"fix":"Move destinations are after-coordinates: section 1 has 3 items after the update. Fix: change moveItems[0] from [[0, 0], [1, 7]] to [[0, 0], [1, 2]]. The data source's counts show the move happened, so it is kept, in range.","edits":[{"op":"replace","path":"/updates/moveItems/0","value":[[0,0],[1,2]]}]}]"#),
        Case(name: "deleteAndReloadWhereTheItemSurvivedKeepsTheReload",
             body: #"{"before":[3],"after":[3],"updates":{"deleteItems":[[0,1]],"reloadItems":[[0,1]]}}"#,
             errors: #"[{"code":"DELETE_AND_RELOAD_SAME_INDEX_PATH","message":"attempt to delete and reload the same index path (<NSIndexPath: 0xPTR> {length = 2, path = 0 - 1})","update":"reloadItems","index":0,"indexPath":[0,1],"fix":"A deleted item needs no reload, and a reloaded one is not deleted: keep one of the two. Fix: drop deleteItems[0] ([0, 1]). Of the ways to fix it, this one fits the counts the data source reports best and leaves the fewest other errors.","edits":[{"op":"remove","path":"/updates/deleteItems/0"}]}]"#),
        Case(name: "deleteAndReloadWhereTheItemWentKeepsTheDelete",
             body: #"{"before":[3],"after":[2],"updates":{"deleteItems":[[0,1]],"reloadItems":[[0,1]]}}"#,
             errors: #"[{"code":"DELETE_AND_RELOAD_SAME_INDEX_PATH","message":"attempt to delete and reload the same index path (<NSIndexPath: 0xPTR> {length = 2, path = 0 - 1})","update":"reloadItems","index":0,"indexPath":[0,1],"fix":"A deleted item needs no reload, and a reloaded one is not deleted: keep one of the two. Fix: drop reloadItems[0] ([0, 1]).","edits":[{"op":"remove","path":"/updates/reloadItems/0"}]}]"#),
        Case(name: "reloadAndMoveOfOneItemKeepsTheMove",
             body: #"{"before":[3],"updates":{"reloadItems":[[0,0]],"moveItems":[[[0,0],[0,2]]]}}"#,
             errors: #"[{"code":"DELETE_AND_MOVE_SAME_INDEX_PATH","message":"attempt to perform a delete and a move from the same index path (<NSIndexPath: 0xPTR> {length = 2, path = 0 - 0})","update":"reloadItems","index":0,"indexPath":[0,0],"section":0,"fix":"A reload is a delete plus an insert, so a reloaded item cannot also move (to move and refresh it, reload 0 - 0 in a separate batch after the move, or use reconfigureItems). Fix: drop reloadItems[0] ([0, 0]).","edits":[{"op":"remove","path":"/updates/reloadItems/0"}]}]"#),
        Case(name: "insertAndMoveToOneIndexPathKeepsWhatTheCountsShow",
             body: #"{"before":[3],"after":[4],"updates":{"insertItems":[[0,1]],"moveItems":[[[0,2],[0,1]]]}}"#,
             errors: #"[{"code":"INSERT_AND_MOVE_SAME_INDEX_PATH","message":"attempt to perform an insert and a move to the same index path (<NSIndexPath: 0xPTR> {length = 2, path = 0 - 1})","update":"insertItems","index":0,"indexPath":[0,1],"section":0,"fix":"Insert and move destination 0 - 1 collide; give each its own after-coordinate. Fix: drop moveItems[0] ([[0, 2], [0, 1]]). Of the ways to fix it, this one fits the counts the data source reports best and leaves the fewest other errors.","edits":[{"op":"remove","path":"/updates/moveItems/0"}]}]"#),
        Case(name: "outOfRangeSectionInsertTheDataSourceShowsIsKeptInRange",
             body: #"{"before":[2],"after":[2,1],"updates":{"insertSections":[2]}}"#,
             errors: #"[{"code":"INSERT_SECTION_OUT_OF_RANGE","message":"attempt to insert section 2 but there are only 2 sections after the update","update":"insertSections","index":0,"section":2,"fix":"Insert sections in after-coordinates: the data source reports 2 sections after the update. Fix: change insertSections[0] from 2 to 1. The data source's counts show the section insert happened, so it is kept, in range.","edits":[{"op":"replace","path":"/updates/insertSections/0","value":1}]}]"#),
        Case(name: "deletedAndMovedSectionTheDataSourceShowsNeitherDropsBoth",
             body: #"{"before":[5,3],"after":[5,3],"updates":{"deleteSections":[1],"moveSections":[[1,0]]}}"#,
             errors: #"[{"code":"DELETE_AND_MOVE_SAME_SECTION","message":"attempt to perform a delete and a move from the same section (1)","update":"deleteSections","index":0,"section":1,"fix":"Either delete section 1 or move it, not both. Fix: drop deleteSections[0] (1), drop moveSections[0] ([1, 0]). Of the ways to fix it, this one fits the counts the data source reports best and leaves the fewest other errors.","edits":[{"op":"remove","path":"/updates/deleteSections/0"},{"op":"remove","path":"/updates/moveSections/0"}]}]"#),
    ]

    @Test(arguments: cases)
    func errorsAndFixes(_ c: Case) throws {
        let r = app.post(c.body, target: "/batch/validate")
        #expect(r.status == 200)
        #expect(r.text.hasPrefix(#"{"valid":false,"errors":"# + c.errors + #","warnings":"#), "\(r.text)")
        // The fixed batch, sent back with the same counts, is accepted.
        let fixed = batchValue(r, "fixedUpdates")
        guard case .object(var request) = try JSONParser.parse(Array(c.body.utf8)) else { Issue.record("body"); return }
        request.members.removeAll { $0.key == "updates" }
        request.members.append(JSONMember(key: "updates", value: fixed))
        let again = app.post(String(decoding: JSON.object(request).serializedBytes(), as: UTF8.self), target: "/batch/validate")
        #expect(batchValue(again, "valid") == true, "\(again.text)")
    }
}
