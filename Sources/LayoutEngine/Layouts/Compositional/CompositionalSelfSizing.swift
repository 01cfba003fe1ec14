/// Self-sizing (R4, R5): cells report the size they measured for their estimated dimensions;
/// the layout is solved again where it matters and what follows moves.
extension CompositionalLayout {
    /// What a self-sizing pass hands the collection view, as for the flow layout.
    public struct SelfSizing: Sendable {
        /// The configuration with the measured sizes merged (the one to cache).
        public var configuration: CompositionalConfiguration
        public var layout: Layout
        /// Changed elements, `contentSizeAdjustment`, and `contentOffsetAdjustment` when a visible
        /// rect was given (the first visible element keeps its place).
        public var context: InvalidationContext
    }

    /// Merges `preferredSizes` into `configuration` and lays out again. Only the repetitions of
    /// a section's root group that hold a measured item are solved again (with those sizes on
    /// their estimated axes; an estimated group takes the union of its children, R5); later
    /// repetitions and sections move. A size for an item whose dimensions are not estimated
    /// changes nothing (UIKit only asks estimated cells). O(layout + measured repetitions).
    public static func selfSize(_ configuration: CompositionalConfiguration, previous: Layout,
                                preferredSizes: [IndexPath: Size], visibleRect: Rect? = nil) throws(CompositionalError) -> SelfSizing {
        var c = configuration
        for (ip, size) in preferredSizes { c.preferredSizes[ip] = size }
        let layout = try self.layout(c)
        var context = LayoutInvalidation.diff(old: previous, new: layout)
        if let visibleRect {
            context.contentOffsetAdjustment = ContentOffsetAnchor.contentOffsetAdjustment(old: previous, new: layout, visibleRect: visibleRect)
        }
        return SelfSizing(configuration: c, layout: layout, context: context)
    }

    /// `shouldInvalidateLayout(forBoundsChange:)`: any change of the bounds size invalidates,
    /// since fractional dimensions resolve against both the width and the height (R3, R21).
    /// Scrolling (an origin change) does not, except for pinned items (handled by `BoundsChange`).
    public static let boundsInvalidationRule = BoundsInvalidationRule.sizeChange

    /// The configuration for new bounds (rotation, split view): only the size changes.
    public static func resized(_ configuration: CompositionalConfiguration, width: Double, height: Double) -> CompositionalConfiguration {
        var c = configuration
        c.collectionView.width = width
        c.collectionView.height = height
        return c
    }
}
