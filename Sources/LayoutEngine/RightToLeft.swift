/// `UIUserInterfaceLayoutDirection`: the collection view's `effectiveUserInterfaceLayoutDirection`.
public enum LayoutDirection: String, Hashable, Sendable, CaseIterable {
    case leftToRight
    case rightToLeft
}

/// Right-to-left is one step after a layout is computed, the same for every layout type: the
/// frames are mirrored across the content width, `x' = contentWidth − x − width`.
///
/// UIKit reaches that result two ways. `UICollectionViewFlowLayout` (so the grid and Apple's
/// ColumnFlowLayout, its subclasses) lays its rows out from the right itself
/// (`_UIFlowLayoutSection -computeLayout` when the collection view `_shouldReverseLayoutDirection`),
/// and a layout whose `flipsHorizontallyInOppositeLayoutDirection` is true is laid out left to
/// right and flipped by the collection view; both give the mirror image. The compositional layout
/// resolves its insets as leading/trailing (`NSDirectionalEdgeInsets`) and mirrors each group's
/// arrangement (R20, `_transformGroupArrangementItemsForRTL:`), which again is the mirror image of
/// the left-to-right layout once its physical left/right insets are read the other way round
/// (`CompositionalConfiguration.inLeadingCoordinates`). CHT's waterfall and Apple's Mosaic sample
/// subclass `UICollectionViewLayout`, whose `flipsHorizontallyInOppositeLayoutDirection` is false;
/// here they mirror as if they returned true (what an app localised into Arabic or Hebrew sets).
///
/// Along the scroll axis nothing else changes for vertical layouts. A horizontally scrolling layout
/// starts at the right: `SectionGeometry.minScroll`/`maxScroll` stay distances from the leading
/// (right) edge, and the queries, pinning and content-offset helpers convert through
/// `scrollCoordinate(_:)`, so pinned headers stick to the right edge of the visible rect.
extension Layout {
    /// The mirror image of this left-to-right layout (`isRightToLeft` set). O(n).
    public func mirroredForRightToLeft() -> Layout {
        var m = self
        m.mirrorForRightToLeft()
        return m
    }

    /// Mirrors in place. Calling it on a layout that is already mirrored does nothing.
    public mutating func mirrorForRightToLeft() {
        guard !isRightToLeft else { return }
        let width = contentSize.width
        for i in attributes.indices {
            attributes[i].frame = attributes[i].frame.mirrored(acrossWidth: width)
        }
        isRightToLeft = true
    }

    /// Where `x` lies along a horizontal scroll axis, measured from the leading edge: `x` left to
    /// right, `contentWidth − x` right to left.
    func scrollCoordinate(x: Double) -> Double {
        isRightToLeft ? contentSize.width - x : x
    }

    /// The physical rect a section occupies: its scroll range across the whole content.
    public func rect(of section: SectionGeometry) -> Rect {
        let length = section.maxScroll - section.minScroll
        if scrollDirection == .vertical {
            return Rect(x: 0, y: section.minScroll, width: contentSize.width, height: length)
        }
        let x = isRightToLeft ? contentSize.width - section.maxScroll : section.minScroll
        return Rect(x: x, y: 0, width: length, height: contentSize.height)
    }
}

extension Rect {
    /// The rect mirrored across a vertical axis at `width / 2`: `x' = width − x − w`.
    /// `+ 0` keeps a mirrored 0 from printing as −0.
    public func mirrored(acrossWidth width: Double) -> Rect {
        Rect(x: width - origin.x - size.width + 0, y: origin.y, width: size.width, height: size.height)
    }
}

extension Insets {
    /// Left and right exchanged: physical insets read as leading/trailing in right to left.
    public var horizontallySwapped: Insets {
        Insets(top: top, left: right, bottom: bottom, right: left)
    }
}

extension LayoutDefinition {
    /// The layout as the collection view shows it in `layoutDirection`: `layout()`, mirrored
    /// when right to left. Everything that serves layouts (cache, invalidation) calls this.
    public func directedLayout() throws(LayoutRefusal) -> Layout {
        let layout = try layout()
        return layoutDirection == .rightToLeft ? layout.mirroredForRightToLeft() : layout
    }
}
