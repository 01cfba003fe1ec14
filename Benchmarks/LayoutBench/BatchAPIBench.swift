import HTTP
import LayoutAPI
import UpdateEngine
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
    guard let w = BatchWorkload.make() else { print("batch.api: workload diff failed"); return }
    let validateBody = Array(validateJSON(before: w.before, after: w.after, w.updates).utf8)
    report("batch.api.validate.\(w.updates.operationCount)-updates.100k-items", app, "/batch/validate", validateBody)

    // 100,000 identifiers on each side is 200,000 in all, over the default cap of 100,000.
    let diffBody = Array(#"{"old":[\#(quoted(w.diffOld))],"new":[\#(quoted(w.diffNew))]}"#.utf8)
    let wide = LayoutApplication(configuration: ServiceConfiguration(maxBatchOperations: 200_000))
    report("batch.api.diff.100k-identifiers", wide, "/batch/diff", diffBody)

    let big = Array(#"{"before":[500000,500000],"updates":{"deleteItems":[[0,0]],"insertItems":[[1,0]]}}"#.utf8)
    report("batch.api.validate.1M-items", app, "/batch/validate", big)
}

private func report(_ name: String, _ app: LayoutApplication, _ target: String, _ body: [UInt8], runs: Int = 5) {
    var response = Response(status: 0)
    let request = Request(method: "POST", target: target, headers: [("Content-Type", "application/json")], body: body)
    let ms = medianNanoseconds(runs: runs) { response = app.respond(to: request) } / 1e6
    let valid = response.body.starts(with: Array(#"{"valid":true"#.utf8)) || response.body.starts(with: Array(#"{"updates""#.utf8))
    print("\(name)  ms=\(formatted(ms, decimals: 1))  status=\(response.status) requestBytes=\(body.count) responseBytes=\(response.body.count) ok=\(valid)")
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
