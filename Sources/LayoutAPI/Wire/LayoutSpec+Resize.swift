import LayoutEngine

/// What a bounds change needs to know about each layout type (the rule comes from its spec
/// section).
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
        case .waterfall(var c, _):
            c.width = width
            return .waterfall(c, viewHeight: height)
        case .columnFlow(var c):
            c.collectionView.width = width
            c.collectionView.height = height
            return .columnFlow(c)
        case .grid(var c):
            c.collectionView.width = width
            c.collectionView.height = height
            return .grid(c)
        case .mosaic(var c):
            c.width = width
            c.height = height
            return .mosaic(c)
        }
    }

    /// The collection view's bounds size the layout was computed for.
    var viewSize: Size {
        switch self {
        case .flow(let c): Size(width: c.collectionView.width, height: c.collectionView.height)
        case .waterfall(let c, let height): Size(width: c.width, height: height)
        case .columnFlow(let c): Size(width: c.collectionView.width, height: c.collectionView.height)
        case .grid(let c): Size(width: c.collectionView.width, height: c.collectionView.height)
        case .mosaic(let c): Size(width: c.width, height: c.height)
        }
    }

    /// The layout's `shouldInvalidateLayout(forBoundsChange:)`: `.flow` for the flow layout and its
    /// subclasses (grid, ColumnFlowLayout), `.widthChange` for the waterfall, `.sizeChange` for
    /// the mosaic.
    var boundsInvalidationRule: BoundsInvalidationRule {
        switch self {
        case .flow, .columnFlow, .grid: .flow
        case .waterfall: .widthChange
        case .mosaic: .sizeChange
        }
    }
}
