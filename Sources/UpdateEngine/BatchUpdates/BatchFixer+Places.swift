/// Where `BatchFixer` puts the calls it adds or brings back: free item slots, and the sections
/// to insert or delete so the item counts line up.
extension BatchFixer {
    /// `d` after-indexes for new sections: among the slots no insert or move takes, the ones
    /// whose choice pairs the most old sections with a new one of the count the updates imply
    /// (so inserting a section at the top of `[2, 3] → [5, 2, 3]` needs no other fix).
    func sectionInsertSlots(_ c: BatchChecker, _ d: Int) -> [Int] {
        let (slots, olds) = openSections(c)
        let balance = SectionBalance(c)
        let into = Set(c.validItemMoves.map(\.move.to.section))
        let picked = Self.gaps(long: slots.count, short: olds.count, d: d, skippable: { !into.contains(slots[$0]) },
                               match: { k, t in c.after[slots[k]] == balance.count(old: olds[t], new: slots[k]) })
        return picked.map { slots[$0] }
    }

    /// `d` old sections to delete, chosen the same way among those no move touches.
    func sectionDeletions(_ c: BatchChecker, _ d: Int) -> [Int] {
        let (slots, olds) = openSections(c)
        let balance = SectionBalance(c)
        let from = Set(c.validItemMoves.map(\.move.from.section))
        let picked = Self.gaps(long: olds.count, short: slots.count, d: d, skippable: { !from.contains(olds[$0]) },
                               match: { t, k in c.after[slots[k]] == balance.count(old: olds[t], new: slots[k]) })
        return picked.map { olds[$0] }
    }

    /// New slots nobody claims, and old sections neither deleted nor moved: UIKit pairs them in order.
    func openSections(_ c: BatchChecker) -> (slots: [Int], olds: [Int]) {
        let moves = c.validSectionMoves
        let taken = c.insertedSections.union(moves.map(\.to))
        let moved = Set(moves.map(\.from))
        return ((0..<c.sectionsAfter).filter { !taken.contains($0) },
                (0..<c.sectionsBefore).filter { !c.deletedSections.contains($0) && !moved.contains($0) })
    }

    /// Chooses `d` indexes of `long` to leave out so the rest pair in order with `short` with the
    /// most matches; ties leave out later indexes (a section appended at the end is the usual
    /// case). Dynamic programming over (position, left out so far), bounded by `gapBudget` cells;
    /// beyond it, or when the lengths do not differ by `d`, the last skippable indexes.
    static func gaps(long n: Int, short m: Int, d: Int, skippable: (Int) -> Bool, match: (Int, Int) -> Bool) -> [Int] {
        guard d > 0, n == m + d, (n + 1) * (d + 1) <= gapBudget else { return Array((0..<n).filter(skippable).suffix(d)) }
        let w = d + 1
        var best = [Int32](repeating: -1, count: (n + 1) * w)
        best[n * w + d] = 0
        func pair(_ k: Int, _ s: Int) -> Int32 {
            let t = k - s
            guard t < m, best[(k + 1) * w + s] >= 0 else { return -1 }
            return best[(k + 1) * w + s] + (match(k, t) ? 1 : 0)
        }
        func skip(_ k: Int, _ s: Int) -> Int32 {
            guard s < d, skippable(k) else { return -1 }
            return best[(k + 1) * w + s + 1]
        }
        for k in stride(from: n - 1, through: 0, by: -1) {
            for s in 0...d where k - s >= 0 && k - s <= m {
                best[k * w + s] = max(pair(k, s), skip(k, s))
            }
        }
        guard best[0] >= 0 else { return Array((0..<n).filter(skippable).suffix(d)) }
        var out: [Int] = []
        var s = 0
        for k in 0..<n {
            let p = pair(k, s)
            if p >= 0 && p >= skip(k, s) { continue }
            out.append(k)
            s += 1
        }
        return out
    }

    static let gapBudget = 2_000_000
}

/// The item count a new section gets when paired with an old one: old count − deletes − moved
/// out + inserts + moved in. A move between the two cancels out of both sums, so the count is
/// one part per old section plus one per new section.
struct SectionBalance {
    var old: [Int: Int] = [:]
    var new: [Int: Int] = [:]

    init(_ c: BatchChecker) {
        for (i, n) in c.before.enumerated() { old[i] = n - (c.itemDeleteCount[i] ?? 0) }
        for (j, n) in c.itemInsertCount { new[j] = n }
        for (_, m) in c.validItemMoves {
            old[m.from.section, default: 0] -= 1
            new[m.to.section, default: 0] += 1
        }
    }

    func count(old i: Int, new j: Int) -> Int { (old[i] ?? 0) + (new[j] ?? 0) }
}

/// Which item slots (after-coordinates) and rows (before-coordinates) calls already take, so a
/// call a fix adds or moves lands where nothing else does.
struct SlotBook {
    var slots: [Int: Set<Int>] = [:]
    var rows: [Int: Set<Int>] = [:]
    var slotCursor: [Int: Int] = [:]
    var rowCursor: [Int: Int] = [:]

    init(_ c: BatchChecker) {
        for p in c.updates.insertItems { slots[p.section, default: []].insert(p.item) }
        for m in c.updates.moveItems {
            slots[m.to.section, default: []].insert(m.to.item)
            rows[m.from.section, default: []].insert(m.from.item)
        }
        for t in c.reloadItemTargets.values { slots[t.section, default: []].insert(t.item) }
        for p in c.updates.deleteItems + c.updates.reloadItems { rows[p.section, default: []].insert(p.item) }
    }

    /// The free slot nearest `near` in a section of `count`; past the end, the highest free one
    /// (through a cursor, so bringing back many out-of-range inserts stays linear).
    mutating func takeSlot(_ j: Int, count: Int, near: Int) -> Int? {
        if near >= count { return takeHighestSlot(j, count: count) }
        guard let v = Self.nearest(slots[j] ?? [], count: count, near: near) else { return nil }
        slots[j, default: []].insert(v)
        return v
    }

    mutating func takeRow(_ i: Int, count: Int, near: Int) -> Int? {
        if near >= count { return takeHighestRow(i, count: count) }
        guard let v = Self.nearest(rows[i] ?? [], count: count, near: near) else { return nil }
        rows[i, default: []].insert(v)
        return v
    }

    mutating func takeHighestSlot(_ j: Int, count: Int) -> Int? {
        Self.highest(&slots[j, default: []], cursor: &slotCursor[j, default: count - 1])
    }

    mutating func takeHighestRow(_ i: Int, count: Int) -> Int? {
        Self.highest(&rows[i, default: []], cursor: &rowCursor[i, default: count - 1])
    }

    static func highest(_ used: inout Set<Int>, cursor: inout Int) -> Int? {
        while cursor >= 0 && used.contains(cursor) { cursor -= 1 }
        guard cursor >= 0 else { return nil }
        used.insert(cursor)
        return cursor
    }

    static func nearest(_ used: Set<Int>, count: Int, near: Int) -> Int? {
        guard count > 0 else { return nil }
        let start = min(max(near, 0), count - 1)
        var down = start, up = start + 1
        while down >= 0 || up < count {
            if down >= 0 { if !used.contains(down) { return down }; down -= 1 }
            if up < count { if !used.contains(up) { return up }; up += 1 }
        }
        return nil
    }
}
