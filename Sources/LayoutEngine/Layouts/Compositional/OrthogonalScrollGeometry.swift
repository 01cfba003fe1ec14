/// What UIKit's orthogonal scroller of one section is configured with
/// (`_UICollectionLayoutSectionDescriptor`, compositional-next.md N19–N21), kept with the layout
/// so `Layout.orthogonalTarget` answers in O(1). Offsets along the section's scroll axis are the
/// descriptor's: 0 is the resting position at which the layout reports the section's frames
/// (the scroller's base content insets removed, `_pointByRemovingBaseContentInsetsFromPoint:`).
public struct OrthogonalScrollGeometry: Hashable, Sendable {
    public var behavior: OrthogonalScrollingBehavior
    /// `-_dimensionForRootGroupAlongAxis:`: the root group's size along the scroll axis.
    public var groupExtent: Double
    public var interGroupSpacing: Double
    /// The scroller's width along the axis: the section's frame clamped to the container,
    /// pixel-rounded (descriptor +208, N20).
    public var viewport: Double
    /// The scroller's content length: leading inset + content + trailing inset (descriptor +144, N21).
    public var contentLength: Double
    /// The display scale (`UIRoundToViewScale`, pixel-rounded offsets).
    public var scale: Double

    public init(behavior: OrthogonalScrollingBehavior, groupExtent: Double, interGroupSpacing: Double,
                viewport: Double, contentLength: Double, scale: Double) {
        self.behavior = behavior
        self.groupExtent = groupExtent
        self.interGroupSpacing = interGroupSpacing
        self.viewport = viewport
        self.contentLength = contentLength
        self.scale = scale
    }

    /// Descriptor +64: `rootGroupExtent + interGroupSpacing`, for every orthogonal section; it is
    /// also the paging dimension (+56) of `groupPaging` and `groupPagingCentered`.
    public var step: Double { groupExtent + interGroupSpacing }

    /// What UIScrollView pages by (`bounds + _interpageSpacing` along the axis): the viewport for
    /// `paging`, the paging dimension for the group-paging behaviours (`configureForDescriptor:`
    /// sets `_interpageSpacing = −(viewport − pagingDimension)`), nil when paging is off.
    public var pageStride: Double? {
        switch behavior {
        case .paging: viewport
        case .groupPaging, .groupPagingCentered: step
        case .none, .continuous, .continuousGroupLeadingBoundary: nil
        }
    }

    /// N26: `groupPagingCentered` adds `c = UIRoundToViewScale(x)` to the scroller's leading and
    /// trailing content insets and moves the paging origin by −c. The expression x is lost in
    /// every decompiled copy of `configureForDescriptor:`; `(viewport − groupExtent) / 2`, which
    /// centres a group when the section has no leading inset, is inferred. `override` replaces it.
    public func centeringInset(override: Double? = nil) -> Double {
        guard behavior == .groupPagingCentered else { return 0 }
        if let override { return override }
        return roundToScale((viewport - groupExtent) / 2)
    }

    /// `UIRoundToViewScale`: `round(v · scale) / scale`.
    func roundToScale(_ v: Double) -> Double {
        scale > 0 ? PointRounding.round(v * scale) / scale : v
    }

    /// N21 / UIScrollView `_minimumContentOffset`, `_maximumContentOffsetForContentSize:` in
    /// descriptor coordinates: from −c to `contentLength + c − viewport`, never below the minimum.
    public func offsetRange(centeringInset c: Double) -> ClosedRange<Double> {
        let minimum = -c
        return minimum...Swift.max(minimum, roundToScale(contentLength + c) - viewport)
    }
}

extension Layout {
    /// The orthogonal scroller geometry of data section `section`, nil when it does not scroll
    /// orthogonally (or the layout has no such section).
    public func orthogonalGeometry(ofSection section: Int) -> OrthogonalScrollGeometry? {
        orthogonalScrolling.isEmpty ? nil : orthogonalScrolling[section]
    }
}
