/// Solving the accepted children and arranging them along the group's axis (R16, R18, R5).
extension GroupSolver {
    /// One child's footprint along an axis: its size plus the spacing before and after it.
    struct Edges {
        var before: Double
        var beforeFlexible: Bool
        var after: Double
        var afterFlexible: Bool
    }

    /// A solved child: its final size, its leaves in `solution.leaves` and its edge spacing.
    struct Child {
        var size = Size.zero
        var leaves = 0..<0
        var axis = Edges(before: 0, beforeFlexible: false, after: 0, afterFlexible: false)
        var cross = Edges(before: 0, beforeFlexible: false, after: 0, afterFlexible: false)
    }

    mutating func place(_ group: CompositionalGroup, accepted: Range<Int>, container: LayoutContainer, size: Size,
                        path: () -> [CompositionalError.PathComponent]) throws(CompositionalError) -> Size {
        let horizontal = group.orientation == .horizontal
        // Each solved child is kept in its candidate (nested groups push and pop above them).
        var n = 0
        for ci in accepted {
            guard leafBudget > 0 else { break }
            let c = candidates[ci]
            let start = solution.leaves.count
            let sub = group.subitems[c.index]
            let childSize: Size
            // Edge spacing read in the same switch (no further copy of the subitem's payload).
            let spacing: EdgeSpacing
            var childOrientation: GroupOrientation?
            switch sub {
            case .item(let item):
                spacing = item.edgeSpacing
                childSize = try addLeaf(item, layoutSize: c.layoutSize, size: c.size, path: path, index: c.index)
            case .group(let child) where child.custom != nil:
                // N11: sized and arranged like any subitem; its items join the parent's solution.
                spacing = child.edgeSpacing
                childOrientation = .vertical
                var nested = child
                nested.layoutSize = c.layoutSize
                childSize = try solveCustom(nested, size: c.size, environment: CustomGroupEnvironment(group: nested, contentSize: c.environment),
                                            limited: true) { path().appending(.subitems, c.index).appending(.group) }
            case .group(let child):
                spacing = child.edgeSpacing
                childOrientation = child.orientation
                var nested = child
                nested.layoutSize = c.layoutSize
                childSize = try solve(nested, size: c.size) { path().appending(.subitems, c.index).appending(.group) }
            }
            candidates[ci].child = Child(size: childSize, leaves: start..<solution.leaves.count,
                                         axis: Self.edges(spacing, group: childOrientation, alongX: horizontal),
                                         cross: Self.edges(spacing, group: childOrientation, alongX: !horizontal))
            n += 1
        }
        // Along the axis (R16): the first n candidates were solved.
        let solved = accepted.lowerBound..<(accepted.lowerBound + n)
        // N15-N17: uniform siblings take their run's largest size before the arrangement.
        try uniformSiblings(group, solved: solved, path: path)
        let spacing = group.interItemSpacing ?? .fixed(0)
        let effAxis = horizontal ? container.effectiveWidth : container.effectiveHeight
        let effCross = horizontal ? container.effectiveHeight : container.effectiveWidth
        var total = spacing.spacing * Double(max(n - 1, 0))
        var flexCount = spacing.isFlexible ? max(n - 1, 0) : 0
        for ci in solved {
            let child = candidates[ci].child
            let e = child.axis
            total += (horizontal ? child.size.width : child.size.height) + e.before + e.after
            flexCount += (e.beforeFlexible ? 1 : 0) + (e.afterFlexible ? 1 : 0)
        }
        let share = flexCount > 0 ? max(0, (effAxis - total) / Double(flexCount)) : 0
        let gap = spacing.spacing + (spacing.isFlexible ? share : 0)
        var pos = horizontal ? container.insets.leading : container.insets.top
        let crossStart = horizontal ? container.insets.top : container.insets.leading
        var maxX = 0.0, maxY = 0.0
        for i in 0..<n {
            let child = candidates[accepted.lowerBound + i].child
            let e = child.axis, ce = child.cross
            let childSize = child.size
            pos += e.before + (e.beforeFlexible ? share : 0)
            let z = horizontal ? childSize.width : childSize.height
            let zc = horizontal ? childSize.height : childSize.width
            let crossFlex = (ce.beforeFlexible ? 1 : 0) + (ce.afterFlexible ? 1 : 0)
            let crossShare = crossFlex > 0 ? max(0, (effCross - (zc + ce.before + ce.after)) / Double(crossFlex)) : 0
            let cross = crossStart + ce.before + (ce.beforeFlexible ? crossShare : 0)
            let origin = horizontal ? Point(x: pos, y: cross) : Point(x: cross, y: pos)
            offsetLeaves(child.leaves, by: origin)
            maxX = max(maxX, origin.x + childSize.width + (horizontal ? e.after : ce.after))
            maxY = max(maxY, origin.y + childSize.height + (horizontal ? ce.after : e.after))
            pos += z + e.after + (e.afterFlexible ? share : 0)
            if i < n - 1 { pos += gap }
        }
        // R5: an estimated axis takes the union of the children (plus the trailing inset).
        var final = size
        if group.layoutSize.width.isEstimated { final.width = maxX + container.insets.trailing }
        if group.layoutSize.height.isEstimated { final.height = maxY + container.insets.bottom }
        return final
    }

