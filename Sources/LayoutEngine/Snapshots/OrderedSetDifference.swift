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
    /// - Complexity: O(n + m) hash lookups (both cursors only advance).
    static func changes<T: Hashable>(old: [T], new: [T], oldIndex: [T: Int], newIndex: [T: Int]) -> (removed: [Bool], inserted: [Bool]) {
        var removed = [Bool](repeating: false, count: old.count)
        var inserted = [Bool](repeating: false, count: new.count)
        var i = 0, j = 0
        while i < old.count, j < new.count {
            if old[i] == new[j] { i += 1; j += 1; continue }
            let p = newIndex[old[i]], q = oldIndex[new[j]]
            if let p, p >= j {
                if let q, q >= i, p - j >= q - i {
                    removed[i] = true
                    i += 1
                } else {
                    inserted[j] = true
                    j += 1
                }
            } else {
                removed[i] = true
                if q.map({ $0 <= i }) ?? true {
                    inserted[j] = true
                    j += 1
                }
                i += 1
            }
        }
        while i < old.count { removed[i] = true; i += 1 }
        while j < new.count { inserted[j] = true; j += 1 }
        return (removed, inserted)
    }

    /// Identifier → position, for lists whose identifiers are unique.
    static func index<T: Hashable>(_ list: [T]) -> [T: Int] {
        var d = [T: Int](minimumCapacity: list.count)
        for (k, v) in list.enumerated() { d[v] = k }
        return d
    }
}
