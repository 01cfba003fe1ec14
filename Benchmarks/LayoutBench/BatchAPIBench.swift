import HTTP
import LayoutAPI
import LayoutEngine

/// The batch routes end to end, in process: JSON body in, JSON answer out (parse, decode,
/// validate or diff, encode), through `LayoutApplication.respond(to:)`. Prints the median of 5
/// runs in milliseconds. Run: `swift run -c release LayoutBench`.
///
/// - `batch.api.validate`: 10,000 mixed updates (deletes, inserts, moves within and across
///   sections, reloads) over 100,000 items (10 sections x 10,000); the answer holds the
///   100,000-entry mapping and the steps.
/// - `batch.api.diff`: two lists of 100,000 identifiers (10% deleted, 10% inserted, 5% moved);
///   200,000 identifiers in all, so this server is configured with twice the default cap.
/// - `batch.api.validate.1M-items`: a two-update batch over the most items the server takes
///   (`BatchLimits.maxItems`): the work and answer size the cap bounds a request to.
func runBatchAPIBenchmarks() {
    let app = LayoutApplication(configuration: ServiceConfiguration())
    var rng = BatchAPIBenchRandom(state: 7)

    // Validate: a diff-produced batch over 10 x 10,000 items plus reloads of untouched items.
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
    guard case .success(var updates) = BatchDiff.diff(old: old, new: new) else { print("batch.api: diff failed"); return }
    let touched = Set(updates.deleteItems + updates.moveItems.map(\.from))
    var reloads: [IndexPath] = []
    for s in 0..<10 {
        for i in stride(from: 3, to: 10_000, by: 89) where !touched.contains(IndexPath(section: s, item: i)) {
            reloads.append(IndexPath(section: s, item: i))
        }
    }
    updates.reloadItems = Array(reloads.prefix(max(0, 10_000 - updates.operationCount)))
    let before = old.map(\.count), after = new.map(\.count)
    // Keep only the reloads UIKit accepts, so the answer is the full valid verdict.
    let check = BatchValidation.validate(before: before, after: after, updates: updates, flavor: .collectionView)
    let rejected = Set(check.errors.filter { $0.update == "reloadItems" }.compactMap(\.index))
    updates.reloadItems = updates.reloadItems.enumerated().filter { !rejected.contains($0.offset) }.map(\.element)
    let validateBody = Array(validateJSON(before: before, after: after, updates).utf8)
    report("batch.api.validate.\(updates.operationCount)-updates.100k-items", app, "/batch/validate", validateBody)

    // Diff: one section of 100,000 identifiers; kept items keep their order key, moved and new
    // ones get random keys.
    let a = (0..<100_000).map { "id\($0)" }
    var keyed: [(key: UInt64, id: String)] = []
    for (i, id) in a.enumerated() where rng.next() % 10 != 0 {
        keyed.append((rng.next() % 20 == 0 ? rng.next() % 100_000_000 : UInt64(i) * 1_000, id))
    }
    for k in 0..<(100_000 - keyed.count) { keyed.append((rng.next() % 100_000_000, "new\(k)")) }
    let b = keyed.sorted { $0.key < $1.key }.map(\.id)
    let diffBody = Array(#"{"old":[\#(quoted(a))],"new":[\#(quoted(b))]}"#.utf8)
    let wide = LayoutApplication(configuration: ServiceConfiguration(maxBatchOperations: 200_000))
    report("batch.api.diff.100k-identifiers", wide, "/batch/diff", diffBody)

    let big = Array(#"{"before":[500000,500000],"updates":{"deleteItems":[[0,0]],"insertItems":[[1,0]]}}"#.utf8)
    report("batch.api.validate.1M-items", app, "/batch/validate", big)
}

private func report(_ name: String, _ app: LayoutApplication, _ target: String, _ body: [UInt8], runs: Int = 5) {
    var response = Response(status: 0)
    let request = Request(method: "POST", target: target, headers: [("Content-Type", "application/json")], body: body)
    let ms = batchAPIMedianMilliseconds(runs: runs) { response = app.respond(to: request) }
    let valid = response.body.starts(with: Array(#"{"valid":true"#.utf8)) || response.body.starts(with: Array(#"{"updates""#.utf8))
    print("\(name)  ms=\(batchAPIFormat(ms))  status=\(response.status) requestBytes=\(body.count) responseBytes=\(response.body.count) ok=\(valid)")
}

private func validateJSON(before: [Int], after: [Int], _ u: BatchUpdates) -> String {
    func ints(_ v: [Int]) -> String { "[" + v.map(String.init).joined(separator: ",") + "]" }
    func paths(_ v: [IndexPath]) -> String { "[" + v.map { "[\($0.section),\($0.item)]" }.joined(separator: ",") + "]" }
    let moves = "[" + u.moveItems.map { "[[\($0.from.section),\($0.from.item)],[\($0.to.section),\($0.to.item)]]" }.joined(separator: ",") + "]"
    return #"{"before":\#(ints(before)),"after":\#(ints(after)),"updates":{"deleteItems":\#(paths(u.deleteItems)),"insertItems":\#(paths(u.insertItems)),"reloadItems":\#(paths(u.reloadItems)),"moveItems":\#(moves)}}"#
}

private func quoted(_ ids: [String]) -> String {
    "[" + ids.map { "\"\($0)\"" }.joined(separator: ",") + "]"
}

private struct BatchAPIBenchRandom {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

private func batchAPIMedianMilliseconds(runs: Int, _ body: () -> Void) -> Double {
    let clock = ContinuousClock()
    var samples: [Double] = []
    for _ in 0..<runs {
        let d = clock.measure(body)
        samples.append(Double(d.components.seconds) * 1e3 + Double(d.components.attoseconds) / 1e15)
    }
    samples.sort()
    return samples[samples.count / 2]
}

private func batchAPIFormat(_ ms: Double) -> String {
    let tenths = Int(ms * 10 + 0.5)
    return "\(tenths / 10).\(tenths % 10)"
}
