/// `NSCollectionLayoutDimension`, `NSCollectionLayoutSize`, `NSDirectionalEdgeInsets` and
/// `NSCollectionLayoutSpacing` / `NSCollectionLayoutEdgeSpacing`
/// (docs/uikit-rules/compositional-layout.md R3-R11).

/// One axis of a layout size (R3). A fractional dimension is a fraction of the *container's*
/// width or height whichever axis it sizes, so `height: .fractionalWidth(0.2)` makes squares.
public enum CompositionalDimension: Hashable, Sendable {
    case absolute(Double)
    case fractionalWidth(Double)
    case fractionalHeight(Double)
    /// The size before self-sizing (R4); `preferredSizes` replace it.
    case estimated(Double)
    /// iOS 17 `uniformAcrossSiblings(estimate:)`: the estimate before self-sizing (R6).
    case uniformAcrossSiblings(Double)

    /// The number the dimension carries (fraction, points or estimate).
    public var value: Double {
        switch self {
        case .absolute(let v), .fractionalWidth(let v), .fractionalHeight(let v), .estimated(let v),
             .uniformAcrossSiblings(let v): v
        }
    }

    /// `isEstimated` (semantics 3 and 4): content insets are ignored on this axis (R9) and an
    /// estimated group never rejects an item on it (R5).
    public var isEstimated: Bool {
        switch self {
        case .estimated, .uniformAcrossSiblings: true
        default: false
        }
    }

    /// The same dimension with width and height swapped (horizontal scrolling is the vertical
    /// layout of the transposed request).
    var transposed: CompositionalDimension {
        switch self {
        case .fractionalWidth(let f): .fractionalHeight(f)
        case .fractionalHeight(let f): .fractionalWidth(f)
        default: self
        }
    }
}

/// `NSCollectionLayoutSize`.
public struct CompositionalSize: Hashable, Sendable {
    public var width: CompositionalDimension
    public var height: CompositionalDimension
    public init(width: CompositionalDimension, height: CompositionalDimension) {
        self.width = width
        self.height = height
    }

    var transposed: CompositionalSize { CompositionalSize(width: height.transposed, height: width.transposed) }

    /// `_containerSizeDependentAxes` along x (R14): either dimension is `.fractionalWidth`.
    var dependsOnContainerWidth: Bool {
        if case .fractionalWidth = width { return true }
        if case .fractionalWidth = height { return true }
        return false
    }

    /// Along y: either dimension is `.fractionalHeight`.
    var dependsOnContainerHeight: Bool {
        if case .fractionalHeight = width { return true }
        if case .fractionalHeight = height { return true }
        return false
    }

    /// The root-group exception of R23: exactly `(.fractionalWidth(1), .fractionalHeight(1))`.
    var isContainerSize: Bool { width == .fractionalWidth(1) && height == .fractionalHeight(1) }
}

/// `NSDirectionalEdgeInsets` (left-to-right: leading = left, trailing = right).
public struct DirectionalInsets: Hashable, Sendable {
    public var top: Double
    public var leading: Double
    public var bottom: Double
    public var trailing: Double
    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }
    public static let zero = DirectionalInsets()

    var transposed: DirectionalInsets { DirectionalInsets(top: leading, leading: top, bottom: trailing, trailing: bottom) }
}

/// `NSCollectionLayoutSpacing`: `.fixed` is exactly the value, `.flexible` at least the value
/// plus an equal share of the group's leftover space (R11, R16).
public enum CompositionalSpacing: Hashable, Sendable {
    case fixed(Double)
    case flexible(Double)

    public var spacing: Double {
        switch self {
        case .fixed(let v), .flexible(let v): v
        }
    }

    public var isFlexible: Bool {
        if case .flexible = self { return true }
        return false
    }
}

/// `NSCollectionLayoutEdgeSpacing`: extra space outside an item's layout frame (R11).
public struct EdgeSpacing: Hashable, Sendable {
    public var leading: CompositionalSpacing?
    public var top: CompositionalSpacing?
    public var trailing: CompositionalSpacing?
    public var bottom: CompositionalSpacing?
    public init(leading: CompositionalSpacing? = nil, top: CompositionalSpacing? = nil,
                trailing: CompositionalSpacing? = nil, bottom: CompositionalSpacing? = nil) {
        self.leading = leading; self.top = top; self.trailing = trailing; self.bottom = bottom
    }
    public static let none = EdgeSpacing()

    var transposed: EdgeSpacing { EdgeSpacing(leading: top, top: leading, trailing: bottom, bottom: trailing) }
}
