import JSON
import UpdateEngine
import LayoutEngine

/// Writes `POST /snapshot/apply` answers. List and text fields are always present (null when they
/// do not apply), as for batch verdicts; object fields (`error`, `snapshot`, the batches and
/// verdicts) are left out instead of null, which the client generators (swift-openapi-generator)
/// cannot type.
enum SnapshotEncoder {
    /// `capacity`: the answer's bound when known (`AnswerBounds.outcome`).
    static func outcome(_ o: SnapshotOutcome, capacity: Int? = nil) -> [UInt8] {
        let items = (o.snapshot?.itemCount ?? 0) + (o.batches?.updates.operationCount ?? 0) * 2
        var w = JSONWriter(capacity: capacity ?? (1024 + items * 24 + o.errors.count * 400))
        verdictHead(o.errors, &w)
        w.raw(#","warnings":["#)
        for (k, x) in o.warnings.enumerated() {
            w.raw(k == 0 ? #"{"code":"# : #",{"code":"#)
            w.string(x.code.rawValue)
            w.raw(#","operation":"#)
            if let i = x.operation { w.int(i) } else { w.null() }
            w.raw(#","message":"#)
            w.string(x.message)
            w.raw("}")
        }
        w.raw("]")
        if let s = o.snapshot {
            w.raw(#","snapshot":"#)
            write(s, &w)
        }
        let ok = o.snapshot != nil
        w.raw(#","reloadedSections":"#)
        identifiers(ok ? o.marks.reloadedSections : nil, &w)
        w.raw(#","reloadedItems":"#)
        identifiers(ok ? o.marks.reloadedItems : nil, &w)
        w.raw(#","reconfiguredItems":"#)
        identifiers(ok ? o.marks.reconfiguredItems : nil, &w)
        w.raw(#","before":"#)
        BatchEncoder.ints(o.before, &w)
        w.raw(#","after":"#)
        BatchEncoder.optionalInts(o.after, &w)
        let b = o.batches
        w.raw(#","path":"#)
        BatchEncoder.optionalString(b?.path.rawValue, &w)
        if let b {
            w.raw(#","updates":"#)
            BatchEncoder.write(b.updates, &w)
            w.raw(#","validatorUpdates":"#)
            BatchEncoder.write(b.validatorUpdates, &w)
        }
        w.raw(#","hazards":"#)
        if let b {
            w.raw("[")
            for (k, h) in b.hazards.enumerated() {
                w.raw(k == 0 ? #"{"code":"# : #",{"code":"#)
                w.string(h.code.rawValue)
                w.raw(#","from":"#)
                BatchEncoder.path(h.move.from, &w)
                w.raw(#","to":"#)
                BatchEncoder.path(h.move.to, &w)
                w.raw("}")
            }
            w.raw("]")
        } else {
            w.null()
        }
        if let b {
            w.raw(#","reloadUpdates":"#)
            BatchEncoder.write(b.reloadUpdates, &w)
        }
        w.raw(#","reconfigureItems":"#)
        if let b { BatchEncoder.paths(b.reconfigureItems, &w) } else { w.null() }
        if let v = o.verdict {
            w.raw(#","verdict":"#)
            verdict(v, &w)
        }
        if let v = o.reloadVerdict {
            w.raw(#","reloadVerdict":"#)
            verdict(v, &w)
        }
        w.raw("}")
        return w.bytes
    }

    /// `{"valid":…,"error":…,"errors":[…]` (the object left open; `error` only when one throws).
    static func verdictHead(_ errors: [SnapshotError], _ w: inout JSONWriter) {
        w.raw(#"{"valid":"#)
        w.bool(errors.isEmpty)
        if let e = errors.first {
            w.raw(#","error":"#)
            write(e, &w)
        }
        w.raw(#","errors":["#)
        for (k, e) in errors.enumerated() {
            if k > 0 { w.raw(",") }
            write(e, &w)
        }
        w.raw("]")
    }

    /// `{"code","exception","reason","operation","pointer","evidence","identifier","detail"}`.
    static func write(_ e: SnapshotError, _ w: inout JSONWriter) {
        w.raw(#"{"code":"#)
        w.string(e.code.rawValue)
        w.raw(#","exception":"#)
        w.string(e.exception)
        w.raw(#","reason":"#)
        w.string(e.reason)
        w.raw(#","operation":"#)
        if let k = e.operation { w.int(k) } else { w.null() }
        w.raw(#","pointer":"#)
        BatchEncoder.optionalString(e.pointer, &w)
        w.raw(#","evidence":"#)
        w.string(e.evidence)
        if let id = e.identifier {
            w.raw(#","identifier":"#)
            identifier(id, &w)
        }
        w.raw(#","detail":"#)
        BatchEncoder.optionalString(e.detail, &w)
        w.raw("}")
    }

    /// `{"valid","errors","warnings","uikitException"}` of `BatchValidation` (the mapping and steps
    /// are left to /batch/validate: they hold one entry per item).
    static func verdict(_ v: BatchVerdict, _ w: inout JSONWriter) {
        w.raw(#"{"valid":"#)
        w.bool(v.valid)
        w.raw(#","errors":"#)
        BatchEncoder.write(v.errors, &w)
        w.raw(#","warnings":"#)
        BatchEncoder.write(v.warnings, &w)
        w.raw(#","uikitException":"#)
        BatchEncoder.optionalString(v.uikitException, &w)
        w.raw("}")
    }

    static func write(_ s: DiffableSnapshot, _ w: inout JSONWriter) {
        w.raw(#"{"sections":["#)
        for (k, section) in s.sections.enumerated() {
            w.raw(k == 0 ? #"{"id":"# : #",{"id":"#)
            identifier(section.id, &w)
            w.raw(#","items":"#)
            identifiers(section.items, &w)
            w.raw("}")
        }
        w.raw("]}")
    }

    static func identifier(_ id: SnapshotIdentifier, _ w: inout JSONWriter) {
        switch id {
        case .string(let s): w.string(s)
        case .integer(let i): w.int(i)
        }
    }

    static func identifiers(_ ids: [SnapshotIdentifier]?, _ w: inout JSONWriter) {
        guard let ids else { w.null(); return }
        w.raw("[")
        for (k, id) in ids.enumerated() {
            if k > 0 { w.raw(",") }
            identifier(id, &w)
        }
        w.raw("]")
    }
}
