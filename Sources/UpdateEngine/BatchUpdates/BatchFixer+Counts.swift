/// The count phase of `BatchFixer`: runs once the batch has no out-of-range or conflicting call
/// left, so every count is over calls UIKit accepts.
extension BatchFixer {
    /// Errors whose call a count fix may bring back into range instead of dropping it.
    static let reclaimable: Set<BatchIssueCode> = [
        .insertItemOutOfRange, .insertAndMoveSameIndexPath, .deleteItemOutOfRange,
        .moveItemOutOfRange, .moveItemDestinationOutOfRange,
        .insertSectionOutOfRange, .insertAndMoveSameSection, .deleteSectionOutOfRange,
    ]

    /// Dropped calls of `list` that a count fix may put back, with the issue that dropped them.
    func candidates(_ list: UpdateList) -> [(handle: BatchDraft.Handle, value: BatchEdit.Value, owner: Int)] {
        draft.removed(list).compactMap { r in
            guard r.entry.origin != nil, let owner = r.entry.owner, !settled.contains(r.handle),
                  let code = BatchIssueCode(rawValue: issues[owner].code), Self.reclaimable.contains(code) else { return nil }
            return (r.handle, r.entry.value, owner)
        }
    }

    mutating func fixCounts(_ c: BatchChecker, _ handles: BatchDraft.Handles) {
        if c.errors[0].code == BatchIssueCode.invalidNumberOfSections.rawValue {
            fixSectionCount(c, handles)
        } else {
            fixItemCounts(c, handles)
        }
    }

    /// Notes, on the issue that dropped a call, that a count fix kept it.
    mutating func noteKept(_ owner: Int, _ what: String) {
        suffixes[owner] = " The data source's counts show the \(what) happened, so it is kept, in range."
    }

    mutating func fixSectionCount(_ c: BatchChecker, _ handles: BatchDraft.Handles) {
        let expected = c.sectionsBefore + c.sectionInsertEntries - c.sectionDeleteEntries
        let need = c.sectionsAfter - expected
        let grow = need > 0
        let places = grow ? sectionInsertSlots(c, need) : sectionDeletions(c, -need)
        let reclaim = candidates(grow ? .insertSections : .deleteSections)
        if !reclaim.isEmpty && !places.isEmpty {
            for (cand, s) in zip(reclaim, places) {
                draft.replace(cand.handle, with: .section(s), by: cand.owner)
                noteKept(cand.owner, grow ? "section insert" : "section delete")
            }
            return
        }
        if !expectedAfterKnown { expectedAfterKnown = true; expectedAfter = nil }
        let view = flavor.viewName
        let issue = report(c.errors[0],
            reason: "The data source reports \(c.sectionsAfter) sections after the update, but the updates account for \(expected): \(c.sectionsBefore) before + \(c.sectionInsertEntries) inserted − \(c.sectionDeleteEntries) deleted; \(abs(need)) section\(abs(need) == 1 ? "" : "s") \(grow ? "appeared without an insert" : "disappeared without a delete").",
            suffix: " If the data source is what is wrong instead, the \(view) must report \(expected) sections after the update.")
        var remaining = abs(need)
        // Collection views count a repeated section delete (insert) twice: drop the repeats first.
        for h in repeats(grow ? .deleteSections : .insertSections) where remaining > 0 {
            draft.remove(h, by: issue)
            remaining -= 1
        }
        for s in places.prefix(remaining) {
            draft.add(grow ? .insertSections : .deleteSections, .section(s), by: issue)
            remaining -= 1
        }
        // No place left (every candidate is a move's source or destination): undo the opposite
        // call, then take a section a move touches, with its moves.
        for (h, _) in draft.live(grow ? .deleteSections : .insertSections).reversed() where remaining > 0 {
            draft.remove(h, by: issue)
            remaining -= 1
        }
        guard remaining > 0 else { return }
        let used = Set(places)
        if grow {
            for j in (0..<c.sectionsAfter).reversed() where remaining > 0 && !c.insertedSections.contains(j) && !used.contains(j) {
                dropMoves(by: issue) { if case .sectionMove(let m) = $0 { m.to == j } else if case .itemMove(let m) = $0 { m.to.section == j } else { false } }
                draft.add(.insertSections, .section(j), by: issue)
                remaining -= 1
            }
        } else {
            for i in (0..<c.sectionsBefore).reversed() where remaining > 0 && !c.deletedSections.contains(i) && !used.contains(i) {
                dropMoves(by: issue) { if case .sectionMove(let m) = $0 { m.from == i } else if case .itemMove(let m) = $0 { m.from.section == i } else { false } }
                draft.add(.deleteSections, .section(i), by: issue)
                remaining -= 1
            }
        }
    }

