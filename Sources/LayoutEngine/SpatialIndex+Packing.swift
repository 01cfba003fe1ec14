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
        var entryIndex: [UInt32] = []
        var entryCount = 0
        var indexedCount = 0
        var nodeBoxes: [Float] = []
        var nodeFirst: [Int32] = []
        var levelStart: [Int] = [0]
    }

    /// Leaves whose boxes add up to more than this many times the area of the bounding box of
    /// all frames mean the element order is not spatially coherent: the entries are sorted then.
    /// (A flow layout's leaves of 16 consecutive cells cover about 1.4 times the area; a random
    /// order covers about n / 16 times.)
    static let coherentOverlap = 4.0
    /// Leaves in element order are kept only when, on average, they span at least this share of
    /// the content across one axis: a layout that is one-dimensional along its scroll axis (a
    /// list, a flow of a few columns, a waterfall, a horizontal flow of a few rows). Strips of 16
    /// cells of a wide two-dimensional grid would make a narrow query visit many of them, where
    /// STR's square tiles visit few.
    static let crossShare = 0.5

    /// Packs the frames that can ever match a query: over the elements in their own order when
    /// that is coherent (O(n), no transient beyond the leaves: n / 16 items of 40 bytes), else
    /// sorted (O(n log n), 40 bytes per element while it builds).
    static func pack(_ elements: ElementStore) -> Packed {
        var packed = Packed()
        guard elements.count < Int(UInt32.max), let inOrder = leavesInOrder(elements) else { return packed }
        packed.indexedCount = inOrder.valid
        var level: [PackItem]
        if inOrder.coherent {
            packed.entryCount = elements.count
            level = inOrder.leaves
        } else {
            var items: [PackItem] = []
            items.reserveCapacity(inOrder.valid)
            for index in elements.indices {
                if let item = entry(elements.frame(at: index), index) { items.append(item) }
            }
            tile(&items)
            packed.entryIndex = items.map(\.reference)
            packed.entryCount = items.count
            level = group(items)
        }
        // Each pass tiles a level, stores it, and groups its consecutive runs of `fanOut`.
        let nodeEstimate = packed.entryCount / (fanOut - 1) + 16   // n/16 + n/256 + … and one partial node a level
        packed.nodeBoxes.reserveCapacity(nodeEstimate * 4)
        packed.nodeFirst.reserveCapacity(nodeEstimate)
        while true {
            tile(&level)
            for node in level {
                packed.nodeBoxes.append(node.box)
                packed.nodeFirst.append(Int32(bitPattern: node.reference))
            }
            packed.levelStart.append(packed.nodeFirst.count)
            if level.count <= 1 { break }
            level = group(level)
        }
        return packed
    }

    /// The sort item of a frame that can match (nil for an empty, negative or NaN one).
    @inline(__always)
    static func entry(_ frame: Rect, _ index: Int) -> PackItem? {
        let minX = frame.minX, minY = frame.minY, maxX = frame.maxX, maxY = frame.maxY
        // An empty, negative or NaN frame neither intersects nor contains anything.
        guard frame.size.width > 0, frame.size.height > 0,
              !minX.isNaN, !minY.isNaN, !maxX.isNaN, !maxY.isNaN else { return nil }
        return PackItem(
            centerX: sortKey(minX, maxX), centerY: sortKey(minY, maxY),
            box: FloatBox(minX: roundedDown(minX), minY: roundedDown(minY),
                          maxX: roundedUp(maxX), maxY: roundedUp(maxY)),
            reference: UInt32(truncatingIfNeeded: index))
    }

    /// Leaves of `fanOut` consecutive elements (boxes of the frames that can match; a leaf with
    /// none gets an empty box no query passes), how many frames can match, and whether these
    /// leaves are coherent enough to use (`coherentOverlap`). Nil when no frame can match.
    static func leavesInOrder(_ elements: ElementStore) -> (leaves: [PackItem], valid: Int, coherent: Bool)? {
        let count = elements.count
        var leaves: [PackItem] = []
        leaves.reserveCapacity((count + fanOut - 1) / fanOut)
        var valid = 0
        var all = FloatBox.empty
        var covered = 0.0, widths = 0.0, heights = 0.0, filled = 0.0
        var start = 0
        while start < count {
            let end = min(start + fanOut, count)
            var box = FloatBox.empty
            for index in start..<end {
                guard let item = entry(elements.frame(at: index), index) else { continue }
                valid += 1
                box.formUnion(item.box)
            }
            if box.minX <= box.maxX {
                covered += box.area
                filled += 1
                widths += Double(box.maxX) - Double(box.minX)
                heights += Double(box.maxY) - Double(box.minY)
                all.formUnion(box)
            }
            leaves.append(PackItem(centerX: sortKey(Double(box.minX), Double(box.maxX)),
                                   centerY: sortKey(Double(box.minY), Double(box.maxY)),
                                   box: box, reference: UInt32(truncatingIfNeeded: start)))
            start = end
        }
        guard valid > 0 else { return nil }
        let oneDimensional = widths >= crossShare * filled * (Double(all.maxX) - Double(all.minX))
            || heights >= crossShare * filled * (Double(all.maxY) - Double(all.minY))
        let coherent = leaves.count <= 1 || (covered <= coherentOverlap * all.area && oneDimensional)
        return (leaves, valid, coherent)
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
            for item in items[(start + 1)..<end] { box.formUnion(item.box) }
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

extension FloatBox {
    /// The box no query passes (and the identity of `formUnion`).
    static let empty = FloatBox(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)

    @inline(__always)
    mutating func formUnion(_ other: FloatBox) {
        minX = Swift.min(minX, other.minX)
        minY = Swift.min(minY, other.minY)
        maxX = Swift.max(maxX, other.maxX)
        maxY = Swift.max(maxY, other.maxY)
    }

    /// Width times height in `Double` (0 for an empty box).
    var area: Double {
        minX <= maxX && minY <= maxY ? (Double(maxX) - Double(minX)) * (Double(maxY) - Double(minY)) : 0
    }
}

extension Array where Element == Float {
    /// Appends a box as four floats (minX, minY, maxX, maxY).
    @inline(__always)
    mutating func append(_ box: FloatBox) {
        append(box.minX); append(box.minY); append(box.maxX); append(box.maxY)
    }
}
