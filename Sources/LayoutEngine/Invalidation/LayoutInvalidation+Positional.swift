/// The invalidation of a layout whose elements are the same as before, in the same order, with
/// new frames: self-sizing and bounds changes of a table (or any layout whose shape did not
/// change). Element i of the old layout is element i of the new one, so one pass compares
/// them and each changed element is appended once, with no search of the lists built so far:
/// O(n) however many elements move (a measured row near the top moves every row, separator and
/// footer below it).
extension LayoutInvalidation {
    /// The context `diff` would give, when `old` and `new` have the same elements in the same
    /// order (category, kind, index path, global); nil otherwise (checked as it goes: a
    /// mismatch stops the pass). Lists come out in `diff`'s order.
    static func positionalDiff(old: Layout, new: Layout) -> InvalidationContext? {
        guard old.attributes.count == new.attributes.count, old.elementKinds == new.elementKinds,
              old.sections.count == new.sections.count else { return nil }
        var context = InvalidationContext(contentSizeAdjustment: Size(
            width: new.contentSize.width - old.contentSize.width,
            height: new.contentSize.height - old.contentSize.height))
        var others = false
        // Both stores read in order (O(1) an element in either form: `ElementStore.Iterator`).
        for (x, y) in zip(old.attributes, new.attributes) {
            guard x.category == y.category, x.kind == y.kind, x.isGlobal == y.isGlobal,
                  x.indexPath == y.indexPath else { return nil }
            guard differs(x, y) else { continue }
            switch (y.category, y.kind) {
            case (.cell, _):
                context.invalidatedItemIndexPaths.append(y.indexPath)
            case (.supplementaryView, .header?) where !y.isGlobal:
                context.invalidatedHeaderIndexPaths.append(y.indexPath)
            case (.supplementaryView, .footer?) where !y.isGlobal:
                context.invalidatedFooterIndexPaths.append(y.indexPath)
            default:
                context.invalidatedOtherElements.append(InvalidatedElement(y))
                others = true
            }
        }
        // Cells, headers and footers came in section order; only the other kinds need sorting.
        if others { context.invalidatedOtherElements.sort() }
        return context
    }
}
