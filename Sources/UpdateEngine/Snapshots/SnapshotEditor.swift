/// Marks an applied snapshot carries for the second batch (D36): identifiers in the order they
/// were first marked, each once (D17).
public struct SnapshotMarks: Hashable, Sendable {
    public var reloadedSections: [SnapshotIdentifier] = []
    public var reloadedItems: [SnapshotIdentifier] = []
    public var reconfiguredItems: [SnapshotIdentifier] = []
    public init(reloadedSections: [SnapshotIdentifier] = [], reloadedItems: [SnapshotIdentifier] = [],
                reconfiguredItems: [SnapshotIdentifier] = []) {
        self.reloadedSections = reloadedSections
        self.reloadedItems = reloadedItems
        self.reconfiguredItems = reconfiguredItems
    }

    /// Appends the identifiers not yet in `list`, in order.
    public static func add(_ ids: [SnapshotIdentifier], to list: inout [SnapshotIdentifier]) {
        var seen = Set(list)
        for id in ids where seen.insert(id).inserted { list.append(id) }
    }
}

/// The outcome of operations applied in order to a copy of a snapshot.
public struct SnapshotEdit: Hashable, Sendable {
    /// The snapshot after every operation that did not throw.
    public var snapshot: DiffableSnapshot
    /// UIKit's throw (the first) and every further operation that would throw, each skipped.
    public var errors: [SnapshotError]
    public var warnings: [SnapshotWarning]
    public var marks: SnapshotMarks
    /// The updates of the first operation on its own (D37), in old/new coordinates.
    public var firstOperationUpdates: BatchUpdates
}

/// More work than the caller allows (identifiers visited while editing), or, with `answerBytes`
/// set, an answer heavier than the caller's byte limit (`SectionAnswerBudget`).
public struct SnapshotWorkLimitExceeded: Error, Hashable, Sendable {
    public var operation: Int
    public var limit: Int
    /// The answer's size bound up to `operation` when the byte limit was passed; nil for visits.
    public var answerBytes: Int?

    public init(operation: Int, limit: Int, answerBytes: Int? = nil) {
        self.operation = operation
        self.limit = limit
        self.answerBytes = answerBytes
    }
}

/// Applies `NSDiffableDataSourceSnapshot` operations with UIKit's checks, in UIKit's order (D18),
/// and UIKit's texts (§4).
public enum SnapshotEditor {
    /// - Parameter workLimit: identifiers the edit may visit in all (section scans, hash updates).
    /// - Complexity: per operation, its arguments plus the sizes of the sections it touches (and the
    ///   section count when sections change).
    public static func edit(_ snapshot: DiffableSnapshot, operations: [SnapshotOperation], sdk: LinkedSDK = .current,
                            workLimit: Int = .max) throws(SnapshotWorkLimitExceeded) -> SnapshotEdit {
        var state = SnapshotState(snapshot)
        var errors: [SnapshotError] = [], warnings: [SnapshotWarning] = []
        var marks = SnapshotMarks()
        var first = BatchUpdates()
        for (k, op) in operations.enumerated() {
            var direct = BatchUpdates()
            // Every check runs before the first change, so a throw leaves the state as it was;
            // the state is moved in and out (no copy of the tables per operation).
            var editor = OperationEditor(state: consume state, sdk: sdk, recordDirect: k == 0)
            editor.state.work += op.argumentCount
            let outcome = editor.perform(op, marks: &marks, direct: &direct)
            state = editor.state
            switch outcome {
            case .failure(var e):
                e.operation = k
                errors.append(e)
            case .success(let existing):
                if !existing.isEmpty {
                    warnings.append(SnapshotWarning(code: .itemIdentifierAlreadyExists, message: SnapshotMessages.itemsExist(existing), operation: k))
                }
                if k == 0 { first = direct }
            }
            if state.work > workLimit { throw SnapshotWorkLimitExceeded(operation: k, limit: workLimit) }
        }
        return SnapshotEdit(snapshot: state.snapshot, errors: errors, warnings: warnings, marks: marks, firstOperationUpdates: first)
    }
}

