import LayoutEngine

/// Lists next to the flow layout in the same run (issue 17: a 10,000-row list in at most 1.5x
/// the time of a 10,000-item flow layout). CPU ns per layout (fastest of 9 samples, each
/// repeating the layout to cover about a million rows) for a flow layout of full-width 44-pt
/// rows and for list sections of the same rows: a plain list (rows and section backgrounds; then
/// with its 10,000 separators reported), an
/// insetGrouped settings list (100 sections of 100 rows with headers, footers and separators)
/// and a self-sized plain list (every tenth row measured).
func runListBenchmarks() {
    let metrics = CollectionViewMetrics(width: 393, height: 852, scale: 3)
    let rows = 10_000
    let flow = FlowLayoutConfiguration(collectionView: metrics, sections: [
        FlowSection(items: .uniform(count: rows, size: Size(width: 393, height: 44)), minimumLineSpacing: 0, minimumInteritemSpacing: 0),
    ])
    let flowNs = perElement(rows) { FlowLayout.layout(flow).attributes.count } * Double(rows)
    let flowElements = FlowLayout.layout(flow).attributes.count
    print("flow.rows.10k  cpu-us/layout=\(formatted(flowNs / 1000, decimals: 1))  elements=\(flowElements)")
    let plain = CompositionalConfiguration(collectionView: metrics, sections: [.listSection(ListSectionConfiguration())], itemCounts: [rows])
    var settings = CompositionalConfiguration(
        collectionView: metrics,
        sections: [.listSection(ListSectionConfiguration(appearance: .insetGrouped, headerMode: .supplementary, footerMode: .supplementary))],
        itemCounts: Array(repeating: 100, count: 100))
    let settingsWithoutSeparators = settings
    settings.listEnvironment.includeSeparators = true
    var plainSeparators = plain
    plainSeparators.listEnvironment.includeSeparators = true
    var measured = plain
    for i in stride(from: 0, to: rows, by: 10) { measured.preferredSizes[IndexPath(section: 0, item: i)] = Size(width: 393, height: 60) }
    for (name, c) in [("plain", plain), ("plainSeparators", plainSeparators), ("insetGroupedSettings", settings), ("insetGroupedNoSeparators", settingsWithoutSeparators), ("plainSelfSized", measured)] {
        let ns = perElement(rows) { (try? CompositionalLayout.layout(c))?.attributes.count ?? 0 } * Double(rows)
        let elements = (try? CompositionalLayout.layout(c))?.attributes.count ?? 0
        let perElementRatio = elements == 0 ? 0 : (ns / Double(elements)) / (flowNs / Double(flowElements))
        print("list.\(name).10k  cpu-us/layout=\(formatted(ns / 1000, decimals: 1))  x flow=\(formatted(ns / flowNs))  elements=\(elements)  x flow per element=\(formatted(perElementRatio))")
    }
}
