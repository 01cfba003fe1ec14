/// One decomposed update item, as UIKit keeps them in its delete and insert lists.
///
/// Section-level items have `item == NSNotFound`, so in UIKit's sort order a section delete comes
/// before the rows of its own section (descending) and a section insert after them (ascending).
struct UpdateOp {
    var section: Int
    var item: Int
    /// Where the op came from (a reload half names `reloadItems` / `reloadSections`).
    var list: UpdateList
    var index: Int
    /// For the insert half of `reloadSections`: the old section it refreshes.
    var reloadedFrom: Int? = nil

    var isSectionLevel: Bool { item == BatchMessages.notFound }
    var path: IndexPath { IndexPath(section: section, item: item) }
    var isReloadHalf: Bool { list == .reloadItems || list == .reloadSections }

    static func section(_ s: Int, _ list: UpdateList, _ index: Int) -> UpdateOp {
        UpdateOp(section: s, item: BatchMessages.notFound, list: list, index: index)
    }
    static func item(_ p: IndexPath, _ list: UpdateList, _ index: Int) -> UpdateOp {
        UpdateOp(section: p.section, item: p.item, list: list, index: index)
    }

    /// Ascending UIKit order; ties broken by list and position so sorting is deterministic.
    static func ascending(_ a: UpdateOp, _ b: UpdateOp) -> Bool {
        if a.section != b.section { return a.section < b.section }
        if a.item != b.item { return a.item < b.item }
        if a.list != b.list { return a.list.rank < b.list.rank }
        return a.index < b.index
    }

    /// Descending UIKit order for deletes; ties keep list order.
    static func descending(_ a: UpdateOp, _ b: UpdateOp) -> Bool {
        if a.section != b.section { return a.section > b.section }
        if a.item != b.item { return a.item > b.item }
        if a.list != b.list { return a.list.rank < b.list.rank }
        return a.index < b.index
    }
}

extension UpdateList {
    /// Explicit calls sort before reload halves at the same index path.
    var rank: Int {
        switch self {
        case .deleteSections, .insertSections, .moveSections, .dataSource: 0
        case .deleteItems, .insertItems, .moveItems: 1
        case .reloadSections: 2
        case .reloadItems: 3
        }
    }
}

/// Index arithmetic on sorted arrays, shared by reload targets and the model application.
enum SortedIndex {
    /// Number of elements of `sorted` (ascending) that are `< value`. O(log n).
    static func countLess(_ sorted: [Int], _ value: Int) -> Int {
        var lo = 0, hi = sorted.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if sorted[mid] < value { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// Shifts ascending `values` past `deleted` then `inserted` (both ascending, unique), the way
    /// UIKit adjusts a reload's re-insert position: minus the deletes below it, then, walking the
    /// inserts upwards, plus one for each insert at or below the running position. O(v log d + i).
    static func shift(_ values: [Int], deleted: [Int], inserted: [Int]) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(values.count)
        var j = 0
        for v in values {
            let base = v - countLess(deleted, v)
            while j < inserted.count && inserted[j] <= base + j { j += 1 }
            result.append(base + j)
        }
        return result
    }

    /// Sorted, de-duplicated copy.
    static func unique(_ values: [Int]) -> [Int] {
        var out: [Int] = []
        out.reserveCapacity(values.count)
        for v in values.sorted() where out.last != v { out.append(v) }
        return out
    }
}
