import LayoutEngine

/// Custom groups (issue 32): a 100,000-item section laid out by `NSCollectionLayoutGroup.custom`
/// (a four-frame collage, one item above the others) next to Apple's "Grid" compositional
/// section and the flow layout's uniform grid of the same size, CPU ns per element in one run
/// (`perElement`, fastest of 9 samples). Also a uniform-siblings row (three cards per row,
/// `uniformAcrossSiblings` heights, one measured), and the resting-offset query.
func runCustomGroupBenchmarks() {
    let metrics = CollectionViewMetrics(width: 390, height: 844, scale: 3)
    let count = 100_000
    let frames = [Rect(x: 0, y: 0, width: 255, height: 240), Rect(x: 260, y: 0, width: 130, height: 117),
                  Rect(x: 260, y: 122, width: 130, height: 118), Rect(x: 200, y: 170, width: 110, height: 60)]
    let custom = CompositionalSection(group: .custom(
        CompositionalSize(width: .fractionalWidth(1), height: .absolute(240)),
        CustomGroupProvider(items: frames.enumerated().map { CustomGroupItem(frame: $0.element, zIndex: $0.offset == 3 ? 1 : 0) })),
        interGroupSpacing: 5)
    let cell = CompositionalSubitem.item(CompositionalItem(layoutSize: CompositionalSize(width: .fractionalWidth(0.2), height: .fractionalHeight(1))))
    let grid = CompositionalSection(group: CompositionalGroup(
        orientation: .horizontal, layoutSize: CompositionalSize(width: .fractionalWidth(1), height: .fractionalWidth(0.2)), subitems: [cell]))
    let card = CompositionalSubitem.item(CompositionalItem(layoutSize: CompositionalSize(width: .fractionalWidth(1.0 / 3), height: .uniformAcrossSiblings(100))))
    let uniform = CompositionalSection(group: CompositionalGroup(
        orientation: .horizontal, layoutSize: CompositionalSize(width: .fractionalWidth(1), height: .estimated(100)), subitems: [card]), interGroupSpacing: 10)
    // The same row with plain estimates: the self-sizing path both share (one measured item
    // makes the section lay out repetition by repetition).
    let estimatedCard = CompositionalSubitem.item(CompositionalItem(layoutSize: CompositionalSize(width: .fractionalWidth(1.0 / 3), height: .estimated(100))))
    let estimated = CompositionalSection(group: CompositionalGroup(
        orientation: .horizontal, layoutSize: CompositionalSize(width: .fractionalWidth(1), height: .estimated(100)), subitems: [estimatedCard]), interGroupSpacing: 10)
    let flow = FlowLayoutConfiguration(collectionView: metrics, sections: [
        FlowSection(items: .uniform(count: count, size: Size(width: 78, height: 78)), minimumLineSpacing: 0, minimumInteritemSpacing: 0),
    ])
    let flowNs = perElement(count) { FlowLayout.layout(flow).attributes.count }
    print("flow.grid.100k  cpu-ns/element=\(formatted(flowNs, decimals: 1))")
    var gridNs = 0.0
    for (name, section) in [("grid", grid), ("customCollage", custom), ("uniformSiblings", uniform), ("estimatedSiblings", estimated)] {
        var c = CompositionalConfiguration(collectionView: metrics, sections: [section], itemCounts: [count])
        if name.hasSuffix("Siblings") { c.preferredSizes = [IndexPath(section: 0, item: 1): Size(width: 130, height: 150)] }
        let ns = perElement(count) { (try? CompositionalLayout.layout(c))?.attributes.count ?? 0 }
        if name == "grid" { gridNs = ns }
        let vsGrid = name == "grid" ? "" : "  x grid=\(formatted(ns / gridNs))"
        print("compositional.\(name).100k  cpu-ns/element=\(formatted(ns, decimals: 1))  x flow=\(formatted(ns / flowNs))\(vsGrid)")
    }
    // The resting-offset query: O(1) per request.
    let geometry = OrthogonalScrollGeometry(behavior: .groupPagingCentered, groupExtent: 312, interGroupSpacing: 10,
                                            viewport: 390, contentLength: 10_000, scale: 3)
    var offset = 0.0
    let targetNs = perElement(1_000_000) {
        var sum = 0
        for i in 0..<1_000_000 {
            offset += 1.7
            let t = geometry.target(OrthogonalTargetRequest(offset: offset.truncatingRemainder(dividingBy: 9_000), velocity: Double(i % 7 - 3) * 200,
                                                            current: i & 1 == 0 ? nil : 500))
            sum &+= t.targetOffset > -100 ? 1 : 0
        }
        return sum
    }
    print("orthogonalTarget  cpu-ns/query=\(formatted(targetNs, decimals: 1))")
}
