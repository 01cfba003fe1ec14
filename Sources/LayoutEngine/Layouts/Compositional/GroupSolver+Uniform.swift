/// `NSCollectionLayoutDimension.uniformAcrossSiblings(estimate:)` (iOS 17; compositional-next.md
/// N13–N17), read from iOS 26.1 UIKitCore `-[_UICollectionLayoutItemSolver _solveForContainer:…]`
/// (the `_axesUniformAcrossSiblings` bookkeeping before LABEL_135) and its sibling block
/// (`__44___UICollectionLayoutItemSolver__solveGroup__block_invoke`): while a group is solved,
/// the accepted item subitems are collected; every contiguous run of at least two of them is a
/// sibling range (`preferredSizeGroupingRanges`), and the items of a range with uniform axes are
/// solved again at the range's largest known size.
extension GroupSolver {
    /// N15–N17 on the solved children `solved` of `group`, after the fit test (which used the
    /// sizes before this) and before the arrangement (which uses the sizes after). Nothing to do,
    /// and one pass over the children, unless some accepted item has a uniform axis.
    mutating func uniformSiblings(_ group: CompositionalGroup, solved: Range<Int>,
                                  path: () -> [CompositionalError.PathComponent]) throws(CompositionalError) {
        var any = false
        for ci in solved where candidates[ci].isItem && candidates[ci].layoutSize.uniformAxes != [] {
            any = true
            break
        }
        guard any else { return }
        var start = solved.lowerBound
        while start < solved.upperBound {
            guard candidates[start].isItem else { start += 1; continue }
            var end = start + 1
            while end < solved.upperBound, candidates[end].isItem { end += 1 }
            if end - start >= 2 { try resizeRun(group, start..<end, path: path) }
            start = end
        }
    }

    /// One sibling range (N16): the largest layout-frame width and height among its items whose
    /// size is known (not estimated, or measured: a preferred size replaced the estimate), then
    /// each item with a uniform axis takes that width or height where it is greater than 0. So
    /// unmeasured estimated siblings keep their estimates, an absolute sibling sets the size of
    /// unmeasured uniform ones (even a smaller one), and measured ones grow to the tallest.
    private mutating func resizeRun(_ group: CompositionalGroup, _ run: Range<Int>,
                                    path: () -> [CompositionalError.PathComponent]) throws(CompositionalError) {
        var maxWidth = 0.0, maxHeight = 0.0
        for ci in run {
            let child = candidates[ci].child
            guard let leaf = child.leaves.first, !solution.leaves[leaf].isEstimated else { continue }
            maxWidth = Swift.max(maxWidth, child.size.width)
            maxHeight = Swift.max(maxHeight, child.size.height)
        }
        guard maxWidth != 0 || maxHeight != 0 else { return }
        for ci in run {
            let c = candidates[ci]
            let axes = c.layoutSize.uniformAxes
            guard axes != [], let leaf = c.child.leaves.first else { continue }
            var size = c.child.size
            if axes.contains(.width), maxWidth > 0 { size.width = maxWidth }
            if axes.contains(.height), maxHeight > 0 { size.height = maxHeight }
            guard size != c.child.size, case .item(let item) = group.subitems[c.index] else { continue }
            // `-_solveSingleItemWithPreferredSize:groupMaxItemSize:`: the item solved again at
            // that size, its cell and supplementaries with it (at the origin: not yet arranged).
            let start = Int(solution.leaves[leaf].badgeStart)
            let cell = try cellAndBadges(item, layoutSize: c.layoutSize, size: size, badgesAt: start, path: path, index: c.index)
            solution.leaves[leaf].frame = Rect(origin: .zero, size: size)
            solution.leaves[leaf].cell = cell
            candidates[ci].child.size = size
        }
    }
}

/// `_axesUniformAcrossSiblings` of an `NSCollectionLayoutSize` (N13).
struct UniformAxes: OptionSet {
    let rawValue: UInt8
    static let width = UniformAxes(rawValue: 1)
    static let height = UniformAxes(rawValue: 2)
}

extension CompositionalSize {
    /// Bit 1 for a uniform width, bit 2 for a uniform height (semantic 4, N13).
    var uniformAxes: UniformAxes {
        var axes: UniformAxes = []
        if case .uniformAcrossSiblings = width { axes.insert(.width) }
        if case .uniformAcrossSiblings = height { axes.insert(.height) }
        return axes
    }
}
