/// Turns what survived the checks into the model (`ResolvedBatch`) and the iOS 16.4 message.
extension BatchChecker {
    /// The batch as UIKit decomposes it (reloads = delete + insert at UIKit's target).
    /// With `reloadsInPlace`, item reloads are left out instead: the item simply stays, which is
    /// where the app means it to end up (used for `RELOAD_TARGET_IGNORES_MOVES` and repair).
    func resolved(reloadsInPlace: Bool = false) -> ResolvedBatch {
        var r = ResolvedBatch(before: before, sectionsAfter: sectionsAfter)
        r.deletedSections = deletedSections
        for s in insertedSections { r.freshSections[s] = after[s] }
        r.sectionMoves = validSectionMoves
        r.itemDeletes = validItemDeletes
        r.itemInserts = validItemInserts
        r.itemMoves = validItemMoves.map(\.move)
        if reloadsInPlace {
            for (i, target) in reloadItemTargets {
                r.itemDeletes.remove(updates.reloadItems[i])
                r.itemInserts.remove(target)
            }
        }
        return r
    }

    /// Reload targets whose position differs from where the item really ends up once moves are
    /// taken into account (spec §4, the "magic insert").
    func reloadTargetHazards() -> [BatchIssue] {
        guard !reloadItemTargets.isEmpty, !(updates.moveItems.isEmpty && updates.moveSections.isEmpty),
              let real = resolved(reloadsInPlace: true).apply() else { return [] }
        var issues: [BatchIssue] = []
        for i in reloadItemTargets.keys.sorted() {
            guard let target = reloadItemTargets[i] else { continue }
            let p = updates.reloadItems[i]
            guard let actual = real.target(of: p), actual != target else { continue }
            issues.append(BatchIssue(
                code: BatchIssueCode.reloadTargetIgnoresMoves.rawValue,
                message: "reloadItems[\(i)] (\(p)) is re-inserted by UIKit at \(target) (old path shifted by deletes and inserts only; moves are ignored), but the \(flavor.unit) ends up at \(actual)",
                update: UpdateList.reloadItems.rawValue, index: i, indexPath: p, section: p.section,
                fix: "Reload \(p) in a separate batch after the moves (at \(actual)), or use reconfigureItems."))
        }
        return issues
    }

    /// iOS 16.4+: "Invalid batch updates detected: ..." for count mismatches. The listed updates
    /// are the decomposed deletes (descending), then inserts (ascending), then moves in call order.
    /// Verified: "Delete item (0 - 3)" / "Insert row (0 - 0)". Unverified (spec): the move and
    /// section entries, printed here as "Move item (0 - 1) to (0 - 3)", "Delete section 2",
    /// "Insert section 2", "Move section 1 to 3".
    func exception164() -> String {
        let unit = flavor.unit
        var entries: [String] = []
        var previous: UpdateOp?
        for op in deleteOps {
            if flavor == .tableView, let p = previous, p.section == op.section, p.item == op.item { continue }
            previous = op
            if !op.isSectionLevel && deletedSections.contains(op.section) { continue }
            entries.append(op.isSectionLevel ? "Delete section \(op.section)" : "Delete \(unit) (\(op.path))")
        }
        previous = nil
        for op in insertOps {
            if flavor == .tableView, let p = previous, p.section == op.section, p.item == op.item { continue }
            previous = op
            if !op.isSectionLevel && insertedSections.contains(op.section) { continue }
            entries.append(op.isSectionLevel ? "Insert section \(op.section)" : "Insert \(unit) (\(op.path))")
        }
        for m in updates.moveSections { entries.append("Move section \(m.from) to \(m.to)") }
        for m in updates.moveItems { entries.append("Move \(unit) (\(m.from)) to (\(m.to))") }
        func describe(_ counts: [Int]) -> String {
            "{ \(counts.count) section\(counts.count == 1 ? "" : "s") with \(unit) counts: [\(counts.map(String.init).joined(separator: ", "))] }"
        }
        let list = entries.isEmpty ? "[ ]" : "[ \(entries.joined(separator: ", ")) ]"
        return "Invalid batch updates detected: the number of sections and/or \(unit)s returned by the data source before and/or after performing the batch updates are inconsistent with the updates. Data source before updates = \(describe(before)) Data source after updates = \(describe(after)) Updates = \(list)"
    }
}
