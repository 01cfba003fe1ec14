/// `UICollectionLayoutListConfiguration` and the environment UIKit sizes lists from
/// (docs/uikit-rules/list-layout.md §2). A list section is a compositional section
/// (`CompositionalSection.list`); these values say how UIKit builds it (L1-L17).

/// `UICollectionLayoutListConfiguration.Appearance` (raw values are UIKit's enum order, L1).
public enum ListAppearance: String, Hashable, Sendable, CaseIterable {
    case plain, grouped, insetGrouped, sidebar, sidebarPlain

    /// L1: plain and sidebarPlain are sized with the plain table style.
    public var isPlainLike: Bool { self == .plain || self == .sidebarPlain }

    /// L11: headers and footers follow the section's leading/trailing insets
    /// (`_shouldSupplementariesFollowSectionInsets`: `(style & ~4) != 0`).
    public var supplementariesFollowInsets: Bool { !isPlainLike }

    /// L13: plain-like sections pin their headers and footers (`_shouldPinSupplementaries`).
    public var pinsSupplementaries: Bool { isPlainLike }

    /// L10: the appearances whose rows are inset by the table margin.
    public var insetsRows: Bool { self == .insetGrouped || self == .sidebar || self == .sidebarPlain }

    /// L15: `showsSeparators` default (true for plain, grouped, insetGrouped).
    public var showsSeparatorsByDefault: Bool { self == .plain || self == .grouped || self == .insetGrouped }
}

/// `UICollectionLayoutListConfiguration.HeaderMode`.
public enum ListHeaderMode: String, Hashable, Sendable, CaseIterable {
    case none, supplementary, firstItemInSection
}

/// `UICollectionLayoutListConfiguration.FooterMode`.
public enum ListFooterMode: String, Hashable, Sendable, CaseIterable {
    case none, supplementary
}

/// `UIListSeparatorConfiguration.Visibility`.
public enum ListSeparatorVisibility: String, Hashable, Sendable, CaseIterable {
    case automatic, visible, hidden
}

/// Leading and trailing separator insets (`NSDirectionalEdgeInsets`, top/bottom unused).
public struct ListSeparatorInsets: Hashable, Sendable {
    public var leading: Double
    public var trailing: Double
    public init(leading: Double = 0, trailing: Double = 0) { self.leading = leading; self.trailing = trailing }
}

/// `UIListSeparatorConfiguration`: nil insets mean `UIListSeparatorAutomaticInsets`.
public struct ListSeparatorConfiguration: Hashable, Sendable {
    public var topSeparatorVisibility: ListSeparatorVisibility
    public var bottomSeparatorVisibility: ListSeparatorVisibility
    public var topSeparatorInsets: ListSeparatorInsets?
    public var bottomSeparatorInsets: ListSeparatorInsets?

    public init(topSeparatorVisibility: ListSeparatorVisibility = .automatic, bottomSeparatorVisibility: ListSeparatorVisibility = .automatic,
                topSeparatorInsets: ListSeparatorInsets? = nil, bottomSeparatorInsets: ListSeparatorInsets? = nil) {
        self.topSeparatorVisibility = topSeparatorVisibility
        self.bottomSeparatorVisibility = bottomSeparatorVisibility
        self.topSeparatorInsets = topSeparatorInsets
        self.bottomSeparatorInsets = bottomSeparatorInsets
    }

    public static let automatic = ListSeparatorConfiguration()
}

/// One list section: `UICollectionLayoutListConfiguration` plus what the app may set on the
/// `NSCollectionLayoutSection` that `list(using:layoutEnvironment:)` returned.
public struct ListSectionConfiguration: Hashable, Sendable {
    public var appearance: ListAppearance
    public var headerMode: ListHeaderMode
    public var footerMode: ListFooterMode
    /// `headerTopPadding`: nil (or negative) is UIKit's automatic padding (L12).
    public var headerTopPadding: Double?
    /// nil: the appearance's default (L15).
    public var showsSeparators: Bool?
    public var separatorConfiguration: ListSeparatorConfiguration
    /// The SPI `rowHeight` (`_UICollectionLayoutListConfiguration.rowHeight`): rows are
    /// `absolute` this high instead of estimated (L2). nil: estimated rows (L5).
    public var rowHeight: Double?
    /// `section.contentInsets = …` after `list(using:)`: replaces all four default insets (L9).
    public var contentInsets: DirectionalInsets?
    /// `section.interGroupSpacing`: between rows (L2; default 0 on iPhone).
    public var interGroupSpacing: Double

