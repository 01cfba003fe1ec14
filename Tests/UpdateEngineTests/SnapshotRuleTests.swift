import Testing
@testable import UpdateEngine
import TestSupport

/// Rules of docs/uikit-rules/diffable-snapshots.md beyond its worked examples.
@Suite struct SnapshotRuleTests {
    let abc = snap([("A", ["a", "b"]), ("B", ["c"])])

    func firstError(_ old: DiffableSnapshot, _ ops: [SnapshotOperation], sdk: LinkedSDK = .current) -> SnapshotError? {
        applying(old, ops, sdk: sdk)?.errors.first
    }

    @Test func repeatsAreListedOnceEachInTheOrderFound() {
        let e = firstError(abc, [.appendItems(["x", "c2", "x", "c2", "x"], toSection: nil)])
        #expect(e?.reason == "Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(\n    x,\n    c2\n)}")
    }

    @Test func repeatsThrowForDeletesAndReloadsToo() {
        #expect(firstError(abc, [.deleteItems(["zz", "zz"])])?.code == .duplicateItemIdentifiers)
        #expect(firstError(abc, [.reconfigureItems(["a", "a"])])?.code == .duplicateItemIdentifiers)
        #expect(firstError(abc, [.deleteSections(["Q", "Q"])])?.reason
                == "Fatal: supplied section identifiers are not unique. Duplicate identifiers: {(\n    Q\n)}")
    }

    @Test func severalExistingSectionsPrintAsAnArrayWithQuotes() {
        let old = snap([("A", []), ("my section", [])])
        #expect(firstError(old, [.insertSections(["my section", "N", "A"], .before("A"))])?.reason
                == "Invalid update: destination for section operation [A] is in the inserted section list for update: <_UIDiffableDataSourceUpdate 0xPTR - action: INS destinationIdentifier:A; destIsSection: 0; identifiers: [my section, N, A]>")
        #expect(firstError(old, [.appendSections(["my section", "N", "A"])])?.reason
                == "Diffable data source detected an attempt to insert or append 2 section identifiers that already exist in the snapshot. Identifiers in a snapshot must be unique. Section identifiers that already exist: (\n    \"my section\",\n    A\n)")
    }

    @Test func legacyLinksGetTheLongerSectionText() {
        #expect(firstError(abc, [.appendSections(["B"])], sdk: .legacy)?.reason
                == "Diffable data source detected an attempt to insert or append 1 section identifier that already exists in the snapshot. Identifiers in a snapshot must be unique. Section identifier that already exists: B Set a symbolic breakpoint on BUG_IN_CLIENT_OF_DIFFABLE_DATA_SOURCE__IDENTIFIER_ALREADY_EXISTS to catch this in the debugger. This will become an assert in a future version.")
    }

    @Test func twoExistingItemsAreMovedWithThePluralLog() throws {
        let o = try #require(applying(abc, [.insertItems(["c", "n", "a"], .before("b"))]))
        #expect(o.snapshot == snap([("A", ["c", "n", "a", "b"]), ("B", [])]))
        #expect(o.warnings.first?.message == "Diffable data source detected an attempt to insert or append 2 item identifiers that already exist in the snapshot. The existing item identifiers will be moved into place instead, but this operation will be more expensive. For best performance, inserted item identifiers should always be unique. Set a symbolic breakpoint on BUG_IN_CLIENT_OF_DIFFABLE_DATA_SOURCE__IDENTIFIER_ALREADY_EXISTS to catch this in the debugger. Item identifiers that already exist: (\n    c,\n    a\n)")
    }

    @Test func nonASCIIAndQuotesAreEscapedInArrays() {
        #expect(SnapshotIdentifier.string("바 \"x\"").arrayElementDescription == "\"\\Ubc14 \\\"x\\\"\"")
        #expect(SnapshotIdentifier.string("a.b/c:d-e_$").arrayElementDescription == "a.b/c:d-e_$")
        #expect(SnapshotIdentifier.integer(42).arrayElementDescription == "42")
    }

    @Test func insertItemsDestinationInListEndsWithAPeriod() {
        #expect(firstError(abc, [.insertItems(["x", "a"], .after("a"))])?.reason
                == "Invalid update: destination for insertion operation [a] is in the insertion identifier list for update: <_UIDiffableDataSourceUpdate 0xPTR - action: INS destinationIdentifier:a; destIsSection: 0; identifiers: [x, a]>.")
    }

    @Test func unknownSourcesAndDestinationsAssert() {
        #expect(firstError(abc, [.moveSection("Z", .before("A"))])?.reason == "Invalid parameter not satisfying: fromSection != NSNotFound")
        #expect(firstError(abc, [.moveSection("A", .before("Z"))])?.reason == "Invalid parameter not satisfying: toSection != NSNotFound")
        #expect(firstError(abc, [.moveItem("z", .before("a"))])?.reason == "Invalid parameter not satisfying: fromIndex != NSNotFound")
        #expect(firstError(abc, [.moveItem("a", .before("z"))])?.reason == "Invalid parameter not satisfying: toIndex != NSNotFound")
        #expect(firstError(abc, [.insertSections(["N"], .after("Z"))])?.reason == "Invalid parameter not satisfying: insertIndex != NSNotFound")
        #expect(firstError(abc, [.appendItems(["n"], toSection: "Z")])?.reason == "Invalid parameter not satisfying: section != NSNotFound")
        // D19: an empty list still looks its destination up.
        #expect(firstError(abc, [.insertItems([], .after("z"))])?.reason == "Invalid parameter not satisfying: section != NSNotFound")
    }

    @Test func moveRelativeToItselfIsCheckedBeforeTheLookup() {
        #expect(firstError(abc, [.moveItem("zz", .after("zz"))])?.code == .moveRelativeToItself)
        #expect(firstError(abc, [.moveSection("Z", .after("Z"))])?.reason
                == "Invalid update: destination for section move is the same as the source [Z] for update: <_UIDiffableDataSourceUpdate 0xPTR - action: MOV destinationIdentifier:Z; destIsSection: 0; identifiers: [Z]>.")
    }

    @Test func reloadOfUnknownNamesTheFirstMissing() {
        #expect(firstError(abc, [.reloadSections(["A", "Y", "Z"])])?.reason == "Attempted to reload section identifier that does not exist in the snapshot: Y")
        #expect(firstError(abc, [.reconfigureItems(["a", "q", "r"])])?.reason == "Attempted to reconfigure item identifier that does not exist in the snapshot: q")
    }

    @Test func noSectionsIsCheckedBeforeRepeats() {
        #expect(firstError(DiffableSnapshot(), [.appendItems(["a", "a"], toSection: "Z")])?.code == .noSections)
        #expect(firstError(abc, [.deleteAllItems, .appendItems(["a"], toSection: nil)])?.code == .noSections)
    }

    @Test func everyFurtherFailingOperationIsReportedAndTheOthersStillApply() throws {
        let o = try #require(applying(abc, [.deleteItems(["a"]), .reloadItems(["a"]), .appendSections(["A"]), .moveItem("b", .after("c")),
                                       .reloadItems(["b"])]))
        #expect(o.errors.map(\.operation) == [1, 2])
        #expect(o.errors.map(\.code) == [.reloadUnknownItem, .sectionIdentifierAlreadyExists])
        #expect(o.snapshot == nil)
    }

    @Test func moveSectionUsesOldIndexes() throws {
        let three = snap([("A", []), ("B", []), ("C", [])])
        #expect(applying(three, [.moveSection("A", .before("C"))])?.snapshot == snap([("B", []), ("A", []), ("C", [])]))
        #expect(applying(three, [.moveSection("C", .after("A"))])?.snapshot == snap([("A", []), ("C", []), ("B", [])]))
        let same = try #require(applying(three, [.moveSection("A", .before("B"))], source: .dataSource))
        #expect(same.snapshot == three)
        #expect(same.batches?.updates == BatchUpdates())
        let direct = try #require(applying(three, [.moveSection("C", .before("A"))], source: .dataSource))
        #expect(direct.batches?.updates == BatchUpdates(moveSections: [SectionMove(from: 2, to: 0)]))
    }

    @Test func movingTheLastItemBeforeTheNextSectionsFirstChangesOnlyTheSection() throws {
        let o = try #require(applying(abc, [.moveItem("b", .before("c"))], source: .dataSource))
        #expect(o.snapshot == snap([("A", ["a"]), ("B", ["b", "c"])]))
        #expect(o.batches?.updates == BatchUpdates(moveItems: [mv(ip(0, 1), ip(1, 0))]))
        // Diffed, the item is on the common run but changes section identifier: a move too (D33).
        #expect(applying(abc, [.moveItem("b", .before("c"))])?.batches?.updates == BatchUpdates(moveItems: [mv(ip(0, 1), ip(1, 0))]))
    }

    @Test func integersAndStringsAreDifferentIdentifiers() throws {
        let o = try #require(applying(snap([("A", [1, "1"])]), [.appendItems([2], toSection: nil), .reloadItems([1])]))
        #expect(o.snapshot == snap([("A", [1, "1", 2])]))
        #expect(o.batches?.reloadUpdates == BatchUpdates(reloadItems: [ip(0, 0)]))
        #expect(firstError(snap([("A", [1])]), [.reloadItems(["1"])])?.reason == "Attempted to reload item identifier that does not exist in the snapshot: 1")
    }

    @Test func reloadThenDeleteIsDroppedAtApplyAndRepeatsKeptOnce() throws {
        let o = try #require(applying(abc, [.reloadItems(["a", "b"]), .reloadItems(["b"]), .deleteItems(["a"]), .reloadSections(["B"])]))
        #expect(o.errors == [])
        #expect(o.marks.reloadedItems == ["a", "b"])
        #expect(o.batches?.reloadUpdates == BatchUpdates(reloadItems: [ip(0, 0)], reloadSections: [1]))
    }

    @Test func directPathDeletesAndInserts() throws {
        #expect(applying(abc, [.deleteItems(["c", "zz", "a"])], source: .dataSource)?.batches?.updates
                == BatchUpdates(deleteItems: [ip(0, 0), ip(1, 0)]))
        #expect(applying(abc, [.insertSections(["N", "M"], .after("A"))], source: .dataSource)?.batches?.updates
                == BatchUpdates(insertSections: [1, 2]))
        #expect(applying(abc, [.deleteAllItems], source: .dataSource)?.batches?.path == .direct)
        // Two operations from the data source are diffed.
        #expect(applying(abc, [.deleteItems(["c"]), .deleteItems(["a"])], source: .dataSource)?.batches?.path == .diff)
    }

    @Test func legacyLinksSplitMovesWhosePathsAreEqual() throws {
        let old = snap([("A", ["a"]), ("B", [])]), new = snap([("B", ["a"]), ("A", [])])
        #expect(applying(old, new: new)?.batches?.updates == BatchUpdates(moveItems: [mv(ip(0, 0), ip(0, 0))], moveSections: [SectionMove(from: 0, to: 1)]))
        #expect(applying(old, new: new, sdk: .legacy)?.batches?.updates
                == BatchUpdates(deleteItems: [ip(0, 0)], insertItems: [ip(0, 0)], moveSections: [SectionMove(from: 0, to: 1)]))
    }

    @Test func foundationPassIsNotMinimal() throws {
        // Reversal: a, b and c are each removed while d is ahead; all three move.
        let o = try #require(applying(snap([("A", ["a", "b", "c", "d"])]), new: snap([("A", ["d", "c", "b", "a"])])))
        #expect(o.batches?.updates == BatchUpdates(moveItems: [mv(ip(0, 0), ip(0, 3)), mv(ip(0, 1), ip(0, 2)), mv(ip(0, 2), ip(0, 1))]))
        // p missing: c is removed and x inserted in the same step.
        let p = try #require(applying(snap([("A", ["a", "b", "c"])]), new: snap([("A", ["b", "x", "a"])])))
        #expect(p.batches?.updates == BatchUpdates(deleteItems: [ip(0, 2)], insertItems: [ip(0, 1)], moveItems: [mv(ip(0, 0), ip(0, 2))]))
        #expect(p.verdict?.valid == true)
    }

    @Test func newSnapshotMarksGiveTheSecondBatch() throws {
        let o = try #require(applying(abc, new: snap([("B", ["c", "a"]), ("A", ["b"])]),
                                 marks: SnapshotMarks(reloadedSections: ["A"], reloadedItems: ["a", "gone"], reconfiguredItems: ["b"])))
        #expect(o.batches?.reloadUpdates == BatchUpdates(reloadItems: [ip(0, 1)], reloadSections: [1]))
        #expect(o.batches?.reconfigureItems == [ip(1, 0)])
    }

    @Test func workIsBounded() {
        let big = snap([("A", (0..<1000).map { SID.integer($0) })])
        #expect(throws: SnapshotWorkLimitExceeded(operation: 1, limit: 2500)) {
            try SnapshotEditor.edit(big, operations: [.moveItem(0, .after(999)), .moveItem(1, .after(0)), .moveItem(2, .after(0))],
                                    workLimit: 2500)
        }
    }

    @Test func validationFindsRepeatedSectionsAndItems() {
        let p = SnapshotValidation.problems(snap([("A", ["a", "a"]), ("A", [])]))
        #expect(p.map(\.kind) == [.duplicateItemInSection(first: 0), .duplicateSection(first: 0)])
        #expect(p.map(\.error.reason) == ["Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(\n    a\n)}",
                                          "Fatal: supplied section identifiers are not unique. Duplicate identifiers: {(\n    A\n)}"])
    }
}

