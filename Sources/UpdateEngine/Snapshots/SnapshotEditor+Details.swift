/// The field, identifier and fix each snapshot error carries beside UIKit's bare text (spec C4):
/// UIKit says "Invalid parameter not satisfying: section != NSNotFound"; the answer also says
/// `/operations/0/toSection` is `"Z"`, which is not a section of the snapshot, lists the sections
/// it has (at most `SnapshotWords.listed`) and what to do instead.
extension OperationEditor {
    /// The snapshot's sections, bounded.
    var sectionList: String { SnapshotWords.list(state.sectionIDs, count: state.sectionIDs.count) }

    /// The snapshot's items in order, bounded (reads only the first few).
    var itemList: String { SnapshotWords.list(state.items.lazy.joined(), count: state.itemSection.count) }

    /// A destination (`before`/`after`) that names no section.
    func notASection(_ e: SnapshotError, _ p: SnapshotOperation.Position, _ todo: String) -> SnapshotError {
        e.at(p.field, p.identifier,
             "\(SnapshotWords.quote(p.identifier)) is not a section of the snapshot (its sections: \(sectionList)); \(todo)")
    }

    /// A destination (`before`/`after`) that names no item.
    func notAnItem(_ e: SnapshotError, _ p: SnapshotOperation.Position, _ todo: String) -> SnapshotError {
        e.at(p.field, p.identifier,
             "\(SnapshotWords.quote(p.identifier)) is not an item of the snapshot (its items: \(itemList)); \(todo)")
    }

    /// An identifier listed twice in one operation's list (`sections` or `items`): the second
    /// occurrence is the field at fault.
    func repeated(_ e: SnapshotError, _ ids: [ID], _ reps: [ID], _ list: String) -> SnapshotError {
        guard let id = reps.first else { return e }
        let k = SnapshotWords.repeatIndex(id, in: ids)
        let more = reps.count > 1 ? " (\(reps.count) identifiers repeat: \(SnapshotWords.list(reps, count: reps.count)))" : ""
        return e.at("\(list)/\(k)", id,
                    "\(SnapshotWords.quote(id)) appears more than once in \(list)\(more); list each identifier once.")
    }
}

extension SnapshotOperation.Position {
    /// The request field that holds the destination.
    var field: String { isAfter ? "after" : "before" }
}
