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
            && invalidatedFooterIndexPaths.isEmpty && contentSizeAdjustment == .zero
    }
}

/// Compares two layouts of the same collection view, element by element.
public enum LayoutInvalidation {
    /// The context UIKit would hand the collection view when `old` is replaced by `new`: every
    /// cell, header and footer whose frame, zIndex or estimated flag differs, or that exists in
    /// only one of them, and `contentSizeAdjustment = new − old`. Elements are matched by
    /// category, kind and index path through `Layout.sections`, so the layouts may differ in
    /// shape. O(n) in the elements of both layouts; no allocation beyond the answer.
    public static func diff(old: Layout, new: Layout) -> InvalidationContext {
        var context = InvalidationContext(contentSizeAdjustment: Size(
            width: new.contentSize.width - old.contentSize.width,
            height: new.contentSize.height - old.contentSize.height))
        for section in 0..<max(old.sections.count, new.sections.count) {
            let before = section < old.sections.count ? old.sections[section] : nil
            let after = section < new.sections.count ? new.sections[section] : nil
            let path = IndexPath(section: section, item: 0)
            if differs(old.element(before?.headerIndex), new.element(after?.headerIndex)) {
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
            if differs(old.element(before?.footerIndex), new.element(after?.footerIndex)) {
                context.invalidatedFooterIndexPaths.append(path)
            }
        }
        return context
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

    /// The index in `attributes` of the element with `other`'s category, kind and index path. O(1).
    func index(matching other: LayoutAttributes) -> Int? {
        let path = other.indexPath
        guard path.section >= 0, path.section < sections.count else { return nil }
        let section = sections[path.section]
        let index: Int?
        switch (other.category, other.kind) {
        case (.cell, _):
            index = path.item >= 0 && path.item < section.cells.count ? section.cells.lowerBound + path.item : nil
        case (.supplementaryView, .header?): index = section.headerIndex
        case (.supplementaryView, .footer?): index = section.footerIndex
        default: index = nil
        }
        guard let index, index >= 0, index < attributes.count else { return nil }
        return index
    }

    /// Whether the element is drawn pinned to the visible edge rather than at its frame.
    func isPinnedElement(_ a: LayoutAttributes) -> Bool {
        guard a.category == .supplementaryView else { return false }
        switch a.kind {
        case .header?: return pinning.headers
        case .footer?: return pinning.footers
        default: return false
        }
    }
}
