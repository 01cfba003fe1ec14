import Testing
@testable import UpdateEngine

/// Every UIKit reason of spec §2, exact text, both flavors where the wording differs.
@Suite struct BatchMessageTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var before: [Int]
        var after: [Int]?
        var updates: BatchUpdates
        var code: String
        var collection: String
        var table: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "delete and reload", before: [5], after: nil,
             updates: BatchUpdates(deleteItems: [ip(0, 3)], reloadItems: [ip(0, 3)]),
             code: "DELETE_AND_RELOAD_SAME_INDEX_PATH",
             collection: "attempt to delete and reload the same index path (\(ns(0, 3)))",
             table: "attempt to delete and reload the same index path (\(ns(0, 3)))"),
        Case(name: "delete and move index path", before: [5], after: nil,
             updates: BatchUpdates(deleteItems: [ip(0, 1)], moveItems: [mv(ip(0, 1), ip(0, 3))]),
             code: "DELETE_AND_MOVE_SAME_INDEX_PATH",
             collection: "attempt to perform a delete and a move from the same index path (\(ns(0, 1)))",
             table: "attempt to perform a delete and a move from the same index path (\(ns(0, 1)))"),
        Case(name: "delete and move section", before: [1, 1, 1], after: nil,
             updates: BatchUpdates(deleteSections: [1], moveSections: [SectionMove(from: 1, to: 1)]),
             code: "DELETE_AND_MOVE_SAME_SECTION",
             collection: "attempt to perform a delete and a move from the same section (1)",
             table: "attempt to perform a delete and a move from the same section (1)"),
        Case(name: "delete section out of range", before: [1, 1, 1, 1], after: nil,
             updates: BatchUpdates(deleteSections: [4]), code: "DELETE_SECTION_OUT_OF_RANGE",
             collection: "attempt to delete section 4, but there are only 4 sections before the update",
             table: "attempt to delete section 4, but there are only 4 sections before the update"),
        Case(name: "delete row from missing section", before: [], after: nil,
             updates: BatchUpdates(deleteItems: [ip(0, 0)]), code: "DELETE_ITEM_SECTION_OUT_OF_RANGE",
             collection: "attempt to delete item 0 from section 0, but there are only 0 sections before the update",
             table: "attempt to delete row 0 from section 0, but there are only 0 sections before the update"),
        Case(name: "delete row past the end", before: [6], after: nil,
             updates: BatchUpdates(deleteItems: [ip(0, 6)]), code: "DELETE_ITEM_OUT_OF_RANGE",
             collection: "attempt to delete item 6 from section 0 which only contains 6 items before the update",
             table: "attempt to delete row 6 from section 0 which only contains 6 rows before the update"),
        Case(name: "move from deleted section", before: [2, 2], after: nil,
             updates: BatchUpdates(moveItems: [mv(ip(0, 0), ip(0, 1))], deleteSections: [0]),
             code: "MOVE_FROM_DELETED_SECTION",
             collection: "cannot move an item from a deleted section", table: "cannot move a row from a deleted section"),
        Case(name: "insert and move section", before: [1, 1], after: nil,
             updates: BatchUpdates(insertSections: [0], moveSections: [SectionMove(from: 1, to: 0)]),
             code: "INSERT_AND_MOVE_SAME_SECTION",
             collection: "attempt to perform an insert and a move to the same section (0)",
             table: "attempt to perform an insert and a move to the same section (0)"),
        Case(name: "insert and move index path", before: [3], after: nil,
             updates: BatchUpdates(insertItems: [ip(0, 1)], moveItems: [mv(ip(0, 0), ip(0, 1))]),
             code: "INSERT_AND_MOVE_SAME_INDEX_PATH",
             collection: "attempt to perform an insert and a move to the same index path (\(ns(0, 1)))",
             table: "attempt to perform an insert and a move to the same index path (\(ns(0, 1)))"),
        Case(name: "insert section out of range", before: [1], after: [1, 0],
             updates: BatchUpdates(insertSections: [5]), code: "INSERT_SECTION_OUT_OF_RANGE",
             collection: "attempt to insert section 5 but there are only 2 sections after the update",
             table: "attempt to insert section 5 but there are only 2 sections after the update"),
        Case(name: "insert row into missing section", before: [1], after: [2],
             updates: BatchUpdates(insertItems: [ip(3, 0)]), code: "INSERT_ITEM_SECTION_OUT_OF_RANGE",
             collection: "attempt to insert item 0 into section 3, but there are only 1 sections after the update",
             table: "attempt to insert row 0 into section 3, but there are only 1 sections after the update"),
        Case(name: "insert row past the end", before: [1], after: [2],
             updates: BatchUpdates(insertItems: [ip(0, 5)]), code: "INSERT_ITEM_OUT_OF_RANGE",
             collection: "attempt to insert item 5 into section 0, but there are only 2 items in section 0 after the update",
             table: "attempt to insert row 5 into section 0, but there are only 2 rows in section 0 after the update"),
        Case(name: "move into inserted section", before: [2], after: [1, 1],
             updates: BatchUpdates(moveItems: [mv(ip(0, 0), ip(1, 0))], insertSections: [1]),
             code: "MOVE_INTO_INSERTED_SECTION",
             collection: "cannot move an item into a newly inserted section (1)",
             table: "cannot move a row into a newly inserted section (1)"),
        Case(name: "move section out of range", before: [1, 1], after: nil,
             updates: BatchUpdates(moveSections: [SectionMove(from: 2, to: 0)]), code: "MOVE_SECTION_OUT_OF_RANGE",
             collection: "attempt to move section 2, but there are only 2 sections before the update",
             table: "attempt to move section 2, but there are only 2 sections before the update"),
        Case(name: "move section destination out of range", before: [1, 1], after: nil,
             updates: BatchUpdates(moveSections: [SectionMove(from: 0, to: 2)]),
             code: "MOVE_SECTION_DESTINATION_OUT_OF_RANGE",
             collection: "attempt to to move section 0 to section 2, but there are only 2 sections after the update",
             table: "attempt to to move section 0 to section 2, but there are only 2 sections after the update"),
        Case(name: "move from missing section", before: [1], after: nil,
             updates: BatchUpdates(moveItems: [mv(ip(1, 0), ip(0, 0))]), code: "MOVE_ITEM_SECTION_OUT_OF_RANGE",
             collection: "attempt to move index path (\(ns(1, 0))) from a section that does not exist - there are only 1 sections before the update",
             table: "attempt to move index path (\(ns(1, 0))) from a section that does not exist - there are only 1 sections before the update"),
        Case(name: "move missing item", before: [2], after: nil,
             updates: BatchUpdates(moveItems: [mv(ip(0, 2), ip(0, 0))]), code: "MOVE_ITEM_OUT_OF_RANGE",
             collection: "attempt to move index path (\(ns(0, 2))) that does not exist - there are only 2 items in section 0 before the update",
             table: "attempt to move index path (\(ns(0, 2))) that does not exist - there are only 2 rows in section 0 before the update"),
        Case(name: "move to missing section", before: [2], after: nil,
             updates: BatchUpdates(moveItems: [mv(ip(0, 0), ip(1, 0))]), code: "MOVE_ITEM_DESTINATION_SECTION_OUT_OF_RANGE",
             collection: "attempt to move index path (\(ns(0, 0))) to index path (\(ns(1, 0))) in section that does not exist - there are only 1 sections after the update",
             table: "attempt to move index path (\(ns(0, 0))) to index path (\(ns(1, 0))) in section that does not exist - there are only 1 sections after the update"),
        Case(name: "move to missing item", before: [2], after: nil,
             updates: BatchUpdates(moveItems: [mv(ip(0, 0), ip(0, 2))]), code: "MOVE_ITEM_DESTINATION_OUT_OF_RANGE",
             collection: "attempt to move index path (\(ns(0, 0))) to index path (\(ns(0, 2))) that does not exist - there are only 2 items in section 0 after the update",
             table: "attempt to move index path (\(ns(0, 0))) to index path (\(ns(0, 2))) that does not exist - there are only 2 rows in section 0 after the update"),
        Case(name: "section to both", before: [1, 1, 1], after: nil,
             updates: BatchUpdates(moveSections: [SectionMove(from: 0, to: 1), SectionMove(from: 0, to: 2)]),
             code: "MOVE_SECTION_TO_TWO_DESTINATIONS",
             collection: "attempt to move section 0 to both section 1 and section 2",
             table: "attempt to move section 0 to both section 1 and section 2"),
        Case(name: "item to both", before: [3], after: nil,
             updates: BatchUpdates(moveItems: [mv(ip(0, 0), ip(0, 1)), mv(ip(0, 0), ip(0, 2))]),
             code: "MOVE_ITEM_TO_TWO_DESTINATIONS",
             collection: "attempt to move item at index path \(ns(0, 0)) to both \(ns(0, 1)) and \(ns(0, 2))",
             table: "attempt to move row at index path \(ns(0, 0)) to both \(ns(0, 1)) and \(ns(0, 2))"),
        Case(name: "both sections", before: [1, 1, 1], after: nil,
             updates: BatchUpdates(moveSections: [SectionMove(from: 0, to: 2), SectionMove(from: 1, to: 2)]),
             code: "MOVE_TWO_SECTIONS_TO_SAME_DESTINATION",
             collection: "attempt to move both section 0 and section 1 to section 2",
             table: "attempt to move both section 0 and section 1 to section 2"),
        Case(name: "both items", before: [3], after: nil,
             updates: BatchUpdates(moveItems: [mv(ip(0, 0), ip(0, 2)), mv(ip(0, 1), ip(0, 2))]),
             code: "MOVE_TWO_ITEMS_TO_SAME_DESTINATION",
             collection: "attempt to move both item at index path \(ns(0, 0)) and \(ns(0, 1)) to \(ns(0, 2))",
             table: "attempt to move both row at index path \(ns(0, 0)) and \(ns(0, 1)) to \(ns(0, 2))"),
        Case(name: "number of sections", before: [1], after: [1, 1], updates: BatchUpdates(),
             code: "INVALID_NUMBER_OF_SECTIONS",
             collection: "Invalid update: invalid number of sections.  The number of sections contained in the collection view after the update (2) must be equal to the number of sections contained in the collection view before the update (1), plus or minus the number of sections inserted or deleted (0 inserted, 0 deleted).",
             table: "Invalid update: invalid number of sections.  The number of sections contained in the table view after the update (2) must be equal to the number of sections contained in the table view before the update (1), plus or minus the number of sections inserted or deleted (0 inserted, 0 deleted)."),
        Case(name: "number of items", before: [10], after: [10],
             updates: BatchUpdates(deleteItems: (0..<9).map { ip(0, $0) }), code: "INVALID_NUMBER_OF_ITEMS",
             collection: "Invalid update: invalid number of items in section 0.  The number of items contained in an existing section after the update (10) must be equal to the number of items contained in that section before the update (10), plus or minus the number of items inserted or deleted from that section (0 inserted, 9 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out).",
             table: "Invalid update: invalid number of rows in section 0.  The number of rows contained in an existing section after the update (10) must be equal to the number of rows contained in that section before the update (10), plus or minus the number of rows inserted or deleted from that section (0 inserted, 9 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out)."),
    ]

    @Test(arguments: cases)
    func collectionViewRaisesUIKitsExactReason(_ c: Case) {
        let v = check(c.before, c.after, c.updates, .collectionView)
        #expect(!v.valid)
        #expect(v.errors.first?.code == c.code)
        #expect(v.uikitException == c.collection)
        #expect(v.errors.first?.message == c.collection)
        #expect(v.errors.first?.fix.isEmpty == false)
    }

    @Test(arguments: cases)
    func tableViewRaisesUIKitsExactReason(_ c: Case) {
        let v = check(c.before, c.after, c.updates, .tableView)
        #expect(!v.valid)
        #expect(v.errors.first?.code == c.code)
        #expect(v.uikitException == c.table)
    }

    @Test func deleteAndReloadOfTheSameSectionPrintsTheSectionAsAnIndexPathWithRowNSNotFound() {
        let v = check([1, 1], nil, BatchUpdates(deleteSections: [1], reloadSections: [1]))
        #expect(v.errors.first?.code == "DELETE_AND_RELOAD_SAME_SECTION")
        #expect(v.uikitException == "attempt to delete and reload the same index path (\(ns(1, 9223372036854775807)))")
    }

    @Test func deletingMoreItemsThanASectionHoldsUsesTheRareVariant() {
        let v = check([1], [0], BatchUpdates(deleteItems: [ip(0, 0), ip(0, 0)]), .collectionView)
        #expect(v.errors.first?.code == "DELETE_MORE_ITEMS_THAN_EXIST")
        #expect(v.uikitException == "Invalid update: invalid number of items in section 0.  Attempt to delete more items than exist in section.")
        #expect(v.warnings.map(\.code) == ["DUPLICATE_DELETE"])
    }

    @Test func iOS164ReasonListsDeletesThenInsertsForACountMismatch() {
        let updates = BatchUpdates(deleteItems: [ip(0, 27384)], insertItems: [ip(0, 27384)])
        let v = check([27386], [27385], updates)
        #expect(v.uikitException164 == "Invalid batch updates detected: the number of sections and/or items returned by the data source before and/or after performing the batch updates are inconsistent with the updates. Data source before updates = { 1 section with item counts: [27386] } Data source after updates = { 1 section with item counts: [27385] } Updates = [ Delete item (0 - 27384), Insert item (0 - 27384) ]")
        let reload = check([27386], [27385], BatchUpdates(reloadItems: [ip(0, 27384)]))
        #expect(reload.uikitException164 == v.uikitException164)
    }

    @Test func iOS164ReasonForTableViewsSaysRowsAndListsNoUpdates() {
        let v = check([3], [2], BatchUpdates(), .tableView)
        #expect(v.uikitException164 == "Invalid batch updates detected: the number of sections and/or rows returned by the data source before and/or after performing the batch updates are inconsistent with the updates. Data source before updates = { 1 section with row counts: [3] } Data source after updates = { 1 section with row counts: [2] } Updates = [ ]")
    }

    @Test func iOS164ReasonListsDeletesDescendingSectionsAndMoves() {
        let updates = BatchUpdates(deleteItems: [ip(0, 0), ip(0, 1)], insertItems: [ip(1, 0)],
                                   moveItems: [mv(ip(1, 0), ip(1, 1))], deleteSections: [2])
        let v = check([2, 2, 1], [1, 2], updates, .tableView)
        #expect(v.uikitException164 == "Invalid batch updates detected: the number of sections and/or rows returned by the data source before and/or after performing the batch updates are inconsistent with the updates. Data source before updates = { 3 sections with row counts: [2, 2, 1] } Data source after updates = { 2 sections with row counts: [1, 2] } Updates = [ Delete section 2, Delete row (0 - 1), Delete row (0 - 0), Insert row (1 - 0), Move row (1 - 0) to (1 - 1) ]")
    }

    @Test func structuralFailuresHaveNoIOS164Reason() {
        let v = check([6], nil, BatchUpdates(deleteItems: [ip(0, 6)]))
        #expect(v.uikitException164 == nil)
    }
}
