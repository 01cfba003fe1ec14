import UpdateEngine
import LayoutEngine

/// The smallest layoutd request that makes UIKit's message of a finding (spec C2): built from the
/// finding's facts, then posted to the route's own decoder and engine here, and kept only if the
/// answer carries the same message (pointers masked, whitespace as single spaces). So every
/// reproduction handed out is known to round-trip; a reason that cannot be rebuilt gets
/// `reproduction: null` with why.
struct CrashReproduction: Sendable {
    let method = "POST"
    let path: String
    /// The request body, JSON.
    let body: String
    /// Where the message is in the answer (`/uikitException`, `/error/reason`, `/warnings/0/message`).
    let pointer: String
    /// The message layoutd answers there.
    let message: String
    /// Values the message does not give that the request had to choose.
    let assumptions: [String]
    /// For the iOS 16.4+ form: the violations of the rebuilt batch, not only UIKit's first, at
    /// most `maxViolations` of them (a pasted batch of 20,000 sections has as many count
    /// violations: listing them all made a 1.2 MB text a 200 MB answer).
    var violations: [BatchIssue] = []
    /// Violations past `maxViolations`, counted, not listed.
    var violationsOmitted = 0

    static let maxViolations = 100
}

/// A reproduction, or why there is none.
enum CrashReproductionResult: Sendable {
    case reproduced(CrashReproduction)
    case none(reason: String)
}

/// A request candidate before it is checked.
struct CrashRequestCandidate {
    var path: String
    var body: String
    var pointer: String
    var assumptions: [String] = []
}

enum CrashReproducer {
    static let outsideModel = "layoutd models batch updates, diffable snapshots and layouts, not this part of UIKit"

    /// Builds and checks the reproduction of `finding`.
    static func reproduce(_ finding: CrashFinding, flavor: BatchFlavor, ios: IOSVersion?,
                          configuration: ServiceConfiguration) -> CrashReproductionResult {
        let candidate: CrashRequestCandidate
        switch build(finding, flavor: flavor, ios: ios) {
        case .success(let c): candidate = c
        case .failure(let why): return .none(reason: why.reason)
        }
        guard let (answer, violations) = answer(candidate, configuration: configuration) else {
            return .none(reason: "layoutd could not rebuild a request that gives this message")
        }
        var expected = CrashScanner.comparable(core(finding.message))
        var got = CrashScanner.comparable(answer)
        var assumptions = candidate.assumptions
        if finding.entry.kind == .flowLayout {
            // Older releases printed the same check in older words; the answer has today's.
            let (e, g) = (olderFlowWording(expected), olderFlowWording(got))
            if e != expected || g != got, g.hasPrefix(e), !got.hasPrefix(expected) {
                assumptions.append("layoutd prints today's wording; this report has an older release's (\"the behavior …\" in lower case, or without \"because:\"'s colon or the content-insets clause)")
            }
            (expected, got) = (e, g)
        }
        // Crash reporters (Crashlytics) drop a reason's final period; a cut reason is a prefix; the
        // flow layout's message goes on with lines the finding may not have.
        let same = finding.truncated || finding.entry.kind == .flowLayout ? got.hasPrefix(expected)
            : got == expected || got == expected + "."
        guard same else {
            return .none(reason: "the closest request layoutd can build answers a different message: \(answer)")
        }
        return .reproduced(CrashReproduction(path: candidate.path, body: candidate.body, pointer: candidate.pointer,
                                             message: answer, assumptions: assumptions,
                                             violations: Array(violations.prefix(CrashReproduction.maxViolations)),
                                             violationsOmitted: max(0, violations.count - CrashReproduction.maxViolations)))
    }

    struct Why: Error { let reason: String }

    /// The flow layout's size warning with what changed between releases taken out: iOS 7–8
    /// printed "the behavior" in lower case, some without the colon after "because" or the
    /// content-insets clause (real logs, 2015–2016); the check is the same.
    static func olderFlowWording(_ s: String) -> String {
        var m = s.replacing("The behavior of the UICollectionViewFlowLayout", with: "the behavior of the UICollectionViewFlowLayout")
        m = m.replacing("is not defined because:", with: "is not defined because")
        for clause in [", minus the content insets left and right values", ", minus the content insets top and bottom values"] {
            m = m.replacing(clause, with: "")
        }
        return m
    }

