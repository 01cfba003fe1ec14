/// The fixed-size (uniform) path: the common grid (spec §4; DEC-SEC `computeLayout` fast branch).
extension FlowLayoutBuilder {
    /// Places `count` items of one `size` on a grid and returns the lines' extent
    /// `B = lines·(c + L) − L` (0 for no items).
    ///
    /// Spacing is as documented: `minimumInteritemSpacing` inside a line and `minimumLineSpacing`
    /// between lines, in both scroll directions (§7, CERTAIN).
    ///
    /// Alignment: full lines use `rowAlignment.commonRow`. UIKit places the last, partial line with
    /// the common begin/gap when commonRow is justify, so with the defaults it sits on the grid
    /// (left-aligned in the columns of full lines, §4.6); otherwise it uses `lastRow` over its own
    /// items (e.g. commonRow `.center` + lastRow `.left` starts it at the lead inset with the minimum
    /// spacing). `vertical` has no effect: every item has the same height (§4.7).
    ///
    /// One over-wide size is logged once per section (UIKit checks the common size once), with the
    /// section's first index path and without the delegate line. Complexity O(count).
    mutating func placeFixed(section: Int, count: Int, size: Size, metrics m: FlowSectionMetrics,
                             linesStart: Double) -> Double {
        guard count > 0 else { return 0 }
        let a = axis.along(size)
        let c = axis.across(size)
        let s = m.minimumInteritemSpacing
        let lineSpacing = m.minimumLineSpacing
        if m.isTooLarge(a) {
            warnings.append(FlowLayoutMessages.invalidSize(
                vertical: axis.isVertical, perItemPath: false, at: IndexPath(section: section, item: 0)))
        }
        let perLine = Self.itemsPerLine(along: a, spacing: s, metrics: m)
        let fullLines = count / perLine
        let remainder = count % perLine
        let pitch = c + lineSpacing
        let common = FlowLinePlacement(alignment.commonRow, count: perLine, sumAlong: a * Double(perLine),
                                       spacing: s, metrics: m, clampsLoneItem: false)
        var item = 0
        if fullLines > 0 {
            fillColumns(common, count: perLine, along: a)
            for line in 0..<fullLines {
                let v = axis.snap(linesStart + pitch * Double(line))
                for column in 0..<perLine {
                    appendCell(section: section, item: item,
                               frame: axis.frame(u: columnScratch[column], v: v, along: a, across: c))
                    item += 1
                }
            }
        }
        if remainder > 0 {
            let last = alignment.commonRow == .justify
                ? common
                : FlowLinePlacement(alignment.lastRow, count: remainder, sumAlong: a * Double(remainder),
                                    spacing: s, metrics: m, clampsLoneItem: false)
            fillColumns(last, count: remainder, along: a)
            let v = axis.snap(linesStart + pitch * Double(fullLines))
            for column in 0..<remainder {
                appendCell(section: section, item: item,
                           frame: axis.frame(u: columnScratch[column], v: v, along: a, across: c))
                item += 1
            }
        }
        let lines = fullLines + (remainder > 0 ? 1 : 0)
        return pitch * Double(lines) - lineSpacing
    }

    /// `max(1, floor((s + avail)/(s + a)))` (§4.2), plus one when that many more items fit within
    /// the tolerance, so an exactly fitting line never loses an item to rounding. A zero size with
    /// zero spacing fits without limit (UIKit's float-to-int conversion saturates): `Int.max`.
    static func itemsPerLine(along a: Double, spacing s: Double, metrics m: FlowSectionMetrics) -> Int {
        let quotient = FlowMath.floor((s + m.available) / (s + a))
        guard quotient.isFinite || quotient.isNaN else { return quotient > 0 ? Int.max : 1 }
        guard quotient >= 1 else { return 1 }
        guard quotient < 9e18 else { return Int.max }
        let fitted = Int(quotient)
        let next = Double(fitted + 1) * a + Double(fitted) * s
        return next <= m.available + m.tolerance ? fitted + 1 : fitted
    }

    /// Snapped lead-axis origins `begin + (a + gap)·column`, computed from the line start rather
    /// than by repeated addition.
    mutating func fillColumns(_ placement: FlowLinePlacement, count: Int, along a: Double) {
        columnScratch.removeAll(keepingCapacity: true)
        let pitch = a + placement.gap
        for column in 0..<count {
            columnScratch.append(axis.snap(placement.begin + pitch * Double(column)))
        }
    }
}
