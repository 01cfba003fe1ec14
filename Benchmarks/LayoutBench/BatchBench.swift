import UpdateEngine
import LayoutEngine

/// Batch-update benchmarks: validation of 10,000 mixed updates over 100,000 items (10 sections x
/// 10,000), and the identifier diff of two 100,000-identifier lists (10% deletes, 10% inserts,
/// 5% moves). Prints the median of 5 runs in milliseconds. Run: `swift run -c release LayoutBench`.
func runBatchBenchmarks() {
    guard let w = BatchWorkload.make() else { print("batch: workload diff failed"); return }
    var verdict: BatchVerdict?
    let validateMs = medianNanoseconds(runs: 5) {
        verdict = BatchValidation.validate(before: w.before, after: w.after, updates: w.updates, flavor: .collectionView)
    } / 1e6
    print("batch.validate.\(w.updates.operationCount)-updates.100k-items  ms=\(formatted(validateMs, decimals: 1))  valid=\(verdict?.valid ?? false) errors=\(verdict?.errors.count ?? -1) warnings=\(verdict?.warnings.count ?? -1) mapping=\(verdict?.mapping?.count ?? 0)")
    let mergeMs = medianNanoseconds(runs: 5) {
        verdict = BatchValidation.validate(before: w.before, after: w.after, updates: w.updates, flavor: .collectionView,
                                           repair: .merge)
    } / 1e6
    print("batch.validate+merge.\(w.updates.operationCount)-updates.100k-items  ms=\(formatted(mergeMs, decimals: 1))  repaired=\(verdict?.repaired?.first?.operationCount ?? -1)")
    var ops = 0
    let diffMs = medianNanoseconds(runs: 5) {
        if case .success(let u) = BatchDiff.diff(old: [w.diffOld], new: [w.diffNew]) { ops = u.operationCount }
    } / 1e6
    print("batch.diff.100k-identifiers  ms=\(formatted(diffMs, decimals: 1))  updates=\(ops)")
}
