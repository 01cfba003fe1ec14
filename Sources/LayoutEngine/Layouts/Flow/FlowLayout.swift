/// `UICollectionViewFlowLayout`, as a pure function (spec: docs/uikit-rules/flow-layout.md).
public enum FlowLayout {
    /// Lays out every section the way `-[UICollectionViewFlowLayout prepareLayout]` does.
    ///
    /// Output (see `Layout`): `attributes` section by section (header if its scroll-axis extent is
    /// > 0, cells by item, footer if > 0), `sections[s]` for every input section, content size per
    /// spec §10, pinning flags copied from the configuration, zIndex 0 everywhere (pinned headers
    /// get theirs at query time), and one `LayoutWarning` per invalid size (§9).
    ///
    /// When the reference dimension D is 0 or the bounds are empty UIKit lays out nothing and keeps
    /// a (0,0) content size (§1): the result then has no attributes, and each section an empty
    /// `SectionGeometry` at 0 so that `sections.count` always equals the input's section count.
    ///
    /// Assumes validated input (finite, non-negative sizes; element count under the API's cap).
    /// Complexity O(n) in the number of elements, plus O(p log p) for p preferred sizes when the
    /// estimate is `.automatic`.
    public static func layout(_ configuration: FlowLayoutConfiguration) -> Layout {
        let metrics = configuration.collectionView
        let axis = FlowAxis(direction: configuration.scrollDirection, scale: metrics.scale,
                            roundsToScreenScale: configuration.roundsToScreenScale)
        let pinning = Pinning(headers: configuration.sectionHeadersPinToVisibleBounds,
                              footers: configuration.sectionFootersPinToVisibleBounds,
                              scale: metrics.scale, roundsToScreenScale: configuration.roundsToScreenScale,
                              contentInset: metrics.contentInset)
        let inset = metrics.contentInset
        let dimension = axis.isVertical
            ? max(0, metrics.width - inset.left - inset.right)
            : max(0, metrics.height - inset.top - inset.bottom)

        // §1 `_boundsAndInsetsAreValidForReferenceDimension`: nothing is laid out.
        guard dimension > 0, metrics.width > 0, metrics.height > 0 else {
            return empty(configuration, pinning: pinning)
        }

        // Loops below run over client-supplied counts: refuse totals no request could allocate.
        guard let capacity = elementCapacity(of: configuration.sections) else {
            return empty(configuration, pinning: pinning, warnings: [LayoutWarning(
                code: "TOO_MANY_ELEMENTS", message: "The layout has more than \(maximumElementCount) elements.",
                indexPath: nil)])
        }
        let reference = FlowInsetReference(configuration.sectionInsetReference, metrics: metrics,
                                           vertical: axis.isVertical)
        var builder = FlowLayoutBuilder(
            axis: axis, dimension: dimension, alignment: configuration.rowAlignment,
            swapsSpacing: configuration.swapsSpacingForMixedHorizontalSections, reference: reference,
            estimate: FlowEstimation.estimate(for: configuration),
            sectionCount: configuration.sections.count)

        var offset = reference.extraStart
        let attributes = [LayoutAttributes](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            builder.output = FlowAttributeWriter(buffer)
            for (index, section) in configuration.sections.enumerated() {
                offset += builder.appendSection(section, index: index, start: offset)
            }
            initialized = builder.output.count
            builder.output = .empty
        }
        let scrollExtent = offset + reference.extraEnd
        let contentSize = axis.isVertical
            ? Size(width: dimension, height: scrollExtent)
            : Size(width: scrollExtent, height: dimension)
        return Layout(scrollDirection: configuration.scrollDirection, contentSize: contentSize,
                      attributes: attributes, sections: builder.sections,
                      warnings: builder.warnings, pinning: pinning)
    }

    /// No attributes, a (0,0) content size, and an empty `SectionGeometry` at 0 per input section.
    private static func empty(_ configuration: FlowLayoutConfiguration, pinning: Pinning,
                              warnings: [LayoutWarning] = []) -> Layout {
        let section = SectionGeometry(minScroll: 0, maxScroll: 0, headerIndex: nil, footerIndex: nil, cells: 0..<0)
        return Layout(scrollDirection: configuration.scrollDirection, contentSize: .zero, attributes: [],
                      sections: Array(repeating: section, count: configuration.sections.count),
                      warnings: warnings, pinning: pinning)
    }

    /// A bound no validated request comes near (the API caps element counts far lower).
    static let maximumElementCount = 1 << 28

    /// Cells plus a header and footer per section: the exact upper bound of `attributes.count`,
    /// or nil above `maximumElementCount`.
    private static func elementCapacity(of sections: [FlowSection]) -> Int? {
        var total = 0
        for section in sections {
            let count = max(0, section.items.count)
            guard count <= maximumElementCount else { return nil }
            total += count + 2  // both terms ≤ 2^28: no overflow
            guard total <= maximumElementCount else { return nil }
        }
        return total
    }
}

/// `UICollectionViewFlowLayout` on the layout seam: spec §12 decides bounds changes.
extension FlowLayoutConfiguration: LayoutDefinition {
    public func layout() -> Layout { FlowLayout.layout(self) }

    public var viewSize: Size { Size(width: collectionView.width, height: collectionView.height) }

    public var layoutDirection: LayoutDirection { collectionView.layoutDirection }

    public func resized(to size: Size) -> FlowLayoutConfiguration {
        var c = self
        c.collectionView.width = size.width
        c.collectionView.height = size.height
        return c
    }

    public var boundsInvalidationRule: BoundsInvalidationRule { .flow }

    /// Self-sizing flow layouts (`estimatedItemSize` set) flag estimated cells.
    public var reportsEstimates: Bool { estimatedItemSize != nil }
}
