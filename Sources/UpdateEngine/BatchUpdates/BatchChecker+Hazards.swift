/// Hazards UIKit accepts but that break apps (spec §5); `DUPLICATE_DELETE` is raised while
/// checking deletes, `RELOAD_TARGET_IGNORES_MOVES` by `BatchValidation` once the model is known.
extension BatchChecker {
    /// `ITEM_CHANGES_IN_MOVED_SECTION`: an item op whose section is also moved. Old-coordinate ops
    /// (deletes, reloads, move sources) are matched against move sources, new-coordinate ops
    /// (inserts, move destinations) against move destinations. IGListKit turns such a section
    /// move into delete + insert to avoid heap corruption and animation bugs.
    mutating func collectHazards() {
        let moves = validSectionMoves
        guard !moves.isEmpty else { return }
        var sourceOf: [Int: Int] = [:], destOf: [Int: Int] = [:]
        for m in moves { sourceOf[m.from] = m.to; destOf[m.to] = m.from }
        for (i, p) in updates.deleteItems.enumerated() where validItemDeletes.contains(p) {
            if let to = sourceOf[p.section] { warnMoved(.deleteItems, i, p, p.section, to) }
        }
        for (i, p) in updates.insertItems.enumerated() where validItemInserts.contains(p) {
            if let from = destOf[p.section] { warnMoved(.insertItems, i, p, from, p.section) }
        }
        for (i, p) in updates.reloadItems.enumerated() where reloadItemTargets[i] != nil {
            if let to = sourceOf[p.section] { warnMoved(.reloadItems, i, p, p.section, to) }
        }
        for (i, m) in validItemMoves {
            if let to = sourceOf[m.from.section] {
                warnMoved(.moveItems, i, m.from, m.from.section, to)
            } else if let from = destOf[m.to.section] {
                warnMoved(.moveItems, i, m.to, from, m.to.section)
            }
        }
    }

    private mutating func warnMoved(_ list: UpdateList, _ index: Int, _ path: IndexPath, _ from: Int, _ to: Int) {
        warnings.append(BatchIssue(
            code: BatchIssueCode.itemChangesInMovedSection.rawValue,
            message: "\(list.rawValue)[\(index)] (\(path)) changes \(flavor.unit)s of section \(from), which is moved to section \(to) in the same batch; UIKit accepts this but animates it wrongly and can corrupt its state",
            update: list.rawValue, index: index, indexPath: path, section: path.section,
            fix: "Run the section move and the \(flavor.unit) changes in separate batches, or delete and insert the section instead of moving it."))
    }
}
