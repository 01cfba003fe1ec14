/// DifferenceKit-style staging of a `BatchIntent` (see `BatchRepair`).
extension BatchRepair {
    static func split(_ intent: BatchIntent) -> [BatchUpdates] {
        let r = intent.resolved, plan = intent.applied.plan, counts = intent.applied.counts
        let s0 = r.before.count
        // Stage 1: item reloads in place (before-coordinates, nothing else moves).
        let reloads = BatchUpdates(reloadItems: intent.refreshed.sorted())
        // Stage 2: deletes. Reloaded sections stay untouched until stage 5.
        var deletes = BatchUpdates()
        deletes.deleteSections = r.deletedSections.filter { intent.reloadedSections[$0] == nil }.sorted()
        let carried = (0..<s0).filter { !r.deletedSections.contains($0) }
        for i in carried {
            for row in 0..<r.before[i] where target(intent, i, row) == nil {
                deletes.deleteItems.append(IndexPath(section: i, item: row))
            }
        }
        // Stage 3: sections into their final order; inserted sections arrive with their items.
        let survivors = (0..<s0).filter { !r.deletedSections.contains($0) || intent.reloadedSections[$0] != nil }
        let finals = survivors.map { intent.reloadedSections[$0] ?? plan.newOfOld[$0] }
        let keep = BatchDiff.longestIncreasing(finals)
        var sections = BatchUpdates()
        let reloadTargets = Set(intent.reloadedSections.values)
        sections.insertSections = r.freshSections.keys.filter { !reloadTargets.contains($0) }.sorted()
        for (n, final) in finals.enumerated() where !keep[n] {
            sections.moveSections.append(SectionMove(from: n, to: final))
        }
        // Stage 4: items into their final places (sections already final; rows = survivor ranks).
        var items = BatchUpdates()
        for i in carried {
            let j = plan.newOfOld[i]
            var rank = 0
            var candidates: [(row: Int, to: Int)] = []
            for row in 0..<r.before[i] {
                guard let t = target(intent, i, row) else { continue }
                if t.section == j { candidates.append((rank, t.item)) } else {
                    items.moveItems.append(ItemMove(from: IndexPath(section: j, item: rank), to: t))
                }
                rank += 1
            }
            let stay = BatchDiff.longestIncreasing(candidates.map(\.to))
            for (n, c) in candidates.enumerated() where !stay[n] {
                items.moveItems.append(ItemMove(from: IndexPath(section: j, item: c.row), to: IndexPath(section: j, item: c.to)))
            }
        }
        var filledBySection: [Int: Set<Int>] = [:]
        for i in carried {
            for row in 0..<r.before[i] {
                if let t = target(intent, i, row) { filledBySection[t.section, default: []].insert(t.item) }
            }
        }
        for i in carried {
            let j = plan.newOfOld[i]
            let f = filledBySection[j] ?? []
            for row in 0..<counts[j] where !f.contains(row) { items.insertItems.append(IndexPath(section: j, item: row)) }
        }
        items.moveItems.sort { $0.to < $1.to }
        // Stage 5: reloaded sections at their final index, with their new counts.
        let sectionReloads = BatchUpdates(reloadSections: intent.reloadedSections.values.sorted())
        return [reloads, deletes, sections, items, sectionReloads].filter { !$0.isEmpty }
    }
}