    static func build(_ f: CrashFinding, flavor: BatchFlavor, ios: IOSVersion?) -> Result<CrashRequestCandidate, Why> {
        switch f.entry.kind {
        case .batch where f.entry.code.hasPrefix("SCROLL") || f.entry.code == "NUMBER_OF_ITEMS_IN_NONEXISTENT_SECTION":
            return .failure(Why(reason: "scrolling and data-source queries are outside what layoutd models (it validates batches, snapshots and layouts)"))
        case .batch: return batch(f, flavor: flavor, ios: ios)
        case .diffableDataSource: return snapshot(f)
        case .flowLayout: return flow(f)
        case .tableView, .collectionView, .layout, .dataSource:
            return .failure(Why(reason: outsideModel))
        }
    }

    /// The message without what UIKit appends that layoutd cannot print: the view description
    /// (` Collection view: <…>`, iOS 26), the 13.0–16.3 reloadData fallback, and the flow layout's
    /// "The relevant UICollectionViewFlowLayout instance is …" sentence.
    static func core(_ message: String) -> String {
        var m = message
        for marker in [" Collection view: <", "\nCollection view: <", " Table view: <", "\nTable view: <", " - will perform reloadData",
                       " UICollectionView instance: <", " Diffable transaction: "] {
            if let r = m.range(of: marker) { m = String(m[..<r.lowerBound]) }
        }
        if let r = m.range(of: " The relevant UICollectionViewFlowLayout instance is ") ?? m.range(of: "\nThe relevant UICollectionViewFlowLayout instance is ") {
            let rest = m[r.upperBound...]
            if let e = rest.range(of: "Make a symbolic breakpoint") {
                m = String(m[..<r.lowerBound]) + " " + rest[e.lowerBound...]
            } else {
                m = String(m[..<r.lowerBound])
            }
        }
        return m
    }

    /// Posts the candidate to the route's decoder and engine (no cache, nothing stored) and reads
    /// the message at its pointer.
    static func answer(_ c: CrashRequestCandidate, configuration: ServiceConfiguration) -> (String, [BatchIssue])? {
        let body = Array(c.body.utf8)
        switch c.path {
        case "/batch/validate":
            guard let r = try? BatchRequestDecoder.decode(body, maxOperations: configuration.maxBatchOperations) else { return nil }
            let v = BatchValidation.validate(before: r.before, after: r.after, updates: r.updates, flavor: r.flavor,
                                             strict: r.strict, model: false, wording: r.wording)
            let text = c.pointer == "/uikitException164" ? v.uikitException164 : v.uikitException
            return text.map { ($0, v.errors) }
        case "/snapshot/apply":
            guard let r = try? SnapshotRequestDecoder.decode(body, maxOperations: configuration.maxBatchOperations),
                  let o = try? SnapshotApply.run(old: r.old, change: r.change, source: r.source, sdk: r.linkedSDK,
                                                 workLimit: SnapshotLimits.maxWork) else { return nil }
            if c.pointer == "/warnings/0/message" { return o.warnings.first.map { ($0.message, []) } }
            return o.errors.first.map { ($0.reason, []) }
        case "/snapshot/section":
            guard let r = try? SectionSnapshotRequestDecoder.decode(body, maxOperations: configuration.maxBatchOperations),
                  let e = try? SectionSnapshotEditor.edit(r.snapshot, operations: r.operations, workLimit: SnapshotLimits.maxWork) else { return nil }
            return e.errors.first.map { ($0.reason, []) }
        case "/layout":
            guard let spec = try? LayoutRequestDecoder.decode(body, maxElements: 16),
                  let layout = try? spec.compute() else { return nil }
            return layout.warnings.first.map { ($0.message, []) }
        default:
            return nil
        }
    }
}
