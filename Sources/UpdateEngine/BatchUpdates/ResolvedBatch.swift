/// A batch in UIKit's decomposed form (reloads already split into delete + insert), after the
/// checks: the model every result (mapping, steps, repair) is computed from.
///
/// Semantics (spec §1): sections and items nobody touches keep their relative order and fill the
/// after-slots left free by inserts and move destinations.
struct ResolvedBatch {
    var before: [Int]
    var sectionsAfter: Int
    /// Old sections removed (deleted or reloaded); not the sources of section moves.
    var deletedSections: Set<Int> = []
    /// New sections whose items all come fresh from the data source (inserted or reloaded), with
    /// their item counts.
    var freshSections: [Int: Int] = [:]
    var sectionMoves: [SectionMove] = []
    /// Before-coordinates, in sections that are not deleted.
    var itemDeletes: Set<IndexPath> = []
    /// After-coordinates, in sections that are not fresh.
    var itemInserts: Set<IndexPath> = []
    var itemMoves: [ItemMove] = []
}

/// The outcome of applying a `ResolvedBatch`: section plan, new counts and each old item's place.
struct AppliedBatch {
    var plan: SectionPlan
    var counts: [Int]
    /// Prefix sums of `before`: old item (s, i) is entry `offsets[s] + i`.
    var offsets: [Int]
    /// Per old item: new section and row, -1 when removed.
    var newSection: [Int]
    var newItem: [Int]

    func target(of p: IndexPath) -> IndexPath? {
        guard p.section >= 0, p.section + 1 < offsets.count, p.item >= 0,
              offsets[p.section] + p.item < offsets[p.section + 1] else { return nil }
        let k = offsets[p.section] + p.item
        return newSection[k] < 0 ? nil : IndexPath(section: newSection[k], item: newItem[k])
    }
}

extension ResolvedBatch {
    /// Applies the batch. Nil when it is not structurally consistent (a slot claimed twice, a row
    /// past its section's new count, a section without a place). O(N + u log u) for N old items.
    func apply() -> AppliedBatch? {
        let plan = SectionPlan(sectionsBefore: before.count, sectionsAfter: sectionsAfter,
                               deleted: deletedSections, inserted: Set(freshSections.keys), moves: sectionMoves)
        for i in 0..<before.count where !deletedSections.contains(i) && plan.newOfOld[i] < 0 { return nil }
        for j in 0..<sectionsAfter where freshSections[j] == nil && plan.oldOfNew[j] < 0 { return nil }
        var removed: [Int: [Int]] = [:], taken: [Int: [Int]] = [:]
        var moveTarget: [IndexPath: IndexPath] = [:]
        for p in itemDeletes { removed[p.section, default: []].append(p.item) }
        func inNew(_ p: IndexPath) -> Bool { p.section >= 0 && p.section < sectionsAfter }
        func inOld(_ p: IndexPath) -> Bool { p.section >= 0 && p.section < before.count }
        for p in itemInserts {
            guard inNew(p) else { return nil }
            taken[p.section, default: []].append(p.item)
        }
        for p in itemDeletes where !inOld(p) { return nil }
        for m in itemMoves {
            guard inOld(m.from), inNew(m.to), moveTarget.updateValue(m.to, forKey: m.from) == nil,
                  !itemDeletes.contains(m.from), !itemInserts.contains(m.to) else { return nil }
            removed[m.from.section, default: []].append(m.from.item)
            taken[m.to.section, default: []].append(m.to.item)
        }
        var counts = Array(repeating: 0, count: sectionsAfter)
        for j in 0..<sectionsAfter {
            if let fresh = freshSections[j] { counts[j] = fresh; if taken[j] != nil { return nil }; continue }
            let i = plan.oldOfNew[j]
            counts[j] = before[i] - (removed[i]?.count ?? 0) + (taken[j]?.count ?? 0)
        }
        var offsets = [0]
        offsets.reserveCapacity(before.count + 1)
        for c in before { offsets.append((offsets.last ?? 0) + c) }
        let total = offsets.last ?? 0
        var newSection = Array(repeating: -1, count: total), newItem = Array(repeating: -1, count: total)
        for i in 0..<before.count where !deletedSections.contains(i) {
            let j = plan.newOfOld[i]
            let gone = (removed[i] ?? []).sorted(), slots = (taken[j] ?? []).sorted()
            if let last = gone.last, last >= before[i] || (gone.first ?? 0) < 0 { return nil }
            if let last = slots.last, last >= counts[j] || (slots.first ?? 0) < 0 { return nil }
            for k in gone.indices.dropFirst() where gone[k] == gone[k - 1] { return nil }
            for k in slots.indices.dropFirst() where slots[k] == slots[k - 1] { return nil }
            var slot = 0, t = 0, r = 0
            for row in 0..<before[i] {
                let flat = offsets[i] + row
                if r < gone.count && gone[r] == row {
                    r += 1
                    if let to = moveTarget[IndexPath(section: i, item: row)] {
                        newSection[flat] = to.section
                        newItem[flat] = to.item
                    }
                    continue
                }
                while t < slots.count && slots[t] == slot { slot += 1; t += 1 }
                newSection[flat] = j
                newItem[flat] = slot
                slot += 1
            }
        }
        for (p, _) in moveTarget where deletedSections.contains(p.section) { return nil }
        return AppliedBatch(plan: plan, counts: counts, offsets: offsets, newSection: newSection, newItem: newItem)
    }

    /// The data-source mutations in the order `BatchVerdict.steps` documents.
    func steps() -> [BatchStep] {
        var steps: [BatchStep] = []
        var movedFromSection: [Int: Int] = [:]
        for m in sectionMoves { movedFromSection[m.to] = m.from }
        var removedPerSection: [Int: Int] = [:]
        var itemRemovals = Array(itemDeletes)
        for m in itemMoves { itemRemovals.append(m.from) }
        for p in itemRemovals.sorted(by: >) where !deletedSections.contains(p.section) {
            steps.append(.deleteItem(p))
            removedPerSection[p.section, default: 0] += 1
        }
        let sectionRemovals = Array(deletedSections) + sectionMoves.map(\.from)
        for s in sectionRemovals.sorted(by: >) { steps.append(.deleteSection(s)) }
        let sectionAdds = Array(freshSections.keys) + sectionMoves.map(\.to)
        for s in sectionAdds.sorted() {
            if let from = movedFromSection[s] {
                steps.append(.insertSection(s, itemCount: before[from] - (removedPerSection[from] ?? 0), movedFrom: from))
            } else {
                steps.append(.insertSection(s, itemCount: freshSections[s] ?? 0, movedFrom: nil))
            }
        }
        var adds: [(IndexPath, IndexPath?)] = itemInserts.map { ($0, nil) }
        for m in itemMoves { adds.append((m.to, m.from)) }
        adds.sort { $0.0 < $1.0 }
        for (p, from) in adds { steps.append(.insertItem(p, movedFrom: from)) }
        return steps
    }
}
