/// Which UIKit view runs the batch: it decides the wording ("item" vs "row", "collection view" vs
/// "table view") and how duplicates are treated (spec §1 "Duplicates").
public enum BatchFlavor: String, Hashable, Sendable, CaseIterable {
    case collectionView
    case tableView

    /// "item" or "row", as UIKit words its messages.
    var unit: String { self == .tableView ? "row" : "item" }
    /// "collection view" or "table view".
    var viewName: String { self == .tableView ? "table view" : "collection view" }
}

/// `moveItem(at:to:)`: `from` is in before-coordinates, `to` in after-coordinates (spec §1).
public struct ItemMove: Hashable, Sendable {
    public var from: IndexPath
    public var to: IndexPath
    public init(from: IndexPath, to: IndexPath) { self.from = from; self.to = to }
}

/// `moveSection(_:toSection:)`: `from` is a before index, `to` an after index.
public struct SectionMove: Hashable, Sendable {
    public var from: Int
    public var to: Int
    public init(from: Int, to: Int) { self.from = from; self.to = to }
}

/// Everything an app calls inside one `performBatchUpdates` (or `beginUpdates`/`endUpdates`) block.
///
/// Call order inside the block does not matter to UIKit, so these are plain lists. Deletes,
/// reloads and move sources are before-coordinates; inserts and move destinations are
/// after-coordinates (spec §1).
public struct BatchUpdates: Hashable, Sendable {
    public var deleteItems: [IndexPath]
    public var insertItems: [IndexPath]
    public var reloadItems: [IndexPath]
    public var moveItems: [ItemMove]
    public var deleteSections: [Int]
    public var insertSections: [Int]
    public var reloadSections: [Int]
    public var moveSections: [SectionMove]

    public init(deleteItems: [IndexPath] = [], insertItems: [IndexPath] = [],
                reloadItems: [IndexPath] = [], moveItems: [ItemMove] = [],
                deleteSections: [Int] = [], insertSections: [Int] = [],
                reloadSections: [Int] = [], moveSections: [SectionMove] = []) {
        self.deleteItems = deleteItems
        self.insertItems = insertItems
        self.reloadItems = reloadItems
        self.moveItems = moveItems
        self.deleteSections = deleteSections
        self.insertSections = insertSections
        self.reloadSections = reloadSections
        self.moveSections = moveSections
    }

    /// Total number of operations, the figure a caller caps.
    public var operationCount: Int {
        deleteItems.count + insertItems.count + reloadItems.count + moveItems.count
            + deleteSections.count + insertSections.count + reloadSections.count + moveSections.count
    }

    /// True when the batch asks for nothing.
    public var isEmpty: Bool { operationCount == 0 }
}

/// How `BatchValidation.validate` should repair a batch UIKit would reject (spec §3).
public enum RepairMode: String, Hashable, Sendable, CaseIterable {
    /// DifferenceKit-style staging: several batches, each valid on its own, applied one after
    /// another (the data source must report each stage's intermediate state).
    case split
    /// IGListKit-style clean: one rewritten batch.
    case merge
}

/// The name of one update list in `BatchUpdates`, as `BatchIssue.update` reports it.
enum UpdateList: String, Sendable {
    case deleteItems, insertItems, reloadItems, moveItems
    case deleteSections, insertSections, reloadSections, moveSections
    /// Count mismatches are the data source's fault, not one list's.
    case dataSource
}

/// One entry of one update list (`updates.<list>[index]`).
struct EntryRef: Hashable {
    var list: UpdateList
    var index: Int
    init(_ list: UpdateList, _ index: Int) { self.list = list; self.index = index }
}
