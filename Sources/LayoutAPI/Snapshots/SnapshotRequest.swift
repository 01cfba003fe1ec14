import JSON
import UpdateEngine
import LayoutEngine

/// A decoded `POST /snapshot/apply` body.
struct SnapshotApplyRequest: Equatable, JSONBody {
    var old: DiffableSnapshot
    var change: SnapshotChange
    var source: SnapshotSource
    var linkedSDK: LinkedSDK
    /// `tableView` for `UITableViewDiffableDataSource` (the verdicts' wording), as `/batch/validate` names it.
    var flavor: BatchFlavor = .collectionView

    static var rejected: APIError.Rejected { .snapshot }

    static func read(_ root: JSONField, _ configuration: ServiceConfiguration, reader: inout WireReader) throws(FieldError) -> SnapshotApplyRequest {
        try SnapshotRequestDecoder.decode(root, reader: &reader, maxOperations: configuration.maxBatchOperations)
    }
}

/// Caps on snapshot requests: identifiers per snapshot and in all operation arguments as the
/// batch routes (`BatchLimits`), and the identifiers the edit may visit (section scans), so a long
/// list of moves in one huge section cannot keep the server busy: 20,000,000 visits take ~0.2 s.
enum SnapshotLimits {
    static let maxWork = 20_000_000
}

enum SnapshotRequestDecoder {
    static let topLevelKeys: KeySet = ["old", "operations", "new", "source", "linkedSDK", "flavor"]
    static let snapshotKeys: KeySet = ["sections"]
    static let newKeys: KeySet = ["sections", "reloadedSections", "reloadedItems", "reconfiguredItems"]
    static let sectionKeys: KeySet = ["id", "items"]

    /// Fields each operation takes besides `op` (`before`/`after` are exactly-one-of).
    static let operationKeys: [String: Set<String>] = [
        "appendSections": ["sections"], "insertSections": ["sections", "before", "after"], "deleteSections": ["sections"],
        "moveSection": ["section", "before", "after"], "reloadSections": ["sections"],
        "appendItems": ["items", "toSection"], "insertItems": ["items", "before", "after"], "deleteItems": ["items"],
        "deleteAllItems": [], "moveItem": ["item", "before", "after"], "reloadItems": ["items"], "reconfigureItems": ["items"],
    ]
    /// Every argument of every operation: what the contract's `SnapshotOperation` lists.
    static let argumentKeys = operationKeys.values.reduce(into: Set<String>()) { $0.formUnion($1) }
    static let operationNames = ["appendSections", "insertSections", "deleteSections", "moveSection", "reloadSections",
                                 "appendItems", "insertItems", "deleteItems", "deleteAllItems", "moveItem", "reloadItems",
                                 "reconfigureItems"]

    /// The cap on identifiers over all operations' arguments passed at the operation `at`.
    static func tooManyIdentifiers(_ at: JSONPointer, _ total: Int) -> FieldError {
        .invalidValue(pointer: at, detail: "The operations up to \(at) name \(total) identifiers in their arguments, over this server's cap of \(BatchLimits.maxItems) per request (as the batch routes); send the rest in another request.")
    }

    /// `body` decoded as `POST /snapshot/apply` decodes it.
    static func decode(_ body: [UInt8], maxOperations: Int) throws(APIError) -> SnapshotApplyRequest {
        try SnapshotApplyRequest.decode(body, ServiceConfiguration(maxBatchOperations: maxOperations))
    }

