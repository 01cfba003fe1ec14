import Testing
@testable import UpdateEngine

/// The update model of spec §1 and the worked scenarios of the spec and the linked reports.
@Suite struct BatchRuleTests {
    @Test func fetchedResultsControllerSectionDeletePlusRowDeleteIsLegal() {
        let v = check([2, 3], [3], BatchUpdates(deleteItems: [ip(0, 1)], deleteSections: [0]), .tableView)
        #expect(v.valid)
        #expect(v.errors.isEmpty)
        #expect(v.after == [3])
        #expect(v.mapping?.map(\.to) == [nil, nil, ip(0, 0), ip(0, 1), ip(0, 2)])
    }

    @Test func rowDeletesInsideADeletedSectionAreDroppedWithoutAnyCheck() {
        let v = check([2, 3], [3], BatchUpdates(deleteItems: [ip(0, 99)], deleteSections: [0]))
        #expect(v.valid)
    }

    @Test func rotatingThreeItemsNeedsOnlyTwoMoves() {
        let v = check([3], [3], BatchUpdates(moveItems: [mv(ip(0, 1), ip(0, 0)), mv(ip(0, 2), ip(0, 1))]))
        #expect(v.valid)
        #expect(v.mapping?.map(\.to) == [ip(0, 2), ip(0, 0), ip(0, 1)])
    }

    @Test func magicInsertReloadCollidesWithAMoveDestination() {
        // Apple forums: remove 1, move 0->1, move 3->0, reload 2.
        let updates = BatchUpdates(deleteItems: [ip(0, 1)], reloadItems: [ip(0, 2)],
                                   moveItems: [mv(ip(0, 0), ip(0, 1)), mv(ip(0, 3), ip(0, 0))])
        let v = check([4], [3], updates, .tableView)
        #expect(!v.valid)
        #expect(v.uikitException == "attempt to perform an insert and a move to the same index path (\(ns(0, 1)))")
        #expect(v.errors.first?.update == "reloadItems")
        #expect(v.errors.first?.index == 0)
    }

    @Test func reloadPlusSectionMoveGivesTheBadMathError() {
        // rdar 27041784: the reload is re-inserted into new section 0, which is old section 1.
        let updates = BatchUpdates(reloadItems: [ip(0, 0)], moveSections: [SectionMove(from: 0, to: 1)])
        let v = check([1, 1], [1, 1], updates, .tableView)
        #expect(v.uikitException == "Invalid update: invalid number of rows in section 0.  The number of rows contained in an existing section after the update (1) must be equal to the number of rows contained in that section before the update (1), plus or minus the number of rows inserted or deleted from that section (1 inserted, 0 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out).")
        #expect(v.errors.map(\.section) == [0, 1])
    }

    @Test func reloadPlusMoveFromTheSameRowIsReportedAsADeleteAndAMove() {
        // rdar 33662307.
        let v = check([3], [3], BatchUpdates(reloadItems: [ip(0, 1)], moveItems: [mv(ip(0, 1), ip(0, 2))]))
        #expect(v.uikitException == "attempt to perform a delete and a move from the same index path (\(ns(0, 1)))")
        #expect(v.errors.first?.update == "reloadItems")
    }

    @Test func tableViewSilentlyDropsDuplicateDeletes() {
        let v = check([3], [2], BatchUpdates(deleteItems: [ip(0, 1), ip(0, 1)]), .tableView)
        #expect(v.valid)
        #expect(v.warnings.isEmpty)
    }

    @Test func collectionViewDuplicateDeleteIsAWarningThatStrictTurnsIntoAnError() {
        let updates = BatchUpdates(deleteItems: [ip(0, 1), ip(0, 1)])
        let v = check([3], [1], updates)
        #expect(v.valid)
        #expect(v.warnings.map(\.code) == ["DUPLICATE_DELETE"])
        #expect(v.warnings.first?.index == 1)
        let strict = check([3], [1], updates, strict: true)
        #expect(!strict.valid)
        #expect(strict.errors.map(\.code) == ["DUPLICATE_DELETE"])
        #expect(strict.uikitException == nil)
        #expect(strict.warnings.isEmpty)
    }

    @Test func reloadingTheSameItemTwiceInACollectionViewIsADuplicateDelete() {
        let v = check([3], [3], BatchUpdates(reloadItems: [ip(0, 2), ip(0, 2)]))
        #expect(v.valid)
        #expect(v.warnings.map(\.update) == ["reloadItems"])
    }

    @Test func tableViewDeduplicatesInserts() {
        #expect(check([1], [2], BatchUpdates(insertItems: [ip(0, 0), ip(0, 0)]), .tableView).valid)
    }

    @Test func rowInsertsIntoAnInsertedSectionAreBoundsCheckedThenDropped() {
        #expect(check([1], [1, 2], BatchUpdates(insertItems: [ip(1, 1)], insertSections: [1])).valid)
        let v = check([1], [1, 2], BatchUpdates(insertItems: [ip(1, 5)], insertSections: [1]))
        #expect(v.uikitException == "attempt to insert item 5 into section 1, but there are only 2 items in section 1 after the update")
    }

