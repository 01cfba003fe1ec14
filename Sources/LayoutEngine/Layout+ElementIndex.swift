/// Finding an element by what identifies it in UIKit: category, kind and index path.
extension Layout {
    /// The index in `attributes` of the element of `category` and `kind` at `indexPath`
    /// (`isGlobal`: a layout-level element, whose single index is `indexPath.section`). O(1) for
    /// cells and for header/footer slots; O(the section's other elements) otherwise, since a
    /// section's elements are contiguous around its cells; O(global elements) for global ones.
    public func index(of category: ElementCategory, kind: SupplementaryKind?, at indexPath: IndexPath,
                      isGlobal: Bool = false) -> Int? {
        if isGlobal {
            var i = 0
            while i < attributes.count, attributes[i].isGlobal {
                if matches(i, category, kind, indexPath, global: true) { return i }
                i += 1
            }
            var j = attributes.count - 1
            while j >= i, attributes[j].isGlobal {
                if matches(j, category, kind, indexPath, global: true) { return j }
                j -= 1
            }
            return nil
        }
        guard indexPath.section >= 0, indexPath.section < sections.count, indexPath.item >= 0 else { return nil }
        let s = sections[indexPath.section]
        if category == .cell {
            return indexPath.item < s.cells.count && s.cells.lowerBound + indexPath.item < attributes.count
                ? s.cells.lowerBound + indexPath.item : nil
        }
        for slot in [s.headerIndex, s.footerIndex] {
            if let slot, slot >= 0, slot < attributes.count, matches(slot, category, kind, indexPath, global: false) { return slot }
        }
        var i = min(s.cells.lowerBound, attributes.count) - 1
        while i >= 0, !attributes[i].isGlobal, attributes[i].indexPath.section == indexPath.section {
            if matches(i, category, kind, indexPath, global: false) { return i }
            i -= 1
        }
        i = max(s.cells.upperBound, 0)
        while i < attributes.count, !attributes[i].isGlobal, attributes[i].indexPath.section == indexPath.section {
            if matches(i, category, kind, indexPath, global: false) { return i }
            i += 1
        }
        return nil
    }

    private func matches(_ i: Int, _ category: ElementCategory, _ kind: SupplementaryKind?, _ indexPath: IndexPath, global: Bool) -> Bool {
        let a = attributes[i]
        return a.category == category && a.kind == kind && a.indexPath == indexPath && a.isGlobal == global
    }
}
