import JSON
import UpdateEngine
import LayoutEngine

/// A decoded `POST /batch/diff` body: identifiers per section, before and after.
struct BatchDiffRequest: Equatable, JSONBody {
    var old: [[String]]
    var new: [[String]]
    var flavor: BatchFlavor

    static var rejected: APIError.Rejected { .batch }

    /// At most `--max-batch-operations` identifiers in `old` and `new` together.
    static func read(_ root: JSONField, _ configuration: ServiceConfiguration, reader: inout WireReader) throws(FieldError) -> BatchDiffRequest {
        let maxIdentifiers = configuration.maxBatchOperations
        let o = try root.object()
        try o.rejectUnknownKeys(allowed: BatchRequestDecoder.diffKeys)
        let oldField = try o.required("old"), newField = try o.required("new")
        let total = try BatchRequestDecoder.identifierCount(oldField) + BatchRequestDecoder.identifierCount(newField)
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

extension BatchRequestDecoder {
    static let diffKeys: KeySet = ["old", "new", "flavor"]

    /// Identifiers in a `[[String]]` field, counted before anything is copied; 0 for a shape the
    /// decoder will reject anyway.
    static func identifierCount(_ field: JSONField) throws(FieldError) -> Int {
        guard case .array(let sections) = field.value else { return 0 }
        var n = 0
        for case .array(let ids) in sections { n += ids.count }
        return n
    }

    /// Identifiers no diffable data source snapshot can hold (D2): a repeat within a section, or
    /// an identifier in two sections (UIKit holds one ordered set of items per snapshot). Every
    /// repeated occurrence is named with a pointer to it and to its first occurrence; the detail
    /// quotes what UIKit says for the same mistake (D22 within a list, D14 across sections).
    /// - Complexity: O(n) hash operations.
    static func snapshotProblems(_ request: BatchDiffRequest) -> APIError? {
        var reader = WireReader()
        var within: [SnapshotIdentifier] = [], across: [SnapshotIdentifier] = []
        for (side, lists) in [("old", request.old), ("new", request.new)] {
            let snapshot = DiffableSnapshot(sections: lists.enumerated().map {
                DiffableSnapshot.Section(id: .integer($0.offset), items: $0.element.map(SnapshotIdentifier.string))
            })
            for p in SnapshotValidation.problems(snapshot) {
                guard let item = p.item else { continue }
                let at = JSONPointer.root.appending(side).appending(p.section).appending(item)
                let what = FieldError.quoted(p.identifier.description)
                switch p.kind {
                case .duplicateItemInSection(let f):
                    reader.reject(at, "\(at) is \(what), like /\(side)/\(p.section)/\(f); identifiers must be unique within a section.")
                    if within.count < 10, !within.contains(p.identifier) { within.append(p.identifier) }
                case .itemInTwoSections(let fs, let fi):
                    reader.reject(at, "\(at) is \(what), already /\(side)/\(fs)/\(fi); an identifier occurs once in all sections of a snapshot, not once per section.")
                    if across.count < 10, !across.contains(p.identifier) { across.append(p.identifier) }
                case .duplicateSection:
                    break
                }
            }
        }
        guard reader.problemCount > 0 else { return nil }
        let shorten = { (ids: [SnapshotIdentifier]) in
            ids.map { id -> SnapshotIdentifier in
                let s = id.description
                return s.count > 64 ? .string(String(s.prefix(64)) + "…") : id
            }
        }
        let uikit = within.isEmpty
            ? SnapshotValidation.itemsExistMessage(shorten(across))
            : SnapshotValidation.duplicatesMessage(shorten(within))
        let detail = "The identifiers are not unique (\(reader.problemCount) repeated): a diffable data source refuses them with \"\(uikit)\". Give every item its own identifier, unique across all sections."
        return .unprocessable(reader.problems, detail: detail, rejected: .batch)
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
