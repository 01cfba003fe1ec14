/// `UICollectionViewCompositionalLayout` on the layout seam.
extension CompositionalConfiguration: LayoutDefinition {
    /// The layout, with its self-pinning elements noted for queries (`Pinning.elements`). A
    /// layout UIKit refuses (R7, R45, ...) is a `LayoutRefusal` naming the request field.
    public func layout() throws(LayoutRefusal) -> Layout {
        do {
            var layout = try CompositionalLayout.layout(self)
            layout.notePinnedElements()
            return layout
        } catch {
            throw LayoutRefusal(code: error.code, path: error.path, message: error.message)
        }
    }

    public var viewSize: Size { Size(width: collectionView.width, height: collectionView.height) }

    public var layoutDirection: LayoutDirection { collectionView.layoutDirection }

    /// Everything kept, measured sizes included (they are per index path, as in the flow layout).
    public func resized(to size: Size) -> CompositionalConfiguration {
        var c = self
        c.collectionView.width = size.width
        c.collectionView.height = size.height
        return c
    }

    /// Fractional dimensions resolve against the bounds' width and height (R1, R37), so any size
    /// change invalidates; a scroll does not (pinned elements aside, which `BoundsChange`
    /// handles for every type). Not verified on a device: UIKit's exact test is not in the spec.
    public var boundsInvalidationRule: BoundsInvalidationRule { .sizeChange }

    /// Some item has an estimated dimension: cells carry `estimated` and measured sizes apply.
    public var reportsEstimates: Bool { estimates }
}