/// One operation on the state. Every failure is found before the first change (D18: nothing of a
/// throwing operation is applied).
struct OperationEditor {
    typealias ID = SnapshotIdentifier
    var state: SnapshotState
    let sdk: LinkedSDK
    let recordDirect: Bool

    /// Success carries the existing item identifiers an append/insert moved (D14).
    mutating func perform(_ op: SnapshotOperation, marks: inout SnapshotMarks, direct: inout BatchUpdates) -> Result<[ID], SnapshotError> {
        switch op {
        case .appendSections(let ids):
            if let e = sectionChecks(ids, destination: nil, op: "appendSections") { return .failure(e) }
            if recordDirect { direct.insertSections = Array(state.sectionIDs.count..<(state.sectionIDs.count + ids.count)) }
            state.insertSections(ids, at: state.sectionIDs.count)
        case .insertSections(let ids, let position):
            if let e = sectionChecks(ids, destination: position, op: "insertSections") { return .failure(e) }
            guard let x = state.sectionIndex[position.identifier] else {
                return .failure(notASection(assertionInsertIndex, position, "insert before or after one of them, or use appendSections."))
            }
            let at = position.isAfter ? x + 1 : x
            if recordDirect { direct.insertSections = Array(at..<(at + ids.count)) }
            state.insertSections(ids, at: at)
        case .deleteSections(let ids):
            let reps = SnapshotState.repeats(ids)
            if !reps.isEmpty { return .failure(repeated(SnapshotMessages.duplicates(reps, sections: true), ids, reps, "sections")) }
            let known = ids.compactMap { state.sectionIndex[$0] }.sorted()
            if recordDirect { direct.deleteSections = known }
            if !known.isEmpty { state.removeSections(known) }
        case .moveSection(let s, let position):
            let x = position.identifier
            if s == x {
                return .failure(SnapshotMessages.moveRelativeToItself(s, sections: true).at(position.field, x,
                    "moveSection moves \(SnapshotWords.quote(s)) \(position.field) itself; name another section of the snapshot (its sections: \(sectionList))."))
            }
            guard let f = state.sectionIndex[s] else {
                return .failure(SnapshotMessages.assertion("fromSection != NSNotFound", evidence: "D? (_UIDiffableDataSourceUpdate.m:560)").at("section", s,
                    "\(SnapshotWords.quote(s)), the section to move, is not a section of the snapshot (its sections: \(sectionList)); move one of them, or insert it with insertSections."))
            }
            guard let t = state.sectionIndex[x] else {
                return .failure(notASection(SnapshotMessages.assertion("toSection != NSNotFound", evidence: "D? (_UIDiffableDataSourceUpdate.m:561)"),
                                            position, "move \(SnapshotWords.quote(s)) before or after one of them."))
            }
            // D8 on the old indexes.
            let to = f < t ? (position.isAfter ? t : t - 1) : (position.isAfter ? t + 1 : t)
            if to != f {
                let id = state.sectionIDs.remove(at: f), list = state.items.remove(at: f)
                state.sectionIDs.insert(id, at: to)
                state.items.insert(list, at: to)
                state.reindexSections()
                if recordDirect { direct.moveSections = [SectionMove(from: f, to: to)] }
            }
        case .reloadSections(let ids):
            let reps = SnapshotState.repeats(ids)
            if !reps.isEmpty { return .failure(repeated(SnapshotMessages.duplicates(reps, sections: true), ids, reps, "sections")) }
            if let k = ids.firstIndex(where: { state.sectionIndex[$0] == nil }) {
                return .failure(SnapshotMessages.unknown("reload", item: false, ids[k]).at("sections/\(k)", ids[k],
                    "\(SnapshotWords.quote(ids[k])) is not a section of the snapshot (its sections: \(sectionList)); reload only sections it has (one deleted by an earlier operation is gone)."))
            }
            SnapshotMarks.add(ids, to: &marks.reloadedSections)
        case .appendItems(let ids, let toSection):
            if state.sectionIDs.isEmpty {
                return .failure(SnapshotMessages.noSections.at(nil, nil,
                    "The snapshot has no section yet: add one with appendSections before appending items."))
            }
            let reps = SnapshotState.repeats(ids)
            if !reps.isEmpty { return .failure(repeated(SnapshotMessages.duplicates(reps, sections: false), ids, reps, "items")) }
            let target: Int
            if let sid = toSection {
                guard let s = state.sectionIndex[sid] else {
                    return .failure(assertionSection.at("toSection", sid,
                        "\(SnapshotWords.quote(sid)) is not a section of the snapshot (its sections: \(sectionList)); append to one of them, add \(SnapshotWords.quote(sid)) first with appendSections, or leave out toSection to append to the last section."))
                }
                target = s
            } else {
                target = state.sectionIDs.count - 1
            }
            let existing = moveOutExisting(ids, direct: &direct)
            let at = state.items[target].count
            state.insertItems(ids, section: target, at: at)
            if recordDirect { direct.insertItems = (at..<(at + ids.count)).map { IndexPath(section: target, item: $0) } }
            return .success(existing)
        case .insertItems(let ids, let position):
            let x = position.identifier
            let reps = SnapshotState.repeats(ids)
            if !reps.isEmpty { return .failure(repeated(SnapshotMessages.duplicates(reps, sections: false), ids, reps, "items")) }
            if ids.contains(x) {
                return .failure(SnapshotMessages.insertDestinationInList(ids, x, sections: false).at(position.field, x,
                    "\(SnapshotWords.quote(x)), the item to insert \(position.field), is itself one of the items inserted; insert relative to an item already in the snapshot."))
            }
            guard state.section(of: x) != nil else {
                return .failure(notAnItem(assertionSection, position, "insert before or after one of them, or use appendItems."))
            }
            let existing = moveOutExisting(ids, direct: &direct)
            guard let p = state.path(of: x) else {
                return .failure(notAnItem(assertionSection, position, "insert before or after one of them, or use appendItems."))
            }
            let at = position.isAfter ? p.item + 1 : p.item
            state.insertItems(ids, section: p.section, at: at)
            if recordDirect { direct.insertItems = (at..<(at + ids.count)).map { IndexPath(section: p.section, item: $0) } }
            return .success(existing)
        case .deleteItems(let ids):
            let reps = SnapshotState.repeats(ids)
            if !reps.isEmpty { return .failure(repeated(SnapshotMessages.duplicates(reps, sections: false), ids, reps, "items")) }
            let removed = state.removeItems(ids, paths: recordDirect)
            if recordDirect { direct.deleteItems = removed }
        case .deleteAllItems:
            if recordDirect { direct.deleteSections = Array(state.sectionIDs.indices) }
            state.work += state.itemSection.count + state.sectionIDs.count
            state.sectionIDs = []
            state.items = []
            state.sectionIndex = [:]
            state.itemSection = [:]
        case .moveItem(let item, let position):
            let x = position.identifier
            if item == x {
                return .failure(SnapshotMessages.moveRelativeToItself(item, sections: false).at(position.field, x,
                    "moveItem moves \(SnapshotWords.quote(item)) \(position.field) itself; name another item of the snapshot."))
            }
            guard let from = state.path(of: item) else {
                return .failure(SnapshotMessages.assertion("fromIndex != NSNotFound", evidence: "D? (_UIDiffableDataSourceUpdate.m:614)").at("item", item,
                    "\(SnapshotWords.quote(item)), the item to move, is not an item of the snapshot (its items: \(itemList)); move one of them, or insert it with insertItems or appendItems."))
            }
            guard state.section(of: x) != nil else {
                return .failure(notAnItem(SnapshotMessages.assertion("toIndex != NSNotFound", evidence: "D? (_UIDiffableDataSourceUpdate.m:615)"),
                                          position, "move \(SnapshotWords.quote(item)) before or after one of them."))
            }
            state.items[from.section].remove(at: from.item)
            state.itemSection[item] = nil
            guard let p = state.path(of: x) else { return .failure(notAnItem(assertionSection, position, "move before or after one of them.")) }
            let at = position.isAfter ? p.item + 1 : p.item
            state.insertItems([item], section: p.section, at: at)
            let to = IndexPath(section: p.section, item: at)
            if recordDirect, to != from { direct.moveItems = [ItemMove(from: from, to: to)] }
        case .reloadItems(let ids), .reconfigureItems(let ids):
            let reload: Bool = if case .reloadItems = op { true } else { false }
            let reps = SnapshotState.repeats(ids)
            if !reps.isEmpty { return .failure(repeated(SnapshotMessages.duplicates(reps, sections: false), ids, reps, "items")) }
            if let k = ids.firstIndex(where: { state.itemSection[$0] == nil }) {
                return .failure(SnapshotMessages.unknown(reload ? "reload" : "reconfigure", item: true, ids[k]).at("items/\(k)", ids[k],
                    "\(SnapshotWords.quote(ids[k])) is not an item of the snapshot (its items: \(itemList)); \(reload ? "reload" : "reconfigure") only items it has (one deleted by an earlier operation is gone)."))
            }
            if reload { SnapshotMarks.add(ids, to: &marks.reloadedItems) } else { SnapshotMarks.add(ids, to: &marks.reconfiguredItems) }
        }
        return .success([])
    }

