/// Phases 3 and 4 of UIKit's checks: inserts ascending, then moves (spec §2.3, §2.4).
extension BatchChecker {
    /// Sorts inserts ascending (a section insert after the rows of its section). Table views drop
    /// equal neighbours; collection views count them. Row inserts into an inserted section are
    /// bounds-checked first and then dropped.
    mutating func checkInserts() {
        insertOps.sort(by: UpdateOp.ascending)
        var insertedTargets: Set<Int> = []
        for op in insertOps where op.isSectionLevel && op.section < sectionsAfter { insertedTargets.insert(op.section) }
        var previous: UpdateOp?
        for op in insertOps {
            if let p = previous, p.section == op.section, p.item == op.item {
                if flavor == .tableView { continue }
                // Collection views count a repeated section insert but need not re-run its checks.
                if op.isSectionLevel { sectionInsertEntries += 1; continue }
            }
            previous = op
            if op.isSectionLevel { checkSectionInsert(op) } else { checkItemInsert(op, insertedTargets) }
        }
    }

    private mutating func checkSectionInsert(_ op: UpdateOp) {
        let s = op.section
        sectionInsertEntries += 1
        if let m = sectionMoveByDest[s] {
            badSectionMoves.insert(m)
            error(.insertAndMoveSameSection, msg.insertAndMoveSection(s), op.list, op.index, section: s,
                  partner: EntryRef(.moveSections, m),
                  fix: "Section \(s) cannot be both inserted and a move's destination; after-coordinates of inserts and move destinations must differ.")
        }
        if s >= sectionsAfter {
            error(.insertSectionOutOfRange, msg.insertSectionOutOfRange(s, sections: sectionsAfter), op.list, op.index,
                  section: s, fix: "Insert sections in after-coordinates: the data source reports \(sectionsAfter) sections after the update.")
            return
        }
        insertedSections.insert(s)
        for m in itemMovesByDestSection[s] ?? [] where !badItemMoves.contains(m) {
            badItemMoves.insert(m)
            let move = updates.moveItems[m]
            error(.moveIntoInsertedSection, msg.moveIntoInsertedSection(s), .moveItems, m, path: move.to, section: s,
                  partner: EntryRef(op.list, op.index),
                  fix: "Section \(s) is inserted and gets its \(flavor.unit)s from the data source, so nothing can move into it; delete the \(flavor.unit) at its old place instead.")
        }
    }

    private mutating func checkItemInsert(_ op: UpdateOp, _ insertedTargets: Set<Int>) {
        let p = op.path
        if let m = itemMoveByDest[p] {
            badItemMoves.insert(m)
            error(.insertAndMoveSameIndexPath, msg.insertAndMove(p), op.list, op.index, path: p, section: p.section,
                  partner: EntryRef(.moveItems, m),
                  fix: op.list == .reloadItems
                    ? "UIKit re-inserts a reload at its old path shifted by deletes and inserts only, which collides with a move's destination (reload in a separate batch after the move, or use reconfigureItems)."
                    : "Insert and move destination \(p) collide; give each its own after-coordinate.")
        }
        if p.section >= sectionsAfter {
            error(.insertItemSectionOutOfRange, msg.insertItemSectionOutOfRange(p, sections: sectionsAfter),
                  op.list, op.index, path: p, section: p.section,
                  fix: "Use after-coordinates: there are only \(sectionsAfter) sections after the update.")
            return
        }
        let count = after[p.section]
        if p.item >= count {
            error(.insertItemOutOfRange, msg.insertItemOutOfRange(p, count: count), op.list, op.index,
                  path: p, section: p.section,
                  fix: "Use after-coordinates: section \(p.section) has \(count) \(flavor.unit)s after the update; check the data source was updated inside the batch.")
            return
        }
        if insertedTargets.contains(p.section) { return }
        itemInsertCount[p.section, default: 0] += 1
        validItemInserts.insert(p)
    }

