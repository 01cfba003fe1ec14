import JSON
import LayoutEngine

/// Decodes `"type": "columnFlow"`: Apple's ColumnFlowLayout sample (other-layouts.md §1.3), whose
/// private constants `minColumnWidth` and `cellHeight` become fields, plus the flow spacings it
/// leaves at UIKit's defaults. Sections give only `numberOfItems`.
extension WireReader {
    static let columnFlowLayoutKeys: KeySet = [
        "type", "minimumColumnWidth", "cellHeight", "minimumLineSpacing", "minimumInteritemSpacing",
    ]
    static let countSectionKeys: KeySet = ["numberOfItems"]

    mutating func columnFlowConfiguration(collectionView: CollectionViewMetrics, layout: JSONFieldObject?,
                                          sections: [JSONField], budget: inout ElementBudget) throws(FieldError) -> ColumnFlowConfiguration {
        var c = ColumnFlowConfiguration(collectionView: collectionView, itemCounts: [])
        if let l = layout {
            try l.rejectUnknownKeys(allowed: Self.columnFlowLayoutKeys)
            c.minColumnWidth = try l.value("minimumColumnWidth", default: 300) { f throws(FieldError) in
                try positive(f, what: "the narrowest column in points")
            }
            c.cellHeight = try l.value("cellHeight", default: 70) { f throws(FieldError) in try length(f) }
            c.minimumLineSpacing = try l.value("minimumLineSpacing", default: 10) { f throws(FieldError) in try length(f) }
            c.minimumInteritemSpacing = try l.value("minimumInteritemSpacing", default: 10) { f throws(FieldError) in try length(f) }
        }
        c.itemCounts = try itemCounts(sections, budget: &budget)
        return c
    }

    /// Sections of the layouts whose items all have one computed size: `{"numberOfItems": n}` each.
    mutating func itemCounts(_ sections: [JSONField], budget: inout ElementBudget) throws(FieldError) -> [Int] {
        var counts: [Int] = []
        counts.reserveCapacity(sections.count)
        for s in sections {
            let o = try s.object()
            try o.rejectUnknownKeys(allowed: Self.countSectionKeys)
            let n = try count(try o.required("numberOfItems"), budget: budget)
            budget.add(n)
            counts.append(n)
        }
        return counts
    }
}

/// Apple's ColumnFlowLayout sample on the wire.
extension ColumnFlowConfiguration: WireLayout {
    static var typeName: String { "columnFlow" }

    static func decode(_ request: LayoutRequestFields, reader: inout WireReader,
                       budget: inout ElementBudget) throws(FieldError) -> ColumnFlowConfiguration {
        try reader.columnFlowConfiguration(collectionView: request.collectionView, layout: request.layout,
                                           sections: request.sections, budget: &budget)
    }

    func writeCanonical(into w: inout JSONWriter) { w.canonicalColumnFlow(self) }

    var approximateBytes: Int {
        MemoryLayout<ColumnFlowConfiguration>.size + itemCounts.capacity * MemoryLayout<Int>.stride
    }
}

extension JSONWriter {
    mutating func canonicalColumnFlow(_ c: ColumnFlowConfiguration) {
        raw(",\"type\":\"columnFlow\",\"cv\":"); canonical(c.collectionView)
        raw(",\"minCol\":"); number(c.minColumnWidth)
        raw(",\"cell\":"); number(c.cellHeight)
        raw(",\"line\":"); number(c.minimumLineSpacing)
        raw(",\"inter\":"); number(c.minimumInteritemSpacing)
        raw(",\"counts\":"); canonicalCounts(c.itemCounts)
    }
}
