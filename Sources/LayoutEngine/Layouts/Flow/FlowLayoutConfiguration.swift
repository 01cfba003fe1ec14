/// The input of `FlowLayout.layout(_:)`: what an app gives `UICollectionViewFlowLayout`, its
/// delegate and its collection view. Every default is UIKit's (docs/uikit-rules/flow-layout.md §0).

/// The collection view's own metrics that the layouts read.
public struct CollectionViewMetrics: Hashable, Sendable {
    public var width: Double
    public var height: Double
    /// The window screen's scale (`_currentScreenScale`): origins round to 1/scale points.
    public var scale: Double
    /// The adjusted content inset (`adjustedContentInset`): contentInset plus any safe-area adjustment.
    public var contentInset: Insets
    public var safeAreaInsets: Insets
    public var layoutMargins: Insets
    /// `effectiveUserInterfaceLayoutDirection`: right-to-left mirrors every layout type
    /// (`Layout.mirroredForRightToLeft()`); a compositional layout first reads its physical
    /// left/right insets as trailing/leading (NSDirectionalEdgeInsets).
    public var layoutDirection: LayoutDirection
    /// The readable content guide's insets (`readableContentGuide`), when known (a device
    /// profile fills them); nil means the layout margins. Read by compositional
    /// `contentInsetsReference .readableContent`.
    public var readableContentInsets: Insets?
    /// `UIScreen._wantsWideContentMargins` (iPads, large iPhones), when known: list sections use
    /// 20 pt margins instead of 16 (list-layout.md L10). nil: the reader's own default.
    public var wideContentMargins: Bool?

    public init(width: Double, height: Double, scale: Double = 2, contentInset: Insets = .zero,
                safeAreaInsets: Insets = .zero, layoutMargins: Insets = .zero,
                layoutDirection: LayoutDirection = .leftToRight, readableContentInsets: Insets? = nil,
                wideContentMargins: Bool? = nil) {
        self.width = width
        self.height = height
        self.scale = scale
        self.contentInset = contentInset
        self.safeAreaInsets = safeAreaInsets
        self.layoutMargins = layoutMargins
        self.layoutDirection = layoutDirection
        self.readableContentInsets = readableContentInsets
        self.wideContentMargins = wideContentMargins
    }
}

/// `UICollectionViewFlowLayout.SectionInsetReference`.
public enum SectionInsetReference: String, Hashable, Sendable, CaseIterable {
    case fromContentInset
    case fromSafeArea
    case fromLayoutMargins
}

/// Alignment of items along a line (UIKit's private `_rowAlignmentsOptions`, values 0...3).
public enum LineAlignment: String, Hashable, Sendable, CaseIterable {
    case left
    case center
    case right
    case justify
}

/// Alignment of items across a line (RowVertical: 0 top, 1 center, 2 bottom).
public enum CrossAlignment: String, Hashable, Sendable, CaseIterable {
    case top
    case center
    case bottom
}

/// UIKit's three row-alignment options; the defaults are UIKit's (justify, left, center).
public struct RowAlignment: Hashable, Sendable {
    public var commonRow: LineAlignment
    public var lastRow: LineAlignment
    public var vertical: CrossAlignment

    public init(commonRow: LineAlignment = .justify, lastRow: LineAlignment = .left,
                vertical: CrossAlignment = .center) {
        self.commonRow = commonRow
        self.lastRow = lastRow
        self.vertical = vertical
    }
    public static let uikit = RowAlignment()
}

/// `estimatedItemSize`: a fixed estimate, or `UICollectionViewFlowLayout.automaticSize`.
public enum EstimatedItemSize: Hashable, Sendable {
    case fixed(Size)
    /// The running mean of the sizes measured so far, 50x50 before any (spec §11).
    case automatic
}

/// How a section gives its items' sizes.
public enum FlowItems: Hashable, Sendable {
    /// `count` items, all of the same size (`itemSize`, or a delegate returning one size).
    case uniform(count: Int, size: Size)
    /// What `collectionView(_:layout:sizeForItemAt:)` returns, item by item.
    case sizes([Size])

    public var count: Int {
        switch self {
        case .uniform(let count, _): count
        case .sizes(let sizes): sizes.count
        }
    }
}

/// One section: its items plus the section-level properties, already resolved (a delegate
/// override or the layout's property).
public struct FlowSection: Hashable, Sendable {
    public var items: FlowItems
    public var inset: Insets
    public var minimumLineSpacing: Double
    public var minimumInteritemSpacing: Double
    public var headerReferenceSize: Size
    public var footerReferenceSize: Size
    /// Self-sizing: sizes the client measured (`preferredLayoutAttributesFitting`), by item.
    public var preferredSizes: [Int: Size]

    public init(items: FlowItems, inset: Insets = .zero, minimumLineSpacing: Double = 10,
                minimumInteritemSpacing: Double = 10, headerReferenceSize: Size = .zero,
                footerReferenceSize: Size = .zero, preferredSizes: [Int: Size] = [:]) {
        self.items = items
        self.inset = inset
        self.minimumLineSpacing = minimumLineSpacing
        self.minimumInteritemSpacing = minimumInteritemSpacing
        self.headerReferenceSize = headerReferenceSize
        self.footerReferenceSize = footerReferenceSize
        self.preferredSizes = preferredSizes
    }
}

/// Everything `UICollectionViewFlowLayout` reads when it prepares.
public struct FlowLayoutConfiguration: Hashable, Sendable {
    public var collectionView: CollectionViewMetrics
    public var scrollDirection: ScrollDirection
    public var sectionInsetReference: SectionInsetReference
    public var rowAlignment: RowAlignment
    public var sectionHeadersPinToVisibleBounds: Bool
    public var sectionFootersPinToVisibleBounds: Bool
    public var roundsToScreenScale: Bool
    /// nil is `.zero`: sizes are known, not estimated.
    public var estimatedItemSize: EstimatedItemSize?
    /// UIKit's per-item path with horizontal scrolling uses minimumLineSpacing inside a column and
    /// minimumInteritemSpacing between columns (spec §7). On by default, as in UIKit.
    public var swapsSpacingForMixedHorizontalSections: Bool
    public var sections: [FlowSection]

    public init(collectionView: CollectionViewMetrics, scrollDirection: ScrollDirection = .vertical,
                sectionInsetReference: SectionInsetReference = .fromContentInset,
                rowAlignment: RowAlignment = .uikit, sectionHeadersPinToVisibleBounds: Bool = false,
                sectionFootersPinToVisibleBounds: Bool = false, roundsToScreenScale: Bool = true,
                estimatedItemSize: EstimatedItemSize? = nil,
                swapsSpacingForMixedHorizontalSections: Bool = true, sections: [FlowSection]) {
        self.collectionView = collectionView
        self.scrollDirection = scrollDirection
        self.sectionInsetReference = sectionInsetReference
        self.rowAlignment = rowAlignment
        self.sectionHeadersPinToVisibleBounds = sectionHeadersPinToVisibleBounds
        self.sectionFootersPinToVisibleBounds = sectionFootersPinToVisibleBounds
        self.roundsToScreenScale = roundsToScreenScale
        self.estimatedItemSize = estimatedItemSize
        self.swapsSpacingForMixedHorizontalSections = swapsSpacingForMixedHorizontalSections
        self.sections = sections
    }
}
