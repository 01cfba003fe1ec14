/// What `UICollectionViewLayoutInvalidationContext` tells the collection view after a layout
/// changes: which elements to re-query and how to adjust the content size and offset.
public struct InvalidationContext: Hashable, Sendable {
    /// Cells whose attributes changed (frame, zIndex or `isEstimated`), appeared or disappeared,
    /// in (section, item) order (`invalidatedItemIndexPaths`).
    public var invalidatedItemIndexPaths: [IndexPath]
    /// Headers and footers likewise, by kind, each list in section order
    /// (`invalidatedSupplementaryIndexPaths`).
    public var invalidatedHeaderIndexPaths: [IndexPath]
    public var invalidatedFooterIndexPaths: [IndexPath]
    /// Every other supplementary and decoration view (compositional kinds, badges, backgrounds,
    /// layout-level items), in (global, section, item, kind) order
    /// (`invalidatedSupplementaryIndexPaths` / `invalidatedDecorationIndexPaths` by kind).
    public var invalidatedOtherElements: [InvalidatedElement] = []
    /// New content size minus old (`contentSizeAdjustment`).
    public var contentSizeAdjustment: Size
    /// How far to move the content offset so the user keeps seeing what they saw
    /// (`contentOffsetAdjustment`); zero unless computed for a visible rect.
    public var contentOffsetAdjustment: Point

    public init(invalidatedItemIndexPaths: [IndexPath] = [], invalidatedHeaderIndexPaths: [IndexPath] = [],
                invalidatedFooterIndexPaths: [IndexPath] = [], contentSizeAdjustment: Size = .zero,
                contentOffsetAdjustment: Point = .zero) {
        self.invalidatedItemIndexPaths = invalidatedItemIndexPaths
        self.invalidatedHeaderIndexPaths = invalidatedHeaderIndexPaths
        self.invalidatedFooterIndexPaths = invalidatedFooterIndexPaths
        self.contentSizeAdjustment = contentSizeAdjustment
        self.contentOffsetAdjustment = contentOffsetAdjustment
    }

    /// True when nothing changed: no element, no content size.
    public var isEmpty: Bool {
        invalidatedItemIndexPaths.isEmpty && invalidatedHeaderIndexPaths.isEmpty
            && invalidatedFooterIndexPaths.isEmpty && invalidatedOtherElements.isEmpty && contentSizeAdjustment == .zero
    }

    /// Adds `a` to the list for its category and kind: section headers and footers of the
    /// standard kinds to their lists, anything else to `invalidatedOtherElements`. O(1): repeats
    /// are removed by `sortLists()`, which every caller runs once after its last `add` (a
    /// `contains` per add made a rotation of a 100,000-row list with separators quadratic:
    /// 3.4 s, issue 33).
    mutating func add(_ a: LayoutAttributes) {
        switch (a.category, a.kind) {
        case (.cell, _):
            invalidatedItemIndexPaths.append(a.indexPath)
        case (.supplementaryView, .header?) where !a.isGlobal:
            invalidatedHeaderIndexPaths.append(a.indexPath)
        case (.supplementaryView, .footer?) where !a.isGlobal:
            invalidatedFooterIndexPaths.append(a.indexPath)
        default:
            invalidatedOtherElements.append(InvalidatedElement(a))
        }
    }

    /// Every list in index-path order, each element once (after `add`). O(n) for lists already
    /// in order (the diff writes cells in order), O(n log n) otherwise.
    mutating func sortLists() {
        Self.sortUnique(&invalidatedItemIndexPaths)
        Self.sortUnique(&invalidatedHeaderIndexPaths)
        Self.sortUnique(&invalidatedFooterIndexPaths)
        Self.sortUnique(&invalidatedOtherElements)
    }

    static func sortUnique<T: Comparable>(_ list: inout [T]) {
        guard list.count > 1 else { return }
        var ordered = true
        for k in 1..<list.count where !(list[k - 1] < list[k]) {
            ordered = false
            break
        }
        if ordered { return }
        list.sort()
        var kept = 1
        for k in 1..<list.count where list[k] != list[kept - 1] {
            list[kept] = list[k]
            kept += 1
        }
        list.removeLast(list.count - kept)
    }
}

/// A supplementary or decoration view named in an invalidation context.
public struct InvalidatedElement: Hashable, Sendable, Comparable {
    public var category: ElementCategory
    public var kind: SupplementaryKind
    public var indexPath: IndexPath
    /// A layout-level element: its index path is `[indexPath.section]`.
    public var isGlobal: Bool

