/// One call on an `NSDiffableDataSourceSectionSnapshot`, mutations and queries.
public enum SectionSnapshotOperation: Hashable, Sendable {
    public typealias ID = SnapshotIdentifier
    /// `append(_:to:)`: at the end of the roots, or as the last children of `to`.
    case append([ID], to: ID?)
    /// `insert(_:before:)` / `insert(_:after:)`: siblings of the destination (after its subtree).
    case insert([ID], SnapshotOperation.Position)
    /// `delete(_:)`: the items with their children.
    case delete([ID])
    case deleteAll
    case expand([ID])
    case collapse([ID])
    case level(ID)
    case parent(ID)
    case isExpanded(ID)
    case isVisible(ID)
    case contains(ID)
    case snapshot(of: ID, includingParent: Bool)

    public var argumentCount: Int {
        switch self {
        case .append(let l, _), .insert(let l, _), .delete(let l), .expand(let l), .collapse(let l): l.count + 1
        default: 2
        }
    }

    /// Identifiers the operation's arguments hold, exactly: what the request's cap counts.
    public var identifierCount: Int {
        switch self {
        case .append(let l, let parent): l.count + (parent == nil ? 0 : 1)
        case .insert(let l, _): l.count + 1
        case .delete(let l), .expand(let l), .collapse(let l): l.count
        case .deleteAll: 0
        default: 1
        }
    }
}

/// What a query operation answered.
public enum SectionSnapshotAnswer: Hashable, Sendable {
    case level(Int)
    case parent(SnapshotIdentifier?)
    case flag(Bool)
    case snapshot(SectionSnapshot)
}

public struct SectionSnapshotEdit: Hashable, Sendable {
    public var snapshot: SectionSnapshot
    /// The first is UIKit's throw; later failing operations follow (each skipped).
    public var errors: [SnapshotError]
    /// Query answers with their operation index.
    public var answers: [Int: SectionSnapshotAnswer]
    /// The bound on the answer's bytes (`SectionAnswerBudget`), 0 without a budget.
    public var answerBytes = 0
}

/// Applies section-snapshot operations with UIKit's checks and texts (D29; read from the
/// decompiled `NSDiffableDataSourceSectionSnapshot.m` of iOS 26.1): empty lists are no-ops even
/// with an unknown destination; an unknown parent or destination is checked before repeats;
/// repeats (in the list or already in the snapshot) throw and are never moved; `expand`/`collapse`
/// ignore unknown items; `delete` of an unknown item throws ([R] text).
public enum SectionSnapshotEditor {
    /// With `budget`, the answer's bound is added up as the operations run (and the final
    /// snapshot's at the end); passing `budget.limit` throws with `answerBytes` set, at the
    /// operation that passed it, before any answer is built.
    /// - Complexity: O(n) per mutating operation for n items (UIKit copies its state per call too).
    public static func edit(_ start: SectionSnapshot, operations: [SectionSnapshotOperation],
                            workLimit: Int = .max, budget: SectionAnswerBudget? = nil) throws(SnapshotWorkLimitExceeded) -> SectionSnapshotEdit {
        var s = start
        var errors: [SnapshotError] = [], answers: [Int: SectionSnapshotAnswer] = [:]
        var work = 0
        var bytes = 0
        func charge(_ n: Int, _ k: Int) throws(SnapshotWorkLimitExceeded) {
            guard let budget else { return }
            bytes += n
            if bytes > budget.limit { throw SnapshotWorkLimitExceeded(operation: k, limit: budget.limit, answerBytes: bytes) }
        }
        for (k, op) in operations.enumerated() {
            work += op.argumentCount + s.items.count
            if work > workLimit { throw SnapshotWorkLimitExceeded(operation: k, limit: workLimit) }
            switch perform(op, on: &s) {
            case .failure(var e):
                e.operation = k
                if let budget { try charge(budget.weigh(e), k) }
                errors.append(e)
            case .success(let answer?):
                if let budget {
                    switch answer {
                    case .snapshot(let sub): try charge(budget.weigh(sub, 0..<sub.items.count), k)
                    case .parent(let p?): try charge(budget.perAnswer + budget.identifierBytes(p), k)
                    default: try charge(budget.perAnswer, k)
                    }
                }
                answers[k] = answer
            case .success(nil): break
            }
        }
        if let budget, errors.isEmpty { try charge(budget.weigh(s, 0..<s.items.count), max(0, operations.count - 1)) }
        var edit = SectionSnapshotEdit(snapshot: s, errors: errors, answers: answers)
        edit.answerBytes = bytes
        return edit
    }

