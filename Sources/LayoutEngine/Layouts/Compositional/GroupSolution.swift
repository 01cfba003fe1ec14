/// The solved root group of a section (R13-R18): every item's frame relative to the root
/// group's origin. A section computes it once and places item `i` at leaf `i mod n` of
/// repetition `i div n` (R22).
struct GroupSolution {
    /// One item of the solution.
    struct Leaf {
        /// Layout frame (R8's footprint, before content insets).
        var frame: Rect
        /// Cell frame: the layout frame inset by the item's content insets (R8, R9).
        var cell: Rect
        /// `badges[badgeStart ..< badgeStart + badgeCount]` are this item's supplementaries.
        var badgeStart: Int32
        var badgeCount: Int32
        /// The size is (partly) an estimate that no preferred size replaced.
        var isEstimated: Bool
        /// Added to the cells' zIndex: a custom group item's `zIndex` (N9), 0 for other items.
        var zIndex: Int32 = 0
    }

    /// An item supplementary, its frame relative to its item's cell origin (R33, R34).
    struct Badge {
        var kind: String
        var frame: Rect
        var zIndex: Int
    }

    var leaves: [Leaf] = []
    var badges: [Badge] = []
    /// The root group's size after solving (estimated axes: the union of its children, R5).
    var size: Size = .zero

    /// R23's partial last group: the extent along `vertical ? y : x` that the first `count`
    /// items need, measured as `maxAxis(first count) − maxAxis(all)` off the full extent. The
    /// maxima are those of `CGRectUnion(CGRectZero, …)`, never below 0 (N7: custom frames may
    /// lie above the group's origin; other items never do).
    func trimmedExtent(first count: Int, full: Double, vertical: Bool) -> Double {
        guard count > 0, count < leaves.count else { return full }
        var all = 0.0, first = 0.0
        for (i, leaf) in leaves.enumerated() {
            let m = vertical ? leaf.frame.maxY : leaf.frame.maxX
            if m > all { all = m }
            if i < count, m > first { first = m }
        }
        return full - (all - first)
    }
}

/// Anchor math (R33): where a supplementary of `size` sits for a container rect.
enum Anchoring {
    static func frame(container c: Rect, size: Size, containerAnchor: CompositionalAnchor,
                      itemAnchor: CompositionalAnchor?) -> Rect {
        let a = containerAnchor.edges.unitPoint
        let p = Point(x: c.minX + a.x * c.width, y: c.minY + a.y * c.height)
        let b = itemAnchor?.edges.unitPoint ?? a
        var x = p.x - b.x * size.width, y = p.y - b.y * size.height
        for anchor in [containerAnchor, itemAnchor].compactMap({ $0 }) {
            x += anchor.isFractionalOffset ? anchor.offset.x * size.width : anchor.offset.x
            y += anchor.isFractionalOffset ? anchor.offset.y * size.height : anchor.offset.y
        }
        return Rect(x: x, y: y, width: size.width, height: size.height)
    }
}
