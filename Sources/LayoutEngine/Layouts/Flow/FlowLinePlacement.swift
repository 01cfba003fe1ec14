/// Where a line's first item starts and the gap between its items (`_UIFlowLayoutRow layoutRow`,
/// the fixed branch of `_UIFlowLayoutSection computeLayout`; spec §4.4, §5).
///
/// Alignments other than UIKit's defaults come from the private `_rowAlignmentsOptions`; the
/// formulas are the decompiled ones, so for a line of `k` items of total length `sumA`, with
/// minimum spacing `s` and insets `l`/`r` inside the dimension `D`:
/// - `.left`: starts at `l`, gap `s` (a "tag cloud").
/// - `.center`: starts at `l + (D − sumA − s(k−1) − r − l)/2`, gap `s`.
/// - `.right`: starts at `D − sumA − s(k−1) − r`, gap `s`.
/// - `.justify`: `k ≥ 2` starts at `l` with gap `(D − sumA − l − r)/(k−1)`, so the first and last
///   items touch the insets; `k == 1` is centered between the insets.
struct FlowLinePlacement {
    var begin: Double
    var gap: Double

    /// - Parameter clampsLoneItem: the per-item path clamps a centered lone item to the lead inset
    ///   when it overflows; the fixed path does not, so an over-wide item overflows on both sides
    ///   (spec §4.4, §5).
    init(_ alignment: LineAlignment, count: Int, sumAlong: Double, spacing s: Double,
         metrics m: FlowSectionMetrics, clampsLoneItem: Bool) {
        let k = Double(count)
        let occupied = sumAlong + s * (k - 1)
        switch alignment {
        case .left:
            begin = m.lead
            gap = s
        case .center:
            begin = m.lead + (m.dimension - occupied - m.trail - m.lead) / 2
            gap = s
        case .right:
            begin = m.dimension - occupied - m.trail
            gap = s
        case .justify:
            if count >= 2 {
                begin = m.lead
                gap = (m.dimension - sumAlong - m.lead - m.trail) / (k - 1)
            } else {
                let slack = (m.available - sumAlong) / 2
                begin = m.lead + (clampsLoneItem ? max(0, slack) : slack)
                gap = s
            }
        }
    }
}

extension CrossAlignment {
    /// Offset of an item of extent `across` inside a line of extent `lineExtent` (RowVertical,
    /// default center: `(lineHeight − c)/2`, spec §5; top 0, bottom `lineHeight − c`).
    @inline(__always)
    func offset(across: Double, lineExtent: Double) -> Double {
        switch self {
        case .top: 0
        case .center: (lineExtent - across) / 2
        case .bottom: lineExtent - across
        }
    }
}
