/// Rows computed while the store was unreachable, oldest first, bounded by bytes: the oldest are
/// dropped past the budget. Lookups and inserts are O(1); taking a batch is O(batch).
struct PendingWrites {
    private var rows: [String: StoredLayout] = [:]
    private var order: [String] = []
    private var head = 0
    private(set) var bytes = 0

    var count: Int { rows.count }
    var isEmpty: Bool { rows.isEmpty }

    subscript(id: String) -> StoredLayout? { rows[id] }

    /// Adds `row` unless its id is already waiting; returns how many old rows were dropped.
    mutating func add(_ row: StoredLayout, budget: Int) -> Int {
        guard rows[row.id] == nil else { return 0 }
        rows[row.id] = row
        order.append(row.id)
        bytes += row.body.count
        var dropped = 0
        while bytes > budget, let oldest = popOldest() {
            bytes -= oldest.body.count
            dropped += 1
        }
        return dropped
    }

    /// Up to `limit` rows, oldest first, left in place until `remove` (a failed write keeps them).
    func peek(_ limit: Int) -> [StoredLayout] {
        var out: [StoredLayout] = []
        var i = head
        while i < order.count, out.count < limit {
            if let row = rows[order[i]] { out.append(row) }
            i += 1
        }
        return out
    }

    mutating func remove(_ written: [StoredLayout]) {
        for row in written where rows.removeValue(forKey: row.id) != nil { bytes -= row.body.count }
        while head < order.count, rows[order[head]] == nil { head += 1 }
        if head > 1024, head * 2 > order.count {
            order.removeFirst(head)
            head = 0
        }
        if rows.isEmpty { order.removeAll(keepingCapacity: true); head = 0 }
    }

    private mutating func popOldest() -> StoredLayout? {
        while head < order.count {
            let id = order[head]
            head += 1
            if let row = rows.removeValue(forKey: id) { return row }
        }
        return nil
    }
}
