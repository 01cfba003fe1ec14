/// What the app hands `apply`: a new snapshot, or the old one changed by operations.
public enum SnapshotChange: Hashable, Sendable {
    case operations([SnapshotOperation])
    /// The snapshot passed to `apply`, with the reload/reconfigure marks it carries.
    case snapshot(DiffableSnapshot, SnapshotMarks)
}

/// The answer to "what does UIKit do with this?": the throw (and further violations), or the
/// snapshot, the batches and the batch validator's verdict on them.
public struct SnapshotOutcome: Hashable, Sendable {
    /// The first is what UIKit throws; the rest are later operations that would throw too.
    public var errors: [SnapshotError]
    public var warnings: [SnapshotWarning]
    public var snapshot: DiffableSnapshot?
    public var marks: SnapshotMarks
    public var before: [Int]
    public var after: [Int]?
    public var batches: SnapshotBatches?
    /// `BatchValidation` of `validatorUpdates` with `before`/`after`.
    public var verdict: BatchVerdict?
    /// `BatchValidation` of the second batch (`after` → `after`).
    public var reloadVerdict: BatchVerdict?
}

extension SnapshotApply {
    /// The whole `apply`: operations (or the new snapshot), then the diff or direct path, then
    /// both batches through the batch validator. `old` (and a `new` snapshot) must be valid.
    /// `flavor`: the view the data source drives (`UITableViewDiffableDataSource` performs the
    /// same batches on a table view, whose verdicts say "row" and "table view").
    public static func run(old: DiffableSnapshot, change: SnapshotChange, source: SnapshotSource = .fresh,
                           sdk: LinkedSDK = .current, flavor: BatchFlavor = .collectionView,
                           workLimit: Int = .max) throws(SnapshotWorkLimitExceeded) -> SnapshotOutcome {
        let new: DiffableSnapshot, marks: SnapshotMarks
        var warnings: [SnapshotWarning] = []
        var direct: BatchUpdates?
        switch change {
        case .operations(let ops):
            let edit = try SnapshotEditor.edit(old, operations: ops, sdk: sdk, workLimit: workLimit)
            if !edit.errors.isEmpty {
                return SnapshotOutcome(errors: edit.errors, warnings: edit.warnings, snapshot: nil, marks: edit.marks,
                                       before: old.counts, after: nil, batches: nil, verdict: nil, reloadVerdict: nil)
            }
            new = edit.snapshot
            marks = edit.marks
            warnings = edit.warnings
            if source == .dataSource && ops.count == 1 { direct = edit.firstOperationUpdates }   // D37
        case .snapshot(let s, let m):
            new = s
            marks = m
        }
        let structural = direct.map(SnapshotApply.direct) ?? SnapshotApply.diff(old: old, new: new, sdk: sdk)
        let b = SnapshotApply.batches(structural: structural, path: direct == nil ? .diff : .direct, new: new, marks: marks)
        let before = old.counts, after = new.counts
        let verdict = BatchValidation.validate(before: before, after: after, updates: b.validatorUpdates, flavor: flavor,
                                               model: false)
        let reloadVerdict = BatchValidation.validate(before: after, after: after, updates: b.reloadUpdates, flavor: flavor,
                                                     model: false)
        return SnapshotOutcome(errors: [], warnings: warnings, snapshot: new, marks: marks, before: before, after: after,
                               batches: b, verdict: verdict, reloadVerdict: reloadVerdict)
    }
}
