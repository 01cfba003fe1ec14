/// What `-[UISectionRowData refreshWithSection:tableView:tableViewRowData:]` decides for one
/// section before its rows (T7-T11, T13, T14): whether it has header and footer views, their
/// heights (and whether those are still estimates), and the padding above the header.
struct TableSectionPlan {
    let hasHeader: Bool
    let hasFooter: Bool
    /// The header's offset in the section: the padding above it (T9); 0 without a header view.
    let headerOffset: Double
    /// The header's height; in grouped styles also the spacing of a section without a header (T11).
    let headerHeight: Double
    let headerEstimated: Bool
    let footerHeight: Double
    let footerEstimated: Bool

    init(_ s: TableSection, index: Int, in c: TableConfiguration, metrics m: TableMetrics) {
        hasHeader = s.hasHeader
        hasFooter = s.hasFooter
        let grouped = c.style.isGroupedLike
        var estimated = false
        var h = 0.0
        if hasHeader {
            // T8: the delegate's height, else the property; automatic: measured, else the estimate.
            h = s.headerHeight ?? c.sectionHeaderHeight
            if h == TableConfiguration.automaticDimension {
                if let measured = s.measuredHeaderHeight {
                    h = measured
                } else if c.estimatesHeaderHeights || (grouped && s.hasHeaderTitle) {
                    // `_estimatedHeightForHeaderInSection:`, −1 → `_defaultSectionHeaderHeight`;
                    // an unmeasured grouped title header (sized from its text) falls back there too.
                    h = Self.estimate(s.estimatedHeaderHeight, c.estimatedSectionHeaderHeight, m.defaultHeaderHeight)
                    estimated = true
                } else {
                    h = Self.emptyHeader(index, c, m)   // `heightForEmptySection:` (plain: the default height)
                }
            }
        }
        // "0 means default" in grouped styles, with or without a view (T11, T14).
        if h == 0 && grouped { h = Self.emptyHeader(index, c, m) }
        headerHeight = h
        headerEstimated = estimated
        headerOffset = hasHeader ? (c.sectionHeaderTopPadding >= 0 ? c.sectionHeaderTopPadding : m.automaticHeaderPadding) : 0

        estimated = false
        var f = 0.0
        if hasFooter {
            f = s.footerHeight ?? c.sectionFooterHeight
            if f == TableConfiguration.automaticDimension {
                if let measured = s.measuredFooterHeight {
                    f = measured
                } else if c.estimatesFooterHeights || (grouped && s.hasFooterTitle) {
                    f = Self.estimate(s.estimatedFooterHeight, c.estimatedSectionFooterHeight, m.defaultFooterHeight)
                    estimated = true
                } else {
                    // `sectionFooterHeight`, automatic: `_defaultSectionFooterHeight`.
                    f = c.sectionFooterHeight != TableConfiguration.automaticDimension ? c.sectionFooterHeight : m.defaultFooterHeight
                }
            }
        }
        if f == 0 && grouped {
            f = c.sectionFooterHeight != TableConfiguration.automaticDimension ? c.sectionFooterHeight : m.emptyFooterHeight
        }
        footerHeight = f
        footerEstimated = estimated
    }

    /// The delegate's estimate (when not automatic), else the table's (> 0), else the default.
    private static func estimate(_ own: Double?, _ table: Double, _ fallback: Double) -> Double {
        if let own, own != TableConfiguration.automaticDimension { return own }
        return table > 0 ? table : fallback
    }

    /// T14 `+heightForEmptySection:inTableView:rowData:`. Grouped: `sectionHeaderHeight` or the
    /// default after section 0; section 0 stores its gap as the table's top padding instead (T15)
    /// and is modelled as 0 here [I]. Plain: `sectionHeaderHeight` or the default [D].
    private static func emptyHeader(_ index: Int, _ c: TableConfiguration, _ m: TableMetrics) -> Double {
        if c.style.isGroupedLike && index == 0 { return 0 }
        return c.sectionHeaderHeight != TableConfiguration.automaticDimension ? c.sectionHeaderHeight : m.defaultHeaderHeight
    }

    /// Whether section 0's header takes the place of the grouped top padding (T15 [I]): it has a
    /// header view of non-zero height.
    var occupiesTop: Bool { hasHeader && headerHeight > 0 }
}
