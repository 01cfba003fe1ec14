/// Rewrites a batch UIKit rejects into batches it accepts that reach the same state: the
/// `BatchIntent` of the original (the data source's after state, conflicts resolved as documented
/// there). Both modes produce batches that pass `BatchValidation` in strict mode.
///
/// - `merge` (IGListKit): one batch. Sections that stay in order are kept, the others moved; a
///   moved section with any item change becomes delete + insert. Items: deletes, inserts, and
///   moves for the rest (a longest increasing run stays put). A reloaded item that moves, or
///   whose UIKit re-insert position would differ from its real one, becomes delete + insert;
///   reloaded sections become delete + insert.
/// - `split` (DifferenceKit): up to five stages run one after another, the data source reporting
///   each stage's state: (1) item reloads, (2) section and item deletes, (3) section inserts
///   (with their final items) and section moves, (4) item inserts and moves, (5) section reloads.
///   Empty stages are left out.
/// - Complexity: O((n + u) log(n + u)).
enum BatchRepair {
    static func repair(before: [Int], after: [Int]?, updates: BatchUpdates, flavor: BatchFlavor,
                       mode: RepairMode) -> [BatchUpdates]? {
        var target = after
        if target == nil {
            var checker = BatchChecker(before: before, after: nil, updates: updates, flavor: flavor)
            checker.decomposeReloads()
            checker.checkDeletes()
            target = checker.impliedAfter()
        }
        guard let intent = BatchIntent(before: before, after: target, updates: updates)
                ?? BatchIntent(before: before, after: after, updates: updates) else { return nil }
        switch mode {
        case .merge: return [merge(intent)]
        case .split: return split(intent)
        }
    }

    /// Target of old item (s, i) in the intent, nil when it does not survive.
    static func target(_ intent: BatchIntent, _ s: Int, _ i: Int) -> IndexPath? {
        let k = intent.applied.offsets[s] + i
        let j = intent.applied.newSection[k]
        return j < 0 ? nil : IndexPath(section: j, item: intent.applied.newItem[k])
    }

    static func merge(_ intent: BatchIntent) -> BatchUpdates {
        let r = intent.resolved, plan = intent.applied.plan, counts = intent.applied.counts
        var u = BatchUpdates()
        let carried = (0..<r.before.count).filter { !r.deletedSections.contains($0) }
        let stays = BatchDiff.longestIncreasing(carried.map { plan.newOfOld[$0] })
        var converted: Set<Int> = []
        for (n, i) in carried.enumerated() where !stays[n] {
            let j = plan.newOfOld[i]
            if unchanged(intent, i, j) { u.moveSections.append(SectionMove(from: i, to: j)) } else { converted.insert(i) }
        }
        u.deleteSections = (Array(r.deletedSections) + Array(converted)).sorted()
        u.insertSections = (Array(r.freshSections.keys) + converted.map { plan.newOfOld[$0] }).sorted()
        let plainNew = Set(carried.filter { !converted.contains($0) }.map { plan.newOfOld[$0] })
        // Pass 1: deletes, moves and stays per plain section; which sections moves touch.
        var touched: Set<Int> = [], filled: [Int: Set<Int>] = [:]
        var stayed: [(from: IndexPath, to: IndexPath)] = [], moved: [ItemMove] = []
        for i in carried where !converted.contains(i) {
            let j = plan.newOfOld[i]
            var candidates: [(row: Int, to: Int)] = []
            for row in 0..<r.before[i] {
                guard let t = target(intent, i, row), plainNew.contains(t.section) else {
                    u.deleteItems.append(IndexPath(section: i, item: row)); continue
                }
                if t.section == j { candidates.append((row, t.item)) } else {
                    moved.append(ItemMove(from: IndexPath(section: i, item: row), to: t))
                    touched.insert(j); touched.insert(t.section)
                }
            }
            let keep = BatchDiff.longestIncreasing(candidates.map(\.to))
            for (n, c) in candidates.enumerated() {
                let from = IndexPath(section: i, item: c.row), to = IndexPath(section: j, item: c.to)
                if keep[n] { stayed.append((from, to)) } else { moved.append(ItemMove(from: from, to: to)); touched.insert(j) }
            }
        }
        // Pass 2: reloads where UIKit's re-insert position is the real one, else delete + insert.
        let sectionShift = Dictionary(uniqueKeysWithValues: zip(carried, SortedIndex.shift(
            carried, deleted: u.deleteSections, inserted: u.insertSections)))
        for (from, to) in stayed {
            filled[to.section, default: []].insert(to.item)
            guard intent.refreshed.contains(from) else { continue }
            if !touched.contains(to.section) && sectionShift[from.section] == to.section {
                u.reloadItems.append(from)
            } else {
                u.deleteItems.append(from); u.insertItems.append(to)
            }
        }
        for m in moved {
            filled[m.to.section, default: []].insert(m.to.item)
            if intent.refreshed.contains(m.from) { u.deleteItems.append(m.from); u.insertItems.append(m.to) } else { u.moveItems.append(m) }
        }
        for j in plainNew.sorted() {
            let f = filled[j] ?? []
            for row in 0..<counts[j] where !f.contains(row) { u.insertItems.append(IndexPath(section: j, item: row)) }
        }
        u.deleteItems.sort(); u.insertItems.sort(); u.reloadItems.sort()
        u.moveItems.sort { $0.to < $1.to }
        return u
    }

    /// A section whose items all stay, in order, unrefreshed, with nothing added: safe to move.
    static func unchanged(_ intent: BatchIntent, _ i: Int, _ j: Int) -> Bool {
        let before = intent.resolved.before[i]
        guard intent.applied.counts[j] == before else { return false }
        for row in 0..<before {
            guard target(intent, i, row) == IndexPath(section: j, item: row),
                  !intent.refreshed.contains(IndexPath(section: i, item: row)) else { return false }
        }
        return true
    }
}
