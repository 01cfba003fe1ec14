/// One section of a table: its row count and what the data source and delegate answer for it.
/// Optional values are methods the app does not implement (the table's property applies);
/// −1 is `UITableView.automaticDimension`.
public struct TableSection: Hashable, Sendable {
    public let numberOfRows: Int
    /// `tableView(_:heightForRowAt:)` per row (nil entries: the row uses `rowHeight`); nil when
    /// the delegate does not implement it.
    public let rowHeights: [Double?]?
    /// Whether `rowHeights` holds −1 (a self-sizing row) and nil (a row that falls back to
    /// `rowHeight`), found once here so the layout asks in O(1) whether it self-sizes.
    let rowHeightsHaveAutomatic: Bool
    let rowHeightsHaveFallback: Bool
    /// `tableView(_:estimatedHeightForRowAt:)` per row (nil or −1 entries: the table's estimate).
    public var estimatedRowHeights: [Double?]?
    /// Heights of self-sizing rows UIKit has measured (`preferredLayoutAttributesFitting`), by row.
    public var measuredRowHeights: [Int: Double]

    /// `titleForHeaderInSection` returned a non-empty title.
    public var hasHeaderTitle: Bool
    /// A header view for the section (`viewForHeaderInSection`); nil: the T7 default.
    public var hasHeaderView: Bool?
    /// `heightForHeaderInSection`; nil: `sectionHeaderHeight`.
    public var headerHeight: Double?
    /// `estimatedHeightForHeaderInSection`; nil (or −1): the table's estimate.
    public var estimatedHeaderHeight: Double?
    /// The self-sized header's height, once measured.
    public var measuredHeaderHeight: Double?

    public var hasFooterTitle: Bool
    public var hasFooterView: Bool?
    public var footerHeight: Double?
    public var estimatedFooterHeight: Double?
    public var measuredFooterHeight: Double?

    public init(numberOfRows: Int, rowHeights: [Double?]? = nil, estimatedRowHeights: [Double?]? = nil,
                measuredRowHeights: [Int: Double] = [:], hasHeaderTitle: Bool = false, hasHeaderView: Bool? = nil,
                headerHeight: Double? = nil, estimatedHeaderHeight: Double? = nil, measuredHeaderHeight: Double? = nil,
                hasFooterTitle: Bool = false, hasFooterView: Bool? = nil, footerHeight: Double? = nil,
                estimatedFooterHeight: Double? = nil, measuredFooterHeight: Double? = nil) {
        self.numberOfRows = max(0, numberOfRows)
        self.rowHeights = rowHeights
        var automatic = false, fallback = false
        for h in rowHeights ?? [] {
            if let h { automatic = automatic || h == TableConfiguration.automaticDimension } else { fallback = true }
        }
        rowHeightsHaveAutomatic = automatic
        rowHeightsHaveFallback = fallback
        self.estimatedRowHeights = estimatedRowHeights
        self.measuredRowHeights = measuredRowHeights
        self.hasHeaderTitle = hasHeaderTitle
        self.hasHeaderView = hasHeaderView
        self.headerHeight = headerHeight
        self.estimatedHeaderHeight = estimatedHeaderHeight
        self.measuredHeaderHeight = measuredHeaderHeight
        self.hasFooterTitle = hasFooterTitle
        self.hasFooterView = hasFooterView
        self.footerHeight = footerHeight
        self.estimatedFooterHeight = estimatedFooterHeight
        self.measuredFooterHeight = measuredFooterHeight
    }

    /// T7 (`_shouldHaveHeaderViewForSection:`, body not read [I]): the app says so, else a
    /// title, a delegate height above 0, or a measured height mean a header view.
    public var hasHeader: Bool {
        hasHeaderView ?? (hasHeaderTitle || (headerHeight ?? 0) > 0 || measuredHeaderHeight != nil)
    }

    public var hasFooter: Bool {
        hasFooterView ?? (hasFooterTitle || (footerHeight ?? 0) > 0 || measuredFooterHeight != nil)
    }

    /// T5: the height row `i` is asked for (`heightForRowAt`, else `rowHeight`); −1 self-sizes.
    @inline(__always)
    func requestedHeight(_ i: Int, rowHeight: Double) -> Double {
        guard let list = rowHeights, i < list.count, let h = list[i] else { return rowHeight }
        return h
    }

    /// Whether some row self-sizes (its requested height is automatic). O(1).
    func hasAutomaticRows(rowHeight: Double) -> Bool {
        guard numberOfRows > 0 else { return false }
        guard rowHeights != nil else { return rowHeight == TableConfiguration.automaticDimension }
        return rowHeightsHaveAutomatic || (rowHeightsHaveFallback && rowHeight == TableConfiguration.automaticDimension)
    }
}
