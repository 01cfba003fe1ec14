/// Which bounds changes make a layout recompute (`shouldInvalidateLayout(forBoundsChange:)`).
public enum BoundsInvalidationRule: String, Hashable, Sendable, CaseIterable {
    /// `UICollectionViewFlowLayout` (and its subclasses: grids, Apple's ColumnFlowLayout), spec
    /// §12: a change of the cross-axis size or origin (width or x when scrolling vertically, height
    /// or y when horizontally). Scrolling along the scroll axis does not invalidate.
    case flow
    /// Apple's MosaicLayout sample: any change of the bounds size (other-layouts.md §1.1).
    case sizeChange
    /// CHTCollectionViewWaterfallLayout: a change of the width (other-layouts.md §2.2).
    case widthChange
}

/// Bounds changes: rotation, split view, window resize, and scrolling.
public enum BoundsChange {
    /// UIKit's decision for the bounds going from `old` to `new`. With pinned headers (footers),
    /// any header (footer) whose pinned frame intersects the old or the new bounds invalidates
    /// (spec §12), whatever the rule, so pinned elements follow every scroll; otherwise `rule`
    /// decides. O(log s + sections visible).
    public static func shouldInvalidate(old: Rect, new: Rect, layout: Layout, rule: BoundsInvalidationRule) -> Bool {
        if layout.pinning.isActive {
            if !pinnedElements(layout, visible: old).isEmpty || !pinnedElements(layout, visible: new).isEmpty { return true }
        }
        switch rule {
        case .flow:
            return layout.scrollDirection == .vertical
                ? new.width != old.width || new.minX != old.minX
                : new.height != old.height || new.minY != old.minY
        case .sizeChange:
            return new.size != old.size
        case .widthChange:
            return new.width != old.width
        }
    }

    /// The context for a bounds change that invalidated: every element that differs between
    /// `old` and `new` (`LayoutInvalidation.diff`), plus, with pinning, the pinned elements
    /// drawn in the old bounds (old layout) or the new bounds (new layout), which move even when
    /// the layout does not (§12 `invalidationContext(forBoundsChange:)`). O(n).
    public static func invalidationContext(old: Layout, oldBounds: Rect, new: Layout, newBounds: Rect) -> InvalidationContext {
        var context = LayoutInvalidation.diff(old: old, new: new)
        guard new.pinning.isActive || old.pinning.isActive else { return context }
        for i in pinnedElements(old, visible: oldBounds) { context.add(old.attributes[i]) }
        for i in pinnedElements(new, visible: newBounds) { context.add(new.attributes[i]) }
        context.sortLists()
        return context
    }

    /// The context when the layout itself did not change (a scroll with pinned headers, a
    /// cross-axis origin change): only the pinned elements shown in either bounds.
    /// O(log s + sections shown), so a scroll over a million elements costs what it shows.
    public static func pinnedInvalidationContext(layout: Layout, oldBounds: Rect, newBounds: Rect) -> InvalidationContext {
        var context = InvalidationContext()
        for i in pinnedElements(layout, visible: oldBounds) + pinnedElements(layout, visible: newBounds) {
            context.add(layout.attributes[i])
        }
        context.sortLists()
        return context
    }

    /// The indices in `attributes` of pinned elements (section header/footer slots, global
    /// elements) whose pinned frames for `visible` intersect it.
    static func pinnedElements(_ layout: Layout, visible: Rect) -> [Int] {
        var found: [Int] = []
        let range = layout.scrollRange(of: visible)
        for s in layout.pinningCandidates(meeting: range.low, range.high) {
            let section = layout.sections[s]
            if let h = section.headerIndex, h >= 0, h < layout.attributes.count, layout.pinsHeader(at: h),
               layout.pinnedHeaderFrame(section: section, headerIndex: h, visible: visible).intersects(visible) {
                found.append(h)
            }
            if let f = section.footerIndex, f >= 0, f < layout.attributes.count, layout.pinsFooter(at: f),
               layout.pinnedFooterFrame(section: section, footerIndex: f, visible: visible).intersects(visible) {
                found.append(f)
            }
        }
        for slot in layout.pinnedGlobalSlots() {
            let frame = slot.isHeader ? layout.pinnedHeaderFrame(section: slot.section, headerIndex: slot.index, visible: visible)
                : layout.pinnedFooterFrame(section: slot.section, footerIndex: slot.index, visible: visible)
            if frame.intersects(visible) { found.append(slot.index) }
        }
        return found
    }
}