    var assertionSection: SnapshotError {
        SnapshotMessages.assertion("section != NSNotFound", evidence: "V (firefox-ios#24902), D? (_UIDiffableDataSourceUpdate.m:298), R host-checked")
    }

    var assertionInsertIndex: SnapshotError {
        SnapshotMessages.assertion("insertIndex != NSNotFound", evidence: "D? (_UIDiffableDataSourceUpdate.m:206)")
    }

    /// D18 steps 2, 3 and 5 for `appendSections`/`insertSections` (step 4, the destination, is
    /// checked here too, before existing sections).
    func sectionChecks(_ ids: [ID], destination: SnapshotOperation.Position?, op: String) -> SnapshotError? {
        let reps = SnapshotState.repeats(ids)
        if !reps.isEmpty { return repeated(SnapshotMessages.duplicates(reps, sections: true), ids, reps, "sections") }
        if let d = destination {
            let x = d.identifier
            if ids.contains(x) {
                return SnapshotMessages.insertDestinationInList(ids, x, sections: true).at(d.field, x,
                    "\(SnapshotWords.quote(x)), the section to insert \(d.field), is itself one of the sections inserted; insert relative to a section already in the snapshot (its sections: \(sectionList)).")
            }
            if state.sectionIndex[x] == nil {
                return notASection(assertionInsertIndex, d, "insert before or after one of them, or use appendSections.")
            }
        }
        guard let k = ids.firstIndex(where: { state.sectionIndex[$0] != nil }) else { return nil }
        let existing = ids.filter { state.sectionIndex[$0] != nil }
        return SnapshotMessages.sectionsExist(existing, sdk: sdk).at("sections/\(k)", ids[k],
            "\(SnapshotWords.quote(ids[k])) is already a section of the snapshot and section identifiers are unique: leave it out of \(op), move it with moveSection, or delete it first.")
    }

    /// D14: existing items leave their places first; direct updates delete them at their old paths.
    mutating func moveOutExisting(_ ids: [ID], direct: inout BatchUpdates) -> [ID] {
        let existing = ids.filter { state.itemSection[$0] != nil }
        if existing.isEmpty { return [] }
        let removed = state.removeItems(existing, paths: recordDirect)
        if recordDirect { direct.deleteItems = removed }
        return existing
    }
}
