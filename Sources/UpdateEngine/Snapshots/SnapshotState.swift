/// A snapshot being edited: one item array per section plus two hash tables (section id → index,
/// item id → section id), so an item operation costs the sizes of the sections it touches, not
/// the whole snapshot. `work` counts identifiers visited, so a caller can bound a request.
struct SnapshotState {
    typealias ID = SnapshotIdentifier

    var sectionIDs: [ID]
    var items: [[ID]]
    var sectionIndex: [ID: Int]
    var itemSection: [ID: ID]
    var work = 0

    /// `snapshot` must be valid (`SnapshotValidation.problems` empty).
    init(_ snapshot: DiffableSnapshot) {
        sectionIDs = snapshot.sections.map(\.id)
        items = snapshot.sections.map(\.items)
        sectionIndex = Dictionary(minimumCapacity: sectionIDs.count)
        itemSection = Dictionary(minimumCapacity: snapshot.itemCount)
        for (s, section) in snapshot.sections.enumerated() {
            sectionIndex[section.id] = s
            for item in section.items { itemSection[item] = section.id }
        }
    }

    var snapshot: DiffableSnapshot {
        DiffableSnapshot(sections: zip(sectionIDs, items).map { DiffableSnapshot.Section(id: $0, items: $1) })
    }

    /// The section index holding `item`, or nil.
    func section(of item: ID) -> Int? {
        guard let sid = itemSection[item] else { return nil }
        return sectionIndex[sid]
    }

    /// `item`'s index path (a scan of its section), or nil.
    mutating func path(of item: ID) -> IndexPath? {
        guard let s = section(of: item) else { return nil }
        work += items[s].count
        guard let i = items[s].firstIndex(of: item) else { return nil }
        return IndexPath(section: s, item: i)
    }

    mutating func reindexSections() {
        work += sectionIDs.count
        sectionIndex.removeAll(keepingCapacity: true)
        for (s, id) in sectionIDs.enumerated() { sectionIndex[id] = s }
    }

    /// Removes the known items of `ids` (one pass per section touched). Returns their old paths,
    /// sorted, when `paths` is asked for.
    @discardableResult
    mutating func removeItems(_ ids: [ID], paths: Bool = false) -> [IndexPath] {
        var bySection: [Int: Set<ID>] = [:]
        for id in ids {
            if let s = section(of: id) { bySection[s, default: []].insert(id) }
        }
        var out: [IndexPath] = []
        for (s, set) in bySection {
            work += items[s].count
            if paths {
                for (i, id) in items[s].enumerated() where set.contains(id) { out.append(IndexPath(section: s, item: i)) }
            }
            items[s].removeAll { set.contains($0) }
            for id in set { itemSection[id] = nil }
        }
        return out.sorted()
    }

    /// Inserts `ids` (none of them present) into section `s` at `index`.
    mutating func insertItems(_ ids: [ID], section s: Int, at index: Int) {
        work += items[s].count - index + ids.count
        items[s].insert(contentsOf: ids, at: index)
        for id in ids { itemSection[id] = sectionIDs[s] }
    }

    /// Removes whole sections (known ids) with their items.
    mutating func removeSections(_ indexes: [Int]) {
        for s in indexes {
            work += items[s].count
            for id in items[s] { itemSection[id] = nil }
        }
        let gone = Set(indexes)
        var keptIDs: [ID] = [], keptItems: [[ID]] = []
        for s in sectionIDs.indices where !gone.contains(s) {
            keptIDs.append(sectionIDs[s])
            keptItems.append(items[s])
        }
        sectionIDs = keptIDs
        items = keptItems
        reindexSections()
    }

    mutating func insertSections(_ ids: [ID], at index: Int) {
        sectionIDs.insert(contentsOf: ids, at: index)
        items.insert(contentsOf: Array(repeating: [], count: ids.count), at: index)
        work += ids.count
        reindexSections()
    }

    /// Repeats inside one argument list, each once, in the order found (D22).
    static func repeats(_ ids: [ID]) -> [ID] {
        var seen = Set<ID>(minimumCapacity: ids.count), reported = Set<ID>(), out: [ID] = []
        for id in ids where !seen.insert(id).inserted {
            if reported.insert(id).inserted { out.append(id) }
        }
        return out
    }
}
