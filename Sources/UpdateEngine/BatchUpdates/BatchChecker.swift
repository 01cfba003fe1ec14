/// Runs UIKit's consistency checks in UIKit's order (spec §2) and keeps what survives them.
///
/// Unlike UIKit it does not stop at the first failure: every violation is recorded, and an op that
/// failed a check is left out of later counting so one mistake does not cascade. Every phase is a
/// sort plus dictionary/set look-ups: O((n + u) log u) for u updates over n sections.
struct BatchChecker {
    let before: [Int]
    let updates: BatchUpdates
    let flavor: BatchFlavor
    let msg: BatchMessages
    /// After counts: given by the caller, or implied (see `impliedAfter`).
    var after: [Int] = []
    let afterGiven: Bool

    var errors: [BatchIssue] = []
    /// For each error, the other call of a conflicting pair (the move a delete collides with, …),
    /// so `BatchFixer` can choose which of the two to drop.
    var partners: [EntryRef?] = []
    var warnings: [BatchIssue] = []

    // Decomposition (reloads split into delete + insert halves).
    var deleteOps: [UpdateOp] = []
    var insertOps: [UpdateOp] = []
    /// reloadItems index -> UIKit's re-insert position (moves ignored).
    var reloadItemTargets: [Int: IndexPath] = [:]
    /// reloadSections index -> UIKit's re-insert section.
    var reloadSectionTargets: [Int: Int] = [:]

    // What passed the delete phase.
    var deletedSections: Set<Int> = []
    var sectionDeleteEntries = 0
    var itemDeleteCount: [Int: Int] = [:]
    var validItemDeletes: Set<IndexPath> = []
    // What passed the insert phase.
    var insertedSections: Set<Int> = []
    var sectionInsertEntries = 0
    var itemInsertCount: [Int: Int] = [:]
    var validItemInserts: Set<IndexPath> = []
    // Moves excluded from counting (failed a check, or identical duplicates).
    var badSectionMoves: Set<Int> = []
    var badItemMoves: Set<Int> = []

    // Look-ups over the moves (first occurrence wins).
    var sectionMoveBySource: [Int: Int] = [:]
    var sectionMoveByDest: [Int: Int] = [:]
    var itemMoveBySource: [IndexPath: Int] = [:]
    var itemMoveByDest: [IndexPath: Int] = [:]
    var itemMovesBySourceSection: [Int: [Int]] = [:]
    var itemMovesByDestSection: [Int: [Int]] = [:]

    var sectionsBefore: Int { before.count }
    var sectionsAfter: Int { after.count }

    init(before: [Int], after: [Int]?, updates: BatchUpdates, flavor: BatchFlavor) {
        self.before = before
        self.updates = updates
        self.flavor = flavor
        self.msg = BatchMessages(flavor: flavor)
        self.afterGiven = after != nil
        self.after = after ?? []
        for (i, m) in updates.moveSections.enumerated() {
            if sectionMoveBySource[m.from] == nil { sectionMoveBySource[m.from] = i }
            if sectionMoveByDest[m.to] == nil { sectionMoveByDest[m.to] = i }
        }
        for (i, m) in updates.moveItems.enumerated() {
            if itemMoveBySource[m.from] == nil { itemMoveBySource[m.from] = i }
            if itemMoveByDest[m.to] == nil { itemMoveByDest[m.to] = i }
            itemMovesBySourceSection[m.from.section, default: []].append(i)
            itemMovesByDestSection[m.to.section, default: []].append(i)
        }
    }

    /// Runs all phases in UIKit's order.
    mutating func run() {
        decomposeReloads()
        checkDeletes()
        if !afterGiven { after = impliedAfter() }
        checkInserts()
        checkMoves()
        checkCounts()
        collectHazards()
    }

    mutating func error(_ code: BatchIssueCode, _ message: String, _ list: UpdateList, _ index: Int?,
                        path: IndexPath? = nil, section: Int? = nil, partner: EntryRef? = nil, fix: String) {
        errors.append(BatchIssue(code: code.rawValue, message: message, update: list.rawValue,
                                 index: index, indexPath: path, section: section, fix: fix))
        partners.append(partner)
    }

    // MARK: Phase 1: reload against delete, then decompose (spec §1 "Reload = delete + insert")