    /// Drops the live moves (section and item) that `matches` selects.
    mutating func dropMoves(by issue: Int, _ matches: (BatchEdit.Value) -> Bool) {
        for list in [UpdateList.moveSections, .moveItems] {
            for (h, v) in draft.live(list) where matches(v) { draft.remove(h, by: issue) }
        }
    }

    mutating func fixItemCounts(_ c: BatchChecker, _ handles: BatchDraft.Handles) {
        let (plan, tallies) = c.tally()
        var book = SlotBook(c)
        // First bring back dropped calls the counts ask for; check again before anything else.
        var inserts: [Int: [(handle: BatchDraft.Handle, value: BatchEdit.Value, owner: Int)]] = [:]
        for cand in candidates(.insertItems) { if case .indexPath(let p) = cand.value { inserts[p.section, default: []].append(cand) } }
        var deletes: [Int: [(handle: BatchDraft.Handle, value: BatchEdit.Value, owner: Int)]] = [:]
        for cand in candidates(.deleteItems) { if case .indexPath(let p) = cand.value { deletes[p.section, default: []].append(cand) } }
        var reclaimed = false
        var needs: [Int: Int] = [:]
        for e in c.errors where e.code == BatchIssueCode.invalidNumberOfItems.rawValue {
            if let j = e.section, let t = tallies[j] { needs[j] = c.after[j] - t.expected }
        }
        // A move across sections dropped for one bad index, where its source section lost an item
        // and its destination gained one: kept, with the bad index put in range.
        for cand in candidates(.moveItems) {
            guard case .itemMove(let m) = cand.value, m.from.section < c.sectionsBefore, m.to.section < c.sectionsAfter else { continue }
            let home = plan.newOfOld[m.from.section]
            guard home >= 0, home != m.to.section, (needs[home] ?? 0) < 0, (needs[m.to.section] ?? 0) > 0,
                  let from = m.from.item < c.before[m.from.section] ? m.from.item
                      : book.takeRow(m.from.section, count: c.before[m.from.section], near: m.from.item),
                  let to = m.to.item < c.after[m.to.section] ? m.to.item
                      : book.takeSlot(m.to.section, count: c.after[m.to.section], near: m.to.item) else { continue }
            let fixed = ItemMove(from: IndexPath(section: m.from.section, item: from), to: IndexPath(section: m.to.section, item: to))
            draft.replace(cand.handle, with: .itemMove(fixed), by: cand.owner)
            noteKept(cand.owner, "move")
            needs[home, default: 0] += 1
            needs[m.to.section, default: 0] -= 1
            reclaimed = true
        }
        for e in c.errors where e.code == BatchIssueCode.invalidNumberOfItems.rawValue {
            guard let j = e.section else { continue }
            let need = needs[j] ?? 0, i = plan.oldOfNew[j]
            if need > 0 {
                for cand in (inserts[j] ?? []).prefix(need) {
                    guard case .indexPath(let p) = cand.value, let row = book.takeSlot(j, count: c.after[j], near: p.item) else { continue }
                    draft.replace(cand.handle, with: .indexPath(IndexPath(section: j, item: row)), by: cand.owner)
                    noteKept(cand.owner, "insert")
                    reclaimed = true
                }
            } else if need < 0, i >= 0 {
                for cand in (deletes[i] ?? []).prefix(-need) {
                    guard case .indexPath(let p) = cand.value, let row = book.takeRow(i, count: c.before[i], near: p.item) else { continue }
                    draft.replace(cand.handle, with: .indexPath(IndexPath(section: i, item: row)), by: cand.owner)
                    noteKept(cand.owner, "delete")
                    reclaimed = true
                }
            }
        }
        if reclaimed { return }
        if !expectedAfterKnown { expectedAfterKnown = true; expectedAfter = c.expectedCounts(plan, tallies) }
        for e in c.errors {
            guard let j = e.section, let t = tallies[j] else { continue }
            let i = plan.oldOfNew[j]
            if e.code == BatchIssueCode.deleteMoreItemsThanExist.rawValue {
                let issue = report(e, reason: "Section \(j) had \(t.before) \(flavor.unit)s before the update but \(t.deleted) deletes target it (reloads count as deletes): a delete or reload is repeated.")
                for h in repeats(.deleteItems, section: i) + repeats(.reloadItems, section: i) { draft.remove(h, by: issue) }
                continue
            }
            fixItemCount(e, c, section: j, old: i, t, &book)
        }
    }

