import JSON
import LayoutEngine

/// What `POST /layout/{id}/invalidate` answers: UIKit's invalidation context, the anchored
/// offset, and the new layout's body embedded verbatim from the cache entry.
struct InvalidationAnswer {
    var invalidated: Bool
    var id: String
    var previousID: String
    var contentSize: Size
    var context: InvalidationContext
    /// Self-sizing answers carry `contentOffsetAdjustment` (the context's).
    var isBoundsChange: Bool
    /// Bounds changes: where to scroll so the element at the top stays at the top.
    var targetContentOffset: Point = .zero
    /// Bounds changes of layouts with pinned headers or footers: those drawn at
    /// `targetContentOffset`, where they are drawn (zIndex 10). nil when the layout pins nothing.
    var pinnedElements: [LayoutAttributes]?
    /// The new layout's `elementKinds`, naming the pinned elements' kinds.
    var kinds = KindPrefixes.standard
    /// The new layout's `elementKinds`, naming the other invalidated elements' kinds.
    var kindNames = Layout.defaultElementKinds
    var estimates: Bool
    /// The new layout's `POST /layout` body (or the minimal one); nil when not invalidated.
    var layout: [UInt8]?

    /// The most bytes `encoded()` writes: every index path at its longest (two 20-digit
    /// integers), each pinned element at its longest, the embedded layout as it is.
    var byteBound: Int {
        let paths = context.invalidatedItemIndexPaths.count + context.invalidatedHeaderIndexPaths.count
            + context.invalidatedFooterIndexPaths.count + context.invalidatedOtherElements.count
        return 1024 + kindNames.reduce(0) { $0 + JSONWriter.quotedLength($1) + 8 } * 2 + paths * AnswerBounds.path
            + (pinnedElements?.count ?? 0) * ElementEncoder(prefixes: kinds).maxBytesPerElement + (layout?.count ?? 0)
    }

    /// The response body. Index-path lists are bounded by the layout's element cap.
    func encoded(capacity: Int? = nil) -> [UInt8] {
        let paths = context.invalidatedItemIndexPaths.count + context.invalidatedHeaderIndexPaths.count
            + context.invalidatedFooterIndexPaths.count + context.invalidatedOtherElements.count * 4
        var w = JSONWriter(capacity: capacity ?? (320 + paths * 12 + (layout?.count ?? 0)))
        w.raw("{\"invalidated\":"); w.bool(invalidated)
        w.raw(",\"id\":"); w.string(id)
        w.raw(",\"previousId\":"); w.string(previousID)
        w.raw(",\"contentSize\":"); w.size(contentSize)
        w.raw(",\"contentSizeAdjustment\":"); w.size(context.contentSizeAdjustment)
        if isBoundsChange {
            w.raw(",\"targetContentOffset\":"); w.point(targetContentOffset)
        } else {
            w.raw(",\"contentOffsetAdjustment\":"); w.point(context.contentOffsetAdjustment)
        }
        w.raw(",\"invalidatedItemIndexPaths\":"); w.indexPaths(context.invalidatedItemIndexPaths)
        w.raw(",\"invalidatedSupplementaryIndexPaths\":{\"header\":")
        w.indexPaths(context.invalidatedHeaderIndexPaths, globals: context.invalidatedOtherElements, kind: .header)
        w.raw(",\"footer\":")
        w.indexPaths(context.invalidatedFooterIndexPaths, globals: context.invalidatedOtherElements, kind: .footer)
        w.otherElements(context.invalidatedOtherElements, category: .supplementaryView, names: kindNames)
        w.raw("}")
        if context.invalidatedOtherElements.contains(where: { $0.category == .decorationView }) {
            w.raw(",\"invalidatedDecorationIndexPaths\":{")
            w.otherElements(context.invalidatedOtherElements, category: .decorationView, names: kindNames, leadingComma: false)
            w.raw("}")
        }
        if let pinnedElements {
            w.raw(",\"pinnedElements\":[")
            var elements = ElementEncoder(prefixes: kinds)
            elements.write(pinnedElements, estimates: estimates, into: &w)
            w.raw("]")
        }
        if let layout {
            w.raw(",\"layout\":")
            w.bytes.append(contentsOf: layout)
        }
        w.raw("}")
        return w.bytes
    }
}

extension JSONWriter {
    /// `,"kind":[[s,i],…]` per kind name for the elements of `category` (global ones as `[n]`),
    /// kinds in table order. O(elements · kinds named).
    mutating func otherElements(_ list: [InvalidatedElement], category: ElementCategory, names: [String], leadingComma: Bool = true) {
        var first = !leadingComma
        for (k, name) in names.enumerated() where category == .decorationView || k >= 2 {
            let mine = list.filter { $0.category == category && Int($0.kind.rawValue) == k }
            guard !mine.isEmpty else { continue }
            if !first { raw(",") }
            first = false
            string(name); raw(":[")
            for (i, e) in mine.enumerated() {
                if i > 0 { raw(",") }
                if e.isGlobal { raw("["); int(e.indexPath.section); raw("]") } else { indexPath(e.indexPath) }
            }
            raw("]")
        }
    }

    /// Section headers (footers) then layout-level supplementary views of the same kind (`[n]`).
    mutating func indexPaths(_ list: [IndexPath], globals: [InvalidatedElement], kind: SupplementaryKind) {
        let extra = globals.filter { $0.isGlobal && $0.category == .supplementaryView && $0.kind == kind }
        guard !extra.isEmpty else { return indexPaths(list) }
        raw("[")
        for (i, p) in list.enumerated() {
            if i > 0 { raw(",") }
            indexPath(p)
        }
        for (i, e) in extra.enumerated() {
            if i > 0 || !list.isEmpty { raw(",") }
            raw("["); int(e.indexPath.section); raw("]")
        }
        raw("]")
    }

    mutating func point(_ p: Point) {
        raw("{\"x\":"); number(p.x); raw(",\"y\":"); number(p.y); raw("}")
    }

    mutating func indexPaths(_ list: [IndexPath]) {
        raw("[")
        for (i, p) in list.enumerated() {
            if i > 0 { raw(",") }
            indexPath(p)
        }
        raw("]")
    }
}