    public init(_ a: LayoutAttributes) {
        category = a.category
        kind = a.kind ?? .header
        indexPath = a.indexPath
        isGlobal = a.isGlobal
    }

    public static func < (l: InvalidatedElement, r: InvalidatedElement) -> Bool {
        if l.isGlobal != r.isGlobal { return l.isGlobal }
        if l.indexPath != r.indexPath { return l.indexPath < r.indexPath }
        if l.category != r.category { return l.category.rawValue < r.category.rawValue }
        return l.kind < r.kind
    }
}

/// Compares two layouts of the same collection view, element by element.
public enum LayoutInvalidation {
    /// The context UIKit would hand the collection view when `old` is replaced by `new`: every
    /// cell, header and footer whose frame, zIndex or estimated flag differs, or that exists in
    /// only one of them, and `contentSizeAdjustment = new − old`. Elements are matched by
    /// category, kind and index path through `Layout.sections`, so the layouts may differ in
    /// shape. O(n) in the elements of both layouts; no allocation beyond the answer.
    /// Layouts naming other kinds (compositional) compare every supplementary and decoration
    /// view by category, kind and index path instead (O(n) with a hash table of them).
    public static func diff(old: Layout, new: Layout) -> InvalidationContext {
        if let same = positionalDiff(old: old, new: new) { return same }  // same elements: one pass, no search
        var context = InvalidationContext(contentSizeAdjustment: Size(
            width: new.contentSize.width - old.contentSize.width,
            height: new.contentSize.height - old.contentSize.height))
        let standard = old.elementKinds == Layout.defaultElementKinds && new.elementKinds == Layout.defaultElementKinds
        for section in 0..<max(old.sections.count, new.sections.count) {
            let before = section < old.sections.count ? old.sections[section] : nil
            let after = section < new.sections.count ? new.sections[section] : nil
            let path = IndexPath(section: section, item: 0)
            if standard, differs(old.element(before?.headerIndex), new.element(after?.headerIndex)) {
                context.invalidatedHeaderIndexPaths.append(path)
            }
            let oldCells = before?.cells ?? 0..<0, newCells = after?.cells ?? 0..<0
            for item in 0..<max(oldCells.count, newCells.count) {
                let a = item < oldCells.count ? old.element(oldCells.lowerBound + item) : nil
                let b = item < newCells.count ? new.element(newCells.lowerBound + item) : nil
                if differs(a, b) {
                    context.invalidatedItemIndexPaths.append(IndexPath(section: section, item: item))
                }
            }
            if standard, differs(old.element(before?.footerIndex), new.element(after?.footerIndex)) {
                context.invalidatedFooterIndexPaths.append(path)
            }
        }
        if !standard { diffSupplementaries(old: old, new: new, into: &context) }
        return context
    }

    /// Every non-cell element of either layout, matched by category, kind, index path and
    /// whether it is global.
    static func diffSupplementaries(old: Layout, new: Layout, into context: inout InvalidationContext) {
        var before: [InvalidatedElement: LayoutAttributes] = [:]
        for a in old.attributes where a.category != .cell { before[InvalidatedElement(a)] = a }
        for b in new.attributes where b.category != .cell {
            let a = before.removeValue(forKey: InvalidatedElement(b))
            if differs(a, b) { context.add(b) }
        }
        for a in before.values { context.add(a) }
        context.sortLists()
    }

    /// Whether an element changed in a way the collection view must re-query.
    static func differs(_ a: LayoutAttributes?, _ b: LayoutAttributes?) -> Bool {
        switch (a, b) {
        case (nil, nil): false
        case (let a?, let b?): a.frame != b.frame || a.zIndex != b.zIndex || a.isEstimated != b.isEstimated
        default: true
        }
    }
}

extension Layout {
    /// `attributes[index]`, or nil for nil or an index outside the layout.
    func element(_ index: Int?) -> LayoutAttributes? {
        guard let index, index >= 0, index < attributes.count else { return nil }
        return attributes[index]
    }

    /// The index in `attributes` of the element with `other`'s category, kind and index path.
    /// O(1) for cells, headers and footers.
    func index(matching other: LayoutAttributes) -> Int? {
        index(of: other.category, kind: other.kind, at: other.indexPath, isGlobal: other.isGlobal)
    }
}
