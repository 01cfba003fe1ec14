/// `UITableView` as a layout (table-layout.md): what a table view reads from itself, its delegate
/// and its data source to place rows, section headers and footers, and its table header and
/// footer views. Heights use UIKit's conventions: `automaticDimension` (−1) means "size it
/// automatically", an estimate of 0 turns estimation off.
public struct TableConfiguration: Hashable, Sendable {
    /// `UITableView.automaticDimension`.
    public static let automaticDimension = -1.0

    /// The table's bounds, scale, safe area, layout margins, readable insets, adjusted content
    /// inset (for floating headers) and layout direction.
    public var collectionView: CollectionViewMetrics
    public var style: TableStyle
    /// The generation, Dynamic Type size, wide-margin screen and separator reporting; the list's
    /// `ListEnvironment` (its `collapsedTopSpacing` and `includeBackgroundDecorations` are not read).
    public var environment: ListEnvironment
    /// `rowHeight`: −1 (automatic, the default since iOS 11) or a height ≥ 0.
    public var rowHeight: Double
    /// `estimatedRowHeight`: −1 automatic (default), 0 off, else the estimate.
    public var estimatedRowHeight: Double
    public var sectionHeaderHeight: Double
    public var sectionFooterHeight: Double
    public var estimatedSectionHeaderHeight: Double
    public var estimatedSectionFooterHeight: Double
    /// `sectionHeaderTopPadding` (iOS 15+): −1 automatic; an explicit 0 also selects the
    /// push-up floating behaviour (T16).
    public var sectionHeaderTopPadding: Double
    /// `tableHeaderView.frame.height` / `tableFooterView.frame.height`; nil: no view.
    public var tableHeaderHeight: Double?
    public var tableFooterHeight: Double?
    /// `cellLayoutMarginsFollowReadableWidth` (insetGrouped rows follow the readable guide, T18).
    public var cellLayoutMarginsFollowReadableWidth: Bool
    /// `separatorInset` leading/trailing (top/bottom unused); nil: the table margin (T21).
    public var separatorInset: ListSeparatorInsets?
    public var sections: [TableSection]

    public init(collectionView: CollectionViewMetrics, style: TableStyle = .plain, environment: ListEnvironment = ListEnvironment(),
                rowHeight: Double = automaticDimension, estimatedRowHeight: Double = automaticDimension,
                sectionHeaderHeight: Double = automaticDimension, sectionFooterHeight: Double = automaticDimension,
                estimatedSectionHeaderHeight: Double = automaticDimension, estimatedSectionFooterHeight: Double = automaticDimension,
                sectionHeaderTopPadding: Double = automaticDimension, tableHeaderHeight: Double? = nil,
                tableFooterHeight: Double? = nil, cellLayoutMarginsFollowReadableWidth: Bool = false,
                separatorInset: ListSeparatorInsets? = nil, sections: [TableSection]) {
        self.collectionView = collectionView
        self.style = style
        self.environment = environment
        self.rowHeight = rowHeight
        self.estimatedRowHeight = estimatedRowHeight
        self.sectionHeaderHeight = sectionHeaderHeight
        self.sectionFooterHeight = sectionFooterHeight
        self.estimatedSectionHeaderHeight = estimatedSectionHeaderHeight
        self.estimatedSectionFooterHeight = estimatedSectionFooterHeight
        self.sectionHeaderTopPadding = sectionHeaderTopPadding
        self.tableHeaderHeight = tableHeaderHeight
        self.tableFooterHeight = tableFooterHeight
        self.cellLayoutMarginsFollowReadableWidth = cellLayoutMarginsFollowReadableWidth
        self.separatorInset = separatorInset
        self.sections = sections
    }

    /// `_estimatesRowHeights`: estimation is on unless `estimatedRowHeight` is 0 (T6).
    public var estimatesRowHeights: Bool { estimatedRowHeight != 0 }
    public var estimatesHeaderHeights: Bool { estimatedSectionHeaderHeight != 0 }
    public var estimatesFooterHeights: Bool { estimatedSectionFooterHeight != 0 }

    /// T16: the floating behaviour of a plain table: push-up (3) when `sectionHeaderTopPadding`
    /// was set to 0, else overlap (1, iOS 15+ chromeless headers) (`_updateHeaderFooterPinningBehavior`).
    public var pinningBehavior: TablePinningBehavior {
        sectionHeaderTopPadding == 0 ? .push : .overlap
    }

    /// Elements the layout will have, counted without laying it out (O(sections)): the element
    /// cap is checked against this before anything is made.
    public var elementCount: Int {
        var n = (tableHeaderHeight == nil ? 0 : 1) + (tableFooterHeight == nil ? 0 : 1)
        for s in sections {
            n += s.numberOfRows + (s.hasHeader ? 1 : 0) + (s.hasFooter ? 1 : 0)
            if environment.includeSeparators { n += TableSeparators.count(rows: s.numberOfRows, style: style) }
        }
        return n
    }

    /// True when some row, header or footer self-sizes: its height is an estimate until measured
    /// (`preferredSizes` then apply). O(sections), plus per-row arrays where sent.
    public var selfSizes: Bool {
        for s in sections {
            if s.hasAutomaticRows(rowHeight: rowHeight) { return true }
            if s.hasHeader && (s.headerHeight ?? sectionHeaderHeight) == Self.automaticDimension { return true }
            if s.hasFooter && (s.footerHeight ?? sectionFooterHeight) == Self.automaticDimension { return true }
        }
        return false
    }
}

/// `UITableView.Style` (raw values: UIKit's names).
public enum TableStyle: String, Hashable, Sendable, CaseIterable {
    case plain, grouped, insetGrouped

    /// UIKit's "grouped-like" test (`style ≤ 16 && (1 << style) & 0x10006`): grouped, insetGrouped.
    public var isGroupedLike: Bool { self != .plain }
}

/// How a plain table's section headers and footers float (`_headerFooterPinningBehavior`, T16).
public enum TablePinningBehavior: Int, Hashable, Sendable {
    /// 3 (and the pre-iOS 15 0): a header is pushed up by the end of its section; a footer
    /// down by the start of its section.
    case push = 3
    /// 1: a floating header stays at the visible top until the next section's header reaches
    /// it, which slides over it; footers likewise at the bottom.
    case overlap = 1
}
