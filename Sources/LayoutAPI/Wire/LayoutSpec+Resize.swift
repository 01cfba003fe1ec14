import LayoutEngine

/// What a bounds change needs to know about each layout type. Only `.flow` exists on this
/// branch; each new layout type adds its case here (the rule comes from its spec section).
extension LayoutSpec {
    /// The same layout for a collection view of a new size (rotation, split view, window resize).
    /// Everything else is kept, measured sizes included: after a bounds change an estimating flow
    /// layout "retains existing sizing info" (flow-layout.md §12).
    func resized(width: Double, height: Double) -> LayoutSpec {
        switch self {
        case .flow(var c):
            c.collectionView.width = width
            c.collectionView.height = height
            return .flow(c)
        }
    }

    /// The collection view's bounds size the layout was computed for.
    var viewSize: Size {
        switch self {
        case .flow(let c): Size(width: c.collectionView.width, height: c.collectionView.height)
        }
    }

    /// The layout's `shouldInvalidateLayout(forBoundsChange:)`: `.flow` for the flow layout and its
    /// subclasses (grid, ColumnFlowLayout), `.widthChange` for the waterfall, `.sizeChange` for
    /// the mosaic.
    var boundsInvalidationRule: BoundsInvalidationRule {
        switch self {
        case .flow: .flow
        }
    }
}
