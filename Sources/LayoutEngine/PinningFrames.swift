/// Where UIKit draws pinned (sticky) headers and footers for a visible rect (flow-layout.md §12).
///
/// Vertical (horizontal mirrors it on x, with left/right insets and widths):
/// - header: `y = max(naturalY, visible.minY + inset.top)`, then lowered so that
///   `y + h + footerHeight <= section.maxScroll` (it is pushed up by its section's end and stays
///   above the footer, pinned or not);
/// - footer: `y = min(naturalY, visible.maxY − inset.bottom − f)`, then raised to
///   `>= section.minScroll + headerHeight`;
/// - the origin is then rounded to the screen scale like every layout origin (§6); x is unchanged.
/// Pinned elements get zIndex 10, which UIKit sets on pinned headers on the SDKs that set one
/// (iOS 26 dump); footers get the same so that they too float above cells.
extension Layout {
    /// The zIndex of a pinned header or footer.
    public static let pinnedZIndex = 10

    /// The pinned frame of the header at `attributes[headerIndex]` in `section`, for `visible`.
    func pinnedHeaderFrame(section: SectionGeometry, headerIndex: Int, visible: Rect) -> Rect {
        if let behavior = pinning.table { return floatingTableHeaderFrame(headerIndex, behavior: behavior, visible: visible) }
        var frame = attributes[headerIndex].frame
        let footerLength = section.footerIndex.map { length(of: attributes[$0].frame) } ?? 0
        let headerLength = length(of: frame)
        var start = max(leading(of: frame), leadingEdge(of: visible))
        if start + headerLength + footerLength > section.maxScroll {
            start = section.maxScroll - footerLength - headerLength
        }
        setLeading(&frame, rounded(start))
        return frame
    }

    /// The pinned frame of the footer at `attributes[footerIndex]` in `section`, for `visible`.
    func pinnedFooterFrame(section: SectionGeometry, footerIndex: Int, visible: Rect) -> Rect {
        if let behavior = pinning.table { return floatingTableFooterFrame(footerIndex, behavior: behavior, visible: visible) }
        var frame = attributes[footerIndex].frame
        let headerLength = section.headerIndex.map { length(of: attributes[$0].frame) } ?? 0
        var start = min(leading(of: frame), trailingEdge(of: visible) - length(of: frame))
        if start < section.minScroll + headerLength {
            start = section.minScroll + headerLength
        }
        setLeading(&frame, rounded(start))
        return frame
    }

    /// Where pinned headers stop: the visible rect's leading edge inside the content inset (the
    /// right edge and right inset when a horizontal layout runs right to left).
    private func leadingEdge(of visible: Rect) -> Double {
        if scrollDirection == .vertical { return visible.minY + pinning.contentInset.top }
        return isRightToLeft ? scrollCoordinate(x: visible.maxX) + pinning.contentInset.right
            : visible.minX + pinning.contentInset.left
    }

    private func trailingEdge(of visible: Rect) -> Double {
        if scrollDirection == .vertical { return visible.maxY - pinning.contentInset.bottom }
        return isRightToLeft ? scrollCoordinate(x: visible.minX) - pinning.contentInset.left
            : visible.maxX - pinning.contentInset.right
    }

    /// A frame's start along the scroll axis, from the leading edge.
    private func leading(of frame: Rect) -> Double {
        scrollDirection == .vertical ? frame.minY : scrollCoordinate(x: isRightToLeft ? frame.maxX : frame.minX)
    }

    private func length(of frame: Rect) -> Double {
        scrollDirection == .vertical ? frame.height : frame.width
    }

    /// Moves a frame so that it starts at `value` along the scroll axis (from the leading edge).
    private func setLeading(_ frame: inout Rect, _ value: Double) {
        if scrollDirection == .vertical {
            frame.origin.y = value
        } else if isRightToLeft {
            frame.origin.x = contentSize.width - value - frame.width + 0
        } else {
            frame.origin.x = value
        }
    }

    private func rounded(_ value: Double) -> Double {
        pinning.roundsToScreenScale ? PointRounding.roundToPixel(value, scale: pinning.scale) : value
    }

    /// The scroll-axis interval of a rect, from the leading edge (as `SectionGeometry` stores it).
    func scrollRange(of rect: Rect) -> (low: Double, high: Double) {
        if scrollDirection == .vertical { return (rect.minY, rect.maxY) }
        return isRightToLeft ? (scrollCoordinate(x: rect.maxX), scrollCoordinate(x: rect.minX)) : (rect.minX, rect.maxX)
    }

    /// A point's position along the scroll axis, from the leading edge.
    func scrollPosition(of point: Point) -> Double {
        scrollDirection == .vertical ? point.y : scrollCoordinate(x: point.x)
    }

    /// Sections whose scroll range meets `[low, high]` (closed), assuming sections are stacked in
    /// order along the scroll axis, as every layout here produces them. O(log s + answers).
    func sections(meeting low: Double, _ high: Double) -> Range<Int> {
        // First section whose end reaches `low`.
        var lower = 0, upper = sections.count
        while lower < upper {
            let mid = lower + (upper - lower) / 2
            if sections[mid].maxScroll < low { lower = mid + 1 } else { upper = mid }
        }
        var end = lower
        while end < sections.count, sections[end].minScroll <= high { end += 1 }
        return lower..<end
    }
}