    static func perform(_ op: SectionSnapshotOperation, on s: inout SectionSnapshot) -> Result<SectionSnapshotAnswer?, SnapshotError> {
        switch op {
        case .append(let ids, let parent):
            guard !ids.isEmpty else { return .success(nil) }
            guard let parent else {
                if let e = duplicates(ids, in: s) { return .failure(e) }
                s.insert(ids, at: s.items.count, level: 0)
                return .success(nil)
            }
            guard let p = s.position(parent) else {
                return .failure(failure(.unknownParent, "Parent item identifier does not exist in section snapshot: \(parent)", "D26 (NSDiffableDataSourceSectionSnapshot.m:97)")
                    .at("to", parent, notAnItem(parent, s, "append to one of them, or leave out \"to\" to append at the root.")))
            }
            if let e = duplicates(ids, in: s) { return .failure(e) }
            s.insert(ids, at: s.subtreeEnd(p), level: s.levels[p] + 1)
        case .insert(let ids, let position):
            guard !ids.isEmpty else { return .success(nil) }
            let x = position.identifier
            guard let p = s.position(x) else {
                let line = position.isAfter ? 167 : 131
                return .failure(failure(.unknownInsertDestination, "Item identifier to insert \(position.isAfter ? "after" : "before") does not exist in section snapshot: \(x)",
                                        "D26 (NSDiffableDataSourceSectionSnapshot.m:\(line))")
                    .at(position.field, x, notAnItem(x, s, "insert before or after one of them, or use append.")))
            }
            if let e = duplicates(ids, in: s) { return .failure(e) }
            s.insert(ids, at: position.isAfter ? s.subtreeEnd(p) : p, level: s.levels[p])
        case .delete(let ids):
            guard !ids.isEmpty else { return .success(nil) }
            var ranges: [Range<Int>] = []
            for (k, id) in ids.enumerated() {
                guard let p = s.position(id) else {
                    return .failure(failure(.unknownDeletedItem, "Failed to find index of item \(id)", "R host-checked; V (a OneBusAway PR quotes it)")
                        .at("items/\(k)", id, notAnItem(id, s, "delete only items it has (deleting a parent deletes its children too).")))
                }
                ranges.append(p..<s.subtreeEnd(p))
            }
            s.remove(ranges)
        case .deleteAll:
            s.removeAll()
        case .expand(let ids):
            s.setExpanded(ids, true)
        case .collapse(let ids):
            s.setExpanded(ids, false)
        case .level(let id), .isExpanded(let id), .isVisible(let id):
            guard let p = s.position(id) else {
                let line: Int = if case .level = op { 323 } else if case .isVisible = op { 315 } else { 308 }
                return .failure(failure(.unknownItem, "Item identifier does not exist in section snapshot: \(id)", "D26 (NSDiffableDataSourceSectionSnapshot.m:\(line))")
                    .at("item", id, notAnItem(id, s, "ask about one of them.")))
            }
            switch op {
            case .level: return .success(.level(s.levels[p]))
            case .isExpanded: return .success(.flag(s.isExpanded(id)))
            default: return .success(.flag(s.visibleIndexes.contains(p)))
            }
        case .parent(let id):
            guard let p = s.position(id) else {
                return .failure(failure(.unknownItem, "Child item identifier does not exist in section snapshot: \(id)", "D26 (NSDiffableDataSourceSectionSnapshot.m:451)")
                    .at("item", id, notAnItem(id, s, "ask about one of them.")))
            }
            return .success(.parent(s.parentIndex(p).map { s.items[$0] }))
        case .contains(let id):
            return .success(.flag(s.contains(id)))
        case .snapshot(let id, let including):
            guard let p = s.position(id) else {
                return .failure(failure(.unknownParent, "Parent item identifier does not exist in section snapshot: \(id)", "D26 (NSDiffableDataSourceSectionSnapshot.m:361)")
                    .at("item", id, notAnItem(id, s, "take the snapshot of one of them.")))
            }
            return .success(.snapshot(s.subtree(p, includingParent: including)))
        }
        return .success(nil)
    }

    /// Items repeated in `ids` or already in `s`, each once in list order (D29: they throw, not move).
    static func duplicates(_ ids: [SnapshotIdentifier], in s: SectionSnapshot) -> SnapshotError? {
        var seen = Set<SnapshotIdentifier>(), reported = Set<SnapshotIdentifier>(), out: [SnapshotIdentifier] = []
        var first: (index: Int, inSnapshot: Bool)?
        for (k, id) in ids.enumerated() {
            let inSnapshot = s.contains(id)
            let repeated = !seen.insert(id).inserted || inSnapshot
            if repeated, reported.insert(id).inserted {
                out.append(id)
                if first == nil { first = (k, inSnapshot) }
            }
        }
        guard let first, let id = out.first else { return nil }
        let detail = first.inSnapshot
            ? "\(SnapshotWords.quote(id)) is already in the section snapshot, and section snapshots do not move existing items: leave it out, or delete it first."
            : "\(SnapshotWords.quote(id)) appears more than once in items; list each identifier once."
        return failure(.duplicateSectionSnapshotItems,
                       "Identifiers in a section snapshot must be unique. Duplicate item identifiers: \(FoundationDescription.set(out))",
                       "V (IQListKit#3), D26 (BUG_IN_CLIENT_OF_DIFFABLE_DATA_SOURCE__DUPLICATE_ITEM_IDENTIFIERS_IN_SECTION_SNAPSHOT)")
            .at("items/\(first.index)", id, detail)
    }

    /// "`x` is not an item of the section snapshot (its items: …); `todo`".
    static func notAnItem(_ id: SnapshotIdentifier, _ s: SectionSnapshot, _ todo: String) -> String {
        "\(SnapshotWords.quote(id)) is not an item of the section snapshot (its items: \(SnapshotWords.list(s.items, count: s.items.count))); \(todo)"
    }

    static func failure(_ code: SnapshotError.Code, _ reason: String, _ evidence: String) -> SnapshotError {
        SnapshotError(code: code, reason: reason, evidence: evidence)
    }
}
