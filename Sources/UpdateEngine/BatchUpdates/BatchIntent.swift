/// What a (possibly invalid) batch means: the state the app's data source is taken to hold after
/// it, as a `ResolvedBatch` in which reloads keep their item in place (refreshed, not moved).
///
/// Conflicts are resolved with IGListKit's rules (spec §3) where it has one, else as written here:
/// - duplicates collapse (first occurrence wins); ops outside the before state are dropped;
///   section inserts are kept while they fit the section count they produce;
/// - a deleted section wins over its reload and its move; item ops inside a deleted or reloaded
///   section go with the section; a reloaded section that is also moved is moved and refreshed;
/// - a section move onto an inserted section, or past the end, is dropped;
/// - an item delete wins over a reload of it; a delete plus a move of the same item becomes the
///   delete plus an insert at the move's destination; a reload plus a move is a refreshed move;
/// - a move into an inserted or reloaded section becomes a delete (the new section's items come
///   from the data source); a move out of a deleted or reloaded section is dropped;
/// - an insert at a move's destination is dropped (the move wins); of two moves from one source
///   or onto one destination the first wins.
/// Fresh sections get the given `after` count, else: inserted ones the inserts aimed at them,
/// reloaded ones their old count. Nil when the result does not fit the given `after` counts (or
/// an insert lands past its section's end): then no batch reaches the data source's state.
struct BatchIntent {
    var resolved: ResolvedBatch
    var applied: AppliedBatch
    /// Old index paths of items that stay but are reloaded (or moved and reloaded).
    var refreshed: Set<IndexPath>
    /// Old section -> new section, for reloaded sections.
    var reloadedSections: [Int: Int]

    init?(before: [Int], after: [Int]?, updates u: BatchUpdates) {
        let s0 = before.count
        let deleted = Set(u.deleteSections.filter { $0 >= 0 && $0 < s0 })
        let reloadedOld = Set(u.reloadSections.filter { $0 >= 0 && $0 < s0 && !deleted.contains($0) })
        let base = s0 - deleted.count
        var inserted: Set<Int> = []
        for s in SortedIndex.unique(u.insertSections.filter { $0 >= 0 }) where s < base + inserted.count + 1 {
            inserted.insert(s)
        }
        let s1 = base + inserted.count
        if let after, after.count != s1 { return nil }
        var moves: [SectionMove] = [], movedFrom: Set<Int> = [], movedTo: Set<Int> = []
        for m in u.moveSections where m.from >= 0 && m.from < s0 && !deleted.contains(m.from)
            && m.to >= 0 && m.to < s1 && !inserted.contains(m.to) && !movedFrom.contains(m.from) && !movedTo.contains(m.to) {
            moves.append(m); movedFrom.insert(m.from); movedTo.insert(m.to)
        }
        let plan = SectionPlan(sectionsBefore: s0, sectionsAfter: s1, deleted: deleted, inserted: inserted, moves: moves)
        var fresh: [Int: Int] = [:], reloadedSections: [Int: Int] = [:]
        for s in inserted { fresh[s] = 0 }
        for s in reloadedOld {
            let j = plan.newOfOld[s]
            guard j >= 0 else { return nil }
            reloadedSections[s] = j
            fresh[j] = before[s]
        }
        let gone = deleted.union(reloadedOld)
        func oldOK(_ p: IndexPath) -> Bool {
            p.section >= 0 && p.section < s0 && !gone.contains(p.section) && p.item >= 0 && p.item < before[p.section]
        }
        func newOK(_ p: IndexPath) -> Bool { p.section >= 0 && p.section < s1 && p.item >= 0 && fresh[p.section] == nil }
        var r = ResolvedBatch(before: before, sectionsAfter: s1)
        r.deletedSections = gone
        r.sectionMoves = moves.filter { !reloadedOld.contains($0.from) }
        r.itemDeletes = Set(u.deleteItems.filter(oldOK))
        var refreshed = Set(u.reloadItems.filter { oldOK($0) && !r.itemDeletes.contains($0) })
        var sources: Set<IndexPath> = [], dests: Set<IndexPath> = []
        var convertedInserts: [IndexPath] = []
        for m in u.moveItems where oldOK(m.from) && m.to.section >= 0 && m.to.section < s1 && m.to.item >= 0 {
            guard !sources.contains(m.from), !dests.contains(m.to) else { continue }
            sources.insert(m.from); dests.insert(m.to)
            if r.itemDeletes.contains(m.from) {
                if newOK(m.to) { convertedInserts.append(m.to) }
            } else if !newOK(m.to) {
                r.itemDeletes.insert(m.from)
                refreshed.remove(m.from)
            } else {
                r.itemMoves.append(m)
            }
        }
        let moveDests = Set(r.itemMoves.map(\.to))
        var aimed: [Int: Set<Int>] = [:]
        for p in u.insertItems where p.section >= 0 && p.section < s1 && p.item >= 0 && inserted.contains(p.section) {
            aimed[p.section, default: []].insert(p.item)
        }
        r.itemInserts = Set((u.insertItems + convertedInserts).filter { newOK($0) && !moveDests.contains($0) })
        for (j, _) in fresh where inserted.contains(j) { fresh[j] = aimed[j]?.count ?? 0 }
        if let after { for j in fresh.keys { fresh[j] = after[j] } }
        r.freshSections = fresh
        guard let applied = r.apply() else { return nil }
        if let after, applied.counts != after { return nil }
        self.resolved = r
        self.applied = applied
        self.refreshed = refreshed
        self.reloadedSections = reloadedSections
    }
}
