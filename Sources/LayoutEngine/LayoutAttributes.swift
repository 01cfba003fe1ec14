/// `UICollectionView.ElementCategory`.
public enum ElementCategory: UInt8, Hashable, Sendable {
    case cell
    case supplementaryView
    case decorationView
}

/// A supplementary or decoration element kind (UIKit's `elementKind` string): an index into the
/// layout's `Layout.elementKinds` table, so attributes stay 56 bytes however many kinds a layout
/// names. `header` (0) and `footer` (1) are `elementKindSectionHeader` / `Footer`, the first two
/// entries of every table; a compositional layout appends the kinds its request names.
public struct SupplementaryKind: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var rawValue: UInt16

    public init(rawValue: UInt16) { self.rawValue = rawValue }

    public static let header = SupplementaryKind(rawValue: 0)
    public static let footer = SupplementaryKind(rawValue: 1)

    public static func < (lhs: SupplementaryKind, rhs: SupplementaryKind) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { "kind #\(rawValue)" }
}

/// What UIKit calls `UICollectionViewLayoutAttributes`: one element's place in the layout.
/// Stored fields are ordered widest first so the stride is 56 bytes: a million-element layout is
/// 56 MB of attributes (frame 32, zIndex 8, the index path as two 32-bit halves 8; category 1,
/// kind 3 with its optional tag at offset 52, then three flags). Frames stay exact doubles.
public struct LayoutAttributes: Hashable, Sendable {
    public var frame: Rect
    public var zIndex: Int
    /// `indexPath`, stored in 32 bits each: sections and items are below 2^31 (a layout has at
    /// most `--max-elements` elements, itself at most Int32.max).
    private var section32: Int32
    private var item32: Int32
    /// For a global element (`isGlobal`) the single index of UIKit's length-1 index path (`[0]`)
    /// is `section` (as `IndexPath.section` reads index 0 in UIKit) and `item` is 0.
    public var indexPath: IndexPath {
        @inline(__always) get { IndexPath(section: Int(section32), item: Int(item32)) }
        set { section32 = Int32(clamping: newValue.section); item32 = Int32(clamping: newValue.item) }
    }
    public var category: ElementCategory
    /// Set for supplementary and decoration views (an index into `Layout.elementKinds`), nil for cells.
    public var kind: SupplementaryKind?
    /// True when the size is an estimate (self-sizing layouts) rather than known.
    public var isEstimated: Bool
    /// A layout-level boundary item (compositional `configuration.boundarySupplementaryItems`):
    /// its index path has length 1 and is written `"indexPath":[n]`; it belongs to no section.
    public var isGlobal: Bool
    /// UIKit's per-item `pinToVisibleBounds`: the frame reported for a visible rect is clamped
    /// to the rect's edge while its section is visible (applied at query time, not stored).
    public var pinsToVisibleBounds: Bool

    public init(category: ElementCategory, kind: SupplementaryKind? = nil, indexPath: IndexPath,
                frame: Rect, zIndex: Int = 0, isEstimated: Bool = false,
                isGlobal: Bool = false, pinsToVisibleBounds: Bool = false) {
        self.category = category
        self.kind = kind
        self.section32 = Int32(clamping: indexPath.section)
        self.item32 = Int32(clamping: indexPath.item)
        self.frame = frame
        self.zIndex = zIndex
        self.isEstimated = isEstimated
        self.isGlobal = isGlobal
        self.pinsToVisibleBounds = pinsToVisibleBounds
    }

    /// Sets only the item of the index path (as `indexPath = IndexPath(section: same, item:)`
    /// would): bulk writers copy a template that already holds the section.
    @inline(__always)
    mutating func setItem(_ item: Int) { item32 = Int32(clamping: item) }

    /// `setItem` for an item the caller has checked is in `0 ... Int32.max` (no clamping).
    @inline(__always)
    mutating func setItem(inRange item: Int) { item32 = Int32(truncatingIfNeeded: item) }

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

    /// A supplementary view of any kind (section boundary item, badge) at `indexPath`.
    public static func supplementary(_ kind: SupplementaryKind, _ indexPath: IndexPath, _ frame: Rect,
                                     zIndex: Int = 0, pinsToVisibleBounds: Bool = false) -> LayoutAttributes {
        LayoutAttributes(category: .supplementaryView, kind: kind, indexPath: indexPath, frame: frame,
                         zIndex: zIndex, pinsToVisibleBounds: pinsToVisibleBounds)
    }

    /// A decoration view (a section background) of `kind` at `indexPath`.
    public static func decoration(_ kind: SupplementaryKind, _ indexPath: IndexPath, _ frame: Rect,
                                  zIndex: Int = 0) -> LayoutAttributes {
        LayoutAttributes(category: .decorationView, kind: kind, indexPath: indexPath, frame: frame, zIndex: zIndex)
    }

    /// A layout-level (global) supplementary view: index path `[index]`.
    public static func global(_ kind: SupplementaryKind, index: Int, _ frame: Rect,
                              zIndex: Int = 0, pinsToVisibleBounds: Bool = false) -> LayoutAttributes {
        LayoutAttributes(category: .supplementaryView, kind: kind, indexPath: IndexPath(section: index, item: 0),
                         frame: frame, zIndex: zIndex, isGlobal: true, pinsToVisibleBounds: pinsToVisibleBounds)
    }
}
