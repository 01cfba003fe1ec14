import LayoutEngine

/// Decodes `"type": "grid"`: N items per line of one aspect ratio (other-layouts.md §4), the
/// fields of `GridConfiguration`. Sections give only `numberOfItems`. The collection view's safe
/// area and layout margins do not affect a grid and are dropped, so they do not change the id.
extension WireReader {
    static let gridLayoutKeys: Set<String> = [
        "type", "itemsPerLine", "sideMargin", "spacing", "lineSpacing", "aspectRatio", "topInset", "bottomInset",
    ]
    /// `GridLayout` checks line fits column by column; more columns than this is not a grid.
    static let maximumItemsPerLine = 10_000

    mutating func gridConfiguration(collectionView: CollectionViewMetrics, layout: JSONFieldObject?,
                                    sections: [JSONField], budget: inout ElementBudget) throws(FieldError) -> GridConfiguration {
        var cv = collectionView
        cv.safeAreaInsets = .zero
        cv.layoutMargins = .zero
        var c = GridConfiguration(collectionView: cv, itemCounts: [])
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
            if problems.isEmpty, GridLayout.rawItemWidth(c) <= 0 {
                reject(l.pointer.appending("itemsPerLine"), "\(l.pointer.appending("itemsPerLine")) is \(c.itemsPerLine), but \(c.itemsPerLine) items with side margins of \(Self.show(c.sideMargin)) pt and spacing of \(Self.show(c.spacing)) pt leave no width for the items in a collection view \(Self.show(cv.width - cv.contentInset.left - cv.contentInset.right)) pt wide (inside its content insets). Use fewer items per line, smaller margins or less spacing.")
            }
        } else {
            c.lineSpacing = c.spacing
        }
        c.itemCounts = try itemCounts(sections, budget: &budget)
        return c
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
    }
}
