/// `NSCollectionLayoutItem`, `NSCollectionLayoutGroup` and the supplementary items anchored to
/// them (R8-R20, R33-R34).

/// `NSCollectionLayoutItem`: one cell.
public struct CompositionalItem: Hashable, Sendable {
    public var layoutSize: CompositionalSize
    /// Shrink the cell inside its layout frame (R8); ignored on estimated axes (R9).
    public var contentInsets: DirectionalInsets
    public var edgeSpacing: EdgeSpacing
    /// Badges and the like, anchored to the cell frame (R33, R34).
    public var supplementaryItems: [CompositionalSupplementaryItem]

    public init(layoutSize: CompositionalSize, contentInsets: DirectionalInsets = .zero,
                edgeSpacing: EdgeSpacing = .none, supplementaryItems: [CompositionalSupplementaryItem] = []) {
        self.layoutSize = layoutSize
        self.contentInsets = contentInsets
        self.edgeSpacing = edgeSpacing
        self.supplementaryItems = supplementaryItems
    }
}

/// A group's subitem: an item or a nested group (R18).
public indirect enum CompositionalSubitem: Hashable, Sendable {
    case item(CompositionalItem)
    case group(CompositionalGroup)

    public var layoutSize: CompositionalSize {
        switch self {
        case .item(let i): i.layoutSize
        case .group(let g): g.layoutSize
        }
    }

    public var edgeSpacing: EdgeSpacing {
        switch self {
        case .item(let i): i.edgeSpacing
        case .group(let g): g.edgeSpacing
        }
    }
}

/// The axis a group lays its subitems along.
public enum GroupOrientation: String, Hashable, Sendable, CaseIterable {
    case horizontal
    case vertical
}

/// Which `count` initializer made the group (R15).
public enum GroupCountKind: String, Hashable, Sendable, CaseIterable {
    /// `subitem:count:` (deprecated in iOS 16): the subitem's size on the group axis becomes
    /// `.fractionalWidth(1/count)` (or height), then exactly `count` are placed.
    case subitemCount
    /// `repeatingSubitem:count:`: exactly `count` copies at the subitem's own size.
    case repeating
}

/// `NSCollectionLayoutGroup`: horizontal, vertical, or custom (`custom` set, no subitems).
public struct CompositionalGroup: Hashable, Sendable {
    public var orientation: GroupOrientation
    public var layoutSize: CompositionalSize
    public var subitems: [CompositionalSubitem]
    /// nil: `subitems:` (repeat until full, R13); otherwise exactly `count` subitems (R15).
    public var count: Int?
    public var countKind: GroupCountKind
    /// nil is `.fixed(0)`.
    public var interItemSpacing: CompositionalSpacing?
    /// Inside the group; values in (0, 0.5) are fractions of the group's size (R12, R17).
    public var contentInsets: DirectionalInsets
    public var edgeSpacing: EdgeSpacing
    /// `NSCollectionLayoutGroup.custom(layoutSize:itemProvider:)`: the provider's output
    /// (CustomGroup.swift); `orientation`, `subitems`, `count` and spacing are then unused.
    public var custom: CustomGroupProvider?

    public init(orientation: GroupOrientation, layoutSize: CompositionalSize, subitems: [CompositionalSubitem],
                count: Int? = nil, countKind: GroupCountKind = .subitemCount,
                interItemSpacing: CompositionalSpacing? = nil, contentInsets: DirectionalInsets = .zero,
                edgeSpacing: EdgeSpacing = .none) {
        self.orientation = orientation
        self.layoutSize = layoutSize
        self.subitems = subitems
        self.count = count
        self.countKind = countKind
        self.interItemSpacing = interItemSpacing
        self.contentInsets = contentInsets
        self.edgeSpacing = edgeSpacing
    }

    public static func horizontal(_ size: CompositionalSize, _ subitems: [CompositionalSubitem]) -> CompositionalGroup {
        CompositionalGroup(orientation: .horizontal, layoutSize: size, subitems: subitems)
    }

    public static func vertical(_ size: CompositionalSize, _ subitems: [CompositionalSubitem]) -> CompositionalGroup {
        CompositionalGroup(orientation: .vertical, layoutSize: size, subitems: subitems)
    }
}

/// `NSDirectionalRectEdge` of an anchor.
public struct AnchorEdges: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let top = AnchorEdges(rawValue: 1)
    public static let leading = AnchorEdges(rawValue: 2)
    public static let bottom = AnchorEdges(rawValue: 4)
    public static let trailing = AnchorEdges(rawValue: 8)

    /// The anchor point in unit coordinates: 0 at leading/top, 1 at trailing/bottom, 0.5 with
    /// neither edge (or both) on that axis (R33).
    var unitPoint: Point {
        let x: Double = contains(.leading) == contains(.trailing) ? 0.5 : (contains(.leading) ? 0 : 1)
        let y: Double = contains(.top) == contains(.bottom) ? 0.5 : (contains(.top) ? 0 : 1)
        return Point(x: x, y: y)
    }

    var transposed: AnchorEdges {
        var e: AnchorEdges = []
        if contains(.top) { e.insert(.leading) }
        if contains(.leading) { e.insert(.top) }
        if contains(.bottom) { e.insert(.trailing) }
        if contains(.trailing) { e.insert(.bottom) }
        return e
    }
}

/// `NSCollectionLayoutAnchor`: edges plus an absolute offset, or a fractional one (a fraction
/// of the supplementary's own size, R33).
public struct CompositionalAnchor: Hashable, Sendable {
    public var edges: AnchorEdges
    public var offset: Point
    public var isFractionalOffset: Bool
    public init(edges: AnchorEdges, offset: Point = .zero, isFractionalOffset: Bool = false) {
        self.edges = edges
        self.offset = offset
        self.isFractionalOffset = isFractionalOffset
    }

    var transposed: CompositionalAnchor {
        CompositionalAnchor(edges: edges.transposed, offset: Point(x: offset.y, y: offset.x), isFractionalOffset: isFractionalOffset)
    }
}

/// `NSCollectionLayoutSupplementaryItem` attached to an item or group (a badge).
public struct CompositionalSupplementaryItem: Hashable, Sendable {
    public var elementKind: String
    public var layoutSize: CompositionalSize
    public var containerAnchor: CompositionalAnchor
    /// nil: the point named by `containerAnchor` (the badge sits inside that corner).
    public var itemAnchor: CompositionalAnchor?
    public var zIndex: Int
    public var contentInsets: DirectionalInsets

    public init(elementKind: String, layoutSize: CompositionalSize, containerAnchor: CompositionalAnchor,
                itemAnchor: CompositionalAnchor? = nil, zIndex: Int = 1, contentInsets: DirectionalInsets = .zero) {
        self.elementKind = elementKind
        self.layoutSize = layoutSize
        self.containerAnchor = containerAnchor
        self.itemAnchor = itemAnchor
        self.zIndex = zIndex
        self.contentInsets = contentInsets
    }
}
