/// One element by its index in `attributes`, as UIKit's `layoutAttributesForItem(at:)` and
/// `layoutAttributesForSupplementaryView(ofKind:at:)` return it.
extension Layout {
    /// `attributes[index]`, with a pinned header or footer moved to where it is drawn for
    /// `visibleRect` (zIndex raised). Nil for an index outside the layout. O(1).
    public func pinnedAttributes(at index: Int, visibleRect: Rect) -> LayoutAttributes? {
        guard index >= 0, index < attributes.count else { return nil }
        var a = attributes[index]
        guard a.category == .supplementaryView, a.indexPath.section < sections.count else { return a }
        let section = sections[a.indexPath.section]
        switch a.kind {
        case .header? where pinning.headers && section.headerIndex == index:
            a.frame = pinnedHeaderFrame(section: section, headerIndex: index, visible: visibleRect)
        case .footer? where pinning.footers && section.footerIndex == index:
            a.frame = pinnedFooterFrame(section: section, footerIndex: index, visible: visibleRect)
        default:
            return a
        }
        a.zIndex = Layout.pinnedZIndex
        return a
    }
}
