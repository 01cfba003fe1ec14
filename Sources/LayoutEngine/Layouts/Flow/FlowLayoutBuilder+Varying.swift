/// The per-item ("slow") path for sections whose sizes differ or are being estimated
/// (spec §5; DEC-SEC `computeLayout` slow branch, DEC-ROW `layoutRow`).
extension FlowLayoutBuilder {
    /// Greedy line breaking in index order, then per-line alignment. Returns the lines' extent
    /// `B = Σ lineExtent + L·(lines − 1)` (`−L` for no lines: the estimating empty-section quirk).
    ///
    /// - An item fits when `Σa + s·count + a ≤ avail` (equality fits, tolerance 1e-9·avail).
    /// - An over-wide *first* item first closes an empty line of extent 0, so it starts `L` lower
    ///   (§5 quirk, reproduced from the decompiled control flow).
    /// - Closed lines are complete and use `rowAlignment.commonRow`. The last line is complete too
    ///   when every earlier line held one item and it holds one, or when there are ≥ 2 lines and it
    ///   has exactly the space left that the line before it had; otherwise it uses `lastRow`
    ///   (default left with the minimum spacing).
    /// - Items are placed across the line with `rowAlignment.vertical` (default center; `.top`
    ///   gives a top-aligned tag cloud together with `.left` rows).
    /// - Horizontal scrolling swaps the spacings when `swapsSpacingForMixedHorizontalSections` (§7).
    ///
    /// Not modelled: UIKit's grid special case for an incomplete last line of a section flagged
    /// fixed while estimating (§5); estimating sections are never flagged fixed here.
    ///
    /// Every over-wide item gets its own warning, with the delegate line (UIKit passes
    /// `warnAboutDelegateValues: YES` from this path). Complexity O(n).
    mutating func placeVarying(section: Int, sizes: [Size], estimated: [Bool]?, metrics m: FlowSectionMetrics,
                               linesStart: Double) -> Double {
        let swapped = !axis.isVertical && swapsSpacing
        let s = swapped ? m.minimumLineSpacing : m.minimumInteritemSpacing
        let lineSpacing = swapped ? m.minimumInteritemSpacing : m.minimumLineSpacing
        var remaining = m.available
        var previousRemaining = m.available
        var lineV = linesStart
        var closedLines = 0
        var allSingle = true
        var lineStart = 0
        var sumAlong = 0.0
        var lineExtent = 0.0
        for index in sizes.indices {
            let a = axis.along(sizes[index])
            let c = axis.across(sizes[index])
            if m.isTooLarge(a) {
                warnings.append(FlowLayoutMessages.invalidSize(
                    vertical: axis.isVertical, perItemPath: true, at: IndexPath(section: section, item: index)))
            }
            if m.fits(a, in: remaining) {
                remaining -= a + s
                sumAlong += a
                lineExtent = max(lineExtent, c)
            } else {
                if allSingle { allSingle = index - lineStart == 1 }
                let line = FlowLine(range: lineStart..<index, sumAlong: sumAlong, extent: lineExtent, complete: true)
                lineV = placeLine(line, section: section, sizes: sizes, estimated: estimated, spacing: s,
                                  metrics: m, at: lineV) + lineSpacing
                closedLines += 1
                previousRemaining = remaining
                lineStart = index
                sumAlong = a
                lineExtent = c
                remaining = m.available - (a + s)
            }
        }
        if !sizes.isEmpty {
            let lastCount = sizes.count - lineStart
            let complete = (allSingle && lastCount == 1)
                || (closedLines >= 1 && abs(remaining - previousRemaining) <= m.tolerance)
            let line = FlowLine(range: lineStart..<sizes.count, sumAlong: sumAlong, extent: lineExtent,
                                complete: complete)
            lineV = placeLine(line, section: section, sizes: sizes, estimated: estimated, spacing: s,
                              metrics: m, at: lineV) + lineSpacing
        }
        return lineV - lineSpacing - linesStart
    }

    /// Places one line's items; returns where the line ends along the scroll axis.
    /// Positions are `begin + Σ(earlier a) + j·gap`, so the gap is never accumulated.
    private mutating func placeLine(_ line: FlowLine, section: Int, sizes: [Size], estimated: [Bool]?,
                                    spacing s: Double, metrics m: FlowSectionMetrics, at lineV: Double) -> Double {
        guard !line.range.isEmpty else { return lineV + line.extent }
        let placement = FlowLinePlacement(line.complete ? alignment.commonRow : alignment.lastRow,
                                          count: line.range.count, sumAlong: line.sumAlong, spacing: s,
                                          metrics: m, clampsLoneItem: true)
        var preceding = 0.0
        var position = 0.0
        for index in line.range {
            let a = axis.along(sizes[index])
            let c = axis.across(sizes[index])
            let u = placement.begin + preceding + position * placement.gap
            let v = lineV + alignment.vertical.offset(across: c, lineExtent: line.extent)
            appendCell(section: section, item: index,
                       frame: axis.frame(u: axis.snap(u), v: axis.snap(v), along: a, across: c),
                       estimated: estimated?[index] ?? false)
            preceding += a
            position += 1
        }
        return lineV + line.extent
    }
}

/// One line of the per-item path: its items, total length, extent across (the largest item) and
/// whether it is complete (aligned with CommonRow rather than LastRow).
struct FlowLine {
    var range: Range<Int>
    var sumAlong: Double
    var extent: Double
    var complete: Bool
}
