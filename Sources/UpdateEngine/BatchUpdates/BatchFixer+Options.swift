/// The ways one error can be fixed (see `BatchFixer`). The first is the usual one; the others are
/// tried against the data source's counts when it gives them.
extension BatchFixer {
    /// - Parameters:
    ///   - h: the call the error names.
    ///   - partner: the other call of a conflicting pair.
    /// Every conflict can also be fixed by dropping both calls, taken only when it fits the counts
    /// strictly better (a section both deleted and moved where the data source shows neither).
    func fixOptions(_ code: BatchIssueCode, _ h: BatchDraft.Handle, _ partner: BatchDraft.Handle?,
                    _ c: BatchChecker) -> [FixOption] {
        let options = pairOptions(code, h, partner, c)
        guard let p = partner, options.count > 1 else { return options }
        return options + [FixOption(remove: [h, p])]
    }

    func pairOptions(_ code: BatchIssueCode, _ h: BatchDraft.Handle, _ partner: BatchDraft.Handle?,
                     _ c: BatchChecker) -> [FixOption] {
        let drop = FixOption(remove: [h])
        guard let p = partner else { return [drop] }
        let dropPartner = FixOption(remove: [p])
        // A partner out of range is a mistake of its own: it is the one to drop.
        if let v = draft.entry(p)?.value, !Self.inRange(v, p.list, c) { return [dropPartner] }
        switch code {
        case .deleteAndReloadSameIndexPath, .deleteAndReloadSameSection:
            // The reload named: a deleted item needs no reload, unless the data source kept it.
            return [drop, dropPartner]
        case .deleteAndMoveSameSection, .deleteAndMoveSameIndexPath:
            // A reload that also moves is reloaded later (or reconfigured); a delete and a move of
            // the same thing: the delete wins unless the counts say the thing survived.
            return h.list.isReload ? [drop, dropPartner] : [dropPartner, drop]
        case .insertAndMoveSameSection, .insertAndMoveSameIndexPath:
            // The insert gives way; a count fix may put it back at a free index.
            return [drop, dropPartner]
        case .moveFromDeletedSection:
            var options = [drop]
            if case .itemMove(let m)? = draft.entry(h)?.value, Self.freeDestination(m, c) {
                options.append(FixOption(remove: [h], add: [(.insertItems, .indexPath(m.to))]))
            }
            options.append(dropPartner)
            return options
        case .moveIntoInsertedSection:
            var options = [drop]
            if case .itemMove(let m)? = draft.entry(h)?.value, Self.freeSource(m, c) {
                options.append(FixOption(remove: [h], add: [(.deleteItems, .indexPath(m.from))]))
            }
            options.append(dropPartner)
            return options
        default:
            return [drop]
        }
    }

    /// Whether a call's indexes exist (before-coordinates for deletes, reloads and move sources,
    /// after-coordinates for inserts and move destinations).
    static func inRange(_ v: BatchEdit.Value, _ list: UpdateList, _ c: BatchChecker) -> Bool {
        func old(_ p: IndexPath) -> Bool { p.section < c.sectionsBefore && p.item < c.before[p.section] }
        func new(_ p: IndexPath) -> Bool { p.section < c.sectionsAfter && p.item < c.after[p.section] }
        switch v {
        case .section(let s): return s < (list == .insertSections ? c.sectionsAfter : c.sectionsBefore)
        case .indexPath(let p): return list == .insertItems ? new(p) : old(p)
        case .sectionMove(let m): return m.from < c.sectionsBefore && m.to < c.sectionsAfter
        case .itemMove(let m): return old(m.from) && new(m.to)
        }
    }

    /// The move's destination can take an insert instead: in range, and no other insert or move
    /// lands there.
    static func freeDestination(_ m: ItemMove, _ c: BatchChecker) -> Bool {
        guard m.to.section < c.sectionsAfter, m.to.item < c.after[m.to.section],
              !c.updates.insertItems.contains(m.to) else { return false }
        return c.updates.moveItems.filter { $0.to == m.to }.count == 1
    }

    /// The move's source can take a delete instead: in range, and nothing else deletes, reloads or
    /// moves it.
    static func freeSource(_ m: ItemMove, _ c: BatchChecker) -> Bool {
        guard m.from.section < c.sectionsBefore, m.from.item < c.before[m.from.section],
              !c.updates.deleteItems.contains(m.from), !c.updates.reloadItems.contains(m.from) else { return false }
        return c.updates.moveItems.filter { $0.from == m.from }.count == 1
    }
}

extension UpdateList {
    var isReload: Bool { self == .reloadItems || self == .reloadSections }
}
