import Testing
@testable import UpdateEngine
import TestSupport

/// Spec C4 as a property: for any batch UIKit rejects, applying the edits of every error gives a
/// batch UIKit accepts with the same counts, the first error stays UIKit's exact first reason, and
/// no two errors edit the same call.
@Suite struct BatchFixPropertyTests {
    /// Seeded random batches over random counts, sections, item ops (moves and reloads included)
    /// and section ops; both flavors, with and without `after`.
    @Test(arguments: [BatchFlavor.collectionView, .tableView])
    func everyFixAppliedTogetherGivesABatchUIKitAccepts(_ flavor: BatchFlavor) {
        var r = SeededRandom(seed: flavor == .tableView ? 0x7AB1E : 0xC011EC7)
        var invalid = 0
        for n in 0..<1500 {
            let (before, after, updates) = n % 2 == 0 ? Self.randomBatch(&r) : Self.corruptedDiff(&r)
            if Self.holds(before, after, updates, flavor, case: n) { invalid += 1 }
        }
        // Most cases must be invalid, or the property says little.
        #expect(invalid > 1000, "only \(invalid) invalid batches")
    }

    /// A correct data source and one call put out of range (row past the end of its section): one
    /// error, fixed by moving the call into range, and no count error after it.
    @Test(arguments: [BatchFlavor.collectionView, .tableView])
    func oneOutOfRangeCallOverACorrectDataSourceIsOneErrorAndNoCountError(_ flavor: BatchFlavor) {
        var r = SeededRandom(seed: 0x0DD)
        var tried = 0
        for _ in 0..<400 {
            let (old, new) = Self.randomModels(&r)
            guard case .success(var u) = BatchDiff.diff(old: old, new: new) else { continue }
            let before = old.map(\.count), after = new.map(\.count)
            if r.below(2) == 0, !u.insertItems.isEmpty {
                let k = r.below(u.insertItems.count)
                u.insertItems[k].item = after[u.insertItems[k].section] + r.below(5)
            } else if !u.deleteItems.isEmpty {
                let k = r.below(u.deleteItems.count)
                guard !u.deleteSections.contains(u.deleteItems[k].section) else { continue }
                u.deleteItems[k].item = before[u.deleteItems[k].section] + r.below(5)
            } else {
                continue
            }
            tried += 1
            let v = check(before, after, u, flavor)
            #expect(v.errors.count == 1, "\(before) \(after) \(u): \(v.errors.map(\.message))")
            #expect(v.errors.first?.edits.map(\.operation) == [.replace], "\(u): \(v.errors.map(\.fix))")
            #expect(v.expectedAfter == after)
            _ = Self.holds(before, after, u, flavor, case: tried)
        }
        #expect(tried > 150)
    }

    /// Thousands of interlocking mistakes still end in a batch UIKit accepts: past the rounds that
    /// weigh each conflict against the counts, conflicts on distinct calls are fixed together.
    @Test func largeBatchesOfConflictsAndOutOfRangeCallsAreFixedInFewRounds() {
        let n = 150
        var u = BatchUpdates()
        for i in 0..<n {
            u.deleteItems.append(IndexPath(section: 0, item: i))
            u.moveItems.append(ItemMove(from: IndexPath(section: 0, item: i), to: IndexPath(section: 1, item: i)))
            u.insertItems.append(IndexPath(section: 1, item: 2 * n + i))
        }
        for flavor in [BatchFlavor.collectionView, .tableView] {
            #expect(Self.holds([n, n], [0, 2 * n], u, flavor, case: 0))
            #expect(Self.holds([n, n], nil, u, flavor, case: 1))
        }
    }

    /// Checks the property on one batch; returns whether UIKit rejects it.
    static func holds(_ before: [Int], _ after: [Int]?, _ updates: BatchUpdates, _ flavor: BatchFlavor, case n: Int) -> Bool {
        let v = check(before, after, updates, flavor)
        var raw = BatchChecker(before: before, after: after, updates: updates, flavor: flavor)
        raw.run()
        guard !v.valid else {
            #expect(raw.errors.isEmpty)
            #expect(v.fixedUpdates == nil)
            return false
        }
        let what = "case \(n): before \(before) after \(String(describing: after)) \(updates)"
        #expect(v.uikitException == raw.errors.first?.message, "\(what)")
        #expect(v.errors.first?.message == raw.errors.first?.message, "\(what)")
        for e in v.errors where e.update != "dataSource" {
            // An error names its call by its place in the request as sent.
            let value = UpdateList(rawValue: e.update).flatMap { list in e.index.flatMap { BatchDraft.value(updates, list, $0) } }
            #expect(value != nil, "\(what): \(e.update)[\(String(describing: e.index))]")
            // (A reload's insert half names the reload with UIKit's re-insert path.)
            if ["deleteItems", "insertItems"].contains(e.update), let p = e.indexPath {
                #expect(value == .indexPath(p), "\(what): \(e.code) names \(e.update)[\(String(describing: e.index))]")
            }
        }
        let edits = v.errors.flatMap(\.edits)
        #expect(v.errors.allSatisfy { !$0.edits.isEmpty }, "\(what): \(v.errors.prefix(8).map(\.fix))")
        let touched = edits.filter { $0.operation != .add }.map(\.pointer)
        #expect(Set(touched).count == touched.count, "\(what): two errors edit one call: \(touched)")
        let fixed = updates.applying(edits)
        #expect(fixed == v.fixedUpdates, "\(what)")
        let again = check(before, after, fixed, flavor)
        #expect(again.valid, "\(what)\n fixes \(v.errors.prefix(8).map(\.fix))\n fixed \(fixed)\n still \(again.errors.prefix(3).map(\.message))")
        return true
    }

