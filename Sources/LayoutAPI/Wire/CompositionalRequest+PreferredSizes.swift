import LayoutEngine

/// Self-sizing input for compositional layouts: `[{"indexPath":[s,i],"width":…,"height":…}]`,
/// as for the flow layout (PreferredSizes.swift). Only estimated dimensions take the measured
/// value; an index path outside the layout or an empty size is a 422 naming the entry.
extension WireReader {
    mutating func applyPreferredSizes(_ field: JSONField, to config: inout CompositionalConfiguration) throws(FieldError) {
        let entries = try field.array(maxCount: 1_000_000)
        for e in entries {
            let o = try e.object()
            try o.rejectUnknownKeys(allowed: ["indexPath", "width", "height"])
            let ipField = try o.required("indexPath")
            let ip = try indexPath(ipField)
            let before = problemCount
            let size = Size(width: try length(try o.required("width")), height: try length(try o.required("height")))
            guard ip.section < config.itemCounts.count, ip.item < config.itemCounts[ip.section] else {
                reject(ipField.pointer, "\(ipField.pointer) is [\(ip.section), \(ip.item)], which is not an item of this layout (it has \(config.itemCounts.count) section\(config.itemCounts.count == 1 ? "" : "s")); send sizes only for items the layout has.")
                continue
            }
            if problemCount > before { continue }
            if size.width == 0 || size.height == 0 {
                reject(e.pointer, "\(e.pointer) has an empty size; a cell's preferred size must be greater than 0 in both dimensions. Send the size the cell measured.")
                continue
            }
            config.preferredSizes[ip] = size
        }
    }
}
