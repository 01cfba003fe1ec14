import LayoutEngine

/// Batch-update benchmarks: validation of 10,000 mixed updates over 100,000 items (10 sections x
/// 10,000), and the identifier diff of two 100,000-identifier lists (10% deletes, 10% inserts,
/// 5% moves). Prints the median of 5 runs in milliseconds. Run: `swift run -c release LayoutBench`.
func runBatchBenchmarks() {
    var rng = BatchBenchRandom(state: 42)
    // Validation input: a diff-produced batch (deletes, inserts, moves within and across
    // sections) plus reloads of untouched items, about 10,000 updates in all.
    let old = (0..<10).map { s in (0..<10_000).map { "s\(s)i\($0)" } }
    var new = old
    var counter = 0
    for s in 0..<10 {
        for _ in 0..<400 { new[s].remove(at: Int(rng.next() % UInt64(new[s].count))) }
        for _ in 0..<400 { counter += 1; new[s].insert("n\(counter)", at: Int(rng.next() % UInt64(new[s].count + 1))) }
        for _ in 0..<80 {
            let id = new[s].remove(at: Int(rng.next() % UInt64(new[s].count)))
            let target = Int(rng.next() % 10)
            new[target].insert(id, at: Int(rng.next() % UInt64(new[target].count + 1)))
        }
    }
    guard case .success(var updates) = BatchDiff.diff(old: old, new: new) else { print("batch.diff failed"); return }
    let touched = Set(updates.deleteItems + updates.moveItems.map(\.from))
    var reloads: [IndexPath] = []
    for s in 0..<10 {
        for i in stride(from: 7, to: 10_000, by: 97) where !touched.contains(IndexPath(section: s, item: i)) {
            reloads.append(IndexPath(section: s, item: i))
        }
    }
    updates.reloadItems = Array(reloads.prefix(max(0, 10_000 - updates.operationCount)))
    let before = old.map(\.count), after = new.map(\.count)
    // Drop the reloads UIKit would reject (their re-insert position ignores moves).
    let first = BatchValidation.validate(before: before, after: after, updates: updates, flavor: .collectionView,
                                         strict: false, repair: nil)
    let rejected = Set(first.errors.filter { $0.update == "reloadItems" }.compactMap(\.index))
    updates.reloadItems = updates.reloadItems.enumerated().filter { !rejected.contains($0.offset) }.map(\.element)
    var verdict: BatchVerdict?
    let validateMs = medianMilliseconds(runs: 5) {
        verdict = BatchValidation.validate(before: before, after: after, updates: updates, flavor: .collectionView,
                                           strict: false, repair: nil)
    }
    print("batch.validate.\(updates.operationCount)-updates.100k-items  ms=\(format(validateMs))  valid=\(verdict?.valid ?? false) errors=\(verdict?.errors.count ?? -1) warnings=\(verdict?.warnings.count ?? -1) mapping=\(verdict?.mapping?.count ?? 0)")
    let mergeMs = medianMilliseconds(runs: 5) {
        verdict = BatchValidation.validate(before: before, after: after, updates: updates, flavor: .collectionView,
                                           strict: false, repair: .merge)
    }
    print("batch.validate+merge.\(updates.operationCount)-updates.100k-items  ms=\(format(mergeMs))  repaired=\(verdict?.repaired?.first?.operationCount ?? -1)")

    // Diff input: one list of 100,000 identifiers; 10% deleted, 10% inserted, 5% moved.
    // Built by sorting on position keys: kept items keep theirs, moved and new ones get random ones.
    let a = (0..<100_000).map { "id\($0)" }
    var keyed: [(key: UInt64, id: String)] = []
    for (i, id) in a.enumerated() where rng.next() % 10 != 0 {
        keyed.append((rng.next() % 20 == 0 ? rng.next() % 100_000_000 : UInt64(i) * 1_000, id))
    }
    for k in 0..<10_000 { keyed.append((rng.next() % 100_000_000, "new\(k)")) }
    let b = keyed.sorted { $0.key < $1.key }.map(\.id)
    var ops = 0
    let diffMs = medianMilliseconds(runs: 5) {
        if case .success(let u) = BatchDiff.diff(old: [a], new: [b]) { ops = u.operationCount }
    }
    print("batch.diff.100k-identifiers  ms=\(format(diffMs))  updates=\(ops)")
}

private struct BatchBenchRandom {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

private func medianMilliseconds(runs: Int, _ body: () -> Void) -> Double {
    let clock = ContinuousClock()
    var samples: [Double] = []
    for _ in 0..<runs {
        let d = clock.measure(body)
        samples.append(Double(d.components.seconds) * 1e3 + Double(d.components.attoseconds) / 1e15)
    }
    samples.sort()
    return samples[samples.count / 2]
}

private func format(_ ms: Double) -> String {
    let tenths = Int(ms * 10 + 0.5)
    return "\(tenths / 10).\(tenths % 10)"
}
