/// Measured (self-sized) heights. UIKit asks a view for its preferred height only while that
/// height is automatic (T5, T8), so a measurement of anything else changes nothing; it is not
/// kept, and requests that differ only by it resolve to the same section (and the same id).
extension TableSection {
    /// Whether row `i` self-sizes (its requested height is automatic, T5).
    public func rowSelfSizes(_ i: Int, rowHeight: Double) -> Bool {
        i >= 0 && i < numberOfRows && requestedHeight(i, rowHeight: rowHeight) == TableConfiguration.automaticDimension
    }

    /// Records row `i`'s measured height if the row self-sizes; returns whether it did.
    @discardableResult
    public mutating func setMeasuredRow(_ i: Int, _ height: Double, rowHeight: Double) -> Bool {
        guard rowSelfSizes(i, rowHeight: rowHeight) else { return false }
        measuredRowHeights[i] = height
        return true
    }

    /// Whether the header (footer) is a view whose height is automatic, so a measured height applies.
    public func headerSelfSizes(in c: TableConfiguration) -> Bool {
        hasHeader && (headerHeight ?? c.sectionHeaderHeight) == TableConfiguration.automaticDimension
    }

    public func footerSelfSizes(in c: TableConfiguration) -> Bool {
        hasFooter && (footerHeight ?? c.sectionFooterHeight) == TableConfiguration.automaticDimension
    }

    /// Drops measured header and footer heights that UIKit would not use. A measured height
    /// that was what made the section have a view (T7) leaves the view in place.
    public mutating func dropUnusedMeasurements(in c: TableConfiguration) {
        if measuredHeaderHeight != nil && !headerSelfSizes(in: c) {
            if hasHeaderView == nil { hasHeaderView = true }
            measuredHeaderHeight = nil
        }
        if measuredFooterHeight != nil && !footerSelfSizes(in: c) {
            if hasFooterView == nil { hasFooterView = true }
            measuredFooterHeight = nil
        }
    }
}