    static func decode(_ root: JSONField, reader: inout WireReader, maxOperations: Int) throws(FieldError) -> SnapshotApplyRequest {
        let o = try root.object()
        try o.rejectUnknownKeys(allowed: topLevelKeys)
        let old = try o.member("old").map { f throws(FieldError) in try reader.snapshot(f, keys: snapshotKeys).0 } ?? DiffableSnapshot()
        let source = try o.value("source", default: .fresh) { f throws(FieldError) in try f.enumValue(SnapshotSource.self) }
        let sdk = try o.value("linkedSDK", default: .current) { f throws(FieldError) in try f.enumValue(LinkedSDK.self) }
        let opsField = try o.member("operations"), newField = try o.member("new")
        let change: SnapshotChange
        switch (opsField, newField) {
        case (let ops?, nil):
            change = .operations(try reader.operations(ops, maxOperations: maxOperations))
        case (nil, let new?):
            let (snapshot, marks) = try reader.snapshot(new, keys: newKeys)
            change = .snapshot(snapshot, marks)
        case (_?, let new?):
            throw .conflict(pointer: new.pointer, detail: "\(new.pointer) and /operations are both present; send either the snapshot passed to apply (new) or the operations made on a copy of old (operations), not both.")
        case (nil, nil):
            throw .conflict(pointer: .root, detail: "The request has neither operations nor new; send the operations made on a copy of old (\"operations\": [{\"op\": \"appendSections\", \"sections\": [\"main\"]}]) or the snapshot passed to apply (\"new\": {\"sections\": [...]}).")
        }
        let flavor = try o.value("flavor", default: .collectionView) { f throws(FieldError) in try f.enumValue(BatchFlavor.self) }
        return SnapshotApplyRequest(old: old, change: change, source: source, linkedSDK: sdk, flavor: flavor)
    }
}

extension WireReader {
    /// A string, or a whole number within `Int64` (`"a"`, `7`, `-9223372036854775808`), read
    /// exactly: what `Hashable` identifiers a client sends. A whole number outside `Int64` is a
    /// 422 (`FieldError.invalidValue`: no identifier can hold it); other JSON is a 400.
    static func identifier(_ value: JSON, _ pointer: @autoclosure () -> JSONPointer) throws(FieldError) -> SnapshotIdentifier {
        switch value {
        case .string(let s): return .string(s)
        case .integer(let exact): return .integer(exact)
        case .number(let d):
            // Up to 2^53 a Double holds every integer exactly; beyond it, integers within Int64
            // parse as `.integer`, so a `.number` there is outside Int64 (or not whole).
            if abs(d) <= 9_007_199_254_740_992, let i = whole(value) { return .integer(i) }
            var w = JSONWriter(capacity: 24)
            w.number(d)
            let shown = String(decoding: w.bytes, as: UTF8.self)
            if d.isFinite, d.rounded(.towardZero) == d {
                let at = pointer()
                throw .invalidValue(pointer: at, detail: "\(at) is a whole number of about \(shown), outside the 64-bit range of integer identifiers (-9223372036854775808 to 9223372036854775807); send it as a string, or a smaller integer.")
            }
            throw .wrongType(pointer: pointer(), expected: "an identifier (a string or an integer)", found: shown)
        default:
            throw .wrongType(pointer: pointer(), expected: "an identifier (a string or an integer)", found: value.kindDescription)
        }
    }

    /// An array of identifiers, at most `BatchLimits.maxItems`.
    mutating func snapshotIdentifiers(_ field: JSONField) throws(FieldError) -> [SnapshotIdentifier] {
        guard case .array(let values) = field.value else { _ = try field.array(); return [] }
        if values.count > BatchLimits.maxItems { throw .tooMany(pointer: field.pointer, limit: BatchLimits.maxItems) }
        var out: [SnapshotIdentifier] = []
        out.reserveCapacity(values.count)
        let base = field.pointer
        for (i, v) in values.enumerated() { out.append(try Self.identifier(v, base.appending(i))) }
        return out
    }

