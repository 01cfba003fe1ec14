/// Why a value given as a snapshot cannot be one (D2): UIKit never holds it, so a request that
/// sends it is rejected rather than answered with a verdict.
public struct SnapshotProblem: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// `sections[section]` repeats the id of `sections[first]`.
        case duplicateSection(first: Int)
        /// `sections[section].items[item]` repeats `items[first]` of the same section.
        case duplicateItemInSection(first: Int)
        /// `sections[section].items[item]` is already `sections[firstSection].items[firstItem]`.
        case itemInTwoSections(firstSection: Int, firstItem: Int)
    }

    public var kind: Kind
    public var identifier: SnapshotIdentifier
    public var section: Int
    /// nil for a section problem.
    public var item: Int?

    /// UIKit's text for the same mistake made through the API (spec §1): a repeat inside one list
    /// throws D22; an item appended to a second section is moved there with the D14 log.
    public var error: SnapshotError {
        var e: SnapshotError
        switch kind {
        case .duplicateSection: e = SnapshotMessages.duplicates([identifier], sections: true)
        case .duplicateItemInSection: e = SnapshotMessages.duplicates([identifier], sections: false)
        case .itemInTwoSections:
            e = SnapshotError(code: .itemInTwoSections, reason: SnapshotMessages.itemsExist([identifier]), evidence: "V, D? (D14 log)")
        }
        e.operation = nil
        return e
    }
}

public enum SnapshotValidation {
    /// UIKit's D22 text for item repeats inside one list.
    public static func duplicatesMessage(_ ids: [SnapshotIdentifier]) -> String {
        SnapshotMessages.duplicates(ids, sections: false).reason
    }

    /// UIKit's D14 log for items appended that are already in the snapshot.
    public static func itemsExistMessage(_ ids: [SnapshotIdentifier]) -> String {
        SnapshotMessages.itemsExist(ids)
    }

    /// Every repeat in `snapshot`, in document order, at most `limit` of them.
    /// - Complexity: O(n) hash operations.
    public static func problems(_ snapshot: DiffableSnapshot, limit: Int = .max) -> [SnapshotProblem] {
        var out: [SnapshotProblem] = []
        var sections = [SnapshotIdentifier: Int](minimumCapacity: snapshot.sections.count)
        var items = [SnapshotIdentifier: IndexPath](minimumCapacity: snapshot.itemCount)
        for (s, section) in snapshot.sections.enumerated() {
            if out.count >= limit { break }
            if let f = sections[section.id] {
                out.append(SnapshotProblem(kind: .duplicateSection(first: f), identifier: section.id, section: s, item: nil))
            } else {
                sections[section.id] = s
            }
            for (i, id) in section.items.enumerated() {
                guard let f = items[id] else { items[id] = IndexPath(section: s, item: i); continue }
                let kind: SnapshotProblem.Kind = f.section == s
                    ? .duplicateItemInSection(first: f.item) : .itemInTwoSections(firstSection: f.section, firstItem: f.item)
                out.append(SnapshotProblem(kind: kind, identifier: id, section: s, item: i))
                if out.count >= limit { break }
            }
        }
        return out
    }
}
