/// `NSCollectionLayoutSection`, `NSCollectionLayoutBoundarySupplementaryItem` and
/// `NSCollectionLayoutDecorationItem` (R21-R39).

/// `NSRectAlignment` of a boundary supplementary item (R27).
public enum BoundaryAlignment: String, Hashable, Sendable, CaseIterable {
    case top, topLeading, leading, bottomLeading, bottom, bottomTrailing, trailing, topTrailing

    public var edges: AnchorEdges {
        switch self {
        case .top: [.top]
        case .topLeading: [.top, .leading]
        case .leading: [.leading]
        case .bottomLeading: [.bottom, .leading]
        case .bottom: [.bottom]
        case .bottomTrailing: [.bottom, .trailing]
        case .trailing: [.trailing]
        case .topTrailing: [.top, .trailing]
        }
    }

    var transposed: BoundaryAlignment {
        switch self {
        case .top: .leading
        case .leading: .top
        case .bottom: .trailing
        case .trailing: .bottom
        case .topLeading: .topLeading
        case .bottomTrailing: .bottomTrailing
        case .topTrailing: .bottomLeading
        case .bottomLeading: .topTrailing
        }
    }
}

/// A section (or layout) header, footer or other boundary item.
public struct BoundarySupplementaryItem: Hashable, Sendable {
    public var elementKind: String
    public var alignment: BoundaryAlignment
    public var layoutSize: CompositionalSize
    public var absoluteOffset: Point
    /// Default true: the item sits outside the content and extends the section (R27, R29).
    public var extendsBoundary: Bool
    public var pinToVisibleBounds: Bool
    public var zIndex: Int
    public var contentInsets: DirectionalInsets

    public init(elementKind: String, alignment: BoundaryAlignment, layoutSize: CompositionalSize,
                absoluteOffset: Point = .zero, extendsBoundary: Bool = true, pinToVisibleBounds: Bool = false,
                zIndex: Int = 1, contentInsets: DirectionalInsets = .zero) {
        self.elementKind = elementKind
        self.alignment = alignment
        self.layoutSize = layoutSize
        self.absoluteOffset = absoluteOffset
        self.extendsBoundary = extendsBoundary
        self.pinToVisibleBounds = pinToVisibleBounds
        self.zIndex = zIndex
        self.contentInsets = contentInsets
    }
}

/// `NSCollectionLayoutDecorationItem.background(elementKind:)` (R35).
public struct DecorationItem: Hashable, Sendable {
    public var elementKind: String
    public var contentInsets: DirectionalInsets
    public var zIndex: Int
    public init(elementKind: String, contentInsets: DirectionalInsets = .zero, zIndex: Int = 0) {
        self.elementKind = elementKind
        self.contentInsets = contentInsets
        self.zIndex = zIndex
    }
}

/// `UIContentInsetsReference` (R1). `.automatic` follows the layout configuration.
public enum ContentInsetsReference: String, Hashable, Sendable, CaseIterable {
    case automatic, none, safeArea, layoutMargins, readableContent
}

/// `UICollectionLayoutSectionOrthogonalScrollingBehavior` (R36-R39). Every value but `.none`
/// lays the section out along the other axis; they differ only while scrolling, except
/// `.groupPagingCentered`, which is not modelled (its inset is not established, R39).
public enum OrthogonalScrollingBehavior: String, Hashable, Sendable, CaseIterable {
    case none, continuous, continuousGroupLeadingBoundary, paging, groupPaging, groupPagingCentered
}

/// `NSCollectionLayoutSection`.
public struct CompositionalSection: Hashable, Sendable {
    public var group: CompositionalGroup
    public var contentInsets: DirectionalInsets
    public var interGroupSpacing: Double
    public var contentInsetsReference: ContentInsetsReference
    /// Default true: supplementaries size and anchor inside the section's leading/trailing insets (R28).
    public var supplementariesFollowContentInsets: Bool
    public var boundarySupplementaryItems: [BoundarySupplementaryItem]
    public var decorationItems: [DecorationItem]
    public var orthogonalScrollingBehavior: OrthogonalScrollingBehavior
    /// `NSCollectionLayoutSection.list(using:layoutEnvironment:)`: the section is a list section
    /// laid out by the list rules (List/, list-layout.md); `group` is then only the shape UIKit
    /// builds (L2) and the other fields are unused (the list carries its own insets and spacing).
    public var list: ListSectionConfiguration?

    public init(group: CompositionalGroup, contentInsets: DirectionalInsets = .zero, interGroupSpacing: Double = 0,
                contentInsetsReference: ContentInsetsReference = .automatic,
                supplementariesFollowContentInsets: Bool = true,
                boundarySupplementaryItems: [BoundarySupplementaryItem] = [], decorationItems: [DecorationItem] = [],
                orthogonalScrollingBehavior: OrthogonalScrollingBehavior = .none, list: ListSectionConfiguration? = nil) {
        self.list = list
        self.group = group
        self.contentInsets = contentInsets
        self.interGroupSpacing = interGroupSpacing
        self.contentInsetsReference = contentInsetsReference
        self.supplementariesFollowContentInsets = supplementariesFollowContentInsets
        self.boundarySupplementaryItems = boundarySupplementaryItems
        self.decorationItems = decorationItems
        self.orthogonalScrollingBehavior = orthogonalScrollingBehavior
    }
}

extension CompositionalSection {
    /// A list section (`NSCollectionLayoutSection.list(using:layoutEnvironment:)`).
    public static func listSection(_ list: ListSectionConfiguration) -> CompositionalSection {
        CompositionalSection(group: list.placeholderGroup(estimate: 44), list: list)
    }
}

/// Which UIKit generation's pixel arithmetic to reproduce (R44, R45).
public enum UIKitGeneration: String, Hashable, Sendable, CaseIterable {
    /// iOS 17+ (CollectionViewCore): fractional dimensions floored to the pixel when resolved.
    case modern
    /// iOS 13-15: no flooring; only the final rounding of every frame.
    case legacy
}