    @Test func countMessageNamesTheNewSectionAndTheOldSectionsCount() {
        let v = check([1, 5], [0, 1, 4], BatchUpdates(insertSections: [0]))
        #expect(v.uikitException == "Invalid update: invalid number of items in section 2.  The number of items contained in an existing section after the update (4) must be equal to the number of items contained in that section before the update (5), plus or minus the number of items inserted or deleted from that section (0 inserted, 0 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out).")
        #expect(v.expectedAfter == [0, 1, 5])
    }

    @Test func crossSectionMovesCountAsMovedInAndOut() {
        let updates = BatchUpdates(moveItems: [mv(ip(0, 0), ip(1, 0))])
        #expect(check([2, 2], [1, 3], updates).valid)
        let v = check([2, 2], [2, 2], updates)
        #expect(v.errors.first?.message.hasSuffix("(0 inserted, 0 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 1 moved out).") == true)
        #expect(v.errors.count == 2)
        #expect(v.errors.last?.message.hasSuffix("(1 moved in, 0 moved out).") == true)
    }

    @Test func movesWithinASectionAreNotCounted() {
        #expect(check([3], [3], BatchUpdates(moveItems: [mv(ip(0, 0), ip(0, 2))])).valid)
    }

    @Test func aMoveIntoTheSectionItsOldSectionBecameIsNotCrossSection() {
        let updates = BatchUpdates(moveItems: [mv(ip(0, 0), ip(1, 0))], moveSections: [SectionMove(from: 0, to: 1)])
        let v = check([1, 1], [1, 1], updates)
        #expect(v.valid)
        #expect(v.warnings.map(\.code) == ["ITEM_CHANGES_IN_MOVED_SECTION"])
    }

    @Test func reloadReInsertPositionIgnoresMovesAndIsFlagged() {
        let updates = BatchUpdates(reloadItems: [ip(0, 1)], moveItems: [mv(ip(0, 0), ip(0, 2))])
        let v = check([3], [3], updates)
        #expect(v.valid)
        #expect(v.warnings.map(\.code) == ["RELOAD_TARGET_IGNORES_MOVES"])
        #expect(v.warnings.first?.message == "reloadItems[0] (0 - 1) is re-inserted by UIKit at 0 - 1 (old path shifted by deletes and inserts only; moves are ignored), but the item ends up at 0 - 0")
        #expect(v.mapping?.map(\.to) == [ip(0, 2), ip(0, 1), ip(0, 0)])
        #expect(!check([3], [3], updates, strict: true).valid)
    }

    @Test func reloadTargetIsShiftedByDeletesAndInserts() {
        let updates = BatchUpdates(deleteItems: [ip(0, 0)], insertItems: [ip(0, 0), ip(0, 1)], reloadItems: [ip(0, 2)])
        let v = check([4], [5], updates)
        #expect(v.valid)
        #expect(v.warnings.isEmpty)
        // Old 2 -> 1 after the delete, then both inserts at or below it push it to 3.
        #expect(v.mapping?[2].to == ip(0, 3))
    }

    @Test func reloadSectionsIsADeleteAndAnInsertSoTheCountMayChange() {
        let v = check([2, 3], [2, 7], BatchUpdates(reloadSections: [1]))
        #expect(v.valid)
        #expect(v.steps == [.deleteSection(1), .insertSection(1, itemCount: 7, movedFrom: nil)])
        #expect(v.mapping?.map(\.to) == [ip(0, 0), ip(0, 1), ip(1, 0), ip(1, 1), ip(1, 2)])
    }

    @Test func itemChangesInAMovedSectionAreAHazard() {
        let updates = BatchUpdates(insertItems: [ip(1, 0)], moveSections: [SectionMove(from: 0, to: 1)])
        let v = check([2, 2], [2, 3], updates)
        #expect(v.valid)
        #expect(v.warnings.map(\.code) == ["ITEM_CHANGES_IN_MOVED_SECTION"])
        #expect(v.warnings.first?.update == "insertItems")
        let strict = check([2, 2], [2, 3], updates, strict: true)
        #expect(strict.errors.map(\.code) == ["ITEM_CHANGES_IN_MOVED_SECTION"])
    }

    @Test func identicalDuplicateMovesAreDropped() {
        let m = mv(ip(0, 0), ip(0, 2))
        #expect(check([3], [3], BatchUpdates(moveItems: [m, m])).valid)
        let s = SectionMove(from: 0, to: 1)
        #expect(check([1, 2], [2, 1], BatchUpdates(moveSections: [s, s])).valid)
    }

    @Test func withoutAfterCountsTheImpliedCountsAreValidated() {
        let updates = BatchUpdates(deleteItems: [ip(0, 0)], insertItems: [ip(1, 0), ip(1, 1)], insertSections: [1])
        let v = check([2, 3], nil, updates)
        #expect(v.valid)
        #expect(v.after == [1, 2, 3])
        #expect(v.expectedAfter == [1, 2, 3])
    }

