import Testing
@testable import UpdateEngine
import TestSupport

/// Spec C4 for snapshots, over random operations: every error either engine raises names a field
/// whose value is the identifier at fault, and says how to fix it.
@Suite struct SnapshotErrorDetailPropertyTests {
    static let pool: [SnapshotIdentifier] = ["A", "B", "C", "a", "b", "c", "d", 1, 2]

    static func some(_ r: inout SeededRandom) -> SnapshotIdentifier { pool[r.below(pool.count)] }
    static func list(_ r: inout SeededRandom) -> [SnapshotIdentifier] { (0..<(1 + r.below(3))).map { _ in some(&r) } }
    static func position(_ r: inout SeededRandom) -> SnapshotOperation.Position {
        r.below(2) == 0 ? .before(some(&r)) : .after(some(&r))
    }

    static func operation(_ r: inout SeededRandom) -> SnapshotOperation {
        switch r.below(12) {
        case 0: .appendSections(list(&r))
        case 1: .insertSections(list(&r), position(&r))
        case 2: .deleteSections(list(&r))
        case 3: .moveSection(some(&r), position(&r))
        case 4: .reloadSections(list(&r))
        case 5: .appendItems(list(&r), toSection: r.below(2) == 0 ? nil : some(&r))
        case 6: .insertItems(list(&r), position(&r))
        case 7: .deleteItems(list(&r))
        case 8: .deleteAllItems
        case 9: .moveItem(some(&r), position(&r))
        case 10: .reloadItems(list(&r))
        default: .reconfigureItems(list(&r))
        }
    }

    /// The value at `field` of the operation (`items/1`, `toSection`, `before`).
    static func value(_ op: SnapshotOperation, _ field: String) -> SnapshotIdentifier? {
        let parts = field.split(separator: "/").map(String.init)
        func at(_ ids: [SnapshotIdentifier]) -> SnapshotIdentifier? { parts.count == 2 ? Int(parts[1]).flatMap { $0 < ids.count ? ids[$0] : nil } : nil }
        switch (op, parts[0]) {
        case (.appendSections(let l), "sections"), (.insertSections(let l, _), "sections"), (.deleteSections(let l), "sections"),
             (.reloadSections(let l), "sections"): return at(l)
        case (.appendItems(let l, _), "items"), (.insertItems(let l, _), "items"), (.deleteItems(let l), "items"),
             (.reloadItems(let l), "items"), (.reconfigureItems(let l), "items"): return at(l)
        case (.appendItems(_, let s), "toSection"): return s
        case (.insertSections(_, let p), _), (.moveSection(_, let p), "before"), (.moveSection(_, let p), "after"),
             (.insertItems(_, let p), _), (.moveItem(_, let p), "before"), (.moveItem(_, let p), "after"):
            return p.field == parts[0] ? p.identifier : nil
        case (.moveSection(let s, _), "section"): return s
        case (.moveItem(let i, _), "item"): return i
        default: return nil
        }
    }

    @Test func everySnapshotErrorNamesItsFieldIdentifierAndFix() throws {
        var r = SeededRandom(seed: 0x5AA9)
        var seen: Set<SnapshotError.Code> = []
        for _ in 0..<3000 {
            let ops = (0..<(1 + r.below(5))).map { _ in Self.operation(&r) }
            let start = DiffableSnapshot(sections: r.below(3) == 0 ? [] : [.init(id: "A", items: ["a", "b"]), .init(id: 1, items: [2])])
            let edit = try SnapshotEditor.edit(start, operations: ops)
            for e in edit.errors {
                seen.insert(e.code)
                guard let k = e.operation else { Issue.record("no operation: \(e)"); continue }
                #expect(e.detail?.isEmpty == false, "\(e)")
                if e.code == .noSections {
                    #expect(e.field == nil && e.identifier == nil)
                } else {
                    #expect(e.field.flatMap { Self.value(ops[k], $0) } == e.identifier, "\(ops[k]): \(e)")
                    #expect(e.identifier != nil, "\(e)")
                }
            }
        }
        #expect(seen.count >= 10, "\(seen)")
    }

    @Test func everySectionSnapshotErrorNamesItsFieldIdentifierAndFix() throws {
        var r = SeededRandom(seed: 0x5EC7)
        let tree = SectionSnapshot(roots: [.init(id: "A", expanded: true, children: [.init(id: "a"), .init(id: "b")]), .init(id: "B")])
        for _ in 0..<3000 {
            let op: SectionSnapshotOperation
            switch r.below(8) {
            case 0: op = .append(Self.list(&r), to: r.below(2) == 0 ? nil : Self.some(&r))
            case 1: op = .insert(Self.list(&r), Self.position(&r))
            case 2: op = .delete(Self.list(&r))
            case 3: op = .level(Self.some(&r))
            case 4: op = .parent(Self.some(&r))
            case 5: op = .isExpanded(Self.some(&r))
            case 6: op = .isVisible(Self.some(&r))
            default: op = .snapshot(of: Self.some(&r), includingParent: r.below(2) == 0)
            }
            let edit = try SectionSnapshotEditor.edit(tree, operations: [op])
            for e in edit.errors {
                #expect(e.detail?.isEmpty == false, "\(e)")
                #expect(e.identifier != nil && e.field != nil, "\(e)")
                #expect(e.pointer?.hasPrefix("/operations/0/") == true)
            }
        }
    }
}
