import JSON
import UpdateEngine
import LayoutEngine

/// A decoded `POST /snapshot/section` body.
struct SectionSnapshotRequest: Equatable, JSONBody {
    var snapshot: SectionSnapshot
    var operations: [SectionSnapshotOperation]

    static var rejected: APIError.Rejected { .snapshot }

    static func read(_ root: JSONField, _ configuration: ServiceConfiguration, reader: inout WireReader) throws(FieldError) -> SectionSnapshotRequest {
        try SectionSnapshotRequestDecoder.decode(root, reader: &reader, maxOperations: configuration.maxBatchOperations)
    }
}

enum SectionSnapshotRequestDecoder {
    static let topLevelKeys: KeySet = ["snapshot", "operations"]
    static let nodeKeys: KeySet = ["id", "expanded", "children"]
    static let operationKeys: [String: Set<String>] = [
        "append": ["items", "to"], "insert": ["items", "before", "after"], "delete": ["items"], "deleteAll": [],
        "expand": ["items"], "collapse": ["items"], "level": ["item"], "parent": ["item"], "isExpanded": ["item"],
        "isVisible": ["item"], "contains": ["item"], "snapshot": ["item", "includingParent"],
    ]
    /// Every argument of every operation: what the contract's `SectionSnapshotOperation` lists.
    static let argumentKeys = operationKeys.values.reduce(into: Set<String>()) { $0.formUnion($1) }
    static let operationNames = ["append", "insert", "delete", "deleteAll", "expand", "collapse", "level", "parent",
                                 "isExpanded", "isVisible", "contains", "snapshot"]

    /// `body` decoded as `POST /snapshot/section` decodes it.
    static func decode(_ body: [UInt8], maxOperations: Int) throws(APIError) -> SectionSnapshotRequest {
        try SectionSnapshotRequest.decode(body, ServiceConfiguration(maxBatchOperations: maxOperations))
    }

    static func decode(_ root: JSONField, reader: inout WireReader, maxOperations: Int) throws(FieldError) -> SectionSnapshotRequest {
        let o = try root.object()
        try o.rejectUnknownKeys(allowed: topLevelKeys)
        var roots: [SectionSnapshot.Node] = []
        var count = 0
        if let f = try o.member("snapshot") {
            let s = try f.object()
            try s.rejectUnknownKeys(allowed: WireKeys.itemsOnly)
            roots = try nodes(try s.required("items"), count: &count)
            for r in SectionSnapshot.repeats(in: roots) {
                let reason = "Identifiers in a section snapshot must be unique. Duplicate item identifiers: {(\n    \(r.id)\n)}"
                reader.reject(f.pointer.appending("items"), "Item \(r.at) of the tree (depth first) is \(FieldError.quoted(r.id.description)), like item \(r.first); a section snapshot holds each item once. UIKit: \(reason)")
            }
        }
        let ops = try o.required("operations").array(maxCount: maxOperations)
        var total = 0
        var operations: [SectionSnapshotOperation] = []
        for f in ops {
            let op = try operation(f, &reader)
            total += op.identifierCount
            if total > BatchLimits.maxItems { throw SnapshotRequestDecoder.tooManyIdentifiers(f.pointer, total) }
            operations.append(op)
        }
        return SectionSnapshotRequest(snapshot: SectionSnapshot(roots: roots), operations: operations)
    }

    /// `[{"id", "expanded"?, "children"?}]`; nesting is bounded by the JSON parser's depth.
    static func nodes(_ field: JSONField, count: inout Int) throws(FieldError) -> [SectionSnapshot.Node] {
        var out: [SectionSnapshot.Node] = []
        for f in try field.array(maxCount: BatchLimits.maxItems) {
            let o = try f.object()
            try o.rejectUnknownKeys(allowed: nodeKeys)
            let idField = try o.required("id")
            let id = try WireReader.identifier(idField.value, idField.pointer)
            let expanded = try o.value("expanded", default: false) { f throws(FieldError) in try f.bool() }
            count += 1
            if count > BatchLimits.maxItems { throw .tooMany(pointer: field.pointer, limit: BatchLimits.maxItems) }
            let children = try o.member("children").map { c throws(FieldError) in try nodes(c, count: &count) } ?? []
            out.append(SectionSnapshot.Node(id: id, expanded: expanded, children: children))
        }
        return out
    }

