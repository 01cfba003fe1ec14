import JSON
import UpdateEngine
import LayoutEngine

/// `/snapshot/apply` requests for diffable data source reasons and `/layout` requests for the
/// flow layout's size warnings.
extension CrashReproducer {
    static func snapshot(_ f: CrashFinding) -> Result<CrashRequestCandidate, Why> {
        let x = f.facts
        let missing = Why(reason: "the message is cut short before the identifiers a request needs")
        var s = SnapshotBody()
        switch f.entry.code {
        case "DUPLICATE_ITEM_IDENTIFIERS":
            guard let ids = x.strings("identifiers"), !ids.isEmpty, !f.truncated else { return .failure(missing) }
            s.old = [("S", [])]
            s.operations = [.init(op: "appendItems", lists: ["items": ids.flatMap { [$0, $0] }])]
        case "DUPLICATE_SECTION_IDENTIFIERS":
            guard let ids = x.strings("identifiers"), !ids.isEmpty, !f.truncated else { return .failure(missing) }
            s.operations = [.init(op: "appendSections", lists: ["sections": ids.flatMap { [$0, $0] }])]
        case "NO_SECTIONS":
            s.operations = [.init(op: "appendItems", lists: ["items": ["a"]])]
        case "SECTION_IDENTIFIER_ALREADY_EXISTS", "ITEM_IDENTIFIER_ALREADY_EXISTS":
            guard !f.truncated, let ids = x.strings("identifiers") ?? x.string("identifier").map({ [$0] }), !ids.isEmpty,
                  x.int("count") == ids.count else { return .failure(missing) }
            if f.entry.code == "SECTION_IDENTIFIER_ALREADY_EXISTS" {
                s.old = ids.map { ($0, []) }
                s.operations = [.init(op: "appendSections", lists: ["sections": ids])]
            } else {
                s.old = [("S", ids)]
                s.operations = [.init(op: "appendItems", lists: ["items": ids])]
                s.pointer = "/warnings/0/message"
            }
        case "PARAMETER_ASSERTION":
            s.old = [("A", ["a"]), ("B", [])]
            switch f.message.split(separator: " ").dropFirst(4).first ?? "" {
            case "section": s.operations = [.init(op: "appendItems", lists: ["items": ["b"]], strings: ["toSection": "Z"])]
            case "insertIndex": s.operations = [.init(op: "insertSections", lists: ["sections": ["C"]], strings: ["before": "Z"])]
            case "fromSection": s.operations = [.init(op: "moveSection", strings: ["section": "Z", "after": "A"])]
            case "toSection": s.operations = [.init(op: "moveSection", strings: ["section": "A", "after": "Z"])]
            case "fromIndex": s.operations = [.init(op: "moveItem", strings: ["item": "z", "after": "a"])]
            case "toIndex": s.operations = [.init(op: "moveItem", strings: ["item": "a", "after": "z"])]
            default: return .failure(Why(reason: "layoutd's snapshot engine does not make this assertion"))
            }
            s.assumptions.append("any snapshot and identifiers do: the assertion names none")
        case "INSERT_DESTINATION_IN_LIST":
            guard let d = x.string("destination"), let ids = x.strings("updateIdentifiers"), ids.contains(d) else { return .failure(missing) }
            let sections = f.message.contains("section operation")
            s.old = sections ? [(d, [])] : [("S", [d])]
            s.operations = [.init(op: sections ? "insertSections" : "insertItems", lists: [sections ? "sections" : "items": ids], strings: ["before": d])]
        case "MOVE_RELATIVE_TO_ITSELF":
            guard let d = x.string("identifier") else { return .failure(missing) }
            let sections = f.message.contains("section move")
            s.old = sections ? [(d, [])] : [("S", [d])]
            s.operations = [.init(op: sections ? "moveSection" : "moveItem", strings: [sections ? "section" : "item": d, "before": d])]
        case "RELOAD_UNKNOWN_ITEM", "RECONFIGURE_UNKNOWN_ITEM", "RELOAD_UNKNOWN_SECTION":
            guard let d = x.string("identifier"), !f.truncated else { return .failure(missing) }
            let op = f.entry.code == "RELOAD_UNKNOWN_SECTION" ? "reloadSections" : f.entry.code == "RELOAD_UNKNOWN_ITEM" ? "reloadItems" : "reconfigureItems"
            s.operations = [.init(op: op, lists: [op == "reloadSections" ? "sections" : "items": [d]])]
        case "DUPLICATE_SECTION_SNAPSHOT_ITEMS", "UNKNOWN_INSERT_DESTINATION", "UNKNOWN_PARENT", "UNKNOWN_ITEM", "UNKNOWN_DELETED_ITEM":
            return sectionSnapshot(f)
        default:
            return .failure(Why(reason: "layoutd's snapshot engine does not model this (identity and threading of the app's own types)"))
        }
        return .success(s.candidate())
    }

