import LayoutEngine

/// Waterfall and mosaic layout cost, and SpatialIndex build and query cost on 10k, 1M and 10M elements.
/// Run: `swift run -c release LayoutBench` (main.swift calls `runLayoutsBenchmarks()`).
func runLayoutsBenchmarks() {
    benchmarkLayouts()
    benchmarkSpatialIndex(count: 1_000_000, label: "1M")
    benchmarkSpatialIndex(count: 10_000, label: "10k")
    // Goal: a rect query under 10 µs on a 10,000,000-element layout (640 MB of attributes).
    benchmarkSpatialIndex(count: 10_000_000, label: "10M", buildRuns: 1)
}

private func benchmarkLayouts() {
    let count = 100_000
    var rng = BenchGenerator(state: 42)
    let sizes = (0..<count).map { _ in
        Size(width: 100, height: Double(Int.random(in: 50...300, using: &rng)))
    }
    let waterfall = WaterfallConfiguration(
        width: 375, sections: [WaterfallSection(itemSizes: sizes, headerHeight: 40, footerHeight: 20)])
    var sink = 0
    let waterfallNanos = medianNanoseconds(runs: 7) { sink &+= WaterfallLayout.layout(waterfall).attributes.count }
    print("waterfall.100k  ns/element=\(formatted(waterfallNanos / Double(count)))")

    let mosaic = MosaicConfiguration(width: 375, height: 667, itemCount: count)
    let mosaicNanos = medianNanoseconds(runs: 7) { sink &+= MosaicLayout.layout(mosaic).attributes.count }
    print("mosaic.100k  ns/element=\(formatted(mosaicNanos / Double(count)))")
    if sink == 42 { print("") }
}

/// A flow-like grid: 3 columns of 120x120 cells, 7.5 pt gaps.
private func benchmarkSpatialIndex(count: Int, label: String, buildRuns: Int = 3) {
    let attributes = (0..<count).map { index in
        LayoutAttributes.cell(
            IndexPath(section: 0, item: index),
            Rect(x: Double(index % 3) * 127.5, y: Double(index / 3) * 127.5, width: 120, height: 120))
    }
    let height = Double(count / 3) * 127.5
    let layout = Layout(
        contentSize: Size(width: 375, height: height), attributes: attributes,
        sections: [SectionGeometry(minScroll: 0, maxScroll: height, headerIndex: nil, footerIndex: nil,
                                   cells: 0..<count)])
    var index = SpatialIndex(layout)
    let buildNanos = medianNanoseconds(runs: buildRuns) { index = SpatialIndex(layout) }
    print("spatialIndex.build.\(label)  ns/element=\(formatted(buildNanos / Double(count)))")
    print("spatialIndex.memory.\(label)  bytes/element=\(formatted(Double(index.memoryBytes) / Double(count)))")

    var rng = BenchGenerator(state: 7)
    let rects = (0..<20_000).map { _ in
        Rect(x: 0, y: Double.random(in: 0...(height - 667), using: &rng), width: 375, height: 667)
    }
    var found = 0
    var samples: [Double] = []
    let clock = ContinuousClock()
    for rect in rects {
        let elapsed = clock.measure { found &+= index.elements(in: rect).count }
        samples.append(Double(elapsed.components.attoseconds) / 1e12)
    }
    samples.sort()
    print("spatialIndex.rectQuery.\(label)  median_us=\(formatted(samples[samples.count / 2])) p99_us=\(formatted(samples[samples.count * 99 / 100])) mean_k=\(formatted(Double(found) / Double(rects.count)))")

    samples.removeAll(keepingCapacity: true)
    for rect in rects {
        let point = Point(x: rect.minX + 200, y: rect.minY + 300)
        let elapsed = clock.measure { found &+= index.elements(containing: point).count }
        samples.append(Double(elapsed.components.attoseconds) / 1e12)
    }
    samples.sort()
    print("spatialIndex.pointQuery.\(label)  median_us=\(formatted(samples[samples.count / 2])) p99_us=\(formatted(samples[samples.count * 99 / 100]))")
}
