/// Phases 5 and 6 of UIKit's checks (section count, then item count per existing section), the
/// implied after counts, and the hazards of spec §5.
extension BatchChecker {
    /// Valid section moves (first occurrence of each, none that failed a check).
    var validSectionMoves: [SectionMove] {
        updates.moveSections.enumerated().filter { !badSectionMoves.contains($0.offset) }.map(\.element)
    }

    /// Valid item moves with their list positions.
    var validItemMoves: [(index: Int, move: ItemMove)] {
        updates.moveItems.enumerated().filter { !badItemMoves.contains($0.offset) }.map { ($0.offset, $0.element) }
    }

    /// With no `after` given: the counts a consistent data source would report. Section count is
    /// before + inserted - deleted; an existing section gets UIKit's expected count; an inserted
    /// section gets the item inserts aimed at it, a reloaded one its old count (spec "Known
    /// uncertainties"). So only structural errors can remain.
    func impliedAfter() -> [Int] {
        var sectionInserts: Set<Int> = []
        var entries = 0
        var reloadFrom: [Int: Int] = [:]
        for op in insertOps where op.isSectionLevel {
            if sectionInserts.contains(op.section) && flavor == .tableView { continue }
            entries += 1
            sectionInserts.insert(op.section)
            if let from = op.reloadedFrom { reloadFrom[op.section] = from }
        }
        let count = max(0, sectionsBefore - sectionDeleteEntries + entries)
        let inserted = sectionInserts.filter { $0 < count }
        let moves = updates.moveSections.enumerated()
            .filter { !badSectionMoves.contains($0.offset) && $0.element.from < sectionsBefore && $0.element.to < count }
            .map(\.element)
        let plan = SectionPlan(sectionsBefore: sectionsBefore, sectionsAfter: count, deleted: deletedSections,
                               inserted: inserted, moves: moves)
        var counts = Array(repeating: 0, count: count)
        var seen: Set<IndexPath> = []
        for op in insertOps where !op.isSectionLevel && op.section < count {
            if flavor == .tableView && !seen.insert(op.path).inserted { continue }
            if inserted.contains(op.section) {
                if reloadFrom[op.section] == nil { counts[op.section] += 1 }
            } else {
                counts[op.section] += 1
            }
        }
        for (s, from) in reloadFrom where s < count && from < sectionsBefore { counts[s] += before[from] }
        var sources: Set<IndexPath> = [], dests: Set<IndexPath> = []
        for (i, m) in updates.moveItems.enumerated() where !badItemMoves.contains(i) {
            guard m.from.section < sectionsBefore, m.from.item < before[m.from.section],
                  !deletedSections.contains(m.from.section), m.to.section < count, !inserted.contains(m.to.section),
                  !sources.contains(m.from), !dests.contains(m.to) else { continue }
            sources.insert(m.from)
            dests.insert(m.to)
            if plan.newOfOld[m.from.section] != m.to.section {
                counts[m.to.section] += 1
                let home = plan.newOfOld[m.from.section]
                if home >= 0 { counts[home] -= 1 }
            }
        }
        for j in 0..<count where plan.oldOfNew[j] >= 0 {
            let i = plan.oldOfNew[j]
            counts[j] += before[i] - (itemDeleteCount[i] ?? 0)
        }
        return counts.map { max(0, $0) }
    }

    /// The per-section figures UIKit's count message prints.
    struct SectionTally { var before = 0, inserted = 0, deleted = 0, movedIn = 0, movedOut = 0
        var expected: Int { before + inserted - deleted + movedIn - movedOut }
    }

    /// Tallies by new section index, nil for sections inserted by the batch. An array, not a
    /// dictionary: a batch of a million sections built a million-entry dictionary (2 s a request).
    struct SectionTallies {
        var slots: [SectionTally?]
        /// nil outside the sections (never traps on a client's index).
        subscript(j: Int) -> SectionTally? {
            get { slots.indices.contains(j) ? slots[j] : nil }
            set { if slots.indices.contains(j) { slots[j] = newValue } }
        }
        /// Each existing section's index and tally, in order.
        var existing: some Sequence<(Int, SectionTally)> {
            slots.enumerated().lazy.compactMap { j, t in t.map { (j, $0) } }
        }
    }

    /// Section count, then each existing section's item count. Only cross-section moves count.
    /// A section-count mismatch stops here: old and new sections cannot be paired.
    mutating func checkCounts() {
        let expectedSections = sectionsBefore + sectionInsertEntries - sectionDeleteEntries
        if sectionsAfter != expectedSections {
            let diff = flavor.viewName
            error(.invalidNumberOfSections,
                  msg.invalidNumberOfSections(after: sectionsAfter, before: sectionsBefore,
                                              inserted: sectionInsertEntries, deleted: sectionDeleteEntries),
                  .dataSource, nil,
                  fix: "Your data source must report \(expectedSections) sections after the update (it reports \(sectionsAfter)); update the model inside the batch, exactly once, or fix the section inserts/deletes of this \(diff).")
            return
        }
        let (plan, tallies) = tally()
        let expected = expectedCounts(plan, tallies)
        for j in 0..<sectionsAfter where plan.oldOfNew[j] >= 0 {
            guard let t = tallies[j] else { continue }
            if t.deleted > t.before {
                error(.deleteMoreItemsThanExist, msg.deleteMoreItemsThanExist(section: j), .dataSource, nil, section: j,
                      fix: "Section \(j) had \(t.before) \(flavor.unit)s but \(t.deleted) deletes target it; delete each \(flavor.unit) once.")
            } else if afterGiven && after[j] != t.expected {
                error(.invalidNumberOfItems,
                      msg.invalidNumberOfItems(section: j, after: after[j], before: t.before, inserted: t.inserted,
                                               deleted: t.deleted, movedIn: t.movedIn, movedOut: t.movedOut),
                      .dataSource, nil, section: j,
                      fix: "Your data source must report \(t.expected) \(flavor.unit)s in section \(j) (it reports \(after[j]))\(expected.count <= 64 ? ", i.e. counts \(expected)" : ""); or add the missing inserts/deletes.")
            }
        }
    }

    /// Tallies per new section that existed before (keyed by new index).
    func tally() -> (SectionPlan, SectionTallies) {
        let plan = SectionPlan(sectionsBefore: sectionsBefore, sectionsAfter: sectionsAfter, deleted: deletedSections,
                               inserted: insertedSections, moves: validSectionMoves)
        var tallies = SectionTallies(slots: Array(repeating: nil, count: sectionsAfter))
        for j in 0..<sectionsAfter where plan.oldOfNew[j] >= 0 {
            let i = plan.oldOfNew[j]
            tallies[j] = SectionTally(before: before[i], inserted: itemInsertCount[j] ?? 0, deleted: itemDeleteCount[i] ?? 0)
        }
        for (_, m) in validItemMoves {
            let home = plan.newOfOld[m.from.section]
            guard home != m.to.section else { continue }
            tallies[m.to.section]?.movedIn += 1
            if home >= 0 { tallies[home]?.movedOut += 1 }
        }
        return (plan, tallies)
    }

    /// What a consistent data source reports: expected counts for existing sections, the given
    /// (or implied) counts for inserted ones.
    func expectedCounts(_ plan: SectionPlan, _ tallies: SectionTallies) -> [Int] {
        (0..<sectionsAfter).map { j in tallies[j].map { max(0, $0.expected) } ?? after[j] }
    }
}