    public init(appearance: ListAppearance = .plain, headerMode: ListHeaderMode = .none, footerMode: ListFooterMode = .none,
                headerTopPadding: Double? = nil, showsSeparators: Bool? = nil,
                separatorConfiguration: ListSeparatorConfiguration = .automatic, rowHeight: Double? = nil,
                contentInsets: DirectionalInsets? = nil, interGroupSpacing: Double = 0) {
        self.appearance = appearance
        self.headerMode = headerMode
        self.footerMode = footerMode
        self.headerTopPadding = headerTopPadding
        self.showsSeparators = showsSeparators
        self.separatorConfiguration = separatorConfiguration
        self.rowHeight = rowHeight
        self.contentInsets = contentInsets
        self.interGroupSpacing = interGroupSpacing
    }

    /// The explicit padding, if the app set one (a negative value is automatic).
    var explicitHeaderTopPadding: Double? {
        guard let p = headerTopPadding, p >= 0 else { return nil }
        return p
    }

    /// L13: plain-like headers are "chromeless" unless `headerTopPadding` is explicitly 0.
    var headersAreChromeless: Bool { appearance.isPlainLike && explicitHeaderTopPadding != 0 }

    var effectiveShowsSeparators: Bool { showsSeparators ?? appearance.showsSeparatorsByDefault }

    /// The `NSCollectionLayoutSection` UIKit builds (L2): one vertical group of one full-width
    /// item, estimated unless `rowHeight` is set. Only its shape matters (whether rows estimate).
    func placeholderGroup(estimate: Double) -> CompositionalGroup {
        let height: CompositionalDimension = rowHeight.map { .absolute($0) } ?? .estimated(estimate)
        let item = CompositionalItem(layoutSize: CompositionalSize(width: .fractionalWidth(1), height: height))
        return CompositionalGroup(orientation: .vertical,
                                  layoutSize: CompositionalSize(width: .fractionalWidth(1), height: .estimated(1000)),
                                  subitems: [.item(item)])
    }
}

/// Which UIKit implements the list (§0): the Objective-C list section of iOS 15-18, or the
/// Swift `_UIListMetrics` of iOS 26's new design.
public enum ListGeneration: String, Hashable, Sendable, CaseIterable {
    case ios15to18, ios26
}

/// `UIContentSizeCategory` (Dynamic Type), short names as in the request.
public enum ContentSizeCategory: String, Hashable, Sendable, CaseIterable {
    case XS, S, M, L, XL, XXL, XXXL, AX1, AX2, AX3, AX4, AX5

    public var isAccessibility: Bool {
        switch self {
        case .AX1, .AX2, .AX3, .AX4, .AX5: true
        default: false
        }
    }
}

/// What a list reads from its environment beyond the collection view's bounds, scale, safe
/// area and layout margins (which come from `CollectionViewMetrics`, so device profiles feed them).
public struct ListEnvironment: Hashable, Sendable {
    public var generation: ListGeneration
    public var contentSizeCategory: ContentSizeCategory
    /// `UIScreen._wantsWideContentMargins`; nil: the collection view's (`collectionView.wideContentMargins`,
    /// set by a device profile), else width ≥ 414 (L10, [I]).
    public var wideContentMargins: Bool?
    /// `NSCollectionLayoutEnvironment._wantsCollapsedTopSpacing` (L8, L9, L12).
    public var collapsedTopSpacing: Bool
    /// Report the per-section background decorations (L14).
    public var includeBackgroundDecorations: Bool
    /// Report the separator decorations (L15).
    public var includeSeparators: Bool

    public init(generation: ListGeneration = .ios15to18, contentSizeCategory: ContentSizeCategory = .L,
                wideContentMargins: Bool? = nil, collapsedTopSpacing: Bool = false,
                includeBackgroundDecorations: Bool = true, includeSeparators: Bool = false) {
        self.generation = generation
        self.contentSizeCategory = contentSizeCategory
        self.wideContentMargins = wideContentMargins
        self.collapsedTopSpacing = collapsedTopSpacing
        self.includeBackgroundDecorations = includeBackgroundDecorations
        self.includeSeparators = includeSeparators
    }
}

/// A measured supplementary view (`preferredLayoutAttributesFitting` of a header or footer).
public struct SupplementaryKey: Hashable, Sendable, Comparable {
    public var elementKind: String
    public var indexPath: IndexPath
    public init(elementKind: String, indexPath: IndexPath) { self.elementKind = elementKind; self.indexPath = indexPath }

    public static func < (a: SupplementaryKey, b: SupplementaryKey) -> Bool {
        a.elementKind != b.elementKind ? a.elementKind < b.elementKind : a.indexPath < b.indexPath
    }
}
