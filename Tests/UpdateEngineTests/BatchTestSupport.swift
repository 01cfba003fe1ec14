@testable import UpdateEngine

/// Shorthands for the batch-update tests.
func ip(_ section: Int, _ item: Int) -> IndexPath { IndexPath(section: section, item: item) }

/// How UIKit prints an index path in exception reasons (pointer placeholder).
func ns(_ section: Int, _ item: Int) -> String { "<NSIndexPath: 0xPTR> {length = 2, path = \(section) - \(item)}" }

func mv(_ from: IndexPath, _ to: IndexPath) -> ItemMove { ItemMove(from: from, to: to) }

func check(_ before: [Int], _ after: [Int]? = nil, _ updates: BatchUpdates,
           _ flavor: BatchFlavor = .collectionView, strict: Bool = false, repair: RepairMode? = nil) -> BatchVerdict {
    BatchValidation.validate(before: before, after: after, updates: updates, flavor: flavor, strict: strict,
                             repair: repair)
}


/// An independent, naive model of UIKit's semantics (spec §1), quadratic on purpose: deletes and
/// move sources in before-coordinates, inserts and move destinations in after-coordinates,
/// everything else keeps its order and fills the free slots. Reloads and inserted sections take
/// their content from `supply` (what the data source returns). Item reloads keep the item where it
/// is (identity unchanged: only valid where UIKit's re-insert target is the real position).
/// Nil when the batch does not fit.
func naiveApply(_ old: [[String]], _ u: BatchUpdates, supply: (IndexPath) -> String) -> [[String]]? {
    let sectionDeletes = Set(u.deleteSections + u.reloadSections)
    let movedSources = Set(u.moveSections.map(\.from))
    let newSectionCount = old.count - Set(u.deleteSections + u.reloadSections).count
        + Set(u.insertSections + u.reloadSections).count
    var newSections: [[String]?] = Array(repeating: nil, count: newSectionCount)
    let freshSections = Set(u.insertSections + u.reloadSections)
    guard freshSections.allSatisfy({ $0 < newSectionCount }) else { return nil }
    // Sections: first remove item-level deletes/move sources inside surviving sections.
    var remaining: [[String?]] = old.map { $0.map { Optional($0) } }
    var movedItems: [IndexPath: String] = [:]
    for m in u.moveItems {
        guard m.from.section < old.count, m.from.item < old[m.from.section].count else { return nil }
        movedItems[m.to] = old[m.from.section][m.from.item]
        remaining[m.from.section][m.from.item] = nil
    }
    for p in u.deleteItems where !sectionDeletes.contains(p.section) {
        guard p.section < old.count, p.item < old[p.section].count else { return nil }
        remaining[p.section][p.item] = nil
    }
    let kept = remaining.map { $0.compactMap { $0 } }
    var sectionMoveTarget: [Int: Int] = [:]
    for m in u.moveSections { sectionMoveTarget[m.from] = m.to }
    var taken = freshSections
    for m in u.moveSections {
        guard m.to < newSectionCount, !taken.contains(m.to) else { return nil }
        taken.insert(m.to)
        newSections[m.to] = kept[m.from]
    }
    var slot = 0
    for s in 0..<old.count where !sectionDeletes.contains(s) && !movedSources.contains(s) {
        while slot < newSectionCount && taken.contains(slot) { slot += 1 }
        guard slot < newSectionCount else { return nil }
        newSections[slot] = kept[s]
        slot += 1
    }
    var result: [[String]] = []
    for j in 0..<newSectionCount {
        if freshSections.contains(j) { result.append(freshContent(j, supply)); continue }
        guard let base = newSections[j] else { return nil }
        var inserts: [Int: String] = [:]
        for p in u.insertItems where p.section == j { inserts[p.item] = supply(p) }
        for (p, v) in movedItems where p.section == j {
            guard inserts[p.item] == nil else { return nil }
            inserts[p.item] = v
        }
        let count = base.count + inserts.count
        var out: [String] = []
        var next = 0
        for row in 0..<count {
            if let v = inserts[row] { out.append(v) } else {
                guard next < base.count else { return nil }
                out.append(base[next]); next += 1
            }
        }
        guard next == base.count, inserts.keys.allSatisfy({ $0 < count }) else { return nil }
        result.append(out)
    }
    return result
}

/// Content of a fresh section: the data source's items, here read through `supply` until it
/// answers the end marker "".
private func freshContent(_ section: Int, _ supply: (IndexPath) -> String) -> [String] {
    var out: [String] = []
    while out.count < 100_000 {
        let v = supply(ip(section, out.count))
        if v.isEmpty { break }
        out.append(v)
    }
    return out
}
