/// Foundation's `-[NSOrderedSet differenceFromOrderedSet:withOptions:]`, the pass UIKit's
/// diffable data source runs over section identifiers and over the global item list (D31).
///
/// Not a minimal (Myers) diff: one forward pass with a cursor `i` on old and `j` on new. Equal
/// heads advance both. Otherwise, with `p` = index of old[i] in new and `q` = index of new[j] in
/// old: when p exists and p ≥ j, old[i] is removed if q exists, q ≥ i and p − j ≥ q − i, else
/// new[j] is inserted; when p is missing or p < j, old[i] is removed and, in the same step,
/// new[j] is inserted when q is missing or q ≤ i. Leftovers of old are removed, of new inserted.
/// With inferred moves, an identifier both removed and inserted is a move.
/// (Read from the decompiled Foundation method, spec D31.)
enum OrderedSetDifference {
    /// The pass over position maps: `oldToNew[i]` is the index of old[i] in new (-1: none),
    /// `newToOld[j]` the index of new[j] in old. Equal heads are `oldToNew[i] == j`, so the pass
    /// itself hashes nothing.
    /// - Complexity: O(n + m) (both cursors only advance).
    static func changes(oldToNew: [Int], newToOld: [Int]) -> (removed: [Bool], inserted: [Bool]) {
        let n = oldToNew.count, m = newToOld.count
        var removed = [Bool](repeating: false, count: n)
        var inserted = [Bool](repeating: false, count: m)
        var i = 0, j = 0
        while i < n, j < m {
            let p = oldToNew[i]
            if p == j { i += 1; j += 1; continue }
            let q = newToOld[j]
            if p >= 0, p >= j {
                if q >= 0, q >= i, p - j >= q - i {
                    removed[i] = true
                    i += 1
                } else {
                    inserted[j] = true
                    j += 1
                }
            } else {
                removed[i] = true
                if q < 0 || q <= i {
                    inserted[j] = true
                    j += 1
                }
                i += 1
            }
        }
        while i < n { removed[i] = true; i += 1 }
        while j < m { inserted[j] = true; j += 1 }
        return (removed, inserted)
    }

    /// Position maps of two lists of unique identifiers: one table of `new`, one lookup per old
    /// identifier, and the inverse by index (n + m hash operations in all).
    static func positions(old: [SnapshotIdentifier], new: [SnapshotIdentifier]) -> (oldToNew: [Int], newToOld: [Int]) {
        if var table = IdentifierTable(new) {
            var oldToNew = [Int](repeating: -1, count: old.count)
            var newToOld = [Int](repeating: -1, count: new.count)
            var complete = true
            for (i, v) in old.enumerated() {
                guard let j = table.find(v, in: new) else { complete = false; break }
                if j >= 0 { oldToNew[i] = j; newToOld[j] = i }
            }
            if complete { return (oldToNew, newToOld) }
        }
        return hashedPositions(old: old, new: new)
    }

    /// `positions` with `Dictionary` (the fallback for identifiers that collide in `IdentifierTable`).
    static func hashedPositions<T: Hashable>(old: [T], new: [T]) -> (oldToNew: [Int], newToOld: [Int]) {
        var index = [T: Int](minimumCapacity: new.count)
        for (k, v) in new.enumerated() { index[v] = k }
        var oldToNew = [Int](repeating: -1, count: old.count)
        var newToOld = [Int](repeating: -1, count: new.count)
        for (i, v) in old.enumerated() {
            if let j = index[v] { oldToNew[i] = j; newToOld[j] = i }
        }
        return (oldToNew, newToOld)
    }
}