    /// One section's item count: repeats first, then inserts or deletes at the end of the
    /// section (or a reload of the section when many are missing).
    mutating func fixItemCount(_ e: BatchIssue, _ c: BatchChecker, section j: Int, old i: Int,
                               _ t: BatchChecker.SectionTally, _ book: inout SlotBook) {
        let unit = flavor.unit
        let need = c.after[j] - t.expected
        let issue = report(e,
            reason: "The data source reports \(c.after[j]) \(unit)s in section \(j) after the update, but the updates account for \(t.expected): \(t.before) before + \(t.inserted) inserted − \(t.deleted) deleted + \(t.movedIn) moved in − \(t.movedOut) moved out; \(abs(need)) \(unit)\(abs(need) == 1 ? "" : "s") \(need > 0 ? "appeared without an insert" : "disappeared without a delete").",
            suffix: " If the data source is what is wrong instead, it must report \(t.expected) \(unit)s in section \(j).")
        if abs(need) > Self.reloadThreshold, canReload(c, old: i, new: j) {
            draft.add(.reloadSections, .section(i), by: issue)
            suffixes[issue] = " A reloaded section may change its count." + suffixes[issue]
            return
        }
        var remaining = abs(need)
        for h in repeats(need > 0 ? .deleteItems : .insertItems, section: need > 0 ? i : j) where remaining > 0 {
            draft.remove(h, by: issue)
            remaining -= 1
        }
        // UIKit also checks deletes (reload halves included) against the old count: a repeated
        // reload (net zero) takes room a delete needs.
        var room = i >= 0 ? c.before[i] - t.deleted : 0
        if need < 0 {
            for h in repeats(.reloadItems, section: i) where room < remaining {
                draft.remove(h, by: issue)
                room += 1
            }
        }
        while remaining > 0 {
            if need > 0 {
                guard let row = book.takeHighestSlot(j, count: c.after[j]) else { break }
                draft.add(.insertItems, .indexPath(IndexPath(section: j, item: row)), by: issue)
            } else {
                guard room > 0, let row = book.takeHighestRow(i, count: c.before[i]) else { break }
                draft.add(.deleteItems, .indexPath(IndexPath(section: i, item: row)), by: issue)
                room -= 1
            }
            remaining -= 1
        }
        // Fewer items left to delete than inserts aimed here: drop inserts.
        guard remaining > 0, need < 0 else { return }
        for (h, v) in draft.live(.insertItems).reversed() where remaining > 0 {
            guard case .indexPath(let p) = v, p.section == j else { continue }
            draft.remove(h, by: issue)
            remaining -= 1
        }
    }

    /// A reload of old section `i` lands on new section `j` and touches no move.
    func canReload(_ c: BatchChecker, old i: Int, new j: Int) -> Bool {
        guard i >= 0, c.validSectionMoves.isEmpty, !c.deletedSections.contains(i),
              !c.validItemMoves.contains(where: { $0.move.from.section == i || $0.move.to.section == j }) else { return false }
        let target = SortedIndex.shift([i], deleted: SortedIndex.unique(c.updates.deleteSections),
                                       inserted: SortedIndex.unique(c.updates.insertSections))
        return target == [j]
    }

    /// Live entries that repeat an earlier live entry of the same list (counted twice by a
    /// collection view; a table view drops them itself), optionally only in one section.
    func repeats(_ list: UpdateList, section: Int? = nil) -> [BatchDraft.Handle] {
        guard flavor == .collectionView else { return [] }
        var seen: Set<BatchEdit.Value> = []
        var out: [BatchDraft.Handle] = []
        for (h, v) in draft.live(list) {
            if let s = section, case .indexPath(let p) = v, p.section != s { continue }
            if !seen.insert(v).inserted { out.append(h) }
        }
        return out
    }
}
