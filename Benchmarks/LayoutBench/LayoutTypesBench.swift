import HTTP
import LayoutAPI
import LayoutEngine

/// The non-flow layout types at 100k items: the engine alone, and `POST /layout` in process
/// (decode, id, compute, index, encode; a cache miss every run).
/// Run: call `runLayoutTypesBenchmarks()` from main.swift, `swift run -c release LayoutBench`.
func runLayoutTypesBenchmarks() {
    let count = 100_000
    let metrics = CollectionViewMetrics(width: 375, height: 667, layoutMargins: Insets(top: 0, left: 16, bottom: 0, right: 16))
    var sizes: [Size] = []
    sizes.reserveCapacity(count)
    for i in 0..<count { sizes.append(Size(width: 100, height: Double(50 + (i &* 7919) % 251))) }
    let engine: [(String, () -> Int)] = [
        ("waterfall", { WaterfallLayout.layout(WaterfallConfiguration(width: 375, columnCount: 3, sections: [WaterfallSection(itemSizes: sizes)])).attributes.count }),
        ("columnFlow", { ColumnFlowLayout.layout(ColumnFlowConfiguration(collectionView: metrics, itemCounts: [count])).attributes.count }),
        ("grid", { GridLayout.layout(GridConfiguration(collectionView: metrics, itemsPerLine: 3, sideMargin: 10, spacing: 10, itemCounts: [count])).attributes.count }),
        ("mosaic", { MosaicLayout.layout(MosaicConfiguration(width: 375, height: 667, itemCount: count)).attributes.count }),
    ]
    var sink = 0
    for (name, run) in engine {
        let nanos = medianNanoseconds(runs: 7) { sink &+= run() }
        print("layouts.engine.\(name).100k  ns/element=\(formatted(nanos / Double(count)))")
    }

    var sizeList = ""
    sizeList.reserveCapacity(count * 28)
    for (i, s) in sizes.enumerated() { sizeList += "\(i == 0 ? "" : ","){\"width\":\(Int(s.width)),\"height\":\(Int(s.height))}" }
    let cv = #""collectionView":{"width":375,"height":HEIGHT,"layoutMargins":{"left":16,"right":16}}"#
    let requests: [(String, String)] = [
        ("flow.itemSizes", #"{\#(cv),"layout":{"itemSize":{"width":100,"height":100}},"sections":[{"itemSizes":[\#(sizeList)]}]}"#),
        ("flow.uniform", #"{\#(cv),"layout":{"itemSize":{"width":100,"height":100}},"sections":[{"numberOfItems":\#(count)}]}"#),
        ("waterfall", #"{\#(cv),"layout":{"type":"waterfall","columnCount":3},"sections":[{"itemSizes":[\#(sizeList)]}]}"#),
        ("waterfall.uniform", #"{\#(cv),"layout":{"type":"waterfall","columnCount":3},"sections":[{"numberOfItems":\#(count),"itemSize":{"width":4,"height":3}}]}"#),
        ("columnFlow", #"{\#(cv),"layout":{"type":"columnFlow"},"sections":[{"numberOfItems":\#(count)}]}"#),
        ("grid", #"{\#(cv),"layout":{"type":"grid","itemsPerLine":3,"sideMargin":10,"spacing":10},"sections":[{"numberOfItems":\#(count)}]}"#),
        ("mosaic", #"{\#(cv),"layout":{"type":"mosaic"},"sections":[{"numberOfItems":\#(count)}]}"#),
    ]
    let app = LayoutApplication(configuration: ServiceConfiguration(cacheBytes: 8 << 20))
    for (name, template) in requests {
        // A new id every run: always a miss (the cache is too small to keep them anyway).
        var bodies = (0..<7).map { Array(template.replacingHeight(with: 600 + $0).utf8) }
        let nanos = medianNanoseconds(runs: 7) {
            let body = bodies.removeLast()
            sink &+= app.respond(to: Request(method: "POST", target: "/layout", headers: [("Content-Type", "application/json")], body: body)).body.count
        }
        print("layouts.api.post.\(name).100k  ns/element=\(formatted(nanos / Double(count)))")
    }
    if sink == 42 { print("") }
}

private extension String {
    func replacingHeight(with height: Int) -> String {
        guard let r = range(of: "HEIGHT") else { return self }
        return String(self[..<r.lowerBound]) + "\(height)" + String(self[r.upperBound...])
    }

    func range(of needle: String) -> Range<String.Index>? {
        var i = startIndex
        while i < endIndex {
            if self[i...].hasPrefix(needle) { return i..<index(i, offsetBy: needle.count) }
            i = index(after: i)
        }
        return nil
    }
}