    /// `NSDiffableDataSourceSectionSnapshot` reasons, through `POST /snapshot/section`: a section
    /// snapshot holding one other item (or the duplicates), and the one operation that throws.
    static func sectionSnapshot(_ f: CrashFinding) -> Result<CrashRequestCandidate, Why> {
        let x = f.facts
        let missing = Why(reason: "the message is cut short before the identifiers a request needs")
        guard !f.truncated else { return .failure(missing) }
        var items: [String] = []
        var op: [(String, String)] = []
        func other(_ avoid: [String]) -> String {
            ["a", "b", "c", "d"].first { !avoid.contains($0) } ?? "e"
        }
        if f.entry.code == "DUPLICATE_SECTION_SNAPSHOT_ITEMS" {
            guard let ids = x.strings("identifiers"), ids.count == 1, let id = ids.first else {
                return .failure(Why(reason: "layoutd's section snapshot reports each repeated identifier in an answer of its own; this message lists several at once"))
            }
            items = [id]
            op = [("op", "append"), ("items", id)]
        } else {
            guard let id = x.string("identifier"), !id.isEmpty else { return .failure(missing) }
            let existing = other([id]), new = other([id, existing])
            items = [existing]
            switch f.entry.code {
            case "UNKNOWN_INSERT_DESTINATION": op = [("op", "insert"), ("items", new), (x.string("position") == "after" ? "after" : "before", id)]
            case "UNKNOWN_PARENT": op = [("op", "append"), ("items", new), ("to", id)]
            case "UNKNOWN_DELETED_ITEM": op = [("op", "delete"), ("items", id)]
            default: op = [("op", f.message.hasPrefix("Child") ? "parent" : "level"), ("item", id)]
            }
        }
        var w = JSONWriter(capacity: 256)
        w.raw(#"{"snapshot":{"items":["#)
        for (k, id) in items.enumerated() { w.raw(k == 0 ? #"{"id":"# : #",{"id":"#); w.string(id); w.raw("}") }
        w.raw(#"]},"operations":[{"#)
        for (k, (key, value)) in op.enumerated() {
            if k > 0 { w.raw(",") }
            w.string(key); w.raw(":")
            if key == "items" { w.raw("["); w.string(value); w.raw("]") } else { w.string(value) }
        }
        w.raw("}]}")
        return .success(CrashRequestCandidate(path: "/snapshot/section", body: String(decoding: w.bytes, as: UTF8.self),
                                              pointer: "/error/reason", assumptions: []))
    }

    /// An over-wide (over-tall) item in a view of the size the message's description gives.
    static func flow(_ f: CrashFinding) -> Result<CrashRequestCandidate, Why> {
        guard f.entry.code == "ITEM_TOO_WIDE" || f.entry.code == "ITEM_TOO_TALL" else {
            return .failure(Why(reason: "layoutd does not subclass the flow layout; the mismatch is in the subclass's own code"))
        }
        var assumptions: [String] = []
        var width = 375.0, height = 667.0
        if let frame = f.facts.string("viewFrame") {
            let numbers = frame.split { $0 == " " || $0 == ";" }.compactMap { Double($0) }
            if numbers.count == 4, numbers[2] > 0, numbers[3] > 0 { width = numbers[2]; height = numbers[3] }
        } else {
            assumptions.append("a 375 × 667 collection view (the message names no frame)")
        }
        let wide = f.entry.code == "ITEM_TOO_WIDE"
        let delegate = f.message.contains("Please check the values returned by the delegate")
        let item = wide ? (width + 1, 50.0) : (50.0, height + 1)
        var w = JSONWriter(capacity: 256)
        w.raw(#"{"collectionView":{"width":"#); w.number(width)
        w.raw(#","height":"#); w.number(height)
        w.raw(#"},"layout":{"#)
        if !wide { w.raw(#""scrollDirection":"horizontal""#) }
        if !delegate {
            w.raw(wide ? #""itemSize":{"width":"# : #","itemSize":{"width":"#)
            w.number(item.0); w.raw(#","height":"#); w.number(item.1)
            w.raw(#"}},"sections":[{"numberOfItems":1}]}"#)
        } else {
            w.raw(#"},"sections":[{"itemSizes":[{"width":"#)
            w.number(item.0); w.raw(#","height":"#); w.number(item.1)
            w.raw("}]}]}")
            assumptions.append("sizes from the delegate (collectionView(_:layout:sizeForItemAt:)), as the message says")
        }
        return .success(CrashRequestCandidate(path: "/layout", body: String(decoding: w.bytes, as: UTF8.self),
                                              pointer: "/warnings/0/message", assumptions: assumptions))
    }
}

/// A `/snapshot/apply` body being built: identifiers as strings.
struct SnapshotBody {
    struct Operation {
        var op: String
        var lists: [String: [String]] = [:]
        var strings: [String: String] = [:]
    }

    var old: [(String, [String])]?
    var operations: [Operation] = []
    var pointer = "/error/reason"
    var assumptions: [String] = []

    func candidate() -> CrashRequestCandidate {
        var w = JSONWriter(capacity: 256)
        w.raw("{")
        if let old {
            w.raw(#""old":{"sections":["#)
            for (k, (id, items)) in old.enumerated() {
                w.raw(k == 0 ? #"{"id":"# : #",{"id":"#); w.string(id)
                w.raw(#","items":"#); strings(items, &w)
                w.raw("}")
            }
            w.raw("]},")
        }
        w.raw(#""operations":["#)
        for (k, o) in operations.enumerated() {
            w.raw(k == 0 ? #"{"op":"# : #",{"op":"#); w.string(o.op)
            for key in o.lists.keys.sorted() { w.raw(","); w.string(key); w.raw(":"); strings(o.lists[key] ?? [], &w) }
            for key in o.strings.keys.sorted() { w.raw(","); w.string(key); w.raw(":"); w.string(o.strings[key] ?? "") }
            w.raw("}")
        }
        w.raw("]}")
        return CrashRequestCandidate(path: "/snapshot/apply", body: String(decoding: w.bytes, as: UTF8.self),
                                     pointer: pointer, assumptions: assumptions)
    }

    func strings(_ list: [String], _ w: inout JSONWriter) {
        w.raw("[")
        for (k, s) in list.enumerated() { if k > 0 { w.raw(",") }; w.string(s) }
        w.raw("]")
    }
}
