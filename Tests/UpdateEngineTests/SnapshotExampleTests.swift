import Testing
@testable import UpdateEngine

typealias SID = SnapshotIdentifier

/// `[("A", ["a", "b"])]` as a snapshot.
func snap(_ sections: [(SID, [SID])]) -> DiffableSnapshot {
    DiffableSnapshot(sections: sections.map { DiffableSnapshot.Section(id: $0.0, items: $0.1) })
}

func applying(_ old: DiffableSnapshot, _ ops: [SnapshotOperation], source: SnapshotSource = .fresh,
         sdk: LinkedSDK = .current) -> SnapshotOutcome? {
    try? SnapshotApply.run(old: old, change: .operations(ops), source: source, sdk: sdk)
}

func applying(_ old: DiffableSnapshot, new: DiffableSnapshot, marks: SnapshotMarks = SnapshotMarks(), sdk: LinkedSDK = .current) -> SnapshotOutcome? {
    try? SnapshotApply.run(old: old, change: .snapshot(new, marks), sdk: sdk)
}

/// The worked examples W1–W20 of docs/uikit-rules/diffable-snapshots.md §6.
@Suite struct SnapshotExampleTests {
    @Test func w1Build() throws {
        let o = try #require(applying(DiffableSnapshot(), [.appendSections(["A", "B"]), .appendItems(["a", "b"], toSection: nil),
                                  .appendItems(["c"], toSection: "A"), .insertItems(["x"], .before("b"))]))
        #expect(o.errors == [])
        #expect(o.snapshot == snap([("A", ["c"]), ("B", ["a", "x", "b"])]))
        #expect(o.batches?.updates == BatchUpdates(insertSections: [0, 1]))
        #expect(o.batches?.path == .diff)
        #expect(o.verdict?.valid == true)
    }

    @Test func w2MoveItemAcrossSections() throws {
        let o = try #require(applying(snap([("A", ["a", "b"]), ("B", ["c", "d"])]), [.moveItem("a", .after("d"))]))
        #expect(o.snapshot == snap([("A", ["b"]), ("B", ["c", "d", "a"])]))
        #expect(o.batches?.updates == BatchUpdates(moveItems: [mv(ip(0, 0), ip(1, 2))]))
        #expect(o.verdict?.valid == true)
    }

    @Test func w3MoveSectionAndUnknownDeleteIgnored() throws {
        let o = try #require(applying(snap([("A", ["a"]), ("B", ["b"]), ("C", ["c"])]),
                                 [.moveSection("A", .after("C")), .deleteSections(["Z"])]))
        #expect(o.snapshot == snap([("B", ["b"]), ("C", ["c"]), ("A", ["a"])]))
        #expect(o.batches?.updates == BatchUpdates(moveItems: [mv(ip(0, 0), ip(2, 0))], moveSections: [SectionMove(from: 0, to: 2)]))
        #expect(o.verdict?.valid == true)
        #expect(o.verdict?.warnings.map(\.code) == ["ITEM_CHANGES_IN_MOVED_SECTION"])
    }

    @Test func w4ReappendExistingItem() throws {
        let o = try #require(applying(snap([("A", ["a", "b", "c"])]), [.appendItems(["a"], toSection: nil)]))
        #expect(o.snapshot == snap([("A", ["b", "c", "a"])]))
        #expect(o.batches?.updates == BatchUpdates(moveItems: [mv(ip(0, 0), ip(0, 2))]))
        #expect(o.warnings == [SnapshotWarning(code: .itemIdentifierAlreadyExists, message: "Diffable data source detected an attempt to insert or append 1 item identifier that already exists in the snapshot. The existing item identifier will be moved into place instead, but this operation will be more expensive. For best performance, inserted item identifiers should always be unique. Set a symbolic breakpoint on BUG_IN_CLIENT_OF_DIFFABLE_DATA_SOURCE__IDENTIFIER_ALREADY_EXISTS to catch this in the debugger. Item identifier that already exists: a", operation: 0)])
    }

    @Test func w5DuplicateInArgument() throws {
        let o = try #require(applying(snap([("A", ["a"])]), [.appendItems(["b", "c", "b"], toSection: nil)]))
        #expect(o.errors.count == 1)
        #expect(o.errors.first?.code == .duplicateItemIdentifiers)
        #expect(o.errors.first?.operation == 0)
        #expect(o.errors.first?.reason == "Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(\n    b\n)}")
        #expect(o.snapshot == nil)
    }

    @Test func w6AppendItemsNoSection() throws {
        let o = try #require(applying(DiffableSnapshot(), [.appendItems(["a"], toSection: nil)]))
        #expect(o.errors.map(\.code) == [.noSections])
        #expect(o.errors.first?.reason == "There are currently no sections in the data source. Please add a section first.")
    }

    @Test func w7ExistingSection() throws {
        let o = try #require(applying(snap([("A", [])]), [.appendSections(["B", "A"])]))
        #expect(o.errors.first?.code == .sectionIdentifierAlreadyExists)
        #expect(o.errors.first?.reason == "Diffable data source detected an attempt to insert or append 1 section identifier that already exists in the snapshot. Identifiers in a snapshot must be unique. Section identifier that already exists: A")
    }

    @Test func w8InsertBeforeUnknownItem() throws {
        let o = try #require(applying(snap([("A", ["a"])]), [.insertItems(["b"], .before("zz"))]))
        #expect(o.errors.first?.code == .parameterAssertion)
        #expect(o.errors.first?.reason == "Invalid parameter not satisfying: section != NSNotFound")
    }

    @Test func w9MoveItemRelativeToItself() throws {
        let o = try #require(applying(snap([("A", ["a", "b"])]), [.moveItem("b", .before("b"))]))
        #expect(o.errors.first?.code == .moveRelativeToItself)
        #expect(o.errors.first?.reason == "Invalid update: destination for item move is the same as the source [b] for update: <_UIDiffableDataSourceUpdate 0xPTR - action: MOV destinationIdentifier:b; destIsSection: 0; identifiers: [b]>.")
    }

    @Test func w10ReloadUnknownItem() throws {
        let o = try #require(applying(snap([("A", ["a"])]), [.deleteItems(["a"]), .reloadItems(["a"])]))
        #expect(o.errors.first?.code == .reloadUnknownItem)
        #expect(o.errors.first?.operation == 1)
        #expect(o.errors.first?.reason == "Attempted to reload item identifier that does not exist in the snapshot: a")
    }

    @Test func w11DiffRotate() throws {
        let o = try #require(applying(snap([("A", ["a", "b", "c"])]), new: snap([("A", ["b", "c", "a"])])))
        #expect(o.batches?.updates == BatchUpdates(moveItems: [mv(ip(0, 0), ip(0, 2))]))
    }

    @Test func w12DiffCrossSectionDeleteInsert() throws {
        let o = try #require(applying(snap([("A", ["a", "b", "c"]), ("B", ["d", "e"])]),
                                 new: snap([("A", ["a", "c"]), ("B", ["d", "b", "f", "e"])])))
        #expect(o.batches?.updates == BatchUpdates(insertItems: [ip(1, 2)], moveItems: [mv(ip(0, 1), ip(1, 1))]))
        #expect(o.verdict?.valid == true)
    }

    @Test func w13DiffSectionMove() throws {
        let o = try #require(applying(snap([("A", ["a", "b"]), ("B", ["c"]), ("C", ["d"])]),
                                 new: snap([("C", ["d"]), ("A", ["a", "b"]), ("B", ["c"])])))
        #expect(o.batches?.updates == BatchUpdates(moveItems: [mv(ip(2, 0), ip(0, 0))], moveSections: [SectionMove(from: 2, to: 0)]))
    }

    @Test func w14DiffRenamedSection() throws {
        let o = try #require(applying(snap([("A", ["a", "b"])]), new: snap([("B", ["a", "b"])])))
        #expect(o.batches?.updates == BatchUpdates(moveItems: [mv(ip(0, 0), ip(0, 0)), mv(ip(0, 1), ip(0, 1))],
                                                   deleteSections: [0], insertSections: [0]))
        #expect(o.batches?.validatorUpdates == BatchUpdates(deleteSections: [0], insertSections: [0]))
        #expect(o.batches?.hazards.map(\.code) == [.moveFromDeletedSection, .moveIntoInsertedSection,
                                                   .moveFromDeletedSection, .moveIntoInsertedSection])
        #expect(o.verdict?.valid == true)
        // The raw batch is what the batch rules refuse, which is why validatorUpdates exists (D40).
        let raw = BatchValidation.validate(before: [2], after: [2], updates: try #require(o.batches?.updates), flavor: .collectionView)
        #expect(raw.errors.map(\.code).contains("MOVE_FROM_DELETED_SECTION"))
    }

    @Test func w15DiffSwapSectionsSameIndex() throws {
        let o = try #require(applying(snap([("A", ["a"]), ("B", ["b"]), ("C", ["c"])]),
                                 new: snap([("C", ["c"]), ("B", ["b"]), ("A", ["a"])])))
        #expect(o.batches?.updates == BatchUpdates(moveItems: [mv(ip(0, 0), ip(2, 0)), mv(ip(1, 0), ip(1, 0))],
                                                   deleteSections: [1], insertSections: [1], moveSections: [SectionMove(from: 0, to: 2)]))
        #expect(o.batches?.validatorUpdates == BatchUpdates(moveItems: [mv(ip(0, 0), ip(2, 0))], deleteSections: [1],
                                                            insertSections: [1], moveSections: [SectionMove(from: 0, to: 2)]))
        #expect(o.verdict?.valid == true)
    }

    @Test func w16ReloadAndMove() throws {
        let o = try #require(applying(snap([("A", ["a", "b", "c"])]),
                                 [.reloadItems(["a"]), .moveItem("a", .after("c")), .reconfigureItems(["b"])]))
        #expect(o.snapshot == snap([("A", ["b", "c", "a"])]))
        #expect(o.batches?.updates == BatchUpdates(moveItems: [mv(ip(0, 0), ip(0, 2))]))
        #expect(o.batches?.reloadUpdates == BatchUpdates(reloadItems: [ip(0, 2)]))
        #expect(o.batches?.reconfigureItems == [ip(0, 0)])
        #expect(o.reloadVerdict?.valid == true)
    }

    @Test func w17InsertSectionsDestinationInList() throws {
        let o = try #require(applying(snap([("A", [])]), [.insertSections(["B", "A"], .after("A"))]))
        #expect(o.errors.first?.code == .insertDestinationInList)
        #expect(o.errors.first?.reason == "Invalid update: destination for section operation [A] is in the inserted section list for update: <_UIDiffableDataSourceUpdate 0xPTR - action: INS destinationIdentifier:A; destIsSection: 0; identifiers: [B, A]>")
    }

    @Test func w18DeleteAllItems() throws {
        let o = try #require(applying(snap([("A", ["a", "b"]), ("B", ["c"])]), [.deleteAllItems]))
        #expect(o.snapshot == DiffableSnapshot())
        #expect(o.batches?.updates == BatchUpdates(deleteSections: [0, 1]))
    }

    @Test func w19DirectPathAppendExisting() throws {
        let o = try #require(applying(snap([("A", ["a", "b"])]), [.appendItems(["a", "c"], toSection: nil)], source: .dataSource))
        #expect(o.snapshot == snap([("A", ["b", "a", "c"])]))
        #expect(o.batches?.path == .direct)
        #expect(o.batches?.updates == BatchUpdates(deleteItems: [ip(0, 0)], insertItems: [ip(0, 1), ip(0, 2)]))
        #expect(o.warnings.map(\.code) == [.itemIdentifierAlreadyExists])
        #expect(o.verdict?.valid == true)
    }

    @Test func w20ItemInTwoSectionsIsNoSnapshot() {
        let problems = SnapshotValidation.problems(snap([("A", ["a", "b"]), ("B", ["b"])]))
        #expect(problems == [SnapshotProblem(kind: .itemInTwoSections(firstSection: 0, firstItem: 1), identifier: "b", section: 1, item: 0)])
        #expect(problems.first?.error.code == .itemInTwoSections)
        #expect(problems.first?.error.operation == nil)
        #expect(problems.first?.error.reason == "Diffable data source detected an attempt to insert or append 1 item identifier that already exists in the snapshot. The existing item identifier will be moved into place instead, but this operation will be more expensive. For best performance, inserted item identifiers should always be unique. Set a symbolic breakpoint on BUG_IN_CLIENT_OF_DIFFABLE_DATA_SOURCE__IDENTIFIER_ALREADY_EXISTS to catch this in the debugger. Item identifier that already exists: b")
    }
}
