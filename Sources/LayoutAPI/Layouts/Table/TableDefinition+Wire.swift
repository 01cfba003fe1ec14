import JSON
import LayoutEngine

/// `UITableView` on the wire: `"type": "table"`, self-sizing through `preferredSizes` (rows, and
/// headers/footers with an `elementKind`) and `preferredSupplementarySizes`.
extension TableDefinition: WireLayout {
    static var typeName: String { "table" }
    static var acceptsPreferredSizes: Bool { true }
    static var acceptsPreferredSupplementarySizes: Bool { true }

    static func decode(_ request: LayoutRequestFields, reader: inout WireReader,
                       budget: inout ElementBudget) throws(FieldError) -> TableDefinition {
        var c = try reader.tableConfiguration(collectionView: request.collectionView, layout: request.layout,
                                              sections: request.sections, budget: &budget)
        if let p = request.preferredSizes { try reader.applyTablePreferredSizes(p, to: &c) }
        if let p = request.preferredSupplementarySizes { try reader.applyTablePreferredSizes(p, to: &c) }
        return TableDefinition(c)
    }

    func writeCanonical(into w: inout JSONWriter) { w.canonicalTable(configuration) }

    /// Per-row arrays and measured heights dominate.
    var approximateBytes: Int {
        configuration.sections.reduce(MemoryLayout<TableConfiguration>.size) { total, s in
            total + MemoryLayout<TableSection>.stride + (s.rowHeights?.capacity ?? 0) * 16
                + (s.estimatedRowHeights?.capacity ?? 0) * 16 + s.measuredRowHeights.count * 48
        }
    }

    func applyingPreferredSizes(_ field: JSONField, reader: inout WireReader) throws(FieldError) -> TableDefinition? {
        var c = configuration
        try reader.applyTablePreferredSizes(field, to: &c)
        return TableDefinition(c)
    }
}

/// Measured rows, headers and footers: `[{"indexPath": [s, i], "height": h}]` for rows (a
/// `width` > 0 is accepted, as in the flow layout's entries, and not used: rows span the table), `{"elementKind": "header"|"footer",
/// "indexPath": [s, 0], "height": h}` for section headers and footers. An index path the table
/// does not have, or a header or footer the section has no view for, is a 422 naming the entry;
/// a height for a row, header or footer whose height is not automatic changes nothing (UIKit
/// never asks it to size itself).
extension WireReader {
    static let tablePreferredKeys: KeySet = ["indexPath", "height", "width", "elementKind"]
    static let tableSupplementaryKinds = ["header", "footer"]

    mutating func applyTablePreferredSizes(_ field: JSONField, to c: inout TableConfiguration) throws(FieldError) {
        for e in try field.array(maxCount: 1_000_000) {
            let o = try e.object()
            try o.rejectUnknownKeys(allowed: Self.tablePreferredKeys)
            let ipField = try o.required("indexPath")
            let ip = try indexPath(ipField)
            let before = problemCount
            let height = try measuredHeight(try o.required("height"))
            if let w = try o.member("width") { _ = try positive(w, what: "the measured width (not used: rows span the table)") }
            let kindField = try o.member("elementKind")
            guard ip.section < c.sections.count else {
                reject(ipField.pointer, "\(ipField.pointer) is [\(ip.section), \(ip.item)], but the table has \(c.sections.count) section\(c.sections.count == 1 ? "" : "s"); send heights only for rows, headers and footers the table has.")
                continue
            }
            if problemCount > before { continue }  // a negative or non-finite height, already named
            if let kindField {
                let kind = try kindField.string()
                guard let which = Self.tableSupplementaryKinds.firstIndex(of: kind) else {
                    reject(kindField.pointer, "Unknown value \(FieldError.quoted(kind)) at \(FieldError.location(kindField.pointer)); a table's measured supplementary views are its section headers and footers, use one of: \"header\", \"footer\".")
                    continue
                }
                let isHeader = which == 0
                let s = c.sections[ip.section]
                guard ip.item == 0, isHeader ? s.hasHeader : s.hasFooter else {
                    reject(ipField.pointer, "\(ipField.pointer) is [\(ip.section), \(ip.item)]: section \(ip.section) has no \(kind) view to measure (a \(kind) is at [section, 0] and exists with a title, hasHeaderView/hasFooterView, a height above 0 or a measured height). Send heights only for the headers and footers the table has.")
                    continue
                }
                if isHeader, s.headerSelfSizes(in: c) { c.sections[ip.section].measuredHeaderHeight = height }
                if !isHeader, s.footerSelfSizes(in: c) { c.sections[ip.section].measuredFooterHeight = height }
                continue
            }
            guard ip.item < c.sections[ip.section].numberOfRows else {
                let n = c.sections[ip.section].numberOfRows
                reject(ipField.pointer, "\(ipField.pointer) is [\(ip.section), \(ip.item)], which is not a row of this table: section \(ip.section) has \(n) row\(n == 1 ? "" : "s"). Send heights only for rows the table has.")
                continue
            }
            c.sections[ip.section].setMeasuredRow(ip.item, height, rowHeight: c.rowHeight)
        }
    }
}

