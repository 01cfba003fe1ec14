import JSON
import UpdateEngine
import LayoutEngine

/// The `POST /crash/explain` answer as JSON (schema `CrashExplanation` in openapi.yaml).
enum CrashEncoder {
    static func explanation(_ e: CrashExplanation) -> [UInt8] {
        var w = JSONWriter(capacity: 2048 + e.findings.count * 4096)
        w.raw(#"{"findings":["#)
        for (k, f) in e.findings.enumerated() {
            if k > 0 { w.raw(",") }
            finding(f, &w)
        }
        w.raw(#"],"omitted":"#); w.int(e.omitted)
        w.raw(#","ios":"#); BatchEncoder.optionalString(e.ios, &w)
        w.raw(#","uikitBuild":"#); BatchEncoder.optionalString(e.uikitBuild, &w)
        w.raw("}")
        return w.bytes
    }

    static func finding(_ x: ExplainedFinding, _ w: inout JSONWriter) {
        let f = x.finding
        w.raw(#"{"code":"#); w.string(f.entry.code)
        w.raw(#","message":"#); w.string(f.message)
        w.raw(#","count":"#); w.int(f.count)
        w.raw(#","class":"#); w.string(x.kind)
        w.raw(#","exception":"#); BatchEncoder.optionalString(f.exceptionName ?? f.entry.exception, &w)
        w.raw(#","logged":"#); w.bool(f.entry.exception == nil)
        w.raw(#","truncated":"#); w.bool(f.truncated)
        w.raw(#","facts":"#); facts(f.facts, flavor: x.flavor, &w)
        w.raw(#","explanation":"#); w.string(x.advice.explanation)
        w.raw(#","causes":["#)
        for (k, c) in x.advice.causes.enumerated() {
            w.raw(k == 0 ? #"{"cause":"# : #",{"cause":"#); w.string(c.cause)
            w.raw(#","fix":"#); w.string(c.fix)
            w.raw("}")
        }
        let v = f.entry.versions
        w.raw(#"],"iosVersions":{"since":"#); BatchEncoder.optionalString(v.since, &w)
        w.raw(#","until":"#); BatchEncoder.optionalString(v.until, &w)
        w.raw(#","note":"#); w.string(v.note)
        w.raw(#","source":"#); w.string(f.entry.source)
        w.raw(#"},"docs":["#)
        for (k, d) in x.advice.docs.enumerated() {
            w.raw(k == 0 ? #"{"title":"# : #",{"title":"#); w.string(d.title)
            w.raw(#","url":"#); w.string(d.url)
            w.raw("}")
        }
        w.raw(#"],"reproduction":"#)
        switch x.reproduction {
        case .reproduced(let r):
            w.raw(#"{"method":"POST","path":"#); w.string(r.path)
            w.raw(#","body":"#); w.raw(r.body)
            w.raw(#","expect":{"pointer":"#); w.string(r.pointer)
            w.raw(#","message":"#); w.string(r.message)
            w.raw(#"},"assumptions":["#)
            for (k, a) in r.assumptions.enumerated() { if k > 0 { w.raw(",") }; w.string(a) }
            w.raw(#"]},"reproductionNote":null,"violations":"#)
            BatchEncoder.write(r.violations, &w)
            w.raw(#","violationsOmitted":"#); w.int(r.violationsOmitted)
        case .none(let reason):
            w.raw(#"null,"reproductionNote":"#); w.string(reason)
            w.raw(#","violations":[],"violationsOmitted":0"#)
        }
        w.raw("}")
    }

    /// Facts as an object: numbers, strings, `[section, item]` index paths, lists; the flavor.
    static func facts(_ facts: CrashFacts, flavor: BatchFlavor, _ w: inout JSONWriter) {
        w.raw("{")
        var first = true
        func key(_ k: String) { w.raw(first ? "" : ","); first = false; w.string(k); w.raw(":") }
        for (name, value) in facts.entries where name != "flavor" {
            key(name)
            switch value {
            case .int(let v): w.int(v)
            case .string(let s) where name == "capitalized": w.bool(s == "true")
            case .string(let s): w.string(s)
            case .indexPath(let s, let i): BatchEncoder.path(IndexPath(section: s, item: i), &w)
            case .ints(let list): BatchEncoder.ints(list, &w)
            case .strings(let list):
                w.raw("[")
                for (k, s) in list.enumerated() { if k > 0 { w.raw(",") }; w.string(s) }
                w.raw("]")
            }
        }
        key("flavor")
        w.string(flavor.rawValue)
        w.raw("}")
    }

    /// A `BatchUpdates` with only its non-empty lists (for request bodies).
    static func compactUpdates(_ u: BatchUpdates, _ w: inout JSONWriter) {
        var first = true
        func list(_ name: StaticString, _ empty: Bool, _ write: (inout JSONWriter) -> Void) {
            guard !empty else { return }
            w.raw(first ? "{\"" : ",\""); first = false
            w.raw(name); w.raw("\":")
            write(&w)
        }
        list("deleteItems", u.deleteItems.isEmpty) { BatchEncoder.paths(u.deleteItems, &$0) }
        list("insertItems", u.insertItems.isEmpty) { BatchEncoder.paths(u.insertItems, &$0) }
        list("reloadItems", u.reloadItems.isEmpty) { BatchEncoder.paths(u.reloadItems, &$0) }
        list("moveItems", u.moveItems.isEmpty) { w in
            w.raw("[")
            for (k, m) in u.moveItems.enumerated() {
                w.raw(k == 0 ? "[" : ",[")
                BatchEncoder.path(m.from, &w); w.raw(","); BatchEncoder.path(m.to, &w)
                w.raw("]")
            }
            w.raw("]")
        }
        list("deleteSections", u.deleteSections.isEmpty) { BatchEncoder.ints(u.deleteSections, &$0) }
        list("insertSections", u.insertSections.isEmpty) { BatchEncoder.ints(u.insertSections, &$0) }
        list("reloadSections", u.reloadSections.isEmpty) { BatchEncoder.ints(u.reloadSections, &$0) }
        list("moveSections", u.moveSections.isEmpty) { w in
            w.raw("[")
            for (k, m) in u.moveSections.enumerated() {
                w.raw(k == 0 ? "[" : ",["); w.int(m.from); w.raw(","); w.int(m.to); w.raw("]")
            }
            w.raw("]")
        }
        w.raw(first ? "{}" : "}")
    }
}
