import LayoutEngine

/// Decodes `"type": "table"` (`UITableView`, docs/tables.md) into a `TableConfiguration`. Names
/// are UIKit's; −1 is `UITableView.automaticDimension`. The environment reuses the list's
/// `listEnvironment` (generation, contentSizeCategory, wideContentMargins, includeSeparators).
/// Values UIKit refuses are collected (one 422 naming each field and the fix), quoting UIKit's
/// own assertion where it has one.
extension WireReader {
    static let tableLayoutKeys: KeySet = [
        "type", "style", "rowHeight", "estimatedRowHeight", "sectionHeaderHeight", "sectionFooterHeight",
        "estimatedSectionHeaderHeight", "estimatedSectionFooterHeight", "sectionHeaderTopPadding", "tableHeaderView",
        "tableFooterView", "cellLayoutMarginsFollowReadableWidth", "separatorInset", "listEnvironment",
    ]
    static let tableEnvironmentKeys: KeySet = ["generation", "contentSizeCategory", "wideContentMargins", "includeSeparators"]
    static let tableSectionKeys: KeySet = [
        "numberOfItems", "rowHeights", "estimatedRowHeights", "measuredRowHeights",
        "headerTitle", "hasHeaderView", "headerHeight", "estimatedHeaderHeight", "measuredHeaderHeight",
        "footerTitle", "hasFooterView", "footerHeight", "estimatedFooterHeight", "measuredFooterHeight",
    ]

    mutating func tableConfiguration(collectionView cv: CollectionViewMetrics, layout: JSONFieldObject?,
                                     sections: [JSONField], budget: inout ElementBudget) throws(FieldError) -> TableConfiguration {
        var c = TableConfiguration(collectionView: cv, sections: [])
        if let l = layout {
            try l.rejectUnknownKeys(allowed: Self.tableLayoutKeys)
            c.style = try l.value("style", default: .plain) { f throws(FieldError) in try listEnum(f, TableStyle.self, default: .plain) }
            c.rowHeight = try l.value("rowHeight", default: -1) { f throws(FieldError) in
                try tableHeight(f, uikit: "Invalid table view rowHeight (%g). Value must be at least 0.0, or UITableViewAutomaticDimension.")
            }
            c.estimatedRowHeight = try l.value("estimatedRowHeight", default: -1) { f throws(FieldError) in try tableHeight(f) }
            c.sectionHeaderHeight = try l.value("sectionHeaderHeight", default: -1) { f throws(FieldError) in try tableHeight(f) }
            c.sectionFooterHeight = try l.value("sectionFooterHeight", default: -1) { f throws(FieldError) in try tableHeight(f) }
            c.estimatedSectionHeaderHeight = try l.value("estimatedSectionHeaderHeight", default: -1) { f throws(FieldError) in try tableHeight(f) }
            c.estimatedSectionFooterHeight = try l.value("estimatedSectionFooterHeight", default: -1) { f throws(FieldError) in try tableHeight(f) }
            c.sectionHeaderTopPadding = try l.value("sectionHeaderTopPadding", default: -1) { f throws(FieldError) in try tableHeight(f) }
            c.tableHeaderHeight = try l.member("tableHeaderView").map { f throws(FieldError) in try tableView(f) }
            c.tableFooterHeight = try l.member("tableFooterView").map { f throws(FieldError) in try tableView(f) }
            c.cellLayoutMarginsFollowReadableWidth = try l.value("cellLayoutMarginsFollowReadableWidth", default: false) { f throws(FieldError) in try f.bool() }
            c.separatorInset = try l.member("separatorInset").map { f throws(FieldError) in
                let i = try insets(f)
                return ListSeparatorInsets(leading: i.left, trailing: i.right)
            }
            if let e = try l.member("listEnvironment") {
                try e.object().rejectUnknownKeys(allowed: Self.tableEnvironmentKeys)
                c.environment = try listEnvironment(e)
            }
        }
        budget.add((c.tableHeaderHeight == nil ? 0 : 1) + (c.tableFooterHeight == nil ? 0 : 1))
        c.sections.reserveCapacity(sections.count)
        for s in sections {
            c.sections.append(try tableSection(s, table: c, budget: &budget))
        }
        return c
    }

