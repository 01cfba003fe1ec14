/// A move `validatorUpdates` had to split because it leaves a deleted section or enters an
/// inserted one (D40).
public struct SnapshotHazard: Hashable, Sendable {
    public enum Code: String, Hashable, Sendable {
        case moveFromDeletedSection = "MOVE_FROM_DELETED_SECTION"
        case moveIntoInsertedSection = "MOVE_INTO_INSERTED_SECTION"
    }
    public var code: Code
    public var move: ItemMove
}

/// What `apply(_:animatingDifferences:)` hands the collection view for old → new.
public struct SnapshotBatches: Hashable, Sendable {
    public enum Path: String, Hashable, Sendable { case diff, direct }

    public var path: Path
    /// The structural batch UIKit performs (deletes, inserts, moves; never reloads), sorted.
    public var updates: BatchUpdates
    /// `updates` with moves out of deleted / into inserted sections split (D40).
    public var validatorUpdates: BatchUpdates
    public var hazards: [SnapshotHazard]
    /// The second batch (D36): section and item reloads at their new places, in mark order.
    public var reloadUpdates: BatchUpdates
    /// Reconfigured items at their new index paths (second batch, D36).
    public var reconfigureItems: [IndexPath]
}

/// UIKit's `apply` (D30–D37).
public enum SnapshotApply {
    /// The batch for `old` → `new` (both valid snapshots) on the diff path.
    /// - Complexity: n + m + s hash operations for n old and m new items and s sections (the pass
    ///   itself compares positions), plus sorting the updates.
    public static func diff(old: DiffableSnapshot, new: DiffableSnapshot, sdk: LinkedSDK = .current) -> BatchUpdates {
        // D32: sections.
        let (oldToNew, newToOldSection) = OrderedSetDifference.positions(old: old.sectionIdentifiers, new: new.sectionIdentifiers)
        let sectionChanges = OrderedSetDifference.changes(oldToNew: oldToNew, newToOld: newToOldSection)
        var u = BatchUpdates()
        var sectionDeleted = [Bool](repeating: false, count: oldToNew.count)
        var sectionInserted = [Bool](repeating: false, count: newToOldSection.count)
        for (s, t) in oldToNew.enumerated() where sectionChanges.removed[s] {
            if t >= 0, t != s {
                u.moveSections.append(SectionMove(from: s, to: t))
            } else {
                sectionDeleted[s] = true
                if t >= 0 { sectionInserted[t] = true }
            }
        }
        for (t, s) in newToOldSection.enumerated() where s < 0 { sectionInserted[t] = true }
        u.deleteSections = sectionDeleted.indices.filter { sectionDeleted[$0] }
        u.insertSections = sectionInserted.indices.filter { sectionInserted[$0] }

        // D31: the global item lists.
        let (oldItems, oldPaths) = flatten(old), (newItems, newPaths) = flatten(new)
        let (itemOldToNew, itemNewToOld) = OrderedSetDifference.positions(old: oldItems, new: newItems)
        let itemChanges = OrderedSetDifference.changes(oldToNew: itemOldToNew, newToOld: itemNewToOld)
        for (i, n) in itemOldToNew.enumerated() {
            let from = oldPaths[i]
            guard n >= 0 else {
                if !sectionDeleted[from.section] { u.deleteItems.append(from) }   // D30
                continue
            }
            let to = newPaths[n]
            // D33: a changed section identifier is a move even on the common run.
            guard itemChanges.removed[i] || oldToNew[from.section] != to.section else { continue }
            if sdk == .legacy && from == to {   // D34
                if !sectionDeleted[from.section] { u.deleteItems.append(from) }
                if !sectionInserted[to.section] { u.insertItems.append(to) }
            } else {
                u.moveItems.append(ItemMove(from: from, to: to))
            }
        }
        for (n, o) in itemNewToOld.enumerated() where o < 0 && !sectionInserted[newPaths[n].section] {
            u.insertItems.append(newPaths[n])
        }
        return sorted(u)
    }

    /// Both batches for `new` as applied on top of `old`: the structural one (`structural`, from
    /// `diff` or the direct path) and the reloads/reconfigures that still resolve in `new`.
    public static func batches(structural: BatchUpdates, path: SnapshotBatches.Path, new: DiffableSnapshot,
                               marks: SnapshotMarks) -> SnapshotBatches {
        let (validator, hazards) = split(structural)
        var sectionIndex: [SnapshotIdentifier: Int] = [:]
        for (s, id) in new.sectionIdentifiers.enumerated() { sectionIndex[id] = s }
        let wanted = Set(marks.reloadedItems).union(marks.reconfiguredItems)
        var paths: [SnapshotIdentifier: IndexPath] = [:]
        if !wanted.isEmpty {
            for (s, section) in new.sections.enumerated() {
                for (i, id) in section.items.enumerated() where wanted.contains(id) { paths[id] = IndexPath(section: s, item: i) }
            }
        }
        var reloads = BatchUpdates()
        reloads.reloadSections = marks.reloadedSections.compactMap { sectionIndex[$0] }
        reloads.reloadItems = marks.reloadedItems.compactMap { paths[$0] }
        return SnapshotBatches(path: path, updates: structural, validatorUpdates: validator, hazards: hazards,
                               reloadUpdates: reloads, reconfigureItems: marks.reconfiguredItems.compactMap { paths[$0] })
    }

    /// The direct path's updates (D37), sorted.
    public static func direct(_ updates: BatchUpdates) -> BatchUpdates { sorted(updates) }

    /// D40: a move out of a deleted section becomes an insert at its destination (unless that
    /// section is inserted); a move into an inserted section becomes a delete at its source
    /// (unless that section is deleted).
    static func split(_ u: BatchUpdates) -> (BatchUpdates, [SnapshotHazard]) {
        let deleted = Set(u.deleteSections), inserted = Set(u.insertSections)
        var out = u
        var hazards: [SnapshotHazard] = []
        out.moveItems = []
        for m in u.moveItems {
            let fromDeleted = deleted.contains(m.from.section), intoInserted = inserted.contains(m.to.section)
            guard fromDeleted || intoInserted else { out.moveItems.append(m); continue }
            if fromDeleted { hazards.append(SnapshotHazard(code: .moveFromDeletedSection, move: m)) } else { out.deleteItems.append(m.from) }
            if intoInserted { hazards.append(SnapshotHazard(code: .moveIntoInsertedSection, move: m)) } else { out.insertItems.append(m.to) }
        }
        return (sorted(out), hazards)
    }

    static func sorted(_ u: BatchUpdates) -> BatchUpdates {
        var u = u
        u.deleteItems.sort()
        u.insertItems.sort()
        u.moveItems.sort { $0.from < $1.from }
        u.deleteSections.sort()
        u.insertSections.sort()
        u.moveSections.sort { $0.from < $1.from }
        return u
    }

    /// The global item list and each item's index path.
    static func flatten(_ s: DiffableSnapshot) -> ([SnapshotIdentifier], [IndexPath]) {
        var ids: [SnapshotIdentifier] = [], paths: [IndexPath] = []
        let n = s.itemCount
        ids.reserveCapacity(n)
        paths.reserveCapacity(n)
        for (k, section) in s.sections.enumerated() {
            ids.append(contentsOf: section.items)
            for i in section.items.indices { paths.append(IndexPath(section: k, item: i)) }
        }
        return (ids, paths)
    }
}
