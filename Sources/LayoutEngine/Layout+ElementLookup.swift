/// One element by its index in `attributes`, as UIKit's `layoutAttributesForItem(at:)` and
/// `layoutAttributesForSupplementaryView(ofKind:at:)` return it.
extension Layout {
    /// `attributes[index]`, with a pinned header or footer moved to where it is drawn for
    /// `visibleRect` (zIndex raised). Nil for an index outside the layout. O(1).
    public func pinnedAttributes(at index: Int, visibleRect: Rect) -> LayoutAttributes? {
        guard index >= 0, index < attributes.count else { return nil }
        let a = attributes[index]
        guard isPinnedElement(a) else { return a }
        if a.isGlobal {
            guard let slot = pinnedGlobalSlots().first(where: { $0.index == index }) else { return a }
            return pinnedCopy(index, slot.isHeader
                ? pinnedHeaderFrame(section: slot.section, headerIndex: index, visible: visibleRect)
                : pinnedFooterFrame(section: slot.section, footerIndex: index, visible: visibleRect))
        }
        guard a.indexPath.section >= 0, a.indexPath.section < sections.count else { return a }
        let section = sections[a.indexPath.section]
        if section.headerIndex == index {
            return pinnedCopy(index, pinnedHeaderFrame(section: section, headerIndex: index, visible: visibleRect))
        }
        if section.footerIndex == index {
            return pinnedCopy(index, pinnedFooterFrame(section: section, footerIndex: index, visible: visibleRect))
        }
        return a
    }
}
