/// Keeping what the user sees in place when a layout changes under them: the content offset
/// adjustment after self-sizing (`contentOffsetAdjustment`) and the offset after a bounds change
/// (what `targetContentOffset(forProposedContentOffset:)` overrides do after rotation).
///
/// Both anchor on one element: among the elements whose frames intersect the visible rect
/// (positive-area overlap), the one that starts first along the scroll axis, then first across it,
/// then first in element order. Pinned headers and footers are skipped: they are drawn at the
/// visible edge, not at their frames, so they say nothing about where the content is. A
/// layout laid out right to left starts at the right: "first across" (vertical) and "first along"
/// (horizontal) are the rightmost, and a horizontal layout keeps the distance from the right edge.
public enum ContentOffsetAnchor {
    /// The index in `layout.attributes` of the anchor for `visible`, or nil when no element is
    /// visible. O(n).
    public static func anchor(in layout: Layout, visible: Rect) -> Int? {
        let vertical = layout.scrollDirection == .vertical
        var best: Int?
        var bestKey = (along: 0.0, across: 0.0)
        for (index, a) in layout.attributes.enumerated() where a.frame.intersects(visible) && !layout.isPinnedElement(a) {
            let rtl = layout.isRightToLeft
            let key = vertical ? (along: a.frame.minY, across: rtl ? -a.frame.maxX : a.frame.minX)
                : (along: rtl ? -a.frame.maxX : a.frame.minX, across: a.frame.minY)
            if best == nil || key.along < bestKey.along || (key.along == bestKey.along && key.across < bestKey.across) {
                best = index
                bestKey = key
            }
        }
        return best
    }

    /// Self-sizing: how far the anchor of `visibleRect` moved along the scroll axis from `old` to
    /// `new`, so adding it to the content offset keeps the anchor where the user sees it. Zero
    /// when nothing is visible, when the anchor is gone, or when nothing above it changed (its
    /// origin did not move). Sizes below the anchor never move the content. O(n).
    public static func contentOffsetAdjustment(old: Layout, new: Layout, visibleRect: Rect) -> Point {
        guard let a = anchor(in: old, visible: visibleRect),
              let b = new.index(matching: old.attributes[a]) else { return .zero }
        let before = old.attributes[a].frame.origin, after = new.attributes[b].frame.origin
        return old.scrollDirection == .vertical
            ? Point(x: 0, y: after.y - before.y)
            : Point(x: after.x - before.x, y: 0)
    }

    /// Bounds change (rotation, split view, window resize): the content offset that puts the anchor
    /// of `oldVisible` at the same distance from the leading edge of `newBounds` as it was from the
    /// leading edge of `oldVisible` (a partly scrolled-off anchor stays partly scrolled off).
    /// Without an anchor the proposed offset, `newBounds.origin`, is kept. Either way the answer
    /// is clamped into the scroll view's range on both axes:
    /// `[−inset.top, max(−inset.top, contentHeight + inset.bottom − bounds.height)]` (and the same
    /// with left/right and widths). `contentInset` is the adjusted content inset. O(n).
    public static func targetContentOffset(old: Layout, oldVisible: Rect, new: Layout, newBounds: Rect,
                                           contentInset: Insets) -> Point {
        var offset = newBounds.origin
        if let a = anchor(in: old, visible: oldVisible), let b = new.index(matching: old.attributes[a]) {
            let before = old.attributes[a].frame.origin, after = new.attributes[b].frame.origin
            if new.scrollDirection == .vertical {
                offset.y = after.y - (before.y - oldVisible.minY)
            } else if new.isRightToLeft {
                let fromRight = oldVisible.maxX - old.attributes[a].frame.maxX
                offset.x = new.attributes[b].frame.maxX + fromRight - newBounds.width
            } else {
                offset.x = after.x - (before.x - oldVisible.minX)
            }
        }
        offset.x = clamp(offset.x, low: -contentInset.left,
                         high: new.contentSize.width + contentInset.right - newBounds.width)
        offset.y = clamp(offset.y, low: -contentInset.top,
                         high: new.contentSize.height + contentInset.bottom - newBounds.height)
        return offset
    }

    /// `value` inside `[low, max(low, high)]`: content shorter than the bounds scrolls nowhere.
    /// `+ 0` turns −0 (from a zero inset) into 0, so answers never print as `-0`.
    static func clamp(_ value: Double, low: Double, high: Double) -> Double {
        min(max(value, low), max(low, high)) + 0
    }
}
