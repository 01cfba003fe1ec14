import HTTP
import LayoutAPI

/// `POST /crash/explain` end to end, in process (UTF-8 check, normalisation, the one-pass scan,
/// explanations and checked reproductions, encoding). Prints the median of 5 runs in ms and MB/s.
///
/// - `crash.explain.10MB-log`: 100,000 console lines (about 10 MB) of ordinary app logging with
///   log prefixes, JSON-ish fragments and backslash escapes, and four UIKit reasons spread
///   through it (two of them repeated).
/// - `crash.explain.10MB-anchors`: the worst case for the matcher: 10 MB of words that start
///   patterns ("attempt to delete item 1 from section …", "Invalid update: invalid number of")
///   and never complete one, so every word is an attempt.
func runCrashBenchmarks() {
    let app = LayoutApplication(configuration: ServiceConfiguration())
    var log = ""
    log.reserveCapacity(11_000_000)
    var g = BenchGenerator(state: 7)
    let reasons = [
        "*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'attempt to insert item 38 into section 0, but there are only 38 items in section 0 after the update'",
        #"Thread 1: "Invalid batch updates detected: the number of sections and/or rows returned by the data source before and after performing the batch updates are inconsistent with the updates.\nData source before updates = { 1 section with row counts: [30] }\nData source after updates = { 1 section with row counts: [29] }\nUpdates = [\n\tDelete row (0 - 0),\n\tInsert row (0 - 0)\n]""#,
        "Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(\n    Feed.Item(id: 7)\n)}",
        "unable to dequeue a cell with identifier Cell - must register a nib or a class for the identifier or connect a prototype cell in a storyboard",
    ]
    for line in 0..<100_000 {
        let n = g.next() % 1000
        log += "2024-05-01 10:00:\(line % 60).\(n)+0200 Shop[4517:26] [Net] task \(n) done: {\"status\":200} in \(n)ms \\(hit) attempt to refresh\n"
        if line % 25_000 == 12_345 { log += reasons[(line / 25_000) % reasons.count] + "\n" + reasons[0] + "\n" }
    }
    report("crash.explain.10MB-log", app, Array(log.utf8))

    var anchors = ""
    anchors.reserveCapacity(11_000_000)
    while anchors.utf8.count < 10_000_000 {
        anchors += "attempt to delete item 1 from section 2 which only Invalid update: invalid number of Diffable data source detected the "
    }
    report("crash.explain.10MB-anchors", app, Array(anchors.utf8))
}

private func report(_ name: String, _ app: LayoutApplication, _ body: [UInt8]) {
    var response = Response(status: 0)
    let request = Request(method: "POST", target: "/crash/explain", headers: [("Content-Type", "text/plain")], body: body)
    let ns = medianNanoseconds(runs: 5) { response = app.respond(to: request) }
    let mbps = Double(body.count) / 1e6 / (ns / 1e9)
    print("\(name)  ms=\(formatted(ns / 1e6, decimals: 1))  MB/s=\(formatted(mbps, decimals: 1))  status=\(response.status) requestBytes=\(body.count) responseBytes=\(response.body.count)")
}