    @Test func negativeIndexesAreInputErrors() {
        let v = check([3], nil, BatchUpdates(deleteItems: [ip(0, -1)], moveSections: [SectionMove(from: 0, to: -2)]))
        #expect(!v.valid)
        #expect(v.errors.map(\.code) == ["NEGATIVE_INDEX", "NEGATIVE_INDEX"])
        #expect(v.errors.map(\.update) == ["moveSections", "deleteItems"])
        #expect(v.uikitException == nil)
        #expect(check([-1], nil, BatchUpdates()).errors.first?.code == "NEGATIVE_COUNT")
    }

    @Test func everyViolationIsListedInUIKitsOrder() {
        let updates = BatchUpdates(deleteItems: [ip(0, 1), ip(0, 9)], insertItems: [ip(0, 7)],
                                   reloadItems: [ip(0, 1)], moveItems: [mv(ip(0, 5), ip(0, 0))])
        let v = check([3], [3], updates)
        // The count error UIKit would raise after these is their echo (C4): once the three
        // out-of-range calls are dropped and the delete gives way to the reload, 3 = 3.
        #expect(v.errors.map(\.code) == ["DELETE_AND_RELOAD_SAME_INDEX_PATH", "DELETE_ITEM_OUT_OF_RANGE",
                                         "INSERT_ITEM_OUT_OF_RANGE", "MOVE_ITEM_OUT_OF_RANGE"])
        #expect(v.errors.map(\.index) == [0, 1, 0, 0])
        #expect(v.errors.map { $0.edits.map(\.pointer) } == [["/updates/deleteItems/0"], ["/updates/deleteItems/1"],
                                                               ["/updates/insertItems/0"], ["/updates/moveItems/0"]])
        #expect(v.fixedUpdates == BatchUpdates(reloadItems: [ip(0, 1)]))
    }

    @Test func emptyBatchOverUnchangedCountsIsValid() {
        let v = check([2, 0], [2, 0], BatchUpdates())
        #expect(v.valid)
        #expect(v.steps == [])
        #expect(v.uikitException == nil)
    }
    @Test func repeatedSectionInsertsAreDroppedByTablesButCountedByCollectionViews() {
        let updates = BatchUpdates(insertSections: [1, 1])
        #expect(check([1], [1, 0], updates, .tableView).valid)
        let v = check([1], [1, 0], updates, .collectionView)
        #expect(v.uikitException?.hasSuffix("plus or minus the number of sections inserted or deleted (2 inserted, 0 deleted).") == true)
    }

    @Test func reloadTargetIsShiftedAcrossADeletedSection() {
        let v = check([1, 2], [2], BatchUpdates(reloadItems: [ip(1, 1)], deleteSections: [0]))
        #expect(v.valid)
        #expect(v.mapping?.map(\.to) == [nil, ip(0, 0), ip(0, 1)])
    }

    @Test func countFixNamesTheCountsTheDataSourceMustReport() {
        let v = check([10, 2], [10, 2], BatchUpdates(deleteItems: (0..<9).map { ip(0, $0) }), .tableView)
        // Past `reloadThreshold` missing rows the fix would be a reload; 9 rows are added.
        #expect(v.errors.first?.fix == "The data source reports 10 rows in section 0 after the update, but the updates account for 1: 10 before + 0 inserted − 9 deleted + 0 moved in − 0 moved out; 9 rows appeared without an insert. Fix: add [0, 9] to insertItems, add [0, 8] to insertItems, add [0, 7] to insertItems, add [0, 6] to insertItems, add [0, 5] to insertItems, 4 more (see edits). If the data source is what is wrong instead, it must report 1 rows in section 0.")
        #expect(v.errors.first?.edits.count == 9)
        #expect(v.errors.first?.update == "dataSource")
        #expect(v.expectedAfter == [1, 2])
    }

    @Test func sectionCountFixNamesTheExpectedSectionCount() {
        let v = check([1, 1], [1], BatchUpdates())
        #expect(v.errors.first?.fix == "The data source reports 1 sections after the update, but the updates account for 2: 2 before + 0 inserted − 0 deleted; 1 section disappeared without a delete. Fix: add 1 to deleteSections. If the data source is what is wrong instead, the collection view must report 2 sections after the update.")
        #expect(v.expectedAfter == nil)
    }

    @Test func itemMovesAcrossSectionsUpdateBothCounts() {
        let updates = BatchUpdates(moveItems: [mv(ip(1, 0), ip(1, 0))], deleteSections: [2], insertSections: [0])
        let v = check([1, 2, 5], [0, 2, 1], updates)
        #expect(v.valid)
        #expect(v.steps == [.deleteItem(ip(1, 0)), .deleteSection(2), .insertSection(0, itemCount: 0, movedFrom: nil),
                            .insertItem(ip(1, 0), movedFrom: ip(1, 0))])
    }
}