extension JSONWriter {
    /// Every member spelled out in a fixed order; measured rows as sorted `[row, height]` pairs
    /// (only those UIKit uses, `TableSection+Measured`), so the same table is the same bytes.
    mutating func canonicalTable(_ c: TableConfiguration) {
        raw(",\"type\":\"table\",\"cv\":"); canonical(c.collectionView)
        raw(",\"style\":"); string(c.style.rawValue)
        let e = c.environment
        raw(",\"env\":["); string(e.generation.rawValue); raw(","); string(e.contentSizeCategory.rawValue); raw(",")
        if let w = e.wideContentMargins { bool(w) } else { raw("null") }
        raw(","); bool(e.includeSeparators); raw("]")
        raw(",\"heights\":[")
        for (i, v) in [c.rowHeight, c.estimatedRowHeight, c.sectionHeaderHeight, c.sectionFooterHeight,
                       c.estimatedSectionHeaderHeight, c.estimatedSectionFooterHeight, c.sectionHeaderTopPadding].enumerated() {
            if i > 0 { raw(",") }
            number(v)
        }
        raw("],\"views\":["); tableOptional(c.tableHeaderHeight); raw(","); tableOptional(c.tableFooterHeight); raw("]")
        raw(",\"readable\":"); bool(c.cellLayoutMarginsFollowReadableWidth)
        raw(",\"sepInset\":")
        if let i = c.separatorInset { raw("["); number(i.leading); raw(","); number(i.trailing); raw("]") } else { raw("null") }
        raw(",\"sections\":[")
        for (j, s) in c.sections.enumerated() {
            if j > 0 { raw(",") }
            raw("{\"n\":"); int(s.numberOfRows)
            raw(",\"rh\":"); tableList(s.rowHeights)
            raw(",\"erh\":"); tableList(s.estimatedRowHeights)
            raw(",\"m\":[")
            for (k, row) in s.measuredRowHeights.keys.sorted().enumerated() {
                if k > 0 { raw(",") }
                int(row); raw(","); number(s.measuredRowHeights[row] ?? 0)
            }
            // Whether the view is there (T7) and the height asked for, as resolved: a title
            // with or without `hasHeaderView: true`, or a delegate height equal to the
            // property, mean the same table.
            raw("],\"h\":["); bool(s.hasHeaderTitle); raw(","); bool(s.hasHeader)
            raw(","); number(s.headerHeight ?? c.sectionHeaderHeight); raw(","); tableOptional(s.estimatedHeaderHeight); raw(","); tableOptional(s.measuredHeaderHeight)
            raw("],\"f\":["); bool(s.hasFooterTitle); raw(","); bool(s.hasFooter)
            raw(","); number(s.footerHeight ?? c.sectionFooterHeight); raw(","); tableOptional(s.estimatedFooterHeight); raw(","); tableOptional(s.measuredFooterHeight)
            raw("]}")
        }
        raw("]")
    }

    private mutating func tableOptional(_ v: Double?) {
        if let v { number(v) } else { raw("null") }
    }

    private mutating func tableList(_ list: [Double?]?) {
        guard let list else { raw("null"); return }
        raw("[")
        for (i, v) in list.enumerated() {
            if i > 0 { raw(",") }
            tableOptional(v)
        }
        raw("]")
    }
}
