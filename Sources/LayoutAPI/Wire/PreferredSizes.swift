import LayoutEngine

/// Self-sizing input: sizes the client measured (`preferredLayoutAttributesFitting(_:)`).
extension WireReader {
    /// Reads `[{"indexPath":[s,i],"width":…,"height":…}]` into the sections' `preferredSizes`.
    /// An index path outside the layout, or a zero size (UIKit: "received layout attributes with
    /// an empty size"), is a 422 naming the entry.
    mutating func applyPreferredSizes(_ field: JSONField, to config: inout FlowLayoutConfiguration) throws(FieldError) {
        let entries = try field.array(maxCount: 1_000_000)
        for e in entries {
            let o = try e.object()
            try o.rejectUnknownKeys(allowed: ["indexPath", "width", "height"])
            let ipField = try o.required("indexPath")
            let ip = try indexPath(ipField)
            let before = problemCount
            let size = Size(width: try length(try o.required("width")), height: try length(try o.required("height")))
            guard ip.section < config.sections.count, ip.item < config.sections[ip.section].items.count else {
                reject(ipField.pointer, "\(ipField.pointer) is [\(ip.section), \(ip.item)], which is not an item of this layout (it has \(config.sections.count) section\(config.sections.count == 1 ? "" : "s")); send sizes only for items the layout has.")
                continue
            }
            if problemCount > before { continue }  // a negative or non-finite length, already named
            if size.width == 0 || size.height == 0 {
                reject(e.pointer, "\(e.pointer) has an empty size; UIKit rejects it (\"UICollectionView Flow Layout received layout attributes with an empty size\"). Send the size the cell measured, both dimensions > 0.")
                continue
            }
            config.sections[ip.section].preferredSizes[ip.item] = size
        }
    }
}
