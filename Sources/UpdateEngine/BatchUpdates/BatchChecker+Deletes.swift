/// Phase 2 of UIKit's checks: deletes in descending order (spec §2.2).
extension BatchChecker {
    /// Sorts deletes descending (a section delete before the rows of its section), removes equal
    /// neighbours for table views (silently, like UITableView) and, for collection views, keeps
    /// them but warns `DUPLICATE_DELETE` (UICollectionView corrupts its state instead of throwing).
    /// Row deletes inside a deleted section are dropped without any check.
    mutating func checkDeletes() {
        deleteOps.sort(by: UpdateOp.descending)
        var previous: UpdateOp?
        var previousCounted = false
        for op in deleteOps {
            if !op.isSectionLevel && deletedSections.contains(op.section) { continue }
            if let p = previous, p.section == op.section, p.item == op.item {
                if flavor == .tableView { continue }
                warnDuplicateDelete(op)
                if previousCounted {
                    if op.isSectionLevel { sectionDeleteEntries += 1 } else { itemDeleteCount[op.section, default: 0] += 1 }
                }
                continue
            }
            previous = op
            previousCounted = op.isSectionLevel ? checkSectionDelete(op) : checkItemDelete(op)
        }
    }

    private mutating func warnDuplicateDelete(_ op: UpdateOp) {
        let what = op.isSectionLevel ? "section \(op.section)" : "\(flavor.unit) \(op.path)"
        warnings.append(BatchIssue(
            code: BatchIssueCode.duplicateDelete.rawValue,
            message: "\(what) is deleted more than once; UICollectionView does not reject this but corrupts its state and later crashes in -[UICollectionViewData layoutAttributesForItemAtIndexPath:]",
            update: op.list.rawValue, index: op.index,
            indexPath: op.isSectionLevel ? nil : op.path, section: op.section,
            fix: "Delete each \(op.isSectionLevel ? "section" : flavor.unit) once (a reload already deletes it), and drop one matching insert per extra delete."))
    }

    /// Returns whether the delete counts.
    private mutating func checkSectionDelete(_ op: UpdateOp) -> Bool {
        let s = op.section
        sectionDeleteEntries += 1
        if let m = sectionMoveBySource[s] {
            badSectionMoves.insert(m)
            error(.deleteAndMoveSameSection, msg.deleteAndMoveSection(s), op.list, op.index, section: s,
                  partner: EntryRef(.moveSections, m),
                  fix: op.list == .reloadSections
                    ? "A reload is a delete plus an insert, so a reloaded section cannot also move: reload it in a separate batch after the move."
                    : "Either delete section \(s) or move it, not both.")
        }
        if s >= sectionsBefore {
            error(.deleteSectionOutOfRange, msg.deleteSectionOutOfRange(s, sections: sectionsBefore), op.list, op.index,
                  section: s, fix: "Delete sections in before-coordinates: valid sections are 0..<\(sectionsBefore).")
            return false
        }
        deletedSections.insert(s)
        for m in itemMovesBySourceSection[s] ?? [] where !badItemMoves.contains(m) {
            badItemMoves.insert(m)
            let move = updates.moveItems[m]
            error(.moveFromDeletedSection, msg.moveFromDeletedSection(), .moveItems, m, path: move.from, section: s,
                  partner: EntryRef(op.list, op.index),
                  fix: "Section \(s) is deleted, so no \(flavor.unit) can move out of it; one that survives is inserted at its destination instead.")
        }
        return true
    }

    /// Returns whether the delete counts.
    private mutating func checkItemDelete(_ op: UpdateOp) -> Bool {
        let p = op.path
        if let m = itemMoveBySource[p] {
            badItemMoves.insert(m)
            error(.deleteAndMoveSameIndexPath, msg.deleteAndMove(p), op.list, op.index, path: p, section: p.section,
                  partner: EntryRef(.moveItems, m),
                  fix: op.list == .reloadItems
                    ? "A reload is a delete plus an insert, so a reloaded \(flavor.unit) cannot also move (to move and refresh it, reload \(p) in a separate batch after the move, or use reconfigureItems)."
                    : "Either delete \(p) or move it, not both.")
        }
        if p.section >= sectionsBefore {
            error(.deleteItemSectionOutOfRange, msg.deleteItemSectionOutOfRange(p, sections: sectionsBefore),
                  op.list, op.index, path: p, section: p.section,
                  fix: "Use before-coordinates: there are only \(sectionsBefore) sections before the update.")
            return false
        }
        let count = before[p.section]
        if p.item >= count {
            error(.deleteItemOutOfRange, msg.deleteItemOutOfRange(p, count: count), op.list, op.index,
                  path: p, section: p.section,
                  fix: "Use before-coordinates: section \(p.section) had \(count) \(flavor.unit)s before the update; check the data source was not mutated before the batch.")
            return false
        }
        itemDeleteCount[p.section, default: 0] += 1
        validItemDeletes.insert(p)
        return true
    }
}