    private mutating func tableSection(_ field: JSONField, table c: TableConfiguration, budget: inout ElementBudget) throws(FieldError) -> TableSection {
        let o = try field.object()
        try o.rejectUnknownKeys(allowed: Self.tableSectionKeys)
        let rows = try count(try o.required("numberOfItems"), budget: budget)
        budget.add(rows)
        let rowHeights = try o.member("rowHeights").map { f throws(FieldError) in
            try perRow(f, rows: rows, what: "tableView(_:heightForRowAt:)",
                       uikit: "table view row height must not be negative - height for index path (%@) is %g")
        }
        let estimated = try o.member("estimatedRowHeights").map { f throws(FieldError) in
            try perRow(f, rows: rows, what: "tableView(_:estimatedHeightForRowAt:)")
        }
        var section = TableSection(numberOfRows: rows, rowHeights: rowHeights, estimatedRowHeights: estimated)
        if let f = try o.member("measuredRowHeights") {
            let list = try perRow(f, rows: rows, what: "measured (self-sized) row heights", measured: true)
            for (i, h) in list.enumerated() {
                if let h { section.setMeasuredRow(i, h, rowHeight: c.rowHeight) }
            }
        }
        section.hasHeaderTitle = try o.member("headerTitle").map { f throws(FieldError) in !(try f.string()).isEmpty } ?? false
        section.hasHeaderView = try o.member("hasHeaderView").map { f throws(FieldError) in try f.bool() }
        section.headerHeight = try o.member("headerHeight").map { f throws(FieldError) in
            try tableHeight(f, uikit: "section header height must not be negative - provided height for section %ld is %f")
        }
        section.estimatedHeaderHeight = try o.member("estimatedHeaderHeight").map { f throws(FieldError) in try tableHeight(f) }
        let measuredHeader = try o.member("measuredHeaderHeight").map { f throws(FieldError) in try measuredHeight(f) }
        section.hasFooterTitle = try o.member("footerTitle").map { f throws(FieldError) in !(try f.string()).isEmpty } ?? false
        section.hasFooterView = try o.member("hasFooterView").map { f throws(FieldError) in try f.bool() }
        section.footerHeight = try o.member("footerHeight").map { f throws(FieldError) in
            try tableHeight(f, uikit: "section footer height must not be negative - provided height for section %ld is %f")
        }
        section.estimatedFooterHeight = try o.member("estimatedFooterHeight").map { f throws(FieldError) in try tableHeight(f) }
        let measuredFooter = try o.member("measuredFooterHeight").map { f throws(FieldError) in try measuredHeight(f) }
        // A measured height counts only where the view is there and self-sizes (T8); recorded
        // before deciding whether the view is there (a measured height implies one, T7).
        section.measuredHeaderHeight = measuredHeader
        section.measuredFooterHeight = measuredFooter
        section.dropUnusedMeasurements(in: c)
        let extra = (section.hasHeader ? 1 : 0) + (section.hasFooter ? 1 : 0)
            + (c.environment.includeSeparators ? c.style.separatorCount(rows: rows) : 0)
        if extra > budget.remaining {
            reject(o.pointer, "\(o.pointer) brings the layout to \(budget.used + extra) elements with its header, footer and separators, over this server's cap of \(budget.limit) elements per request (--max-elements).")
        }
        budget.add(extra)
        return section
    }

    /// A height where UIKit takes −1 (`automaticDimension`) or a finite value ≥ 0. `uikit` is
    /// UIKit's own assertion for a negative value, quoted in the answer.
    mutating func tableHeight(_ field: JSONField, uikit: String? = nil) throws(FieldError) -> Double {
        let v = try field.double()
        guard v.isFinite, v == -1 || (v >= 0 && v <= Self.maxLength) else {
            let quote = uikit.map { " UIKit raises \"\($0)\"\($0.hasSuffix(".") ? "" : ".")" } ?? ""
            reject(field.pointer, "\(field.pointer) is \(Self.show(v)); it must be -1 (UITableView.automaticDimension) or a number of points from 0 to 1000000000.\(quote) Send -1 to size it automatically, or the height.")
            return -1
        }
        return v
    }

    /// A height a view measured: finite, above 0 (as every layout's measured sizes; UIKit
    /// asks views that have a size) and at most `maxLength`.
    mutating func measuredHeight(_ field: JSONField) throws(FieldError) -> Double {
        try positive(field, what: "the height the view measured, in points")
    }

    /// `{"height": h}`: a table header or footer view's frame height (UIKit keeps only the height).
    private mutating func tableView(_ field: JSONField) throws(FieldError) -> Double {
        let o = try field.object()
        try o.rejectUnknownKeys(allowed: WireKeys.heightOnly)
        return try length(try o.required("height"), what: "the view's frame height in points")
    }

    /// One value per row (null: not given for that row); any other length is a 422 naming the array.
    /// Entries are heights (−1 or ≥ 0, `uikit` quoted for a negative one) or, `measured`, measured heights (> 0).
    private mutating func perRow(_ field: JSONField, rows: Int, what: String, uikit: String? = nil,
                                 measured: Bool = false) throws(FieldError) -> [Double?] {
        guard case .array(let raw) = field.value else { _ = try field.array(); return [] }
        guard raw.count == rows else {
            reject(field.pointer, "\(field.pointer) has \(raw.count) entr\(raw.count == 1 ? "y" : "ies") but the section has \(rows) row\(rows == 1 ? "" : "s") (numberOfItems); send one value per row of \(what), null for a row without one.")
            return []
        }
        var out: [Double?] = []
        out.reserveCapacity(rows)
        for (i, value) in raw.enumerated() {
            if value.isNull { out.append(nil); continue }
            if case .number(let v) = value, v > 0 || (v == 0 && !measured), v <= Self.maxLength { out.append(v); continue }
            let f = JSONField(value, pointer: field.pointer.appending(i))
            out.append(measured ? try measuredHeight(f) : try tableHeight(f, uikit: uikit))
        }
        return out
    }
}
