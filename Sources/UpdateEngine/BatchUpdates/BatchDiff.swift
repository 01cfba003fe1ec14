/// Why `BatchDiff.diff` cannot compute a batch.
public enum DiffError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Identifiers must be unique within a section, as diffable data sources require
    /// ("Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(...)}").
    case duplicateIdentifiers(side: Side, section: Int, identifiers: [String])

    public enum Side: String, Hashable, Sendable { case old, new }

    public var description: String {
        switch self {
        case let .duplicateIdentifiers(side, section, ids):
            "supplied item identifiers are not unique in \(side.rawValue) section \(section). Duplicate identifiers: {(\(ids.joined(separator: ", ")))}"
        }
    }
}

/// Computes a UIKit batch that turns one list of identifiers per section into another.
///
/// Sections have no identity here, so they pair by position: sections past the common count are
/// deleted (old) or inserted (new), never moved. Items match by identifier Heckel-style (hash
/// tables, one pass per side): first within the same section, then across sections when the
/// identifier occurs exactly once in all old and once in all new paired sections (a cross-section
/// move). Items in deleted/inserted sections are never moved (UIKit forbids moves out of deleted
/// or into inserted sections), so they are deleted/inserted with their section. Within a section
/// the items that stay are a longest increasing subsequence of matched items, so the moves are
/// minimal (`[0,1,2] -> [1,2,0]` gives moves 1->0 and 2->1). No reloads are produced: identifiers
/// carry no content. The batch is valid under `BatchValidation` with `after` = the new counts.
/// - Complexity: O(n log n) for n identifiers (hashing linear, the subsequence n log n).
public enum BatchDiff {
    public static func diff(old: [[String]], new: [[String]]) -> Result<BatchUpdates, DiffError> {
        let common = min(old.count, new.count)
        var index = IdentifierIndex(capacity: old.prefix(common).reduce(0) { $0 + $1.count })
        if let dup = index.addOld(old, common: common) { return .failure(dup) }
        if let dup = index.addNew(new, common: common) { return .failure(dup) }
        var updates = BatchUpdates(deleteSections: Array(common..<old.count), insertSections: Array(common..<new.count))
        var matchedOld = old.prefix(common).map { Array(repeating: false, count: $0.count) }
        var crossMoves: [ItemMove] = []
        for j in 0..<common {
            var pairs: [(old: Int, new: Int)] = []
            for (k, id) in new[j].enumerated() {
                switch index.match(id, section: j) {
                case .same(let o):
                    pairs.append((o, k))
                    matchedOld[j][o] = true
                case .cross(let from):
                    crossMoves.append(ItemMove(from: from, to: IndexPath(section: j, item: k)))
                    matchedOld[from.section][from.item] = true
                case .none:
                    updates.insertItems.append(IndexPath(section: j, item: k))
                }
            }
            // `pairs` is in new order; stays are the longest run increasing in both orders.
            pairs.sort { $0.old < $1.old }
            let stays = longestIncreasing(pairs.map(\.new))
            for (n, pair) in pairs.enumerated() where !stays[n] {
                updates.moveItems.append(ItemMove(from: IndexPath(section: j, item: pair.old),
                                                  to: IndexPath(section: j, item: pair.new)))
            }
        }
        for s in 0..<common {
            for (i, matched) in matchedOld[s].enumerated() where !matched {
                updates.deleteItems.append(IndexPath(section: s, item: i))
            }
        }
        updates.moveItems += crossMoves
        updates.moveItems.sort { $0.to < $1.to }
        return .success(updates)
    }

    /// Marks a longest strictly increasing subsequence of `values` (patience sorting). O(n log n).
    static func longestIncreasing(_ values: [Int]) -> [Bool] {
        var tails: [Int] = []          // index into values of the smallest tail of each length
        var parent = Array(repeating: -1, count: values.count)
        for (i, v) in values.enumerated() {
            var lo = 0, hi = tails.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if values[tails[mid]] < v { lo = mid + 1 } else { hi = mid }
            }
            if lo > 0 { parent[i] = tails[lo - 1] }
            if lo == tails.count { tails.append(i) } else { tails[lo] = i }
        }
        var keep = Array(repeating: false, count: values.count)
        var k = tails.last ?? -1
        while k >= 0 { keep[k] = true; k = parent[k] }
        return keep
    }
}
