import LayoutEngine

/// Right to left costs one mirroring pass after the layout (RightToLeft.swift): the same 100k-cell
/// flow, waterfall and compositional layouts left to right and right to left, the engine alone.
/// Run: `swift run -c release LayoutBench rightToLeft`.
func runRightToLeftBenchmarks() {
    let count = 100_000
    func flow(_ direction: LayoutDirection) -> FlowLayoutConfiguration {
        FlowLayoutConfiguration(collectionView: CollectionViewMetrics(width: 375, height: 667, layoutDirection: direction),
                                sections: [FlowSection(items: .uniform(count: count, size: Size(width: 100, height: 100)))])
    }
    var sizes: [Size] = []
    sizes.reserveCapacity(count)
    for i in 0..<count { sizes.append(Size(width: 100, height: Double(50 + (i &* 7919) % 251))) }
    func waterfall(_ direction: LayoutDirection) -> WaterfallDefinition {
        WaterfallDefinition(configuration: WaterfallConfiguration(width: 375, columnCount: 3, sections: [WaterfallSection(itemSizes: sizes)]),
                            viewHeight: 667, layoutDirection: direction)
    }
    let cases: [(String, () -> Int)] = [
        ("flow.leftToRight", { (try? flow(.leftToRight).directedLayout())?.attributes.count ?? 0 }),
        ("flow.rightToLeft", { (try? flow(.rightToLeft).directedLayout())?.attributes.count ?? 0 }),
        ("waterfall.leftToRight", { (try? waterfall(.leftToRight).directedLayout())?.attributes.count ?? 0 }),
        ("waterfall.rightToLeft", { (try? waterfall(.rightToLeft).directedLayout())?.attributes.count ?? 0 }),
    ]
    var sink = 0
    for (name, run) in cases {
        let nanos = medianNanoseconds(runs: 7) { sink &+= run() }
        print("rightToLeft.engine.\(name).100k  ns/element=\(formatted(nanos / Double(count)))")
    }
    if sink == 42 { print("") }
}
