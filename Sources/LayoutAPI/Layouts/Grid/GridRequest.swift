import JSON
import LayoutEngine

/// Decodes `"type": "grid"`: N items per line of one aspect ratio (other-layouts.md §4), the
/// fields of `GridConfiguration`. Sections give `numberOfItems` and may override the layout's
/// header and footer reference sizes, as flow sections do. The collection view's safe area and
/// layout margins do not affect a grid and are dropped, so they do not change the id.
extension WireReader {
    static let gridLayoutKeys: KeySet = [
        "type", "itemsPerLine", "sideMargin", "spacing", "lineSpacing", "aspectRatio", "topInset", "bottomInset",
        "headerReferenceSize", "footerReferenceSize", "sectionHeadersPinToVisibleBounds", "sectionFootersPinToVisibleBounds",
    ]
    static let gridSectionKeys: KeySet = ["numberOfItems", "headerReferenceSize", "footerReferenceSize"]
    /// `GridLayout` checks line fits column by column; more columns than this is not a grid.
    static let maximumItemsPerLine = 10_000

    mutating func gridConfiguration(collectionView: CollectionViewMetrics, layout: JSONFieldObject?,
                                    sections: [JSONField], budget: inout ElementBudget) throws(FieldError) -> GridConfiguration {
        var cv = collectionView
        cv.safeAreaInsets = .zero
        cv.layoutMargins = .zero
        var c = GridConfiguration(collectionView: cv, itemCounts: [])
        var headerSize = Size.zero, footerSize = Size.zero
        if let l = layout {
            try l.rejectUnknownKeys(allowed: Self.gridLayoutKeys)
            c.itemsPerLine = try l.value("itemsPerLine", default: 3) { f throws(FieldError) in try itemsPerLine(f) }
            c.sideMargin = try l.value("sideMargin", default: 0) { f throws(FieldError) in try length(f) }
            c.spacing = try l.value("spacing", default: 10) { f throws(FieldError) in try length(f) }
            c.aspectRatio = try l.value("aspectRatio", default: 0.75) { f throws(FieldError) in
                try positive(f, what: "an item's height divided by its width (0.75 for 4:3)")
            }
            c.topInset = try l.value("topInset", default: 0) { f throws(FieldError) in try length(f) }
            c.bottomInset = try l.value("bottomInset", default: 0) { f throws(FieldError) in try length(f) }
            // Resolved, so an explicit lineSpacing equal to spacing is the same layout (and id).
            c.lineSpacing = try l.value("lineSpacing", default: c.spacing) { f throws(FieldError) in try length(f) }
            headerSize = try l.value("headerReferenceSize", default: .zero) { f throws(FieldError) in try size(f) }
            footerSize = try l.value("footerReferenceSize", default: .zero) { f throws(FieldError) in try size(f) }
            c.sectionHeadersPinToVisibleBounds = try l.value("sectionHeadersPinToVisibleBounds", default: false) { f throws(FieldError) in try f.bool() }
            c.sectionFootersPinToVisibleBounds = try l.value("sectionFootersPinToVisibleBounds", default: false) { f throws(FieldError) in try f.bool() }
            if problems.isEmpty, GridLayout.rawItemWidth(c) <= 0 {
                reject(l.pointer.appending("itemsPerLine"), "\(l.pointer.appending("itemsPerLine")) is \(c.itemsPerLine), but \(c.itemsPerLine) items with side margins of \(Self.show(c.sideMargin)) pt and spacing of \(Self.show(c.spacing)) pt leave no width for the items in a collection view \(Self.show(cv.width - cv.contentInset.left - cv.contentInset.right)) pt wide (inside its content insets). Use fewer items per line, smaller margins or less spacing.")
            }
        } else {
            c.lineSpacing = c.spacing
        }
        try gridSections(sections, header: headerSize, footer: footerSize, into: &c, budget: &budget)
        return c
    }

