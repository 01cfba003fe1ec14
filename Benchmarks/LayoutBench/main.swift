// Benchmarks, not tests: `swift run -c release LayoutBench [suite ...]`.
// Suites: flow, layouts, layoutTypes, compositional, customGroups, list, table, json, batch, snapshot, batchAPI, service, svg, rightToLeft, crash (default: all of
// them); http serves /healthz for wrk (HTTP_BENCH_SECONDS), post (service's POST /layout rows alone) and encode (its
// whole-response encoding rows alone) run only when named.
let all = ["flow", "layouts", "layoutTypes", "compositional", "customGroups", "list", "table", "json", "batch", "snapshot", "batchAPI", "service", "svg", "rightToLeft", "crash"]
let asked = CommandLine.arguments.dropFirst()
let suites = asked.isEmpty ? all : Array(asked)
for suite in suites {
    print("== \(suite)")
    switch suite {
    case "flow": runFlowBenchmarks()
    case "layouts": runLayoutsBenchmarks()
    case "layoutTypes": runLayoutTypesBenchmarks()
    case "compositional": runCompositionalBenchmarks()
    case "customGroups": runCustomGroupBenchmarks()
    case "list": runListBenchmarks()
    case "table": runTableBenchmarks()
    case "json": runJSONBenchmarks()
    case "batch": runBatchBenchmarks()
    case "snapshot": runSnapshotBenchmarks()
    case "batchAPI": runBatchAPIBenchmarks()
    case "service": runServiceBenchmarks()
    case "post": runPostBenchmarks()
    case "encode": runEncodeBenchmarks()
    case "stages": runStageBenchmarks()
    case "svg": runSVGBenchmarks()
    case "rightToLeft": runRightToLeftBenchmarks()
    case "crash": runCrashBenchmarks()
    case "http": runHTTPBenchmarks()
    default: print("unknown suite \(suite); choose from \(all + ["http"])")
    }
}