    /// Checks each reload against the deletes, then splits the rest into a delete at the old path
    /// and an insert at the old path shifted by section/item deletes and inserts only (moves are
    /// ignored, as UIKit does). Reload halves themselves do not shift other reloads. A row reload
    /// inside a deleted or reloaded section is dropped with both halves.
    mutating func decomposeReloads() {
        let deletedSectionSet = Set(updates.deleteSections)
        var sectionDeleteIndex: [Int: Int] = [:]
        for (k, s) in updates.deleteSections.enumerated() where sectionDeleteIndex[s] == nil { sectionDeleteIndex[s] = k }
        var keptSections: [(index: Int, section: Int)] = []
        for (i, s) in updates.reloadSections.enumerated() {
            if let k = sectionDeleteIndex[s] {
                error(.deleteAndReloadSameSection, msg.deleteAndReloadSection(s), .reloadSections, i, section: s,
                      partner: EntryRef(.deleteSections, k),
                      fix: "Either delete section \(s) or reload it, not both; a deleted section needs no reload.")
            } else {
                keptSections.append((i, s))
            }
        }
        var itemDeleteIndex: [IndexPath: Int] = [:]
        for (k, p) in updates.deleteItems.enumerated() where itemDeleteIndex[p] == nil { itemDeleteIndex[p] = k }
        var keptItems: [(index: Int, path: IndexPath)] = []
        for (i, p) in updates.reloadItems.enumerated() {
            if let k = itemDeleteIndex[p] {
                error(.deleteAndReloadSameIndexPath, msg.deleteAndReload(p), .reloadItems, i, path: p,
                      partner: EntryRef(.deleteItems, k),
                      fix: "A deleted \(flavor.unit) needs no reload, and a reloaded one is not deleted: keep one of the two.")
            } else {
                keptItems.append((i, p))
            }
        }
        for (i, s) in updates.deleteSections.enumerated() { deleteOps.append(.section(s, .deleteSections, i)) }
        for (i, p) in updates.deleteItems.enumerated() { deleteOps.append(.item(p, .deleteItems, i)) }
        for (i, s) in updates.insertSections.enumerated() { insertOps.append(.section(s, .insertSections, i)) }
        for (i, p) in updates.insertItems.enumerated() { insertOps.append(.item(p, .insertItems, i)) }

        let sectionDeletes = SortedIndex.unique(updates.deleteSections)
        let sectionInserts = SortedIndex.unique(updates.insertSections)
        keptSections.sort { $0.section < $1.section }
        let sectionTargets = SortedIndex.shift(keptSections.map(\.section), deleted: sectionDeletes,
                                               inserted: sectionInserts)
        var reloadedSections: Set<Int> = []
        for (k, entry) in keptSections.enumerated() {
            reloadedSections.insert(entry.section)
            reloadSectionTargets[entry.index] = sectionTargets[k]
            deleteOps.append(.section(entry.section, .reloadSections, entry.index))
            var half = UpdateOp.section(sectionTargets[k], .reloadSections, entry.index)
            half.reloadedFrom = entry.section
            insertOps.append(half)
        }
        decomposeItemReloads(keptItems, skipSections: deletedSectionSet.union(reloadedSections),
                             sectionDeletes: sectionDeletes, sectionInserts: sectionInserts)
    }

    private mutating func decomposeItemReloads(_ kept: [(index: Int, path: IndexPath)], skipSections: Set<Int>,
                                               sectionDeletes: [Int], sectionInserts: [Int]) {
        var bySection: [Int: [(index: Int, item: Int)]] = [:]
        for (i, p) in kept where !skipSections.contains(p.section) {
            deleteOps.append(.item(p, .reloadItems, i))
            // Out-of-range reloads fail as deletes; they get no insert half.
            guard p.section < sectionsBefore, p.item < before[p.section] else { continue }
            bySection[p.section, default: []].append((i, p.item))
        }
        guard !bySection.isEmpty else { return }
        let sections = bySection.keys.sorted()
        let targets = SortedIndex.shift(sections, deleted: sectionDeletes, inserted: sectionInserts)
        var deletesBySection: [Int: [Int]] = [:]
        for p in updates.deleteItems { deletesBySection[p.section, default: []].append(p.item) }
        var insertsBySection: [Int: [Int]] = [:]
        for p in updates.insertItems { insertsBySection[p.section, default: []].append(p.item) }
        for (k, s) in sections.enumerated() {
            guard var rows = bySection[s] else { continue }
            rows.sort { $0.item < $1.item }
            let t = targets[k]
            let shifted = SortedIndex.shift(rows.map(\.item),
                                            deleted: SortedIndex.unique(deletesBySection[s] ?? []),
                                            inserted: SortedIndex.unique(insertsBySection[t] ?? []))
            for (r, row) in rows.enumerated() {
                let target = IndexPath(section: t, item: shifted[r])
                reloadItemTargets[row.index] = target
                insertOps.append(.item(target, .reloadItems, row.index))
            }
        }
    }
}
