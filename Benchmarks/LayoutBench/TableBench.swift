import HTTP
import LayoutAPI
import LayoutEngine

/// Tables next to the flow layout in the same run (issue 28: 100,000 rows in 1,000 sections, per
/// element against flow). Engine: CPU ns per element (fastest of 9 samples of about a million
/// elements, `perElement`) of a flow layout of full-width 44-pt rows in 1,000 sections of 100
/// and of tables of the same rows: plain fixed rows, plain with title headers and self-sizing
/// rows, grouped with separators (reported), and a self-sizing pass (one row measured near the
/// top, the layout again and its invalidation context, per element of the table).
/// API: `POST /layout` in process (decode, id, compute, index, encode; a miss every run), ns per
/// element, flow and table of the same 100,000 rows.
/// Run: `swift run -c release LayoutBench table` (or `scripts/bench-engine table`).
func runTableBenchmarks() {
    let metrics = CollectionViewMetrics(width: 393, height: 852, scale: 3)
    let sections = 1_000, rows = 100, count = sections * rows
    let flow = FlowLayoutConfiguration(collectionView: metrics, sections: (0..<sections).map { _ in
        FlowSection(items: .uniform(count: rows, size: Size(width: 393, height: 44)), minimumLineSpacing: 0, minimumInteritemSpacing: 0)
    })
    let flowNs = perElement(count) { FlowLayout.layout(flow).attributes.count }
    print("table.flowRows.100k  ns/element=\(formatted(flowNs))")
    let fixed = TableConfiguration(collectionView: metrics, rowHeight: 44,
                                   sections: Array(repeating: TableSection(numberOfRows: rows), count: sections))
    let titled = TableConfiguration(collectionView: metrics,
                                    sections: Array(repeating: TableSection(numberOfRows: rows, hasHeaderTitle: true), count: sections))
    var grouped = TableConfiguration(collectionView: metrics, style: .grouped, rowHeight: 44,
                                     sections: Array(repeating: TableSection(numberOfRows: rows, hasHeaderTitle: true), count: sections))
    grouped.environment.includeSeparators = true
    var measured = titled
    for s in stride(from: 0, to: sections, by: 10) { measured.sections[s].setMeasuredRow(0, 61.5, rowHeight: -1) }
    for (name, c) in [("plainFixed", fixed), ("plainTitledSelfSizing", titled), ("groupedSeparators", grouped), ("plainSomeMeasured", measured)] {
        let elements = TableLayout.layout(c).attributes.count
        let ns = perElement(elements) { TableLayout.layout(c).attributes.count }
        print("table.engine.\(name).100k  elements=\(elements)  ns/element=\(formatted(ns))  x flow=\(formatted(ns / flowNs))")
    }
    // Self-sizing: row [1, 0] measured, laid out again, the context (every later element moves).
    let before = TableLayout.layout(titled)
    var one = titled
    one.sections[1].setMeasuredRow(0, 61.5, rowHeight: -1)
    let invalidateNs = perElement(before.attributes.count) {
        let after = TableLayout.layout(one)
        return LayoutInvalidation.diff(old: before, new: after).invalidatedItemIndexPaths.count
    }
    print("table.engine.selfSizeOneRow.100k  ns/element=\(formatted(invalidateNs))  x flow layout=\(formatted(invalidateNs / flowNs))")

    let app = LayoutApplication(configuration: ServiceConfiguration(cacheBytes: 8 << 20))
    let flowSections = Array(repeating: #"{"numberOfItems":\#(rows)}"#, count: sections).joined(separator: ",")
    func cv(_ height: Int) -> String { #""collectionView":{"width":393,"height":\#(height),"scale":3}"# }
    let titledSections = Array(repeating: #"{"numberOfItems":\#(rows),"headerTitle":"A"}"#, count: sections).joined(separator: ",")
    let requests: [(String, (Int) -> String)] = [
        ("flow", { #"{\#(cv($0)),"layout":{"itemSize":{"width":393,"height":44},"minimumLineSpacing":0,"minimumInteritemSpacing":0},"sections":[\#(flowSections)]}"# }),
        ("table.plainFixed", { #"{\#(cv($0)),"layout":{"type":"table","rowHeight":44},"sections":[\#(flowSections)]}"# }),
        ("table.plainTitledSelfSizing", { #"{\#(cv($0)),"layout":{"type":"table"},"sections":[\#(titledSections)]}"# }),
    ]
    var sink = 0
    var flowPost = 0.0
    for (name, request) in requests {
        // A new id every run: always a miss.
        var bodies = (0..<7).map { Array(request(600 + $0).utf8) }
        let nanos = medianNanoseconds(runs: 7) {
            let body = bodies.removeLast()
            sink &+= app.respond(to: Request(method: "POST", target: "/layout", headers: [("Content-Type", "application/json")], body: body)).body.count
        }
        if name == "flow" { flowPost = nanos }
        print("table.api.post.\(name).100k  ns/element=\(formatted(nanos / Double(count)))  x flow=\(formatted(nanos / flowPost))")
    }
    if sink == 42 { print("") }
}
