/// The numbers UIKit sizes a table with (table-layout.md §3), per generation, Dynamic Type size
/// and screen. The table and the list read the same `UITableConstants`, so the shared values
/// (row height, margins, separator thickness) come from `ListMetrics`. Tags: [D] decompiled
/// UIKit (the symbol is named), [Doc] Apple, [I] inferred.
struct TableMetrics {
    let list: ListMetrics
    let style: TableStyle
    let scale: Double

    init(_ c: TableConfiguration) {
        list = ListMetrics(environment: c.environment, collectionView: c.collectionView)
        style = c.style
        scale = c.collectionView.scale
    }

    /// `UIPixelBoundaryOffset(1, v, scale)`: up to the next device pixel.
    func ceilPixel(_ v: Double) -> Double { list.ceilPixel(v) }

    /// `UIPixelBoundaryOffset(0, v, scale)`, read as down to the device pixel [I: the mode-0 body
    /// was not read; floor is the reading that keeps the grid].
    func floorPixel(_ v: Double) -> Double { PointRounding.floorToPixel(v, scale: scale) }

    /// T4 `defaultRowHeightForTableView:`: 44 on iOS 15-18 at every size [D iOS 17/18
    /// UITableConstants_IOS]; iOS 26 body leading + 30 (`minimumContentViewHeightForFont:` [D 26.1]).
    var defaultRowHeight: Double { list.rowEstimate }

    /// The plain header font's scaled 28 (`_scaledValueForValue(28)` of emphasized subheadline,
    /// [D]; sizes other than Large scale with the subheadline point size [I]).
    private var plainHeaderBase: Double {
        let sizes = ListMetrics.subheadlineSizes
        return 28 * sizes[list.category.index] / sizes[ContentSizeCategory.L.index]
    }

    /// T8 `_defaultSectionHeaderHeight`: ceilpx(17.5) grouped-like, ceilpx(scaled 28) plain [D].
    var defaultHeaderHeight: Double { style.isGroupedLike ? ceilPixel(17.5) : ceilPixel(plainHeaderBase) }

    /// T10 `_defaultSectionFooterHeight`: the same constants floored to the pixel (mode 0) [D].
    var defaultFooterHeight: Double { style.isGroupedLike ? floorPixel(17.5) : floorPixel(plainHeaderBase) }

    /// T10/T14: a grouped footer of 0 or without a view: `UIPixelBoundaryOffset(0,
    /// +[UITableViewHeaderFooterView defaultFooterHeightForStyle:])` [D the call, iOS 26.1; D the
    /// 17.5, iOS 17/18-era `defaultFooterHeightForStyle:` returns 17.5 for every non-plain style].
    var emptyFooterHeight: Double { floorPixel(17.5) }

    /// T9: padding above a section header when `sectionHeaderTopPadding` is automatic: 22 above
    /// plain ("chromeless") headers, 0 in grouped styles (`defaultPaddingAboveSectionHeadersForTableStyle:`
    /// [D iOS 17/18]); the first section's constant is assumed the same [I].
    var automaticHeaderPadding: Double { style.isGroupedLike ? 0 : 22 }

    /// T15: above the first grouped section when nothing is there (`GroupedTableOffsetFromTop`,
    /// body not found; the constant `defaultPaddingAboveFirstSectionWithoutHeaderTableStyle:` = 35 [D], rule [I]).
    static let groupedTopPadding = 35.0
    /// T15: below the last grouped section unless a table footer view has height (`_bottomPadding`
    /// −1 → 20 [D UISectionRowData refreshWithSection, UITableViewRowData _updateTopAndBottomPadding]).
    static let groupedBottomPadding = 20.0

    /// T18: the table margin (`_defaultMarginWidthForTableView:`): 20 on wide-margin screens wider than 320, else 16 [D].
    func tableMargin(width: Double) -> Double { list.tableMargin(width: width) }

    /// T21: one pixel, 1 pt at accessibility sizes [I, as the list's].
    var separatorThickness: Double { list.separatorThickness }
}
