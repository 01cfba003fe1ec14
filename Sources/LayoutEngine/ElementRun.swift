/// Consecutive elements that share everything but their item, which counts up by one: a
/// section's cells, a header, a footer, a run of separators. `CompactElements` keeps one per run
/// instead of an index path, category, kind, zIndex and flags per element, and the binary
/// answers send them the same way.
public struct ElementRun: Sendable, Hashable {
    public var zIndex: Int
    /// Index of the run's first element in its list.
    public var start: Int32
    public var section: Int32
    public var firstItem: Int32
    var kindValue: UInt16
    public var category: ElementCategory
    var flags: UInt8

    static let hasKind: UInt8 = 1, estimated: UInt8 = 2, global: UInt8 = 4, pins: UInt8 = 8

    /// The run that `a`, element `index` of its list, starts.
    public init(_ a: LayoutAttributes, at index: Int) {
        // Index paths are stored as 32-bit halves by `LayoutAttributes` itself: these are exact.
        zIndex = a.zIndex
        start = Int32(truncatingIfNeeded: index)
        section = Int32(truncatingIfNeeded: a.indexPath.section)
        firstItem = Int32(truncatingIfNeeded: a.indexPath.item)
        kindValue = a.kind?.rawValue ?? 0
        category = a.category
        flags = Self.flags(a)
    }

    public var kind: SupplementaryKind? { flags & Self.hasKind != 0 ? SupplementaryKind(rawValue: kindValue) : nil }
    public var isEstimated: Bool { flags & Self.estimated != 0 }
    public var isGlobal: Bool { flags & Self.global != 0 }
    public var pinsToVisibleBounds: Bool { flags & Self.pins != 0 }

    /// The run's element `offset` (0 for its first), with `frame`.
    @inline(__always)
    public func element(_ offset: Int, frame: Rect) -> LayoutAttributes {
        LayoutAttributes(category: category, kind: kind,
                         indexPath: IndexPath(section: Int(section), item: Int(firstItem) + offset),
                         frame: frame, zIndex: zIndex, isEstimated: isEstimated,
                         isGlobal: isGlobal, pinsToVisibleBounds: pinsToVisibleBounds)
    }

    /// Whether `a`, element `index` of the list, continues this run (same everything, next item).
    @inline(__always)
    public func continues(with a: LayoutAttributes, at index: Int) -> Bool {
        let ip = a.indexPath
        return Int(firstItem) + (index - Int(start)) == ip.item && Int(section) == ip.section
            && category == a.category && zIndex == a.zIndex && flags == Self.flags(a)
            && kindValue == (a.kind?.rawValue ?? 0)
    }

    @inline(__always)
    static func flags(_ a: LayoutAttributes) -> UInt8 {
        (a.kind != nil ? hasKind : 0) | (a.isEstimated ? estimated : 0)
            | (a.isGlobal ? global : 0) | (a.pinsToVisibleBounds ? pins : 0)
    }

    /// The runs of `elements` in order, or nil once there would be more than `limit`. O(n).
    public static func runs(of elements: some Sequence<LayoutAttributes>, limit: Int = .max) -> [ElementRun]? {
        var runs: [ElementRun] = []
        for (i, a) in elements.enumerated() {
            if let last = runs.last, last.continues(with: a, at: i) { continue }
            runs.append(ElementRun(a, at: i))
            if runs.count > limit { return nil }
        }
        return runs
    }
}
