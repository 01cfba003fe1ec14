/// Cheap upper bounds on the size of a query's answer, so a server can decide where to run the
/// query (and encode its answer) before running it.
extension SpatialIndex {
    /// An upper bound on `elements(in: rect).count`: the entries of every leaf whose box meets
    /// `rect`. Stops as soon as the bound exceeds `limit` and returns a value above `limit`, so the
    /// cost is O(log n + min(k, limit) / 16) whatever the layout's size.
    public func estimatedCount(in rect: Rect, limit: Int) -> Int {
        guard rect.size.width > 0, rect.size.height > 0 else { return 0 }
        let query = FloatBox(
            minX: roundedDown(rect.minX), minY: roundedDown(rect.minY),
            maxX: roundedUp(rect.maxX), maxY: roundedUp(rect.maxY))
        return estimate(RectQuery(rect: rect, box: query), limit: limit)
    }

    /// An upper bound on `elements(containing: point).count`, like `estimatedCount(in:limit:)`.
    public func estimatedCount(containing point: Point, limit: Int) -> Int {
        guard !point.x.isNaN, !point.y.isNaN else { return 0 }
        return estimate(PointQuery(point: point, lowX: roundedDown(point.x), highX: roundedUp(point.x),
                                   lowY: roundedDown(point.y), highY: roundedUp(point.y)), limit: limit)
    }

    private func estimate<Query: IndexQuery>(_ query: Query, limit: Int) -> Int {
        guard let root = rootNode, query.prune(nodeBox(root)) else { return 0 }
        var total = 0
        // Depth-first over the nodes whose boxes pass; bounded by the tree and by `limit`.
        var stack: [(level: Int, node: Int)] = [(levelStart.count - 2, root)]
        while let (level, node) = stack.popLast() {
            let first = Int(nodeFirst[node])
            if level == 0 {
                total += min(first + SpatialIndex.fanOut, entryIndex.count) - first
                if total > limit { return total }
                continue
            }
            let base = levelStart[level - 1]
            let end = min(first + SpatialIndex.fanOut, levelStart[level] - base)
            for child in first..<end where query.prune(nodeBox(base + child)) {
                stack.append((level - 1, base + child))
            }
        }
        return total
    }

    private func nodeBox(_ index: Int) -> FloatBox {
        FloatBox(minX: nodeBoxes[index * 4], minY: nodeBoxes[index * 4 + 1],
                 maxX: nodeBoxes[index * 4 + 2], maxY: nodeBoxes[index * 4 + 3])
    }
}