/// The fast identifier table against `Dictionary`, and Foundation's pass against a brute-force
/// reading of its rules on random lists.
@Suite struct OrderedSetDifferenceTests {
    @Test(arguments: 0..<4)
    func tableAgreesWithDictionary(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        let pool: [SnapshotIdentifier] = (0..<400).map { k in k % 3 == 0 ? .integer(Int(k) - 200) : .string("id-\(k)") } + ["", "바", "\"q\""]
        for _ in 0..<20 {
            let old = pool.filter { _ in rng.next() % 2 == 0 }.shuffled(using: &rng)
            let new = pool.filter { _ in rng.next() % 2 == 0 }.shuffled(using: &rng)
            let fast = OrderedSetDifference.positions(old: old, new: new)
            let slow = OrderedSetDifference.hashedPositions(old: old, new: new)
            #expect(fast.oldToNew == slow.oldToNew)
            #expect(fast.newToOld == slow.newToOld)
        }
    }

    /// Applying the removals (descending) and insertions (ascending) to old gives new.
    @Test(arguments: 0..<4)
    func changesTurnOldIntoNew(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        let pool: [SnapshotIdentifier] = (0..<10).map { .integer($0) }
        for _ in 0..<300 {
            let old = Array(pool.shuffled(using: &rng).prefix(Int(rng.next() % 10)))
            let new = Array(pool.shuffled(using: &rng).prefix(Int(rng.next() % 10)))
            let p = OrderedSetDifference.positions(old: old, new: new)
            let c = OrderedSetDifference.changes(oldToNew: p.oldToNew, newToOld: p.newToOld)
            var list = old
            for i in old.indices.reversed() where c.removed[i] { list.remove(at: i) }
            for j in new.indices where c.inserted[j] { list.insert(new[j], at: j) }
            #expect(list == new, "\(old) -> \(new)")
            // Kept identifiers are neither removed nor inserted.
            for (i, j) in p.oldToNew.enumerated() where j >= 0 { #expect(c.removed[i] == c.inserted[j]) }
        }
    }
}

/// The batch `apply` derives, replayed by the batch model: on random snapshots and random
/// operations, `validatorUpdates` is valid with the old and new counts, and every old item the
/// batch keeps lands where the new snapshot has its identifier.
@Suite struct SnapshotApplyPropertyTests {
    @Test(arguments: 0..<6)
    func derivedBatchesTurnOldIntoNew(seed: UInt64) throws {
        var rng = SeededRandom(seed: seed)
        func pick<T>(_ list: [T]) -> T? { list.isEmpty ? nil : list[Int(rng.next() % UInt64(list.count))] }
        let sectionPool: [SID] = ["A", "B", "C", "D", "E"], itemPool: [SID] = (0..<16).map { .integer($0) }
        for round in 0..<80 {
            // A random valid old snapshot: a few sections, items dealt without repeats.
            var items = itemPool.shuffled(using: &rng)[...]
            let old = snap(sectionPool.shuffled(using: &rng).prefix(Int(rng.next() % 4)).map { id in
                let n = min(items.count, Int(rng.next() % 5))
                defer { items = items.dropFirst(n) }
                return (id, Array(items.prefix(n)))
            })
            var ops: [SnapshotOperation] = []
            for _ in 0..<Int(1 + rng.next() % 5) {
                let s = pick(sectionPool)!, t = pick(sectionPool)!, i = pick(itemPool)!, j = pick(itemPool)!
                let position: SnapshotOperation.Position = rng.next() % 2 == 0 ? .before(j) : .after(j)
                let sectionPosition: SnapshotOperation.Position = rng.next() % 2 == 0 ? .before(t) : .after(t)
                switch rng.next() % 9 {
                case 0: ops.append(.appendSections([s]))
                case 1: ops.append(.insertSections([s], sectionPosition))
                case 2: ops.append(.deleteSections([s]))
                case 3: ops.append(.moveSection(s, sectionPosition))
                case 4: ops.append(.appendItems([i], toSection: rng.next() % 2 == 0 ? nil : s))
                case 5: ops.append(.insertItems([i], position))
                case 6: ops.append(.deleteItems([i]))
                case 7: ops.append(.moveItem(i, position))
                default: ops.append(.reloadItems([i]))
                }
            }
            let edit = try SnapshotEditor.edit(old, operations: ops)
            let new = edit.snapshot   // throwing operations are skipped: still a valid snapshot
            for sdk in LinkedSDK.allCases {
                let o = try SnapshotApply.run(old: old, change: .snapshot(new, edit.marks), sdk: sdk)
                let b = try #require(o.batches)
                let v = BatchValidation.validate(before: old.counts, after: new.counts, updates: b.validatorUpdates, flavor: .collectionView)
                try #require(v.valid, "round \(round) \(sdk): \(old) + \(ops) -> \(new): \(b.validatorUpdates) \(v.errors.map(\.message))")
                let mapping = try #require(v.mapping)
                for m in mapping {
                    let id = old.sections[m.from.section].items[m.from.item]
                    if let to = m.to { #expect(new.sections[to.section].items[to.item] == id, "round \(round): \(old) -> \(new)") }
                }
                #expect(o.reloadVerdict?.valid == true)
            }
        }
    }
}
