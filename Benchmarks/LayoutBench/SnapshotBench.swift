import UpdateEngine
import LayoutEngine

/// Diffable snapshot apply (issue 18): a 100,000-item snapshot (10 sections x 10,000) against a
/// new one with 1% of the items changed (334 moved across the snapshot, 333 inserted, 333
/// deleted), beside Swift's own `difference(from:).inferringMoves()` on the same flat identifier
/// lists, in one run. Prints the median of the runs in milliseconds.
/// - `snapshot.diff`: `SnapshotApply.diff` (UIKit's ordered-set pass, sections and items).
/// - `snapshot.apply`: `SnapshotApply.run` with the new snapshot: the diff, the second batch and
///   both batch-validator verdicts (what `POST /snapshot/apply` computes).
/// - `swift.difference.inferringMoves`: the standard library on `[String]` (Myers, O((n+m)·d)).
func runSnapshotBenchmarks() {
    let w = SnapshotWorkload.make()
    var ops = 0
    let diffMs = medianNanoseconds(runs: 5) { ops = SnapshotApply.diff(old: w.old, new: w.new).operationCount } / 1e6
    print("snapshot.diff.100k-items.1pct  ms=\(formatted(diffMs, decimals: 1))  updates=\(ops)")
    var valid = false
    let applyMs = medianNanoseconds(runs: 5) {
        let o = try? SnapshotApply.run(old: w.old, change: .snapshot(w.new, SnapshotMarks()))
        valid = o?.verdict?.valid ?? false
    } / 1e6
    print("snapshot.apply.100k-items.1pct  ms=\(formatted(applyMs, decimals: 1))  verdict.valid=\(valid)")
    let oldFlat = w.old.itemIdentifiers.map(\.description), newFlat = w.new.itemIdentifiers.map(\.description)
    var changes = 0
    let swiftMs = medianNanoseconds(runs: 3) { changes = newFlat.difference(from: oldFlat).inferringMoves().count } / 1e6
    print("swift.difference.inferringMoves.100k-items.1pct  ms=\(formatted(swiftMs, decimals: 1))  changes=\(changes)  ratio=\(formatted(swiftMs / diffMs, decimals: 1))x")
}

struct SnapshotWorkload {
    var old: DiffableSnapshot
    var new: DiffableSnapshot

    static func make(sections: Int = 10, perSection: Int = 10_000, moved: Int = 334, inserted: Int = 333, deleted: Int = 333) -> SnapshotWorkload {
        var g = BenchGenerator(state: 18)
        var lists = (0..<sections).map { s in (0..<perSection).map { SnapshotIdentifier.string("item-\(s)-\($0)") } }
        let old = DiffableSnapshot(sections: lists.enumerated().map { .init(id: .string("S\($0.offset)"), items: $0.element) })
        func randomPlace() -> (Int, Int) {
            let s = Int(g.next() % UInt64(sections))
            return (s, Int(g.next() % UInt64(lists[s].count + 1)))
        }
        for _ in 0..<deleted {
            let s = Int(g.next() % UInt64(sections))
            lists[s].remove(at: Int(g.next() % UInt64(lists[s].count)))
        }
        for _ in 0..<moved {
            let s = Int(g.next() % UInt64(sections))
            let id = lists[s].remove(at: Int(g.next() % UInt64(lists[s].count)))
            let (t, i) = randomPlace()
            lists[t].insert(id, at: i)
        }
        for k in 0..<inserted {
            let (t, i) = randomPlace()
            lists[t].insert(.string("new-\(k)"), at: i)
        }
        let new = DiffableSnapshot(sections: lists.enumerated().map { .init(id: .string("S\($0.offset)"), items: $0.element) })
        return SnapshotWorkload(old: old, new: new)
    }
}
