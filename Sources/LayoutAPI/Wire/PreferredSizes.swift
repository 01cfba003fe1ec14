import LayoutEngine

/// Self-sizing input: sizes the client measured (`preferredLayoutAttributesFitting(_:)`).
extension WireReader {
    /// Reads `[{"indexPath":[s,i],"width":…,"height":…}]` into the sections' `preferredSizes`.
    /// An index path outside the layout, or a zero size (UIKit: "received layout attributes with
    /// an empty size"), is a 422 naming the entry.
    mutating func applyPreferredSizes(_ field: JSONField, to config: inout FlowLayoutConfiguration) throws(FieldError) {
        let counts = config.sections.map(\.items.count)
        try readPreferredSizes(try field.array(maxCount: 1_000_000), itemCounts: counts,
            emptySize: "UIKit rejects it (\"UICollectionView Flow Layout received layout attributes with an empty size\"). Send the size the cell measured, both dimensions > 0."
        ) { ip, size in config.sections[ip.section].preferredSizes[ip.item] = size }
    }

    /// The same entries for compositional layouts: only estimated dimensions take the measured
    /// value (the engine decides which).
    /// An entry with an `elementKind` is a list header's or footer's measured height
    /// (as in `preferredSupplementarySizes`), so `/invalidate` takes both in one field.
    mutating func applyPreferredSizes(_ field: JSONField, to config: inout CompositionalConfiguration) throws(FieldError) {
        var cells: [JSONField] = []
        for e in try field.array(maxCount: 1_000_000) {
            if case .object(let o) = e.value, o.members.contains(where: { $0.key == "elementKind" }) {
                try applySupplementaryHeight(e, to: &config)
            } else {
                cells.append(e)
            }
        }
        try readPreferredSizes(cells, itemCounts: config.itemCounts,
            emptySize: "a cell's preferred size must be greater than 0 in both dimensions. Send the size the cell measured."
        ) { ip, size in config.preferredSizes[ip] = size }
    }

    /// One reader for every self-sizing type: each well-formed entry for an item the layout has
    /// (`itemCounts[section]` items per section) goes to `apply`; every other entry is a problem
    /// naming it, and reading goes on so one 422 lists them all. `/invalidate` takes the entries
    /// of every type in one field (a cell size, a list header's height with `elementKind`, a
    /// table row's height alone), so an entry of another type's form is a 422 saying which
    /// form this layout takes, not a 400.
    private mutating func readPreferredSizes(_ entries: [JSONField], itemCounts: [Int], emptySize: String,
                                             apply: (IndexPath, Size) -> Void) throws(FieldError) {
        for e in entries {
            let o = try e.object()
            try o.rejectUnknownKeys(allowed: WireKeys.preferredSize)
            if let kind = try o.member("elementKind") {
                reject(kind.pointer, "\(e.pointer) has an elementKind, but this layout has no list headers or footers to measure (entries with elementKind are for list and table layouts); send cell sizes {\"indexPath\", \"width\", \"height\"} only.")
                continue
            }
            let ipField = try o.required("indexPath")
            let ip = try indexPath(ipField)
            let heightField = try o.required("height")
            guard let widthField = try o.member("width") else {
                reject(o.pointer.appending("width"), "\(e.pointer) has no width; a cell's measured size needs both width and height (only table rows take a height alone).")
                continue
            }
            let before = problemCount
            let size = Size(width: try length(widthField), height: try length(heightField))
            guard ip.section < itemCounts.count, ip.item < itemCounts[ip.section] else {
                let shape = IndexPathProse.shape(section: ip.section, sectionCount: itemCounts.count) { itemCounts[$0] }
                reject(ipField.pointer, "\(ipField.pointer) is [\(ip.section), \(ip.item)], which is not an item of this layout (\(shape)); send sizes only for items the layout has.")
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

/// Measured list headers and footers: `preferredSupplementarySizes` on `POST /layout`, or
/// `preferredSizes` entries with an `elementKind` (`POST /layout/{id}/invalidate`).
extension WireReader {
    static let supplementarySizeKeys: KeySet = ["elementKind", "indexPath", "height", "width"]
    static let listSupplementaryKinds = ["UICollectionElementKindSectionHeader", "UICollectionElementKindSectionFooter"]

    mutating func applyPreferredSupplementarySizes(_ field: JSONField, to config: inout CompositionalConfiguration) throws(FieldError) {
        for e in try field.array(maxCount: 1_000_000) {
            try applySupplementaryHeight(e, to: &config)
        }
    }

    /// `{"elementKind", "indexPath": [s, 0], "height", "width"?}`: the height replaces the
    /// estimate of section s's list header or footer (L6, L16); the width is not used (it is
    /// the layout's, L11). A kind, section or height the layout cannot take is a 422 naming it.
    mutating func applySupplementaryHeight(_ e: JSONField, to config: inout CompositionalConfiguration) throws(FieldError) {
        let o = try e.object()
        try o.rejectUnknownKeys(allowed: Self.supplementarySizeKeys)
        let kindField = try o.required("elementKind")
        let kind = try kindField.string()
        let ipField = try o.required("indexPath")
        let ip = try indexPath(ipField)
        let before = problemCount
        let height = try length(try o.required("height"))
        if let w = try o.member("width") { _ = try length(w) }
        guard Self.listSupplementaryKinds.contains(kind) else {
            reject(kindField.pointer, "Unknown value \(FieldError.quoted(kind)) at \(FieldError.location(kindField.pointer)); measured supplementary views are list headers and footers, use one of: \(Self.listSupplementaryKinds.map { FieldError.quoted($0) }.joined(separator: ", ")).")
            return
        }
        guard ip.section < config.itemCounts.count, ip.item == 0 else {
            reject(ipField.pointer, "\(ipField.pointer) is [\(ip.section), \(ip.item)]; a section header or footer is at [section, 0] with section below \(config.itemCounts.count), the number of sections.")
            return
        }
        let isHeader = kind == Self.listSupplementaryKinds[0]
        let list = config.sections.isEmpty ? nil : config.sections[config.layoutSectionIndex(forDataSection: ip.section)].list
        let has = isHeader ? list?.headerMode == .supplementary : list?.footerMode == .supplementary
        guard has else {
            let what = isHeader ? "header (list headerMode \"supplementary\")" : "footer (list footerMode \"supplementary\")"
            reject(kindField.pointer, "Section \(ip.section) has no list \(what), so \(FieldError.quoted(kind)) at [\(ip.section), 0] cannot be measured. Send sizes only for the headers and footers the layout has.")
            return
        }
        if problemCount > before { return }
        if height == 0 {
            reject(e.pointer, "\(e.pointer) has a height of 0; a measured header or footer must be taller than 0. Send the height the view measured.")
            return
        }
        config.preferredSupplementaryHeights[SupplementaryKey(elementKind: kind, indexPath: ip)] = height
    }
}
