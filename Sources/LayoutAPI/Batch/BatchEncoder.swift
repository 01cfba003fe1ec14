import JSON
import UpdateEngine
import LayoutEngine

/// Writes batch verdicts with `JSONWriter` directly: a 100,000-item mapping is ~3 MB of JSON and
/// must not go through intermediate values. Every verdict field is always present (null when it
/// does not apply), so clients read one shape; `repaired` only when a repair was asked for, and
/// `fixedUpdates` (an object, which client generators cannot type as nullable) only when UIKit
/// rejects the batch.
enum BatchEncoder {
    /// `{"valid":…,"errors":[…],…}`; with `updates`, the diff's batch comes first as `"updates"`.
    static func verdict(_ v: BatchVerdict, updates: BatchUpdates? = nil, repairAsked: Bool) -> [UInt8] {
        let issues = v.errors.count + v.warnings.count
        var w = JSONWriter(capacity: 512 + issues * 400 + (v.mapping?.count ?? 0) * 32 + (v.steps?.count ?? 0) * 48
                           + ((updates?.operationCount ?? 0) + (v.fixedUpdates?.operationCount ?? 0)) * 16 + (v.after?.count ?? 0) * 16)
        w.raw("{")
        if let updates {
            w.raw(#""updates":"#)
            write(updates, &w)
            w.raw(",")
        }
        w.raw(#""valid":"#)
        w.bool(v.valid)
        w.raw(#","errors":"#)
        write(v.errors, &w)
        w.raw(#","warnings":"#)
        write(v.warnings, &w)
        w.raw(#","uikitException":"#)
        optionalString(v.uikitException, &w)
        w.raw(#","uikitException164":"#)
        optionalString(v.uikitException164, &w)
        w.raw(#","expectedAfter":"#)
        optionalInts(v.expectedAfter, &w)
        w.raw(#","after":"#)
        optionalInts(v.after, &w)
        w.raw(#","mapping":"#)
        if let m = v.mapping { write(m, &w) } else { w.null() }
        w.raw(#","steps":"#)
        if let s = v.steps { write(s, &w) } else { w.null() }
        if let f = v.fixedUpdates {
            w.raw(#","fixedUpdates":"#)
            write(f, &w)
        }
        if repairAsked {
            w.raw(#","repaired":"#)
            if let r = v.repaired {
                w.raw("[")
                for (k, u) in r.enumerated() {
                    if k > 0 { w.raw(",") }
                    write(u, &w)
                }
                w.raw("]")
            } else {
                w.null()
            }
        }
        w.raw("}")
        return w.bytes
    }

    /// The request's `updates` shape, every list present, in `BatchUpdates` order.
    static func write(_ u: BatchUpdates, _ w: inout JSONWriter) {
        w.raw(#"{"deleteItems":"#)
        paths(u.deleteItems, &w)
        w.raw(#","insertItems":"#)
        paths(u.insertItems, &w)
        w.raw(#","reloadItems":"#)
        paths(u.reloadItems, &w)
        w.raw(#","moveItems":["#)
        for (k, m) in u.moveItems.enumerated() {
            if k > 0 { w.raw(",") }
            move(m, &w)
        }
        w.raw(#"],"deleteSections":"#)
        ints(u.deleteSections, &w)
        w.raw(#","insertSections":"#)
        ints(u.insertSections, &w)
        w.raw(#","reloadSections":"#)
        ints(u.reloadSections, &w)
        w.raw(#","moveSections":["#)
        for (k, m) in u.moveSections.enumerated() {
            if k > 0 { w.raw(",") }
            move(m, &w)
        }
        w.raw("]}")
    }

    /// `[[s,i],[s,i]]`.
    static func move(_ m: ItemMove, _ w: inout JSONWriter) {
        w.raw("[")
        path(m.from, &w)
        w.raw(",")
        path(m.to, &w)
        w.raw("]")
    }

    /// `[from,to]`.
    static func move(_ m: SectionMove, _ w: inout JSONWriter) {
        w.raw("[")
        w.int(m.from)
        w.raw(",")
        w.int(m.to)
        w.raw("]")
    }

    /// `{"code","message","update","index","indexPath"?,"section"?,"fix","edits"}`.
    static func write(_ issues: [BatchIssue], _ w: inout JSONWriter) {
        w.raw("[")
        for (k, i) in issues.enumerated() {
            w.raw(k == 0 ? #"{"code":"# : #",{"code":"#)
            w.string(i.code)
            w.raw(#","message":"#)
            w.string(i.message)
            w.raw(#","update":"#)
            w.string(i.update)
            w.raw(#","index":"#)
            if let index = i.index { w.int(index) } else { w.null() }
            if let p = i.indexPath {
                w.raw(#","indexPath":"#)
                path(p, &w)
            }
            if let s = i.section {
                w.raw(#","section":"#)
                w.int(s)
            }
            w.raw(#","fix":"#)
            w.string(i.fix)
            w.raw(#","edits":"#)
            write(i.edits, &w)
            w.raw("}")
        }
        w.raw("]")
    }

    /// `[{"op":"replace","path":"/updates/insertItems/0","value":[0,3]}, …]`: RFC 6902 operations
    /// on the request as sent (see `BatchEdit`).
    static func write(_ edits: [BatchEdit], _ w: inout JSONWriter) {
        w.raw("[")
        for (k, e) in edits.enumerated() {
            w.raw(k == 0 ? #"{"op":"# : #",{"op":"#)
            w.string(e.operation.rawValue)
            w.raw(#","path":"#)
            w.string(e.pointer)
            if let v = e.value {
                w.raw(#","value":"#)
                switch v {
                case .section(let s): w.int(s)
                case .indexPath(let p): path(p, &w)
                case .sectionMove(let m): move(m, &w)
                case .itemMove(let m): move(m, &w)
                }
            }
            w.raw("}")
        }
        w.raw("]")
    }

    /// `[{"from":[s,i],"to":[s,i]|null}, …]`: one entry per old item, so each entry is one
    /// reservation written through a pointer (per-token appends cost twice as much).
    static func write(_ mapping: [ItemMapping], _ w: inout JSONWriter) {
        w.raw("[")
        for (k, m) in mapping.enumerated() {
            w.write(maxCount: 112) { d in
                var n = k == 0 ? 0 : put(",", d)
                n &+= put(#"{"from":["#, d + n)
                n &+= put(m.from.section, d + n)
                n &+= put(",", d + n)
                n &+= put(m.from.item, d + n)
                guard let to = m.to else { return n &+ put(#"],"to":null}"#, d + n) }
                n &+= put(#"],"to":["#, d + n)
                n &+= put(to.section, d + n)
                n &+= put(",", d + n)
                n &+= put(to.item, d + n)
                return n &+ put("]}", d + n)
            }
        }
        w.raw("]")
    }

    @inline(__always)
    static func put(_ s: StaticString, _ d: UnsafeMutablePointer<UInt8>) -> Int {
        d.initialize(from: s.utf8Start, count: s.utf8CodeUnitCount)
        return s.utf8CodeUnitCount
    }

    /// At most 20 bytes.
    @inline(__always)
    static func put(_ v: Int, _ d: UnsafeMutablePointer<UInt8>) -> Int {
        guard v < 0 else { return JSONWriter.writeDecimal(v.magnitude, to: d) }
        d.initialize(to: UInt8(ascii: "-"))
        return 1 &+ JSONWriter.writeDecimal(v.magnitude, to: d + 1)
    }

    /// `[{"op":"deleteItem","indexPath":[s,i]}, {"op":"insertSection","section":s,"itemCount":n,"movedFrom":k}, …]`.
    static func write(_ steps: [BatchStep], _ w: inout JSONWriter) {
        w.raw("[")
        for (k, step) in steps.enumerated() {
            if k > 0 { w.raw(",") }
            switch step {
            case .deleteItem(let p):
                w.raw(#"{"op":"deleteItem","indexPath":"#)
                path(p, &w)
            case .deleteSection(let s):
                w.raw(#"{"op":"deleteSection","section":"#)
                w.int(s)
            case .insertSection(let s, let itemCount, let movedFrom):
                w.raw(#"{"op":"insertSection","section":"#)
                w.int(s)
                w.raw(#","itemCount":"#)
                w.int(itemCount)
                if let f = movedFrom {
                    w.raw(#","movedFrom":"#)
                    w.int(f)
                }
            case .insertItem(let p, let movedFrom):
                w.raw(#"{"op":"insertItem","indexPath":"#)
                path(p, &w)
                if let f = movedFrom {
                    w.raw(#","movedFrom":"#)
                    path(f, &w)
                }
            }
            w.raw("}")
        }
        w.raw("]")
    }

    static func path(_ p: IndexPath, _ w: inout JSONWriter) {
        w.raw("[")
        w.int(p.section)
        w.raw(",")
        w.int(p.item)
        w.raw("]")
    }

    static func paths(_ list: [IndexPath], _ w: inout JSONWriter) {
        w.raw("[")
        for (k, p) in list.enumerated() {
            if k > 0 { w.raw(",") }
            path(p, &w)
        }
        w.raw("]")
    }

    static func ints(_ list: [Int], _ w: inout JSONWriter) {
        w.raw("[")
        for (k, v) in list.enumerated() {
            if k > 0 { w.raw(",") }
            w.int(v)
        }
        w.raw("]")
    }

    static func optionalInts(_ list: [Int]?, _ w: inout JSONWriter) {
        if let list { ints(list, &w) } else { w.null() }
    }

    static func optionalString(_ s: String?, _ w: inout JSONWriter) {
        if let s { w.string(s) } else { w.null() }
    }
}
