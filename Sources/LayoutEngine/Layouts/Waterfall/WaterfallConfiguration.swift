/// `CHTCollectionViewWaterfallLayout.ItemRenderDirection` (other-layouts.md §2.2).
public enum WaterfallItemRenderDirection: String, Hashable, Sendable, CaseIterable {
    /// The shortest column; ties go to the leftmost.
    case shortestFirst
    /// Column `item % columnCount`.
    case leftToRight
    /// Column `columnCount − 1 − item % columnCount`.
    case rightToLeft
}

/// One section: its items' sizes (used only as aspect ratios) and the delegate's per-section
/// overrides; nil means the layout's property.
public struct WaterfallSection: Hashable, Sendable {
    /// `sizeForItemAt`: only `height / width` matters; the item width is always the column width.
    public var itemSizes: [Size]
    public var columnCount: Int?
    public var minimumColumnSpacing: Double?
    public var minimumInteritemSpacing: Double?
    public var inset: Insets?
    public var headerHeight: Double?
    public var footerHeight: Double?
    public var headerInset: Insets?
    public var footerInset: Insets?

    public init(itemSizes: [Size], columnCount: Int? = nil, minimumColumnSpacing: Double? = nil,
                minimumInteritemSpacing: Double? = nil, inset: Insets? = nil, headerHeight: Double? = nil,
                footerHeight: Double? = nil, headerInset: Insets? = nil, footerInset: Insets? = nil) {
        self.itemSizes = itemSizes
        self.columnCount = columnCount
        self.minimumColumnSpacing = minimumColumnSpacing
        self.minimumInteritemSpacing = minimumInteritemSpacing
        self.inset = inset
        self.headerHeight = headerHeight
        self.footerHeight = footerHeight
        self.headerInset = headerInset
        self.footerInset = footerInset
    }
}

/// Everything `CHTCollectionViewWaterfallLayout` reads, with its defaults (other-layouts.md §2.1),
/// plus pinned headers/footers, which CHT lacks (its most requested feature, §7).
public struct WaterfallConfiguration: Hashable, Sendable {
    /// The collection view's bounds width (ObjC uses `bounds.width`, not the content inset width).
    public var width: Double
    /// The screen scale item widths and heights are floored to.
    public var scale: Double
    public var columnCount: Int
    public var minimumColumnSpacing: Double
    public var minimumInteritemSpacing: Double
    public var sectionInset: Insets
    /// 0 means no header view.
    public var headerHeight: Double
    /// 0 means no footer view.
    public var footerHeight: Double
    public var headerInset: Insets
    public var footerInset: Insets
    public var itemRenderDirection: WaterfallItemRenderDirection
    public var minimumContentHeight: Double
    public var sectionHeadersPinToVisibleBounds: Bool
    public var sectionFootersPinToVisibleBounds: Bool
    /// The adjusted content inset, used only to place pinned headers and footers.
    public var contentInset: Insets
    public var sections: [WaterfallSection]

    public init(width: Double, scale: Double = 2, columnCount: Int = 2, minimumColumnSpacing: Double = 10,
                minimumInteritemSpacing: Double = 10, sectionInset: Insets = .zero, headerHeight: Double = 0,
                footerHeight: Double = 0, headerInset: Insets = .zero, footerInset: Insets = .zero,
                itemRenderDirection: WaterfallItemRenderDirection = .shortestFirst, minimumContentHeight: Double = 0,
                sectionHeadersPinToVisibleBounds: Bool = false, sectionFootersPinToVisibleBounds: Bool = false,
                contentInset: Insets = .zero, sections: [WaterfallSection]) {
        self.width = width
        self.scale = scale
        self.columnCount = columnCount
        self.minimumColumnSpacing = minimumColumnSpacing
        self.minimumInteritemSpacing = minimumInteritemSpacing
        self.sectionInset = sectionInset
        self.headerHeight = headerHeight
        self.footerHeight = footerHeight
        self.headerInset = headerInset
        self.footerInset = footerInset
        self.itemRenderDirection = itemRenderDirection
        self.minimumContentHeight = minimumContentHeight
        self.sectionHeadersPinToVisibleBounds = sectionHeadersPinToVisibleBounds
        self.sectionFootersPinToVisibleBounds = sectionFootersPinToVisibleBounds
        self.contentInset = contentInset
        self.sections = sections
    }
}
