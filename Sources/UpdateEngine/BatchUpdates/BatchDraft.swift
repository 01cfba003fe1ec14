/// The batch as `BatchFixer` corrects it: every entry of the request as sent (removed or changed
/// by a fix, or as it was) plus the entries fixes add, each tagged with the issue whose fix it is.
/// The edits of an issue are read back from it (`edits(of:)`), so they always describe exactly
/// the batch that was checked last.
struct BatchDraft {
    struct Entry {
        /// Position in the request as sent; nil for an entry a fix added.
        var origin: Int?
        var value: BatchEdit.Value
        var removed = false
        /// The issue whose fix changed (or added) the entry.
        var owner: Int?
    }

    let original: BatchUpdates
    private(set) var lists: [UpdateList: [Entry]] = [:]
    /// Counts the changes, so a round that changes nothing is noticed.
    private(set) var revision = 0

    init(_ updates: BatchUpdates) {
        original = updates
        lists[.deleteItems] = updates.deleteItems.enumerated().map { Entry(origin: $0.offset, value: .indexPath($0.element)) }
        lists[.insertItems] = updates.insertItems.enumerated().map { Entry(origin: $0.offset, value: .indexPath($0.element)) }
        lists[.reloadItems] = updates.reloadItems.enumerated().map { Entry(origin: $0.offset, value: .indexPath($0.element)) }
        lists[.moveItems] = updates.moveItems.enumerated().map { Entry(origin: $0.offset, value: .itemMove($0.element)) }
        lists[.deleteSections] = updates.deleteSections.enumerated().map { Entry(origin: $0.offset, value: .section($0.element)) }
        lists[.insertSections] = updates.insertSections.enumerated().map { Entry(origin: $0.offset, value: .section($0.element)) }
        lists[.reloadSections] = updates.reloadSections.enumerated().map { Entry(origin: $0.offset, value: .section($0.element)) }
        lists[.moveSections] = updates.moveSections.enumerated().map { Entry(origin: $0.offset, value: .sectionMove($0.element)) }
    }

    /// A handle on one draft entry (stable across rebuilds: entries are only ever appended).
    struct Handle: Hashable {
        var list: UpdateList
        var position: Int
    }

    /// For each entry of a built batch, the draft entry it is (per list: built index -> position).
    struct Handles {
        var positions: [UpdateList: [Int]] = [:]
        subscript(_ ref: EntryRef) -> Handle? {
            guard let p = positions[ref.list], ref.index >= 0, ref.index < p.count else { return nil }
            return Handle(list: ref.list, position: p[ref.index])
        }
    }

    /// The batch to check now, and for each of its entries the draft entry it is.
    func build() -> (BatchUpdates, Handles) {
        var entries = BatchEntries(BatchUpdates())
        var handles = Handles()
        for list in UpdateList.updateLists {
            var positions: [Int] = []
            for (k, e) in (lists[list] ?? []).enumerated() where !e.removed {
                entries.append(list.rawValue, e.value)
                positions.append(k)
            }
            handles.positions[list] = positions
        }
        return (entries.updates, handles)
    }

    func entry(_ h: Handle) -> Entry? {
        guard let list = lists[h.list], h.position < list.count else { return nil }
        return list[h.position]
    }

    /// Live entries of one list with their handles.
    func live(_ list: UpdateList) -> [(handle: Handle, value: BatchEdit.Value)] {
        (lists[list] ?? []).enumerated().filter { !$0.element.removed }
            .map { (Handle(list: list, position: $0.offset), $0.element.value) }
    }

    /// Removed entries of one list with their handles (candidates a count fix may bring back).
    func removed(_ list: UpdateList) -> [(handle: Handle, entry: Entry)] {
        (lists[list] ?? []).enumerated().filter { $0.element.removed }.map { (Handle(list: list, position: $0.offset), $0.element) }
    }

    /// Drops an entry; the first issue to touch an entry owns its edit.
    mutating func remove(_ h: Handle, by issue: Int) {
        guard var e = entry(h) else { return }
        e.removed = true
        if e.owner == nil { e.owner = issue }
        lists[h.list]?[h.position] = e
        revision += 1
    }

    /// Puts `value` in place of an entry (bringing it back if removed); keeps its owner.
    mutating func replace(_ h: Handle, with value: BatchEdit.Value, by issue: Int) {
        guard var e = entry(h) else { return }
        e.value = value
        e.removed = false
        if e.owner == nil { e.owner = issue }
        lists[h.list]?[h.position] = e
        revision += 1
    }

    mutating func add(_ list: UpdateList, _ value: BatchEdit.Value, by issue: Int) {
        lists[list, default: []].append(Entry(origin: nil, value: value, owner: issue))
        revision += 1
    }

    /// The edits that turn the request as sent into the draft, by issue (one pass over the draft).
    func editsByIssue() -> [Int: [BatchEdit]] {
        var out: [Int: [BatchEdit]] = [:]
        for list in UpdateList.updateLists {
            for e in lists[list] ?? [] {
                guard let issue = e.owner else { continue }
                if let k = e.origin {
                    if e.removed {
                        out[issue, default: []].append(BatchEdit(.remove, update: list.rawValue, index: k, value: nil))
                    } else if e.value != Self.value(original, list, k) {
                        out[issue, default: []].append(BatchEdit(.replace, update: list.rawValue, index: k, value: e.value))
                    }
                } else if !e.removed {
                    out[issue, default: []].append(BatchEdit(.add, update: list.rawValue, index: nil, value: e.value))
                }
            }
        }
        return out
    }

    static func value(_ u: BatchUpdates, _ list: UpdateList, _ k: Int) -> BatchEdit.Value? {
        switch list {
        case .deleteItems: k < u.deleteItems.count ? .indexPath(u.deleteItems[k]) : nil
        case .insertItems: k < u.insertItems.count ? .indexPath(u.insertItems[k]) : nil
        case .reloadItems: k < u.reloadItems.count ? .indexPath(u.reloadItems[k]) : nil
        case .moveItems: k < u.moveItems.count ? .itemMove(u.moveItems[k]) : nil
        case .deleteSections: k < u.deleteSections.count ? .section(u.deleteSections[k]) : nil
        case .insertSections: k < u.insertSections.count ? .section(u.insertSections[k]) : nil
        case .reloadSections: k < u.reloadSections.count ? .section(u.reloadSections[k]) : nil
        case .moveSections: k < u.moveSections.count ? .sectionMove(u.moveSections[k]) : nil
        case .dataSource: nil
        }
    }
}

extension UpdateList {
    /// The eight lists of `BatchUpdates`, in its order.
    static let updateLists: [UpdateList] = [.deleteItems, .insertItems, .reloadItems, .moveItems,
                                            .deleteSections, .insertSections, .reloadSections, .moveSections]
}