    static func operation(_ field: JSONField, _ reader: inout WireReader) throws(FieldError) -> SectionSnapshotOperation {
        let o = try field.object()
        let opField = try o.required("op")
        let name = try opField.string()
        guard let keys = operationKeys[name] else {
            throw .conflict(pointer: opField.pointer, detail: FieldError.unknownValue(name, at: opField.pointer, allowed: operationNames))
        }
        let a = try OperationArguments(o, op: name, takes: keys, known: argumentKeys, reader: &reader)
        func one() throws(FieldError) -> SnapshotIdentifier { try a.identifier("item", reader: &reader) }
        func list() throws(FieldError) -> [SnapshotIdentifier] { try a.identifiers("items", reader: &reader) }
        switch name {
        case "append": return .append(try list(), to: try o.member("to").map { f throws(FieldError) in try WireReader.identifier(f.value, f.pointer) })
        case "insert": return .insert(try list(), try a.position(reader: &reader))
        case "delete": return .delete(try list())
        case "deleteAll": return .deleteAll
        case "expand": return .expand(try list())
        case "collapse": return .collapse(try list())
        case "level": return .level(try one())
        case "parent": return .parent(try one())
        case "isExpanded": return .isExpanded(try one())
        case "isVisible": return .isVisible(try one())
        case "contains": return .contains(try one())
        default:
            let including = try o.value("includingParent", default: false) { f throws(FieldError) in try f.bool() }
            return .snapshot(of: try one(), includingParent: including)
        }
    }
}

extension SnapshotEncoder {
    /// What a section answer writes besides its items, answers and errors (the verdict head,
    /// the keys, the brackets).
    static let sectionOverhead = 512

    /// `POST /snapshot/section`'s answer; `capacity` is its bound when known (`SectionAnswerBudget`).
    static func section(_ e: SectionSnapshotEdit, operations: [SectionSnapshotOperation], capacity: Int? = nil) -> [UInt8] {
        var w = JSONWriter(capacity: capacity ?? (512 + e.snapshot.items.count * 80))
        verdictHead(e.errors, &w)
        if e.errors.isEmpty {
            w.raw(",")
            sectionBody(e.snapshot, &w)
            w.raw(#","answers":["#)
            for (n, k) in e.answers.keys.sorted().enumerated() {
                guard let answer = e.answers[k] else { continue }
                w.raw(n == 0 ? #"{"operation":"# : #",{"operation":"#)
                w.int(k)
                switch answer {
                case .level(let l):
                    w.raw(#","value":"#)
                    w.int(l)
                case .flag(let b):
                    w.raw(#","value":"#)
                    w.bool(b)
                case .parent(let p?):
                    w.raw(#","value":"#)
                    identifier(p, &w)
                case .parent(nil):
                    break   // a root item has no parent: no value
                case .snapshot(let s):
                    w.raw(#","value":{"#)
                    sectionBody(s, &w)
                    w.raw("}")
                }
                w.raw("}")
            }
            w.raw("]}")
        } else {
            w.raw(#","items":null,"rootItems":null,"visibleItems":null,"expandedItems":null,"answers":null}"#)
        }
        return w.bytes
    }

    /// `"items":[{"id","level","expanded","visible","hasChildren"}],"rootItems",…` (no braces).
    static func sectionBody(_ s: SectionSnapshot, _ w: inout JSONWriter) {
        let visible = s.visibility, parents = s.childFlags
        w.raw(#""items":["#)
        for (k, id) in s.items.enumerated() {
            w.raw(k == 0 ? #"{"id":"# : #",{"id":"#)
            identifier(id, &w)
            w.raw(#","level":"#)
            w.int(s.levels[k])
            w.raw(#","expanded":"#)
            w.bool(s.isExpanded(id))
            w.raw(#","visible":"#)
            w.bool(visible[k])
            w.raw(#","hasChildren":"#)
            w.bool(parents[k])
            w.raw("}")
        }
        w.raw(#"],"rootItems":"#)
        identifiers(s.rootItems, &w)
        w.raw(#","visibleItems":"#)
        identifiers(s.visibleItems, &w)
        w.raw(#","expandedItems":"#)
        identifiers(s.expandedItems, &w)
    }
}
