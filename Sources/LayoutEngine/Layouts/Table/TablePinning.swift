/// Floating section headers and footers of a plain `UITableView` (table-layout.md T16), read from
/// `-[UITableViewRowData floatingRectForHeaderInSection:visibleRect:heightCanBeGuessed:outIsFloating:outVisibleRectDisplacement:]`
/// and its footer twin in the iOS 26.1 decompilation [D]. The visible rect is the bounds inset by
/// the adjusted content inset (`_contentInset`): `y0 = minY + inset.top`, `y1 = maxY − inset.bottom`.
///
/// Header of section s (natural rect R, height > 0, not inside [y0, y1]): `d = max(0, y0 − R.minY)`;
/// push (behaviour 3, and 0): `d = min(d, footerRect(s).minY − R.maxY)`, pushed up by the end of its
/// section; overlap (1): `d = 0` once the next section's header rect starts at or above y0 (it
/// slides over). Footer (natural F): `d = max(0, F.maxY − y1)`; push: `d = min(d, F.minY −
/// headerRect(s).maxY)`; overlap: `d = 0` while the previous section's footer ends at or below
/// y1. Header and footer rects of sections without views are their empty slots: y at the
/// header's offset (the section start) and at the end of the rows, height 0 in plain tables.
/// Frames are not rounded (UIKit sets them as computed).
extension Layout {
    /// Sections whose pinned elements may show in `[low, high]`: those meeting it, and for a
    /// table the one before, whose header still floats in the next header's top padding
    /// (overlap mode keeps it until that header itself arrives). O(log s + answers).
    func pinningCandidates(meeting low: Double, _ high: Double) -> Range<Int> {
        let range = sections(meeting: low, high)
        guard pinning.table != nil, range.lowerBound > 0 else { return range }
        return (range.lowerBound - 1)..<max(range.upperBound, range.lowerBound)
    }

    func floatingTableHeaderFrame(_ index: Int, behavior: TablePinningBehavior, visible: Rect) -> Rect {
        let r = attributes[index].frame
        let s = attributes[index].indexPath.section
        let y0 = visible.minY + pinning.contentInset.top, y1 = visible.maxY - pinning.contentInset.bottom
        guard r.height > 0, !(r.minY >= y0 && r.maxY <= y1), s >= 0, s < sections.count else { return r }
        var d = r.minY < y0 ? y0 - r.minY : 0
        switch behavior {
        case .push:
            let footerMinY = tableFooterRect(s).minY
            if d + r.maxY > footerMinY { d -= d + r.maxY - footerMinY }
        case .overlap:
            if s + 1 < sections.count, tableHeaderRect(s + 1).minY <= y0 { d = 0 }
        }
        var f = r
        if d > 0 { f.origin.y = r.minY + d }
        return f
    }

    func floatingTableFooterFrame(_ index: Int, behavior: TablePinningBehavior, visible: Rect) -> Rect {
        let r = attributes[index].frame
        let s = attributes[index].indexPath.section
        let y0 = visible.minY + pinning.contentInset.top, y1 = visible.maxY - pinning.contentInset.bottom
        guard r.height > 0, !(r.minY >= y0 && r.maxY <= y1), s >= 0, s < sections.count else { return r }
        var d = r.maxY > y1 ? r.maxY - y1 : 0
        switch behavior {
        case .push:
            let headerMaxY = tableHeaderRect(s).maxY
            if r.minY - d < headerMaxY { d -= headerMaxY - (r.minY - d) }
        case .overlap:
            if s >= 1, sections[s - 1].maxScroll >= y1 { d = 0 }
        }
        var f = r
        if d > 0 { f.origin.y = r.minY - d }
        return f
    }

    /// `rectForHeaderInSection:` of a plain table: the header's frame, or its empty slot at the
    /// section's start.
    private func tableHeaderRect(_ s: Int) -> Rect {
        if let h = element(sections[s].headerIndex) { return h.frame }
        return Rect(x: 0, y: sections[s].minScroll, width: contentSize.width, height: 0)
    }

    /// `rectForFooterInSection:` of a plain table: the footer's frame, or its empty slot at the
    /// end of the section.
    private func tableFooterRect(_ s: Int) -> Rect {
        if let f = element(sections[s].footerIndex) { return f.frame }
        return Rect(x: 0, y: sections[s].maxScroll, width: contentSize.width, height: 0)
    }
}
