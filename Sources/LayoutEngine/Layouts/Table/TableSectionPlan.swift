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
        (headerHeight, headerEstimated) = Slot(
            hasView: hasHeader, requested: s.headerHeight ?? c.sectionHeaderHeight, measured: s.measuredHeaderHeight,
            ownEstimate: s.estimatedHeaderHeight, tableEstimate: c.estimatedSectionHeaderHeight, defaultHeight: m.defaultHeaderHeight,
            sizedFromTitle: grouped && s.hasHeaderTitle, empty: Self.emptyHeader(index, c, m)).resolve(grouped: grouped)
        headerOffset = hasHeader ? (c.sectionHeaderTopPadding >= 0 ? c.sectionHeaderTopPadding : m.automaticHeaderPadding) : 0
        // T10/T14: `sectionFooterHeight`, else the default footer (grouped: `defaultFooterHeightForStyle:`).
        let emptyFooter = c.sectionFooterHeight != TableConfiguration.automaticDimension ? c.sectionFooterHeight
            : (grouped ? m.emptyFooterHeight : m.defaultFooterHeight)
        (footerHeight, footerEstimated) = Slot(
            hasView: hasFooter, requested: s.footerHeight ?? c.sectionFooterHeight, measured: s.measuredFooterHeight,
            ownEstimate: s.estimatedFooterHeight, tableEstimate: c.estimatedSectionFooterHeight, defaultHeight: m.defaultFooterHeight,
            sizedFromTitle: grouped && s.hasFooterTitle, empty: emptyFooter).resolve(grouped: grouped)
    }

    /// A header or footer as `refreshWithSection:` sizes it (T8, T10, T11, T14): with a view, the
    /// requested height (the delegate's, else the table's property); automatic: the measured
    /// height, else the estimate while estimating (or for an unmeasured grouped title, which UIKit
    /// sizes from its text), else the empty height. In grouped styles a height of 0, with or
    /// without a view, is the empty height ("0 means default").
    private struct Slot {
        var hasView: Bool
        var requested: Double
        var measured: Double?
        /// `estimatedHeightFor…InSection:` (−1 or nil: none), the table's estimate (0: estimation
        /// off), and the default height (`_defaultSection…Height`).
        var ownEstimate: Double?
        var tableEstimate: Double
        var defaultHeight: Double
        var sizedFromTitle: Bool
        var empty: Double

        func resolve(grouped: Bool) -> (height: Double, estimated: Bool) {
            var h = 0.0, estimated = false
            if hasView {
                h = requested
                if h == TableConfiguration.automaticDimension {
                    if let measured {
                        h = measured
                    } else if tableEstimate != 0 || sizedFromTitle {
                        if let own = ownEstimate, own != TableConfiguration.automaticDimension {
                            h = own
                        } else {
                            h = tableEstimate > 0 ? tableEstimate : defaultHeight
                        }
                        estimated = true
                    } else {
                        h = empty
                    }
                }
            }
            if h == 0 && grouped { h = empty }
            return (h, estimated)
        }
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
