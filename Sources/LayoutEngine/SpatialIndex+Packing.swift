/// Bulk loading of the packed R-tree: Sort-Tile-Recursive (Leutenegger et al. 1997), level by level.
///
/// Classic STR cuts a level into sqrt(P) vertical slabs of equal count. Layouts are extremely
/// anisotropic (375 pt wide, millions of points tall), where square slab counts would make each slab
/// a sliver spanning the whole content height. The slab count here is scaled by the aspect ratio
/// of the item centres, sqrt(P · extentX / extentY), so a tall narrow layout is simply sorted by y
/// and a wide one by x, and square data gets the classic tiling.
extension SpatialIndex {
    /// One entry or node while building: its centre (sort keys), box, and what it points to.
    struct PackItem {
        var centerX: Double
        var centerY: Double
        var box: FloatBox
        /// An element index (entries) or the first child (nodes).
        var reference: UInt32
    }

    struct Packed {
        var entryBoxes: [Float] = []
        var entryIndex: [UInt32] = []
        var nodeBoxes: [Float] = []
        var nodeFirst: [Int32] = []
        var levelStart: [Int] = [0]
    }

    /// Packs the frames that can ever match a query. O(n log n).
    static func pack(_ attributes: [LayoutAttributes]) -> Packed {
        var items: [PackItem] = []
        items.reserveCapacity(attributes.count)
        for (index, attribute) in attributes.enumerated() where index < Int(UInt32.max) {
            let frame = attribute.frame
            let minX = frame.minX, minY = frame.minY, maxX = frame.maxX, maxY = frame.maxY
            // An empty, negative or NaN frame neither intersects nor contains anything.
            guard frame.size.width > 0, frame.size.height > 0,
                  !minX.isNaN, !minY.isNaN, !maxX.isNaN, !maxY.isNaN else { continue }
            items.append(PackItem(
                centerX: sortKey(minX, maxX), centerY: sortKey(minY, maxY),
                box: FloatBox(minX: roundedDown(minX), minY: roundedDown(minY),
                              maxX: roundedUp(maxX), maxY: roundedUp(maxY)),
                reference: UInt32(index)))
        }
        var packed = Packed()
        guard !items.isEmpty else { return packed }
        tile(&items)
        packed.entryBoxes.reserveCapacity(items.count * 4)
        packed.entryIndex.reserveCapacity(items.count)
        for item in items {
            packed.entryBoxes.append(item.box)
            packed.entryIndex.append(item.reference)
        }
        // Each pass groups the previous level's consecutive runs of `fanOut`, then tiles the groups.
        let nodeEstimate = items.count / (fanOut - 1) + 2
        packed.nodeBoxes.reserveCapacity(nodeEstimate * 4)
        packed.nodeFirst.reserveCapacity(nodeEstimate)
        var level = items
        repeat {
            var parents = group(level)
            tile(&parents)
            for parent in parents {
                packed.nodeBoxes.append(parent.box)
                packed.nodeFirst.append(Int32(bitPattern: parent.reference))
            }
            packed.levelStart.append(packed.nodeFirst.count)
            level = parents
        } while level.count > 1
        return packed
    }

    /// The midpoint, with NaN (from -inf + inf) mapped to 0 so that sorting stays a strict order.
    static func sortKey(_ low: Double, _ high: Double) -> Double {
        let mid = low / 2 + high / 2
        return mid.isNaN ? 0 : mid
    }

    /// One parent per run of `fanOut` consecutive items: the union box, pointing at the run's start.
    static func group(_ items: [PackItem]) -> [PackItem] {
        var parents: [PackItem] = []
        parents.reserveCapacity((items.count + fanOut - 1) / fanOut)
        var start = 0
        while start < items.count {
            let end = min(start + fanOut, items.count)
            var box = items[start].box
            for item in items[(start + 1)..<end] {
                box.minX = min(box.minX, item.box.minX)
                box.minY = min(box.minY, item.box.minY)
                box.maxX = max(box.maxX, item.box.maxX)
                box.maxY = max(box.maxY, item.box.maxY)
            }
            parents.append(PackItem(
                centerX: sortKey(Double(box.minX), Double(box.maxX)),
                centerY: sortKey(Double(box.minY), Double(box.maxY)),
                box: box, reference: UInt32(start)))
            start = end
        }
        return parents
    }

    /// Orders `items` so that consecutive runs of `fanOut` are spatially compact: sort by x, cut
    /// into slabs, sort each slab by y.
    static func tile(_ items: inout [PackItem]) {
        let count = items.count
        guard count > fanOut else { return }
        let groups = (count + fanOut - 1) / fanOut
        var lowX = Double.infinity, highX = -Double.infinity
        var lowY = Double.infinity, highY = -Double.infinity
        for item in items {
            lowX = min(lowX, item.centerX); highX = max(highX, item.centerX)
            lowY = min(lowY, item.centerY); highY = max(highY, item.centerY)
        }
        let extentX = highX - lowX, extentY = highY - lowY
        var slabs: Int
        if extentX.isFinite, extentY.isFinite, extentY > 0 {
            slabs = PointRounding.ceilSquareRoot(Double(groups) * extentX / extentY, limit: groups)
        } else if extentX.isFinite, extentY.isFinite {
            slabs = extentX > 0 ? groups : 1
        } else {
            slabs = PointRounding.ceilSquareRoot(Double(groups), limit: groups)
        }
        slabs = min(max(slabs, 1), groups)
        if slabs > 1 {
            items.sort { $0.centerX < $1.centerX || ($0.centerX == $1.centerX && $0.centerY < $1.centerY) }
        }
        let byY: (PackItem, PackItem) -> Bool = {
            $0.centerY < $1.centerY || ($0.centerY == $1.centerY && $0.centerX < $1.centerX)
        }
        guard slabs > 1 else {
            items.sort(by: byY)
            return
        }
        let slabSize = ((groups + slabs - 1) / slabs) * fanOut
        var start = 0
        while start < count {
            let end = min(start + slabSize, count)
            items[start..<end].sort(by: byY)
            start = end
        }
    }
}

extension Array where Element == Float {
    /// Appends a box as four floats (minX, minY, maxX, maxY).
    @inline(__always)
    mutating func append(_ box: FloatBox) {
        append(box.minX); append(box.minY); append(box.maxX); append(box.maxY)
    }
}
