import JSON
import UpdateEngine
import LayoutEngine

/// Upper bounds on the bytes of the snapshot and batch answers, worked out from what the answer
/// will list before it is encoded (`LayoutApplication.admitAnswer`). Each count is multiplied by
/// the most one entry can write (integers of 20 digits, an index path of two), each text by its
/// escaped length: never less than the encoder writes (`AnswerBoundTests` checks it), rarely
/// more than twice.
enum AnswerBounds {
    /// `[s,i],` with two 20-digit integers.
    static let path = 44
    /// `,n` with a 20-digit integer.
    static let int = 21
    /// One update of a `BatchUpdates` (a move writes two paths).
    static let update = 2 * path + 6
    /// Keys, brackets and literals of an answer around its lists.
    static let frame = 2048

    static func text(_ s: String) -> Int { JSONWriter.quotedLength(s) + 1 }
    static func texts(_ s: String?) -> Int { s.map(text) ?? 5 }
    static func identifiers(_ ids: [SnapshotIdentifier]) -> Int { ids.reduce(0) { $0 + JSONWriter.length(of: $1) + 1 } }

    static func updates(_ u: BatchUpdates) -> Int { 256 + u.operationCount * update }

    static func issues(_ list: [BatchIssue]) -> Int {
        list.reduce(0) { $0 + 160 + text($1.code) + text($1.message) + text($1.update) + text($1.fix) + 3 * int + path + edits($1.edits) }
    }

    /// `{"op":"replace","path":"/updates/moveItems/12","value":[[s,i],[s,i]]}`: keys and the op
    /// (40), the pointer, and a move's two paths at most.
    static func edits(_ list: [BatchEdit]) -> Int {
        list.reduce(0) { $0 + 40 + text($1.pointer) + 2 * path + 4 }
    }

    /// A `BatchEncoder.verdict` answer.
    static func verdict(_ v: BatchVerdict, updates: BatchUpdates? = nil) -> Int {
        var n = frame + issues(v.errors) + issues(v.warnings) + texts(v.uikitException) + texts(v.uikitException164)
        n += ((v.expectedAfter?.count ?? 0) + (v.after?.count ?? 0)) * int
        n += (v.mapping?.count ?? 0) * 112
        n += (v.steps?.count ?? 0) * (64 + 2 * path + int)
        n += (v.repaired ?? []).reduce(0) { $0 + Self.updates($1) }
        if let updates { n += Self.updates(updates) }
        if let fixed = v.fixedUpdates { n += Self.updates(fixed) }
        return n
    }

    /// A `CrashEncoder.explanation` answer. A finding writes its reason up to seven times (the
    /// message, its facts, the explanation, the reproduction's body and expected message, the
    /// text form's figures), each no longer than the reason escaped; its advice is a few kB of
    /// fixed text; its violations are capped (`CrashReproduction.maxViolations`).
    static func crash(_ e: CrashExplanation) -> Int {
        e.findings.reduce(frame) { n, x in
            var n = n + 16_384 + 7 * text(x.finding.message)
            if case .reproduced(let r) = x.reproduction { n += text(r.body) + text(r.message) + issues(r.violations) }
            return n
        }
    }

    /// A `SnapshotEncoder.outcome` answer.
    static func outcome(_ o: SnapshotOutcome) -> Int {
        var n = frame
        for e in o.errors {
            n += 2 * (256 + text(e.reason) + text(e.evidence) + text(e.exception) + texts(e.detail) + texts(e.pointer))
            if let id = e.identifier { n += JSONWriter.length(of: id) + 1 }
        }
        for w in o.warnings { n += 96 + text(w.message) }
        if let s = o.snapshot {
            for section in s.sections { n += 32 + JSONWriter.length(of: section.id) + identifiers(section.items) }
        }
        n += identifiers(o.marks.reloadedSections) + identifiers(o.marks.reloadedItems) + identifiers(o.marks.reconfiguredItems)
        n += (o.before.count + (o.after?.count ?? 0)) * int
        if let b = o.batches {
            n += updates(b.updates) + updates(b.validatorUpdates) + updates(b.reloadUpdates)
            n += b.hazards.count * (64 + 2 * path) + b.reconfigureItems.count * path
        }
        for v in [o.verdict, o.reloadVerdict].compactMap({ $0 }) { n += 256 + issues(v.errors) + issues(v.warnings) + texts(v.uikitException) }
        return n
    }

    /// A `ProtobufEncoder` answer (`layoutd.v1.Layout` with `layout`, else an `ElementList`) of
    /// `elements` elements, at least and at most. Each element writes its four frame columns (1 to
    /// 5 bytes each: zigzag varints of `Int32`); at most `offGrid` of them an exact frame (field
    /// head, index and four doubles: 50) and at most `runs` runs (every field at its widest: 72).
    /// Unknown counts (a query's list, a store not kept in pixels at this scale) are taken as one
    /// per element: the bound is then about 7 times the answer, still far below JSON's.
    static func protobuf(id: String, elements: Int, runs: Int? = nil, offGrid: Int? = nil, kinds: [String],
                         layout: Layout? = nil) -> (low: Int, high: Int) {
        let n = max(0, elements)
        let fixed = 128 + id.utf8.count + kinds.reduce(0) { $0 + 8 + $1.utf8.count }
        var low = id.utf8.count + 4 * n
        var high = fixed + 20 * n + 50 * min(n, offGrid ?? n) + 72 * min(n, runs ?? n)
        if let layout {
            let orthogonal = layout.sections.lazy.filter { $0.orthogonalContentSize != nil }.count
            var text = 0
            for w in layout.warnings { text += w.code.utf8.count + w.message.utf8.count }
            low += text
            high += 40 + orthogonal * 40 + layout.roundedSections.count * 72 + layout.warnings.count * 64 + text
        }
        return (low, high)
    }
}