    static func randomModels(_ r: inout SeededRandom) -> ([[String]], [[String]]) {
        var next = 0
        func fresh() -> String { next += 1; return "i\(next)" }
        let old = (0..<(1 + r.below(4))).map { _ in (0..<r.below(6)).map { _ in fresh() } }
        var pool = old.flatMap { $0 }.filter { _ in r.below(4) != 0 }
        pool.shuffle(using: &r)
        var new: [[String]] = (0..<(1 + r.below(4))).map { _ in [] }
        for id in pool { new[r.below(new.count)].append(id) }
        for s in new.indices { for _ in 0..<r.below(3) { new[s].insert(fresh(), at: r.below(new[s].count + 1)) } }
        return (old, new)
    }

    /// A valid diff batch with one to three mistakes of the kinds developers make.
    static func corruptedDiff(_ r: inout SeededRandom) -> ([Int], [Int]?, BatchUpdates) {
        let (old, new) = randomModels(&r)
        guard case .success(var u) = BatchDiff.diff(old: old, new: new) else { return ([], nil, BatchUpdates()) }
        let before = old.map(\.count)
        var after: [Int]? = new.map(\.count)
        func somePath(_ counts: [Int]) -> IndexPath {
            let s = r.below(counts.count + 1)
            return IndexPath(section: s, item: r.below((s < counts.count ? counts[s] : 1) + 2))
        }
        for _ in 0..<(1 + r.below(3)) {
            switch r.below(12) {
            case 0 where !u.insertItems.isEmpty: u.insertItems[r.below(u.insertItems.count)].item += 1 + r.below(4)
            case 1 where !u.deleteItems.isEmpty: u.deleteItems[r.below(u.deleteItems.count)].item += 1 + r.below(4)
            case 2 where !u.deleteItems.isEmpty: u.reloadItems.append(u.deleteItems[r.below(u.deleteItems.count)])
            case 3 where !u.moveItems.isEmpty: u.reloadItems.append(u.moveItems[r.below(u.moveItems.count)].from)
            case 4 where !u.moveItems.isEmpty: u.deleteItems.append(u.moveItems[r.below(u.moveItems.count)].from)
            case 5 where !u.insertItems.isEmpty: u.insertItems.remove(at: r.below(u.insertItems.count))
            case 6: u.insertItems.append(somePath(new.map(\.count)))
            case 7: u.deleteItems.append(somePath(before))
            case 8: u.moveSections.append(SectionMove(from: r.below(before.count + 1), to: r.below(new.count + 1)))
            case 9: u.reloadSections.append(r.below(before.count + 1))
            case 10: u.insertSections.append(r.below(new.count + 1))
            case 11: after = r.below(3) == 0 ? nil : after.map { $0.map { max(0, $0 + r.below(3) - 1) } }
            default: u.deleteSections.append(r.below(before.count + 1))
            }
        }
        return (before, after, u)
    }

    /// Any batch at all over small counts.
    static func randomBatch(_ r: inout SeededRandom) -> ([Int], [Int]?, BatchUpdates) {
        let before = (0..<r.below(5)).map { _ in r.below(6) }
        let sectionsAfter = max(0, before.count + r.below(3) - 1)
        let after: [Int]? = r.below(4) == 0 ? nil : (0..<sectionsAfter).map { _ in r.below(6) }
        let sa = after?.count ?? sectionsAfter
        func path(_ sections: Int) -> IndexPath { IndexPath(section: r.below(sections + 1), item: r.below(7)) }
        func few() -> Int { [0, 0, 0, 1, 1, 2, 3][r.below(7)] }
        var u = BatchUpdates()
        u.deleteItems = (0..<few()).map { _ in path(before.count) }
        u.insertItems = (0..<few()).map { _ in path(sa) }
        u.reloadItems = (0..<few()).map { _ in path(before.count) }
        u.moveItems = (0..<few()).map { _ in ItemMove(from: path(before.count), to: path(sa)) }
        u.deleteSections = (0..<(few() / 2)).map { _ in r.below(before.count + 1) }
        u.insertSections = (0..<(few() / 2)).map { _ in r.below(sa + 1) }
        u.reloadSections = (0..<(few() / 2)).map { _ in r.below(before.count + 1) }
        u.moveSections = (0..<(few() / 2)).map { _ in SectionMove(from: r.below(before.count + 1), to: r.below(sa + 1)) }
        return (before, after, u)
    }
}
