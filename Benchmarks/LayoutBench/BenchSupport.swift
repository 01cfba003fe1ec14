#if canImport(Glibc)
import Glibc
#endif
import UpdateEngine
import LayoutEngine

/// What every benchmark file needs: a median timer, number formatting without libm, a
/// deterministic generator, and the batch-update workload shared by the engine and API batch
/// benchmarks (so their figures are for the same input).

/// Median of `runs` wall-clock timings of `body`, in nanoseconds.
func medianNanoseconds(runs: Int, _ body: () -> Void) -> Double {
    let clock = ContinuousClock()
    var samples: [Double] = []
    for _ in 0..<max(1, runs) {
        let elapsed = clock.measure(body)
        samples.append(Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9)
    }
    samples.sort()
    return samples[samples.count / 2]
}

/// The fastest of `runs` thread-CPU timings of `body`, in nanoseconds: on a shared machine the
/// least disturbed run, and time other processes take is not counted.
func fastestCPUNanoseconds(runs: Int, _ body: () -> Void) -> Double {
    var best = Double.infinity
    for _ in 0..<max(1, runs) {
        let start = threadCPUNanoseconds()
        body()
        best = min(best, threadCPUNanoseconds() - start)
    }
    return best
}

func threadCPUNanoseconds() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
    return Double(spec.tv_sec) * 1e9 + Double(spec.tv_nsec)
}

/// `value` with `decimals` (1 or 2) fraction digits, rounded half up; no libm (`rounded()` needs it).
func formatted(_ value: Double, decimals: Int = 2) -> String {
    let scale = decimals == 1 ? 10 : 100
    let units = Int(value * Double(scale) + 0.5)
    let fraction = units % scale
    let padding = decimals == 2 && fraction < 10 ? "0" : ""
    return "\(units / scale).\(padding)\(fraction)"
}

/// SplitMix64: a deterministic generator for benchmark inputs.
struct BenchGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The batch workloads of issue 5: about 10,000 mixed updates over 10 x 10,000 items, and two
/// lists of 100,000 identifiers (10% deleted, 10% new, 5% moved).
struct BatchWorkload {
    var before: [Int]
    var after: [Int]
    /// Valid for UIKit: diff-produced deletes, inserts and moves (within and across sections)
    /// plus reloads of untouched items, the ones UIKit would reject dropped.
    var updates: BatchUpdates
    var diffOld: [String]
    var diffNew: [String]

    static func make(seed: UInt64 = 42) -> BatchWorkload? {
        var rng = BenchGenerator(state: seed)
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
        guard case .success(var updates) = BatchDiff.diff(old: old, new: new) else { return nil }
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
        let check = BatchValidation.validate(before: before, after: after, updates: updates, flavor: .collectionView)
        let rejected = Set(check.errors.filter { $0.update == "reloadItems" }.compactMap(\.index))
        updates.reloadItems = updates.reloadItems.enumerated().filter { !rejected.contains($0.offset) }.map(\.element)

        // Diff lists: kept items keep their order key, moved and new ones get random keys.
        let a = (0..<100_000).map { "id\($0)" }
        var keyed: [(key: UInt64, id: String)] = []
        for (i, id) in a.enumerated() where rng.next() % 10 != 0 {
            keyed.append((rng.next() % 20 == 0 ? rng.next() % 100_000_000 : UInt64(i) * 1_000, id))
        }
        for k in 0..<(100_000 - keyed.count) { keyed.append((rng.next() % 100_000_000, "new\(k)")) }
        let b = keyed.sorted { $0.key < $1.key }.map(\.id)
        return BatchWorkload(before: before, after: after, updates: updates, diffOld: a, diffNew: b)
    }
}
