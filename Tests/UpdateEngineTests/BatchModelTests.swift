import Testing
@testable import UpdateEngine

/// `mapping` and `steps` of valid batches (spec §1 semantics).
@Suite struct BatchModelTests {
    @Test func stepsDeleteDescendingThenInsertAscendingWithMovesSplit() {
        let updates = BatchUpdates(deleteItems: [ip(0, 0)], insertItems: [ip(0, 1)], moveItems: [mv(ip(0, 2), ip(0, 0))])
        let v = check([3], [3], updates)
        #expect(v.steps == [.deleteItem(ip(0, 2)), .deleteItem(ip(0, 0)),
                            .insertItem(ip(0, 0), movedFrom: ip(0, 2)), .insertItem(ip(0, 1), movedFrom: nil)])
        #expect(v.mapping == [ItemMapping(from: ip(0, 0), to: nil), ItemMapping(from: ip(0, 1), to: ip(0, 2)),
                              ItemMapping(from: ip(0, 2), to: ip(0, 0))])
    }

    @Test func sectionStepsCarryMovedSectionsAndFreshCounts() {
        let updates = BatchUpdates(deleteItems: [ip(1, 0)], deleteSections: [0], insertSections: [2],
                                   moveSections: [SectionMove(from: 2, to: 0)])
        let v = check([1, 2, 3], [3, 1, 4], updates)
        #expect(v.valid)
        #expect(v.steps == [.deleteItem(ip(1, 0)), .deleteSection(2), .deleteSection(0),
                            .insertSection(0, itemCount: 3, movedFrom: 2), .insertSection(2, itemCount: 4, movedFrom: nil)])
        #expect(v.mapping?.map(\.to) == [nil, nil, ip(1, 0), ip(0, 0), ip(0, 1), ip(0, 2)])
        #expect(applySteps([["a"], ["b", "c"], ["d", "e", "f"]], v.steps ?? [], [["d", "e", "f"], ["c"], ["w", "x", "y", "z"]])
                == [["d", "e", "f"], ["c"], ["w", "x", "y", "z"]])
    }

    @Test func reloadedItemsMapToUIKitsReInsertPosition() {
        let v = check([3], [2], BatchUpdates(deleteItems: [ip(0, 0)], reloadItems: [ip(0, 2)]))
        #expect(v.mapping?.map(\.to) == [nil, ip(0, 0), ip(0, 1)])
        #expect(v.steps == [.deleteItem(ip(0, 2)), .deleteItem(ip(0, 0)), .insertItem(ip(0, 1), movedFrom: nil)])
    }

    @Test func invalidBatchesHaveNoModel() {
        let v = check([3], [4], BatchUpdates())
        #expect(v.after == nil && v.mapping == nil && v.steps == nil)
    }

    @Test func largeBatchMappingCoversEveryOldItem() {
        let before = Array(repeating: 1_000, count: 10)
        let deletes = (0..<10).flatMap { s in stride(from: 0, to: 1_000, by: 3).map { ip(s, $0) } }
        let v = check(before, nil, BatchUpdates(deleteItems: deletes))
        #expect(v.valid)
        #expect(v.mapping?.count == 10_000)
        #expect(v.after == Array(repeating: 666, count: 10))
        #expect(v.mapping?[1].to == ip(0, 0))
    }
}
