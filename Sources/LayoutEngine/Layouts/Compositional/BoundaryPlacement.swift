/// Boundary supplementary items around a host rect (R27-R30, R41): section headers and
/// footers, and the layout's own.
struct BoundaryPlacement {
    struct Placed {
        /// The element's frame (after its content insets), in host coordinates.
        var frame: Rect
        /// True when it sits outside the host on the scroll axis and extends it.
        var extends: Bool
    }

    var placed: [Placed] = []
    /// How far extending items reach above the host's top (`headerExtension`) and below its bottom.
    var above = 0.0
    var below = 0.0

    init() {}

    /// R27: `alignment` is the container anchor (with `absoluteOffset`); an extending item with
    /// an edge on the scroll axis also gets an item anchor on the opposite edge, so it sits
    /// outside. R28: sizes resolve against `container`; anchoring uses `anchorRect`.
    init(_ items: [BoundarySupplementaryItem], anchorRect: Rect, container: LayoutContainer, grid: PixelGrid) {
        placed.reserveCapacity(items.count)
        for b in items {
            let size = grid.resolve(b.layoutSize, in: container)
            let edges = b.alignment.edges
            let onScrollAxis = edges.contains(.top) || edges.contains(.bottom)
            let extends = b.extendsBoundary && onScrollAxis
            var itemAnchor: CompositionalAnchor?
            if extends {
                var flipped = edges
                if edges.contains(.top) { flipped.remove(.top); flipped.insert(.bottom) } else { flipped.remove(.bottom); flipped.insert(.top) }
                itemAnchor = CompositionalAnchor(edges: flipped)
            }
            let layoutFrame = Anchoring.frame(container: anchorRect, size: size,
                                              containerAnchor: CompositionalAnchor(edges: edges, offset: b.absoluteOffset),
                                              itemAnchor: itemAnchor)
            if extends {
                above = max(above, anchorRect.minY - layoutFrame.minY)
                below = max(below, layoutFrame.maxY - anchorRect.maxY)
            }
            placed.append(Placed(frame: b.contentInsets.ignoringEstimatedAxes(of: b.layoutSize).inset(layoutFrame), extends: extends))
        }
    }

    /// The first extending item at the top (`headerIndex`) and at the bottom (`footerIndex`).
    static func headerFooter(_ items: [BoundarySupplementaryItem]) -> (header: Int?, footer: Int?) {
        let header = items.firstIndex { $0.extendsBoundary && $0.alignment.edges.contains(.top) }
        let footer = items.firstIndex { $0.extendsBoundary && $0.alignment.edges.contains(.bottom) }
        return (header, footer)
    }
}