    /// An item leaf at the origin: its cell frame (R8, R9), preferred size (self-sizing) and badges.
    private mutating func addLeaf(_ item: CompositionalItem, layoutSize: CompositionalSize, size resolved: Size,
                                  path groupPath: () -> [CompositionalError.PathComponent], index: Int) throws(CompositionalError) -> Size {
        var size = resolved
        let ordinal = solution.leaves.count
        var estimated = layoutSize.width.isEstimated || layoutSize.height.isEstimated
        if estimated, let p = preferred[ordinal] {
            if layoutSize.width.isEstimated { size.width = p.width }
            if layoutSize.height.isEstimated { size.height = p.height }
            estimated = false
        }
        let badgeStart = solution.badges.count
        let cell = try cellAndBadges(item, layoutSize: layoutSize, size: size, badgesAt: badgeStart, path: groupPath, index: index)
        let frame = Rect(origin: .zero, size: size)
        solution.leaves.append(.init(frame: frame, cell: cell, badgeStart: Int32(badgeStart),
                                     badgeCount: Int32(item.supplementaryItems.count), isEstimated: estimated))
        leafBudget -= 1
        return size
    }

    /// The cell frame of an item of `size` at the origin (R8, R9) and its supplementaries (R33,
    /// R34), written to `solution.badges` from `start` (appended past the end, replaced before it:
    /// a uniform sibling's resize re-anchors its badges in place).
    mutating func cellAndBadges(_ item: CompositionalItem, layoutSize: CompositionalSize, size: Size, badgesAt start: Int,
                                path groupPath: () -> [CompositionalError.PathComponent], index: Int) throws(CompositionalError) -> Rect {
        let frame = Rect(origin: .zero, size: size)
        let cell = item.contentInsets.ignoringEstimatedAxes(of: layoutSize).inset(frame)
        func path() -> [CompositionalError.PathComponent] { groupPath().appending(.subitems, index).appending(.item) }
        try checkFrame(cell) { path().appending(.contentInsets) }
        for (j, s) in item.supplementaryItems.enumerated() {
            let host = LayoutContainer(size: cell.size, insets: .zero)
            let badgeSize = grid.resolve(s.layoutSize, in: host)
            let f = Anchoring.frame(container: Rect(origin: .zero, size: cell.size), size: badgeSize,
                                    containerAnchor: s.containerAnchor, itemAnchor: s.itemAnchor)
            let badge = s.contentInsets.ignoringEstimatedAxes(of: s.layoutSize).inset(f)
            try checkFrame(badge) { path().appending(.supplementaryItems, j).appending(.contentInsets) }
            let placed = GroupSolution.Badge(kind: s.elementKind, frame: badge, zIndex: s.zIndex)
            if start + j < solution.badges.count { solution.badges[start + j] = placed } else { solution.badges.append(placed) }
        }
        return cell
    }

    /// R45: a frame whose rounded size is negative (content insets larger than the item) is
    /// refused with UIKit's message. Checked once per solution item, not per placed element.
    func checkFrame(_ frame: Rect, path: () -> [CompositionalError.PathComponent]) throws(CompositionalError) {
        let r = grid.round(frame)
        guard r.size.width < 0 || r.size.height < 0 else { return }
        let show = { (f: Rect) in self.transposed ? Rect(x: f.origin.y, y: f.origin.x, width: f.size.height, height: f.size.width) : f }
        throw CompositionalErrors.invalidFrame(rounded: show(r), frame: show(frame), scale: grid.scale, path: path())
    }

    mutating func offsetLeaves(_ range: Range<Int>, by origin: Point) {
        guard origin.x != 0 || origin.y != 0 else { return }
        for j in range {
            solution.leaves[j].frame.origin.x += origin.x
            solution.leaves[j].frame.origin.y += origin.y
            solution.leaves[j].cell.origin.x += origin.x
            solution.leaves[j].cell.origin.y += origin.y
        }
    }

    /// Edge spacing of a child along x or y. A group's flexible spacing along its own axis is
    /// ignored, its required part kept (R11, UIKit logs it).
    /// `group`: the child group's orientation (nil for an item).
    static func edges(_ es: EdgeSpacing, group: GroupOrientation?, alongX: Bool) -> Edges {
        let (a, b) = alongX ? (es.leading, es.trailing) : (es.top, es.bottom)
        var flexibleAllowed = true
        if let orientation = group, (orientation == .horizontal) == alongX { flexibleAllowed = false }
        return Edges(before: a?.spacing ?? 0, beforeFlexible: flexibleAllowed && (a?.isFlexible ?? false),
                     after: b?.spacing ?? 0, afterFlexible: flexibleAllowed && (b?.isFlexible ?? false))
    }
}
