/// One machine-applicable change to the `updates` of a `/batch/validate` request, part of a
/// `BatchIssue`'s fix (the `fix` sentence says the same in words).
///
/// Edits name entries of the request **as sent** (`/updates/insertItems/0`), so the edits of every
/// issue apply together: replace, then remove, then append (`BatchUpdates.applying`). Applied
/// together they give a batch UIKit accepts (see `BatchFixer`); the data source's counts
/// (`before`, `after`) are never edited: they are what the app reports, the batch has to match them.
public struct BatchEdit: Hashable, Sendable {
    public enum Operation: String, Hashable, Sendable {
        /// Drop the entry.
        case remove
        /// Put `value` in place of the entry.
        case replace
        /// Append `value` to the list.
        case add
    }

    /// An entry of one update list.
    public enum Value: Hashable, Sendable {
        case section(Int)
        case indexPath(IndexPath)
        case sectionMove(SectionMove)
        case itemMove(ItemMove)
    }

    public var operation: Operation
    /// The update list, e.g. "insertItems".
    public var update: String
    /// Position in the list as sent; nil for `add`.
    public var index: Int?
    /// The new entry; nil for `remove`.
    public var value: Value?

    public init(_ operation: Operation, update: String, index: Int?, value: Value?) {
        self.operation = operation
        self.update = update
        self.index = index
        self.value = value
    }

    /// RFC 6901 pointer into the request: `/updates/insertItems/0`, or `/updates/insertItems/-`
    /// (RFC 6902's "append") for `add`.
    public var pointer: String { "/updates/\(update)/\(index.map(String.init) ?? "-")" }
}

extension BatchUpdates {
    /// The batch with `edits` applied: every `replace`, then every `remove` (indexes are those of
    /// `self`), then every `add` in order. Edits naming an entry that does not exist are ignored.
    public func applying(_ edits: [BatchEdit]) -> BatchUpdates {
        var lists = BatchEntries(self)
        var removed: [String: Set<Int>] = [:]
        for e in edits where e.operation == .replace {
            guard let i = e.index, let v = e.value else { continue }
            lists.set(e.update, i, v)
        }
        for e in edits where e.operation == .remove {
            if let i = e.index { removed[e.update, default: []].insert(i) }
        }
        lists.remove(removed)
        for e in edits where e.operation == .add {
            if let v = e.value { lists.append(e.update, v) }
        }
        return lists.updates
    }
}

/// The eight lists of a `BatchUpdates` addressed by name, for editing.
struct BatchEntries {
    var updates: BatchUpdates

    init(_ updates: BatchUpdates) { self.updates = updates }

    mutating func set(_ list: String, _ i: Int, _ v: BatchEdit.Value) {
        switch (list, v) {
        case ("deleteItems", .indexPath(let p)) where i < updates.deleteItems.count: updates.deleteItems[i] = p
        case ("insertItems", .indexPath(let p)) where i < updates.insertItems.count: updates.insertItems[i] = p
        case ("reloadItems", .indexPath(let p)) where i < updates.reloadItems.count: updates.reloadItems[i] = p
        case ("moveItems", .itemMove(let m)) where i < updates.moveItems.count: updates.moveItems[i] = m
        case ("deleteSections", .section(let s)) where i < updates.deleteSections.count: updates.deleteSections[i] = s
        case ("insertSections", .section(let s)) where i < updates.insertSections.count: updates.insertSections[i] = s
        case ("reloadSections", .section(let s)) where i < updates.reloadSections.count: updates.reloadSections[i] = s
        case ("moveSections", .sectionMove(let m)) where i < updates.moveSections.count: updates.moveSections[i] = m
        default: break
        }
    }

    mutating func append(_ list: String, _ v: BatchEdit.Value) {
        switch (list, v) {
        case ("deleteItems", .indexPath(let p)): updates.deleteItems.append(p)
        case ("insertItems", .indexPath(let p)): updates.insertItems.append(p)
        case ("reloadItems", .indexPath(let p)): updates.reloadItems.append(p)
        case ("moveItems", .itemMove(let m)): updates.moveItems.append(m)
        case ("deleteSections", .section(let s)): updates.deleteSections.append(s)
        case ("insertSections", .section(let s)): updates.insertSections.append(s)
        case ("reloadSections", .section(let s)): updates.reloadSections.append(s)
        case ("moveSections", .sectionMove(let m)): updates.moveSections.append(m)
        default: break
        }
    }

    mutating func remove(_ removed: [String: Set<Int>]) {
        func keep<T>(_ list: [T], _ name: String) -> [T] {
            guard let drop = removed[name], !drop.isEmpty else { return list }
            return list.enumerated().filter { !drop.contains($0.offset) }.map(\.element)
        }
        updates.deleteItems = keep(updates.deleteItems, "deleteItems")
        updates.insertItems = keep(updates.insertItems, "insertItems")
        updates.reloadItems = keep(updates.reloadItems, "reloadItems")
        updates.moveItems = keep(updates.moveItems, "moveItems")
        updates.deleteSections = keep(updates.deleteSections, "deleteSections")
        updates.insertSections = keep(updates.insertSections, "insertSections")
        updates.reloadSections = keep(updates.reloadSections, "reloadSections")
        updates.moveSections = keep(updates.moveSections, "moveSections")
    }
}
