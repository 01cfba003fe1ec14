/// Custom groups in the solver (compositional-next.md N2–N5, N9, N11), read from iOS 26.1
/// UIKitCore `-[_UICollectionLayoutItemSolver _solveForContainer:…]` (its
/// `hasCustomGroupItemProvider` branch) and the block that turns each
/// `NSCollectionLayoutGroupCustomItem` into a query result.
extension GroupSolver {
    /// Solves custom `group` at its resolved layout `size` (the frame its parent arranges, N5):
    /// one item per frame the provider returned, at that frame relative to the group's origin,
    /// with no content-inset offset, no clipping and overlaps allowed (N4). `environment` is what
    /// the provider was given (N2): fractional frames are read against it. A root group keeps
    /// every frame (`limited` false: item `i` of a section uses frame `i mod n`, N3); a nested one
    /// adds at most the items the solution may still hold. An estimated axis takes the extent of
    /// `CGRectUnion(CGRectZero, frames…)` (N5, the union starts from the zero rect).
    mutating func solveCustom(_ group: CompositionalGroup, size: Size, environment: CustomGroupEnvironment, limited: Bool,
                              path: () -> [CompositionalError.PathComponent]) throws(CompositionalError) -> Size {
        guard let provider = group.custom else { return size }
        var minX = 0.0, minY = 0.0, maxX = 0.0, maxY = 0.0
        for item in provider.items {
            let f = environment.frame(of: item, fractional: provider.fractional)
            minX = Swift.min(minX, f.minX); minY = Swift.min(minY, f.minY)
            maxX = Swift.max(maxX, f.maxX); maxY = Swift.max(maxY, f.maxY)
        }
        let union = Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        var final = size
        if group.layoutSize.width.isEstimated { final.width = union.width }
        if group.layoutSize.height.isEstimated { final.height = union.height }
        let count = limited ? Swift.min(provider.items.count, Swift.max(leafBudget, 0)) : provider.items.count
        solution.leaves.reserveCapacity(solution.leaves.count + count)
        for (i, item) in provider.items.prefix(count).enumerated() {
            var f = environment.frame(of: item, fractional: provider.fractional)
            guard f.origin.x.isFinite, f.origin.y.isFinite, f.size.width.isFinite, f.size.height.isFinite else {
                throw CompositionalErrors.structure("INVALID_CUSTOM_FRAME", "Custom item \(i) resolves to a frame that is not finite (\(UIKitFormat.rect(f))); send finite frames.",
                                                    path: path().appending(.custom).appending(provider.fractional ? .fractionalFrames : .frames).appending(i))
            }
            // Right to left the layout is mirrored once built; a custom group's items are not
            // mirrored within it (the custom branch returns before
            // `_transformGroupArrangementItemsForRTL:`), so they are laid out mirrored here and
            // come back to the provider's frames relative to the mirrored group.
            if mirrorsCustomItems {
                if transposed { f.origin.y = final.height - f.origin.y - f.size.height } else { f.origin.x = final.width - f.origin.x - f.size.width }
            }
            solution.leaves.append(.init(frame: f, cell: f, badgeStart: Int32(solution.badges.count), badgeCount: 0, isEstimated: false,
                                         zIndex: Int32(clamping: item.zIndex)))
        }
        leafBudget -= count
        return final
    }
}