    /// `{"numberOfItems": n, "headerReferenceSize"?, "footerReferenceSize"?}` each; a section's
    /// size replaces the layout's (UIKit's `referenceSizeForHeaderInSection`). A header or footer
    /// counts against the element cap, as in the flow layout. One pass, bounded by the cap.
    private mutating func gridSections(_ sections: [JSONField], header: Size, footer: Size,
                                       into c: inout GridConfiguration, budget: inout ElementBudget) throws(FieldError) {
        var counts: [Int] = []
        var sizes: [GridSupplementarySizes] = []
        counts.reserveCapacity(sections.count)
        sizes.reserveCapacity(sections.count)
        var any = false
        for s in sections {
            let o = try s.object()
            try o.rejectUnknownKeys(allowed: Self.gridSectionKeys)
            let h = try o.value("headerReferenceSize", default: header) { f throws(FieldError) in try size(f) }
            let f = try o.value("footerReferenceSize", default: footer) { f throws(FieldError) in try size(f) }
            for (name, size) in [("headerReferenceSize", h), ("footerReferenceSize", f)] where size != .zero {
                budget.add(1)
                if budget.used == budget.limit + 1 {   // told once, where the cap is crossed
                    let pointer = o.pointer.appending(name)
                    reject(pointer, "\(pointer) adds a \(name == "headerReferenceSize" ? "header" : "footer"); with the \(budget.limit) elements before it the layout would have \(budget.used), over this server's cap of \(budget.limit) elements per request (--max-elements).")
                }
            }
            let n = try count(try o.required("numberOfItems"), budget: budget)
            budget.add(n)
            counts.append(n)
            any = any || h != .zero || f != .zero
            sizes.append(GridSupplementarySizes(header: h, footer: f))
        }
        c.itemCounts = counts
        c.supplementarySizes = any ? sizes : []
    }

    private mutating func itemsPerLine(_ field: JSONField) throws(FieldError) -> Int {
        let v = try field.int()
        guard v >= 1, v <= Self.maximumItemsPerLine else {
            reject(field.pointer, "\(field.pointer) is \(v); a grid has 1 to \(Self.maximumItemsPerLine) items per line.")
            return 1
        }
        return v
    }
}

/// The N-per-line grid on the wire.
extension GridConfiguration: WireLayout {
    static var typeName: String { "grid" }

    static func decode(_ request: LayoutRequestFields, reader: inout WireReader,
                       budget: inout ElementBudget) throws(FieldError) -> GridConfiguration {
        try reader.gridConfiguration(collectionView: request.collectionView, layout: request.layout,
                                     sections: request.sections, budget: &budget)
    }

    func writeCanonical(into w: inout JSONWriter) { w.canonicalGrid(self) }

    var approximateBytes: Int {
        MemoryLayout<GridConfiguration>.size + itemCounts.capacity * MemoryLayout<Int>.stride
            + supplementarySizes.capacity * MemoryLayout<GridSupplementarySizes>.stride
    }
}

extension JSONWriter {
    mutating func canonicalGrid(_ c: GridConfiguration) {
        raw(",\"type\":\"grid\",\"cv\":"); canonical(c.collectionView)
        raw(",\"n\":"); int(c.itemsPerLine)
        raw(",\"margin\":"); number(c.sideMargin)
        raw(",\"spacing\":"); number(c.spacing)
        raw(",\"line\":"); number(c.lineSpacing ?? c.spacing)
        raw(",\"ratio\":"); number(c.aspectRatio)
        raw(",\"top\":"); number(c.topInset)
        raw(",\"bottom\":"); number(c.bottomInset)
        raw(",\"counts\":"); canonicalCounts(c.itemCounts)
        // Later members: only when used, so grids without headers, footers or pinning keep their ids.
        memberUnlessDefault("pin", isDefault: !c.sectionHeadersPinToVisibleBounds && !c.sectionFootersPinToVisibleBounds) { w in
            w.raw("["); w.bool(c.sectionHeadersPinToVisibleBounds); w.raw(","); w.bool(c.sectionFootersPinToVisibleBounds); w.raw("]")
        }
        memberIfNotDefault("supp", c.supplementarySizes, default: []) { w, sizes in
            w.raw("[")
            for (i, z) in sizes.enumerated() {
                if i > 0 { w.raw(",") }
                w.canonical(z.header); w.raw(","); w.canonical(z.footer)
            }
            w.raw("]")
        }
    }
}
