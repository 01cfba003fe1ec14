import LayoutEngine

/// Self-sizing input: sizes the client measured (`preferredLayoutAttributesFitting(_:)`).
extension WireReader {
    /// Reads `[{"indexPath":[s,i],"width":…,"height":…}]` into the sections' `preferredSizes`.
    /// An index path outside the layout, or a zero size (UIKit: "received layout attributes with
    /// an empty size"), is a 422 naming the entry.
    mutating func applyPreferredSizes(_ field: JSONField, to config: inout FlowLayoutConfiguration) throws(FieldError) {
        let counts = config.sections.map(\.items.count)
        try readPreferredSizes(field, itemCounts: counts,
            emptySize: "UIKit rejects it (\"UICollectionView Flow Layout received layout attributes with an empty size\"). Send the size the cell measured, both dimensions > 0."
        ) { ip, size in config.sections[ip.section].preferredSizes[ip.item] = size }
    }

    /// The same entries for compositional layouts: only estimated dimensions take the measured
    /// value (the engine decides which).
    mutating func applyPreferredSizes(_ field: JSONField, to config: inout CompositionalConfiguration) throws(FieldError) {
        try readPreferredSizes(field, itemCounts: config.itemCounts,
            emptySize: "a cell's preferred size must be greater than 0 in both dimensions. Send the size the cell measured."
        ) { ip, size in config.preferredSizes[ip] = size }
    }

    /// One reader for every self-sizing type: each well-formed entry for an item the layout has
    /// (`itemCounts[section]` items per section) goes to `apply`; every other entry is a problem
    /// naming it, and reading goes on so one 422 lists them all.
    private mutating func readPreferredSizes(_ field: JSONField, itemCounts: [Int], emptySize: String,
                                             apply: (IndexPath, Size) -> Void) throws(FieldError) {
        let entries = try field.array(maxCount: 1_000_000)
        for e in entries {
            let o = try e.object()
            try o.rejectUnknownKeys(allowed: ["indexPath", "width", "height"])
            let ipField = try o.required("indexPath")
            let ip = try indexPath(ipField)
            let before = problemCount
            let size = Size(width: try length(try o.required("width")), height: try length(try o.required("height")))
            guard ip.section < itemCounts.count, ip.item < itemCounts[ip.section] else {
                reject(ipField.pointer, "\(ipField.pointer) is [\(ip.section), \(ip.item)], which is not an item of this layout (it has \(itemCounts.count) section\(itemCounts.count == 1 ? "" : "s")); send sizes only for items the layout has.")
                continue
            }
            if problemCount > before { continue }  // a negative or non-finite length, already named
            if size.width == 0 || size.height == 0 {
                reject(e.pointer, "\(e.pointer) has an empty size; \(emptySize)")
                continue
            }
            apply(ip, size)
        }
    }
}
