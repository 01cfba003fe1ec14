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
        // Depth-first over the nodes whose boxes pass; bounded by the tree and by `limit`. The
        // stack holds at most `fanOut` nodes per level (a node's children are pushed when it is
        // popped), each as level << 27 | node in 4 bytes: a few hundred bytes that live on the
        // stack, not the heap, so a query's decision allocates nothing.
        let capacity = levelStart.count * SpatialIndex.fanOut + 1
        let levelShift: UInt32 = 27
        guard levelStart.count < 32, nodeFirst.count < 1 << levelShift else { return limit + 1 }
        return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: capacity) { stack -> Int in
            var total = 0
            stack.initializeElement(at: 0, to: UInt32(levelStart.count - 2) << levelShift | UInt32(root))
            var depth = 1
            while depth > 0 {
                depth -= 1
                let level = Int(stack[depth] >> levelShift)
                let node = Int(stack[depth] & (1 << levelShift - 1))
                let first = Int(nodeFirst[node])
                if level == 0 {
                    total += min(first + SpatialIndex.fanOut, entryCount) - first
                    if total > limit { return total }
                    continue
                }
                let base = levelStart[level - 1]
                let end = min(first + SpatialIndex.fanOut, levelStart[level] - base)
                for child in first..<end where query.prune(nodeBox(base + child)) {
                    guard depth < capacity else { return limit + 1 }   // cannot happen; stay bounded
                    stack.initializeElement(at: depth, to: UInt32(level - 1) << levelShift | UInt32(base + child))
                    depth += 1
                }
            }
            return total
        }
    }

    private func nodeBox(_ index: Int) -> FloatBox {
        FloatBox(minX: nodeBoxes[index * 4], minY: nodeBoxes[index * 4 + 1],
                 maxX: nodeBoxes[index * 4 + 2], maxY: nodeBoxes[index * 4 + 3])
    }
}
