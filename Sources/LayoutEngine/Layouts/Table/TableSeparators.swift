/// T21 (all [I]: `_UITableViewCellSeparatorView` placement was not read; these mirror the list's
/// decompiled rules L15): each cell draws its separator inside its own bounds. Plain: an inset
/// bottom separator under every row. Grouped: inset under every row but the last, whose bottom
/// separator and the first row's top separator span the row. insetGrouped: inset under every row
/// but the last, none on the last row, no top separator. The inset is the table margin (plus
/// the leading safe area for plain and grouped), or `separatorInset` when the app sets it;
/// the thickness one pixel (1 pt at accessibility sizes).
struct TableSeparators {
    let style: TableStyle
    let leading: Double
    let trailing: Double
    let thickness: Double

    init(_ c: TableConfiguration, metrics m: TableMetrics) {
        style = c.style
        if let inset = c.separatorInset {
            leading = inset.leading
            trailing = inset.trailing
        } else {
            let safe = c.style == .insetGrouped ? 0 : c.collectionView.safeAreaInsets.left
            leading = m.tableMargin(width: c.collectionView.width) + safe
            trailing = 0
        }
        thickness = m.separatorThickness
    }

    /// How many separators a section of `rows` rows shows. O(1), for the element cap.
    static func count(rows: Int, style: TableStyle) -> Int {
        guard rows > 0 else { return 0 }
        switch style {
        case .plain: return rows
        case .grouped: return rows + 1
        case .insetGrouped: return rows - 1
        }
    }

    /// The bottom separator of `row` (row `i` of `rows`), nil when hidden.
    func bottom(_ row: Rect, _ i: Int, rows: Int) -> Rect? {
        let isLast = i == rows - 1
        if isLast && style == .insetGrouped { return nil }
        let full = isLast && style == .grouped
        return line(row, y: row.maxY - thickness, full: full)
    }

    /// The top separator of `row`: the first row of a grouped section only.
    func top(_ row: Rect, _ i: Int) -> Rect? {
        guard i == 0, style == .grouped else { return nil }
        return line(row, y: row.minY, full: true)
    }

    private func line(_ row: Rect, y: Double, full: Bool) -> Rect {
        let l = full ? 0 : leading, r = full ? 0 : trailing
        return Rect(x: row.minX + l, y: y, width: Swift.max(0, row.width - l - r), height: thickness)
    }
}

extension TableStyle {
    /// How many separators a section of `rows` rows shows in this style (T21). O(1).
    public func separatorCount(rows: Int) -> Int { TableSeparators.count(rows: rows, style: self) }
}
