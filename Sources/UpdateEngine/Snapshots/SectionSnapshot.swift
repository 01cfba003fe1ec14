/// `NSDiffableDataSourceSectionSnapshot`: the items of one section as a tree (outline/sidebar
/// lists), stored as UIKit's snapshotter does: items in depth-first order with their levels, and
/// which items are expanded. An item is visible when every ancestor is expanded; `visibleItems`
/// is what the collection view shows for the section. Trees are kept flat (no recursion), so
/// depth costs nothing.
public struct SectionSnapshot: Hashable, Sendable {
    public typealias ID = SnapshotIdentifier

    /// One item of the tree, for building and printing.
    public struct Node: Hashable, Sendable {
        public var id: ID
        public var expanded: Bool
        public var children: [Node]
        public init(id: ID, expanded: Bool = false, children: [Node] = []) {
            self.id = id
            self.expanded = expanded
            self.children = children
        }
    }

    /// `items`: every item, depth first.
    public private(set) var items: [ID] = []
    /// `level(of:)` of each item of `items`.
    public private(set) var levels: [Int] = []
    private(set) var expandedSet: Set<ID> = []
    private var index: [ID: Int] = [:]

    public init() {}

    /// The tree as given (repeats are the caller's to refuse, see `problems`).
    public init(roots: [Node]) {
        func add(_ n: Node, _ level: Int) {
            items.append(n.id)
            levels.append(level)
            if n.expanded { expandedSet.insert(n.id) }
            for c in n.children { add(c, level + 1) }
        }
        for r in roots { add(r, 0) }
        reindex()
    }

    /// Items given twice in a tree (UIKit's section snapshot holds one ordered set): their
    /// depth-first positions and the first position of the same identifier.
    public static func repeats(in roots: [Node]) -> [(at: Int, first: Int, id: ID)] {
        var seen: [ID: Int] = [:], out: [(Int, Int, ID)] = []
        var k = 0
        func visit(_ n: Node) {
            if let f = seen[n.id] { out.append((k, f, n.id)) } else { seen[n.id] = k }
            k += 1
            for c in n.children { visit(c) }
        }
        for r in roots { visit(r) }
        return out
    }

    public var rootItems: [ID] { zip(items, levels).filter { $0.1 == 0 }.map(\.0) }
    /// `expandedItems`, in item order.
    public var expandedItems: [ID] { items.filter { expandedSet.contains($0) } }
    /// `visibleItems`: items whose ancestors are all expanded. O(n).
    public var visibleItems: [ID] { visibleIndexes.map { items[$0] } }

    var visibleIndexes: [Int] {
        var out: [Int] = []
        var hiddenBelow = Int.max   // items deeper than this level are hidden
        for (k, level) in levels.enumerated() {
            if level > hiddenBelow { continue }
            hiddenBelow = Int.max
            out.append(k)
            if !expandedSet.contains(items[k]) { hiddenBelow = level }
        }
        return out
    }

    public func contains(_ id: ID) -> Bool { index[id] != nil }
    public func isExpanded(_ id: ID) -> Bool { expandedSet.contains(id) }
    /// Whether `k` has children (the next item is one level deeper).
    func hasChildren(_ k: Int) -> Bool { k + 1 < levels.count && levels[k + 1] > levels[k] }

    /// The end (exclusive) of the subtree at `k`.
    func subtreeEnd(_ k: Int) -> Int {
        var e = k + 1
        while e < levels.count, levels[e] > levels[k] { e += 1 }
        return e
    }

    func parentIndex(_ k: Int) -> Int? {
        var p = k - 1
        while p >= 0 { if levels[p] < levels[k] { return p }; p -= 1 }
        return nil
    }

    /// Per item of `items`: whether it is visible (see `visibleItems`). O(n).
    public var visibility: [Bool] {
        var out = [Bool](repeating: false, count: items.count)
        for k in visibleIndexes { out[k] = true }
        return out
    }

    /// Per item of `items`: whether it has children.
    public var childFlags: [Bool] { items.indices.map(hasChildren) }

    mutating func reindex() {
        index = Dictionary(minimumCapacity: items.count)
        for (k, id) in items.enumerated() { index[id] = k }
    }

    func position(_ id: ID) -> Int? { index[id] }

    mutating func insert(_ ids: [ID], at k: Int, level: Int) {
        items.insert(contentsOf: ids, at: k)
        levels.insert(contentsOf: repeatElement(level, count: ids.count), at: k)
        reindex()
    }

    mutating func remove(_ ranges: [Range<Int>]) {
        var keep = [Bool](repeating: true, count: items.count)
        for r in ranges { for k in r { keep[k] = false } }
        var newItems: [ID] = [], newLevels: [Int] = []
        for k in items.indices where keep[k] {
            newItems.append(items[k])
            newLevels.append(levels[k])
        }
        for k in items.indices where !keep[k] { expandedSet.remove(items[k]) }
        items = newItems
        levels = newLevels
        reindex()
    }

    mutating func setExpanded(_ ids: [ID], _ flag: Bool) {
        for id in ids where index[id] != nil {
            if flag { expandedSet.insert(id) } else { expandedSet.remove(id) }
        }
    }

    mutating func removeAll() { self = SectionSnapshot() }

    /// `snapshot(of:includingParent:)`: the subtree at `k`, levels shifted to start at 0.
    func subtree(_ k: Int, includingParent: Bool) -> SectionSnapshot {
        let start = includingParent ? k : k + 1, end = subtreeEnd(k)
        var s = SectionSnapshot()
        guard start < end else { return s }
        let base = levels[start]
        s.items = Array(items[start..<end])
        s.levels = levels[start..<end].map { $0 - base }
        s.expandedSet = expandedSet.intersection(s.items)
        s.reindex()
        return s
    }
}
