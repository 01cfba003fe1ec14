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

    /// Mirrors in place (`Rect.mirrored(acrossWidth:)` on every frame, list sections' rounded
    /// backgrounds included). Calling it on a layout that is already mirrored does nothing.
    /// O(n), a few ns per element.
    public mutating func mirrorForRightToLeft() {
        guard !isRightToLeft else { return }
        let width = contentSize.width
        attributes.withUnsafeMutableBufferPointer { buffer in
            for i in buffer.indices {
                buffer[i].frame.origin.x = width - buffer[i].frame.origin.x - buffer[i].frame.size.width + 0
            }
        }
        for i in roundedSections.indices {
            roundedSections[i].frame = roundedSections[i].frame.mirrored(acrossWidth: width)
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
        var layout = try layout()
        if layoutDirection == .rightToLeft { layout.mirrorForRightToLeft() } // in place: no copy of the attributes
        return layout
    }
}
