/// `UICollectionView.ElementCategory`.
public enum ElementCategory: UInt8, Hashable, Sendable {
    case cell
    case supplementaryView
    case decorationView
}

/// The supplementary kinds the layouts here produce (`elementKindSectionHeader` / `Footer`).
public enum SupplementaryKind: UInt8, Hashable, Sendable {
    case header
    case footer
}

/// What UIKit calls `UICollectionViewLayoutAttributes`: one element's place in the layout.
/// Stored fields are ordered widest first so the stride is 64 bytes, not 72: a million-element
/// layout is 64 MB of attributes.
public struct LayoutAttributes: Hashable, Sendable {
    public var indexPath: IndexPath
    public var frame: Rect
    public var zIndex: Int
    public var category: ElementCategory
    /// Set for supplementary views, nil for cells.
    public var kind: SupplementaryKind?
    /// True when the size is an estimate (self-sizing flow layouts) rather than known.
    public var isEstimated: Bool

    public init(category: ElementCategory, kind: SupplementaryKind? = nil, indexPath: IndexPath,
                frame: Rect, zIndex: Int = 0, isEstimated: Bool = false) {
        self.category = category
        self.kind = kind
        self.indexPath = indexPath
        self.frame = frame
        self.zIndex = zIndex
        self.isEstimated = isEstimated
    }

    public static func cell(_ indexPath: IndexPath, _ frame: Rect, estimated: Bool = false) -> LayoutAttributes {
        LayoutAttributes(category: .cell, indexPath: indexPath, frame: frame, isEstimated: estimated)
    }

    public static func header(section: Int, _ frame: Rect) -> LayoutAttributes {
        LayoutAttributes(category: .supplementaryView, kind: .header,
                         indexPath: IndexPath(section: section, item: 0), frame: frame)
    }

    public static func footer(section: Int, _ frame: Rect) -> LayoutAttributes {
        LayoutAttributes(category: .supplementaryView, kind: .footer,
                         indexPath: IndexPath(section: section, item: 0), frame: frame)
    }
}