    /// `{"sections": [{"id", "items"}]}` (plus the marks for `new`); a value no snapshot can be
    /// (repeats, D2) is collected as 422 problems quoting UIKit's text for the same mistake.
    mutating func snapshot(_ field: JSONField, keys: KeySet) throws(FieldError) -> (DiffableSnapshot, SnapshotMarks) {
        let o = try field.object()
        try o.rejectUnknownKeys(allowed: keys)
        let sectionsField = try o.required("sections")
        let list = try sectionsField.array(maxCount: BatchLimits.maxSections)
        var sections: [DiffableSnapshot.Section] = []
        sections.reserveCapacity(list.count)
        var total = 0
        for f in list {
            let s = try f.object()
            try s.rejectUnknownKeys(allowed: SnapshotRequestDecoder.sectionKeys)
            let idField = try s.required("id")
            let id = try Self.identifier(idField.value, idField.pointer)
            let items = try snapshotIdentifiers(try s.required("items"))
            total += items.count
            if total > BatchLimits.maxItems { throw .tooMany(pointer: sectionsField.pointer, limit: BatchLimits.maxItems) }
            sections.append(DiffableSnapshot.Section(id: id, items: items))
        }
        let snapshot = DiffableSnapshot(sections: sections)
        for p in SnapshotValidation.problems(snapshot, limit: Self.maxProblems) {
            let base = field.pointer.appending("sections").appending(p.section)
            let pointer = p.item.map { base.appending("items").appending($0) } ?? base.appending("id")
            let what = FieldError.quoted(p.identifier.description)
            let detail: String
            switch p.kind {
            case .duplicateSection(let f):
                detail = "\(pointer) is \(what), like \(field.pointer.appending("sections").appending(f).appending("id")); a snapshot holds each section identifier once. UIKit: \(p.error.reason)"
            case .duplicateItemInSection(let f):
                detail = "\(pointer) is \(what), like \(base.appending("items").appending(f)); an item identifier occurs once in a snapshot. UIKit: \(p.error.reason)"
            case .itemInTwoSections(let fs, let fi):
                detail = "\(pointer) is \(what), already \(field.pointer.appending("sections").appending(fs).appending("items").appending(fi)); an item identifier occurs once in a whole snapshot, not once per section. UIKit: \(p.error.reason)"
            }
            reject(pointer, detail)
        }
        var marks = SnapshotMarks()
        if keys.contains("reloadedItems") {
            if let f = try o.member("reloadedSections") { SnapshotMarks.add(try snapshotIdentifiers(f), to: &marks.reloadedSections) }
            if let f = try o.member("reloadedItems") { SnapshotMarks.add(try snapshotIdentifiers(f), to: &marks.reloadedItems) }
            if let f = try o.member("reconfiguredItems") { SnapshotMarks.add(try snapshotIdentifiers(f), to: &marks.reconfiguredItems) }
        }
        return (snapshot, marks)
    }

    /// The operations, at most `maxOperations` of them naming at most `BatchLimits.maxItems`
    /// identifiers in all.
    mutating func operations(_ field: JSONField, maxOperations: Int) throws(FieldError) -> [SnapshotOperation] {
        let list = try field.array(maxCount: maxOperations)
        var out: [SnapshotOperation] = []
        out.reserveCapacity(list.count)
        var total = 0
        for f in list {
            let op = try operation(f)
            total += op.identifierCount
            if total > BatchLimits.maxItems { throw SnapshotRequestDecoder.tooManyIdentifiers(f.pointer, total) }
            out.append(op)
        }
        return out
    }

    mutating func operation(_ field: JSONField) throws(FieldError) -> SnapshotOperation {
        let o = try field.object()
        let opField = try o.required("op")
        let name = try opField.string()
        guard let keys = SnapshotRequestDecoder.operationKeys[name] else {
            throw .conflict(pointer: opField.pointer, detail: FieldError.unknownValue(name, at: opField.pointer, allowed: SnapshotRequestDecoder.operationNames))
        }
        let a = try OperationArguments(o, op: name, takes: keys, known: SnapshotRequestDecoder.argumentKeys, reader: &self)
        switch name {
        case "appendSections": return .appendSections(try a.identifiers("sections", reader: &self))
        case "insertSections": return .insertSections(try a.identifiers("sections", reader: &self), try a.position(reader: &self))
        case "deleteSections": return .deleteSections(try a.identifiers("sections", reader: &self))
        case "moveSection": return .moveSection(try a.identifier("section", reader: &self), try a.position(reader: &self))
        case "reloadSections": return .reloadSections(try a.identifiers("sections", reader: &self))
        case "appendItems":
            let to = try o.member("toSection").map { f throws(FieldError) in try Self.identifier(f.value, f.pointer) }
            return .appendItems(try a.identifiers("items", reader: &self), toSection: to)
        case "insertItems": return .insertItems(try a.identifiers("items", reader: &self), try a.position(reader: &self))
        case "deleteItems": return .deleteItems(try a.identifiers("items", reader: &self))
        case "deleteAllItems": return .deleteAllItems
        case "moveItem": return .moveItem(try a.identifier("item", reader: &self), try a.position(reader: &self))
        case "reloadItems": return .reloadItems(try a.identifiers("items", reader: &self))
        default: return .reconfigureItems(try a.identifiers("items", reader: &self))
        }
    }
}
