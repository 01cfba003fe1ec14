import LayoutEngine

/// A decoded `POST /batch/diff` body: identifiers per section, before and after.
struct BatchDiffRequest: Equatable {
    var old: [[String]]
    var new: [[String]]
    var flavor: BatchFlavor
}

extension BatchRequestDecoder {
    static let diffKeys: Set<String> = ["old", "new", "flavor"]

    /// At most `maxIdentifiers` identifiers in `old` and `new` together.
    static func decodeDiff(_ body: [UInt8], maxIdentifiers: Int) throws(APIError) -> BatchDiffRequest {
        try run(body) { root, reader throws(FieldError) in
            let o = try root.object()
            try o.rejectUnknownKeys(allowed: diffKeys)
            let oldField = try o.required("old"), newField = try o.required("new")
            let total = try identifierCount(oldField) + identifierCount(newField)
            if total > maxIdentifiers {
                reader.reject(.root, "old and new hold \(total) identifiers together, over this server's cap of \(maxIdentifiers) per request (--max-batch-operations); diff smaller lists.")
                return BatchDiffRequest(old: [], new: [], flavor: .collectionView)
            }
            let old = try reader.identifiers(oldField)
            let new = try reader.identifiers(newField)
            let flavor = try o.value("flavor", default: .collectionView) { f throws(FieldError) in try f.enumValue(BatchFlavor.self) }
            return BatchDiffRequest(old: old, new: new, flavor: flavor)
        }
    }

    /// Identifiers in a `[[String]]` field, counted before anything is copied; 0 for a shape the
    /// decoder will reject anyway.
    static func identifierCount(_ field: JSONField) throws(FieldError) -> Int {
        guard case .array(let sections) = field.value else { return 0 }
        var n = 0
        for case .array(let ids) in sections { n += ids.count }
        return n
    }

    /// Why identifiers are not unique: every repeated occurrence (a pointer to it and to its
    /// first occurrence), within each section of `old` and `new`, as diffable data sources
    /// require. Called only after `BatchDiff` reported duplicates, so the common case pays no
    /// second hashing pass.
    static func duplicates(_ request: BatchDiffRequest) -> APIError {
        var reader = WireReader()
        var names: [String] = []
        for (side, lists) in [("old", request.old), ("new", request.new)] {
            for (s, ids) in lists.enumerated() {
                var first: [String: Int] = [:]
                for (i, id) in ids.enumerated() {
                    if let f = first[id] {
                        let p = JSONPointer.root.appending(side).appending(s).appending(i)
                        reader.reject(p, "\(p) is \(FieldError.quoted(id)), like /\(side)/\(s)/\(f); identifiers must be unique within a section.")
                        if names.count < 10, !names.contains(id) { names.append(id) }
                    } else {
                        first[id] = i
                    }
                }
            }
        }
        let shown = names.map { $0.count > 64 ? String($0.prefix(64)) + "…" : $0 }.joined(separator: ", ")
        let detail = "The identifiers are not unique (\(reader.problemCount) repeated): a diffable data source crashes on them with \"Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(\(shown))}\". Give every item of a section its own identifier."
        return .unprocessableBatch(reader.problems, detail: detail)
    }
}

extension WireReader {
    /// `[[String]]`: identifiers per section, at most `BatchLimits.maxSections` sections.
    mutating func identifiers(_ field: JSONField) throws(FieldError) -> [[String]] {
        guard case .array(let sections) = field.value else { _ = try field.array(); return [] }
        if sections.count > BatchLimits.maxSections {
            reject(field.pointer, "\(field.pointer) has \(sections.count) sections, over this server's cap of \(BatchLimits.maxSections) sections per request.")
            return []
        }
        var out: [[String]] = []
        out.reserveCapacity(sections.count)
        for (s, section) in sections.enumerated() {
            guard case .array(let ids) = section else {
                _ = try JSONField(section, pointer: field.pointer.appending(s)).array()
                continue
            }
            var list: [String] = []
            list.reserveCapacity(ids.count)
            for (i, id) in ids.enumerated() {
                guard case .string(let text) = id else {
                    _ = try JSONField(id, pointer: field.pointer.appending(s).appending(i)).string()
                    continue
                }
                list.append(text)
            }
            out.append(list)
        }
        return out
    }
}
