import Testing
@testable import UpdateEngine

/// `NSDiffableDataSourceSectionSnapshot` (spec D29, decompiled iOS 26.1 section snapshot).
@Suite struct SectionSnapshotTests {
    typealias Node = SectionSnapshot.Node

    /// Fruits (expanded) > apple, pear (> seed); Vegetables (collapsed) > leek.
    let tree = SectionSnapshot(roots: [
        Node(id: "Fruits", expanded: true, children: [Node(id: "apple"), Node(id: "pear", children: [Node(id: "seed")])]),
        Node(id: "Vegetables", children: [Node(id: "leek")]),
    ])

    func edit(_ ops: [SectionSnapshotOperation], _ s: SectionSnapshot? = nil) throws -> SectionSnapshotEdit {
        try SectionSnapshotEditor.edit(s ?? tree, operations: ops)
    }

    @Test func visibleItemsFollowExpansion() throws {
        #expect(tree.items == ["Fruits", "apple", "pear", "seed", "Vegetables", "leek"])
        #expect(tree.levels == [0, 1, 1, 2, 0, 1])
        #expect(tree.visibleItems == ["Fruits", "apple", "pear", "Vegetables"])
        #expect(tree.rootItems == ["Fruits", "Vegetables"])
        let e = try edit([.expand(["pear", "Vegetables", "unknown"]), .collapse(["Fruits"])])
        #expect(e.errors == [])
        #expect(e.snapshot.visibleItems == ["Fruits", "Vegetables", "leek"])
        #expect(e.snapshot.expandedItems == ["pear", "Vegetables"])
        let open = try edit([.collapse([]), .expand(["pear"])])
        #expect(open.snapshot.visibleItems == ["Fruits", "apple", "pear", "seed", "Vegetables"])
    }

    @Test func appendToAParentGoesAfterItsLastDescendant() throws {
        let e = try edit([.append(["plum"], to: "Fruits"), .append(["Grains"], to: nil), .append(["pip"], to: "seed")])
        #expect(e.snapshot.items == ["Fruits", "apple", "pear", "seed", "pip", "plum", "Vegetables", "leek", "Grains"])
        #expect(e.snapshot.levels == [0, 1, 1, 2, 3, 1, 0, 1, 0])
    }

    @Test func insertBeforeAndAfterAreSiblings() throws {
        let e = try edit([.insert(["fig"], .after("pear")), .insert(["Nuts"], .before("Vegetables"))])
        #expect(e.snapshot.items == ["Fruits", "apple", "pear", "seed", "fig", "Nuts", "Vegetables", "leek"])
        #expect(e.snapshot.levels == [0, 1, 1, 2, 1, 0, 0, 1])
    }

    @Test func deleteTakesChildrenAlong() throws {
        let e = try edit([.delete(["pear", "Vegetables"])])
        #expect(e.snapshot.items == ["Fruits", "apple"])
    }

    @Test func queries() throws {
        let e = try edit([.level("seed"), .parent("seed"), .parent("Fruits"), .isExpanded("Fruits"), .isVisible("seed"),
                          .contains("kiwi"), .snapshot(of: "pear", includingParent: true), .snapshot(of: "Fruits", includingParent: false)])
        #expect(e.answers[0] == .level(2))
        #expect(e.answers[1] == .parent("pear"))
        #expect(e.answers[2] == .parent(nil))
        #expect(e.answers[3] == .flag(true))
        #expect(e.answers[4] == .flag(false))
        #expect(e.answers[5] == .flag(false))
        guard case .snapshot(let sub)? = e.answers[6], case .snapshot(let children)? = e.answers[7] else {
            Issue.record("no snapshots"); return
        }
        #expect(sub.items == ["pear", "seed"])
        #expect(sub.levels == [0, 1])
        #expect(children.items == ["apple", "pear", "seed"])
        #expect(children.levels == [0, 0, 1])
    }

    @Test func errorsUseUIKitsTexts() throws {
        let e = try edit([.append(["kiwi", "apple", "kiwi"], to: nil), .append(["x"], to: "nope"), .insert(["x"], .before("nope")),
                          .insert(["x"], .after("nope")), .delete(["nope"]), .level("nope"), .parent("nope"),
                          .snapshot(of: "nope", includingParent: false), .insert([], .after("nope")), .append([], to: "nope")])
        #expect(e.errors.map(\.reason) == [
            "Identifiers in a section snapshot must be unique. Duplicate item identifiers: {(\n    apple,\n    kiwi\n)}",
            "Parent item identifier does not exist in section snapshot: nope",
            "Item identifier to insert before does not exist in section snapshot: nope",
            "Item identifier to insert after does not exist in section snapshot: nope",
            "Failed to find index of item nope",
            "Item identifier does not exist in section snapshot: nope",
            "Child item identifier does not exist in section snapshot: nope",
            "Parent item identifier does not exist in section snapshot: nope",
        ])
        #expect(e.errors.map(\.operation) == [0, 1, 2, 3, 4, 5, 6, 7])
        // Unlike NSDiffableDataSourceSnapshot, an existing item is refused, not moved.
        #expect(e.snapshot == tree)
    }

    @Test func repeatsInATreeAreFound() {
        let roots = [Node(id: "a", children: [Node(id: "b")]), Node(id: "b")]
        #expect(SectionSnapshot.repeats(in: roots).map { [$0.at, $0.first] } == [[2, 1]])
    }
}
