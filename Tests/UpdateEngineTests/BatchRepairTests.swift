import Testing
@testable import UpdateEngine
import TestSupport

/// `repair`: merged batches and split stages are valid (strict) and reach the batch's intent.
@Suite struct BatchRepairTests {
    @Test func deleteAndReloadOfTheSameItemMergesIntoTheDelete() {
        let v = check([3], [2], BatchUpdates(deleteItems: [ip(0, 1)], reloadItems: [ip(0, 1)]), repair: .merge)
        #expect(v.repaired == [BatchUpdates(deleteItems: [ip(0, 1)])])
    }

    @Test func reloadPlusMoveBecomesDeletePlusInsert() {
        let v = check([3], [3], BatchUpdates(reloadItems: [ip(0, 1)], moveItems: [mv(ip(0, 1), ip(0, 2))]), repair: .merge)
        #expect(v.repaired == [BatchUpdates(deleteItems: [ip(0, 1)], insertItems: [ip(0, 2)])])
    }

    @Test func magicInsertIsSplitIntoAReloadStageAndAMoveStage() {
        let updates = BatchUpdates(deleteItems: [ip(0, 1)], reloadItems: [ip(0, 2)],
                                   moveItems: [mv(ip(0, 0), ip(0, 1)), mv(ip(0, 3), ip(0, 0))])
        let v = check([4], [3], updates, .tableView, repair: .split)
        #expect(v.repaired == [BatchUpdates(reloadItems: [ip(0, 2)]), BatchUpdates(deleteItems: [ip(0, 1)]),
                               BatchUpdates(moveItems: [mv(ip(0, 2), ip(0, 0))])])
    }

    @Test func sectionMoveWithItemChangesBecomesDeletePlusInsertWhenMerged() {
        let updates = BatchUpdates(insertItems: [ip(1, 0)], moveSections: [SectionMove(from: 0, to: 1)])
        let v = check([2, 2], [2, 3], updates, repair: .merge)
        #expect(v.repaired == [BatchUpdates(deleteSections: [0], insertSections: [1])])
    }

    @Test func countsThatNoBatchCanReachGiveNoRepair() {
        let v = check([3], [5], BatchUpdates(insertItems: [ip(0, 0)]), repair: .merge)
        #expect(v.repaired == nil)
    }

    @Test(arguments: [RepairMode.merge, .split], 0..<4)
    func randomBatchesRepairIntoValidStagesReachingTheIntent(_ mode: RepairMode, _ block: Int) {
        var rng = SeededRandom(seed: UInt64(77 + block * 13 + (mode == .merge ? 0 : 1000)))
        var repaired = 0
        for _ in 0..<50 {
            let (old, updates) = Self.randomBatch(&rng)
            let v = check(old.map(\.count), nil, updates, .collectionView, repair: mode)
            guard let stages = v.repaired,
                  let intent = BatchIntent(before: old.map(\.count), after: v.expectedAfter, updates: updates)
                    ?? BatchIntent(before: old.map(\.count), after: nil, updates: updates) else { continue }
            repaired += 1
            let goal = Self.state(of: intent, old)
            if mode == .merge { #expect(stages.count == 1) }
            var current = old
            for stage in stages {
                let supply = { (p: IndexPath) in p.section < goal.count && p.item < goal[p.section].count ? goal[p.section][p.item] : "" }
                guard let next = naiveApply(current, stage, supply: supply) else {
                    Issue.record("stage does not apply: \(stage) on \(current) for \(updates)"); break
                }
                let sv = check(current.map(\.count), next.map(\.count), stage, .collectionView, strict: true)
                #expect(sv.valid, "\(updates) stage \(stage): \(sv.errors.map(\.message))")
                current = next
            }
            #expect(current == goal, "\(old) + \(updates) -> \(stages)")
            // Where the batch was already valid and plain, the intent is UIKit's own result.
            if v.valid && v.warnings.isEmpty && updates.reloadItems.isEmpty && updates.reloadSections.isEmpty {
                let supply = { (p: IndexPath) in p.section < goal.count && p.item < goal[p.section].count ? goal[p.section][p.item] : "" }
                #expect(naiveApply(old, updates, supply: supply) == goal)
            }
        }
        #expect(repaired >= 20)  // the rest put inserts past the end: no batch reaches them
    }

    /// The intended final state: carried items by identity, fresh ones named by position.
    static func state(of intent: BatchIntent, _ old: [[String]]) -> [[String]] {
        var out = intent.applied.counts.enumerated().map { j, c in (0..<c).map { "new\(j).\($0)" } }
        for (s, items) in old.enumerated() {
            for (i, id) in items.enumerated() {
                if let t = intent.applied.target(of: ip(s, i)) { out[t.section][t.item] = id }
            }
        }
        return out
    }

    static func randomBatch(_ rng: inout SeededRandom) -> ([[String]], BatchUpdates) {
        let sections = Int.random(in: 1...4, using: &rng)
        let old = (0..<sections).map { s in (0..<Int.random(in: 0...5, using: &rng)).map { "o\(s).\($0)" } }
        func oldPath(_ rng: inout SeededRandom) -> IndexPath? {
            let candidates = old.indices.filter { !old[$0].isEmpty }
            guard let s = candidates.randomElement(using: &rng) else { return nil }
            return ip(s, Int.random(in: 0..<old[s].count, using: &rng))
        }
        func newPath(_ rng: inout SeededRandom) -> IndexPath {
            ip(Int.random(in: 0..<sections, using: &rng), Int.random(in: 0...3, using: &rng))
        }
        var u = BatchUpdates()
        for _ in 0..<Int.random(in: 0...3, using: &rng) { if let p = oldPath(&rng) { u.deleteItems.append(p) } }
        for _ in 0..<Int.random(in: 0...2, using: &rng) { if let p = oldPath(&rng) { u.reloadItems.append(p) } }
        for _ in 0..<Int.random(in: 0...3, using: &rng) {
            if let p = oldPath(&rng) { u.moveItems.append(mv(p, newPath(&rng))) }
        }
        for _ in 0..<Int.random(in: 0...2, using: &rng) { u.insertItems.append(newPath(&rng)) }
        if Int.random(in: 0..<4, using: &rng) == 0 { u.deleteSections.append(Int.random(in: 0..<sections, using: &rng)) }
        if Int.random(in: 0..<4, using: &rng) == 0 { u.insertSections.append(Int.random(in: 0...sections, using: &rng)) }
        if Int.random(in: 0..<5, using: &rng) == 0 { u.reloadSections.append(Int.random(in: 0..<sections, using: &rng)) }
        if Int.random(in: 0..<4, using: &rng) == 0 {
            u.moveSections.append(SectionMove(from: Int.random(in: 0..<sections, using: &rng),
                                              to: Int.random(in: 0..<sections, using: &rng)))
        }
        return (old, u)
    }
}