    /// Moves: bounds, then the pairwise checks (same source twice, same destination twice); an
    /// identical duplicate move is dropped silently. Moves run in call order.
    mutating func checkMoves() {
        var bySource: [Int: SectionMove] = [:], byDest: [Int: SectionMove] = [:]
        for (i, m) in updates.moveSections.enumerated() {
            if m.from >= sectionsBefore {
                badSectionMoves.insert(i)
                error(.moveSectionOutOfRange, msg.moveSectionOutOfRange(m.from, sections: sectionsBefore), .moveSections, i,
                      section: m.from, fix: "Move sources are before-coordinates: valid sections are 0..<\(sectionsBefore).")
                continue
            }
            if m.to >= sectionsAfter {
                badSectionMoves.insert(i)
                error(.moveSectionDestinationOutOfRange, msg.moveSectionDestinationOutOfRange(m, sections: sectionsAfter),
                      .moveSections, i, section: m.to,
                      fix: "Move destinations are after-coordinates: valid sections are 0..<\(sectionsAfter).")
                continue
            }
            if let other = bySource[m.from] {
                badSectionMoves.insert(i)
                if other.to != m.to {
                    error(.moveSectionToTwoDestinations, msg.moveSectionToBoth(m.from, other.to, m.to), .moveSections, i,
                          section: m.from, fix: "Move section \(m.from) once.")
                }
                continue
            }
            if let other = byDest[m.to] {
                badSectionMoves.insert(i)
                error(.moveTwoSectionsToSameDestination, msg.moveBothSections(other.from, m.from, to: m.to), .moveSections, i,
                      section: m.to, fix: "Give each moved section its own destination.")
                continue
            }
            bySource[m.from] = m
            byDest[m.to] = m
        }
        checkItemMoves()
    }

    private mutating func checkItemMoves() {
        var bySource: [IndexPath: ItemMove] = [:], byDest: [IndexPath: ItemMove] = [:]
        let unit = flavor.unit
        for (i, m) in updates.moveItems.enumerated() {
            if m.from.section >= sectionsBefore {
                badItemMoves.insert(i)
                error(.moveItemSectionOutOfRange, msg.moveItemSectionOutOfRange(m.from, sections: sectionsBefore),
                      .moveItems, i, path: m.from, section: m.from.section,
                      fix: "Move sources are before-coordinates: valid sections are 0..<\(sectionsBefore).")
                continue
            }
            if m.from.item >= before[m.from.section] {
                badItemMoves.insert(i)
                error(.moveItemOutOfRange, msg.moveItemOutOfRange(m.from, count: before[m.from.section]), .moveItems, i,
                      path: m.from, section: m.from.section,
                      fix: "Move sources are before-coordinates: section \(m.from.section) had \(before[m.from.section]) \(unit)s.")
                continue
            }
            if m.to.section >= sectionsAfter {
                badItemMoves.insert(i)
                error(.moveItemDestinationSectionOutOfRange, msg.moveItemDestinationSectionOutOfRange(m, sections: sectionsAfter),
                      .moveItems, i, path: m.to, section: m.to.section,
                      fix: "Move destinations are after-coordinates: valid sections are 0..<\(sectionsAfter).")
                continue
            }
            if m.to.item >= after[m.to.section] {
                badItemMoves.insert(i)
                error(.moveItemDestinationOutOfRange, msg.moveItemDestinationOutOfRange(m, count: after[m.to.section]),
                      .moveItems, i, path: m.to, section: m.to.section,
                      fix: "Move destinations are after-coordinates: section \(m.to.section) has \(after[m.to.section]) \(unit)s after the update.")
                continue
            }
            if let other = bySource[m.from] {
                badItemMoves.insert(i)
                if other.to != m.to {
                    error(.moveItemToTwoDestinations, msg.moveItemToBoth(m.from, other.to, m.to), .moveItems, i,
                          path: m.from, section: m.from.section, fix: "Move \(m.from) once.")
                }
                continue
            }
            if let other = byDest[m.to] {
                badItemMoves.insert(i)
                error(.moveTwoItemsToSameDestination, msg.moveBothItems(other.from, m.from, to: m.to), .moveItems, i,
                      path: m.to, section: m.to.section, fix: "Give each moved \(unit) its own destination.")
                continue
            }
            bySource[m.from] = m
            byDest[m.to] = m
        }
    }
}
