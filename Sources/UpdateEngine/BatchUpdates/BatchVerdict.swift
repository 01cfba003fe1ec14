/// Where one old item ends up.
public struct ItemMapping: Hashable, Sendable {
    /// Before-coordinates.
    public var from: IndexPath
    /// After-coordinates; nil when the item is deleted. A reloaded item maps to UIKit's re-insert
    /// position, an item of a reloaded section to the same row of the re-inserted section (nil
    /// past its new count).
    public var to: IndexPath?
    public init(from: IndexPath, to: IndexPath?) { self.from = from; self.to = to }
}

/// One data-source mutation. Applied in the order `BatchVerdict.steps` lists them, they turn a
/// model in the before state into the after state with every intermediate index valid.
public enum BatchStep: Hashable, Sendable {
    /// Remove the item at this index path (current coordinates = before-coordinates).
    case deleteItem(IndexPath)
    /// Remove the section at this index (current coordinates = before-coordinates).
    case deleteSection(Int)
    /// Insert a section at this after-index. A moved section carries the items its old section
    /// still holds (`movedFrom` = old index, `itemCount` = how many); a fresh section (inserted or
    /// reloaded) gets `itemCount` new items from the data source.
    case insertSection(Int, itemCount: Int, movedFrom: Int?)
    /// Insert an item at this after-index path: the moved item from `movedFrom` (before-coordinates),
    /// or a new one from the data source.
    case insertItem(IndexPath, movedFrom: IndexPath?)
}

/// What `BatchValidation.validate` concludes about one batch.
public struct BatchVerdict: Hashable, Sendable {
    /// True when UIKit would accept the batch (and, with `strict`, no hazard was found).
    public var valid: Bool
    /// Every violation, in UIKit's check order: `errors[0]` is what UIKit raises. With `strict`,
    /// hazards follow UIKit's own errors.
    public var errors: [BatchIssue]
    /// Hazards UIKit accepts (`ITEM_CHANGES_IN_MOVED_SECTION`, `RELOAD_TARGET_IGNORES_MOVES`,
    /// `DUPLICATE_DELETE`); empty with `strict`, which reports them as errors.
    public var warnings: [BatchIssue]
    /// The `NSInternalInconsistencyException` reason UIKit raises; nil when UIKit accepts the batch.
    public var uikitException: String?
    /// The iOS 16.4+ "Invalid batch updates detected: ..." reason, only when UIKit's first failure
    /// is a count mismatch.
    public var uikitException164: String?
    /// The counts a data source consistent with these updates reports after them (existing
    /// sections: UIKit's expected count; inserted sections: as given), once the calls that are
    /// errors themselves are fixed (an out-of-range insert the data source shows happened still
    /// counts). Nil when the section count itself is inconsistent.
    public var expectedAfter: [Int]?
    /// When valid: the after counts validated against (given, or implied when none was given).
    public var after: [Int]?
    /// When valid: every old index path, in order, with its new position.
    public var mapping: [ItemMapping]?
    /// When valid: the data-source mutations, in this order: (1) item deletes, reload halves and
    /// move sources, descending, in before-coordinates (rows of deleted sections go with their
    /// section); (2) section deletes, reloaded sections and section-move sources, descending;
    /// (3) section inserts, reloaded sections and section-move destinations, ascending, in
    /// after-coordinates; (4) item inserts, reload halves and move destinations, ascending.
    public var steps: [BatchStep]?
    /// When a repair was asked for: `split` gives stages to run one after another (the data
    /// source reporting each stage's state), `merge` one batch. Nil when no batch reaches the
    /// intended state (see `BatchRepair`).
    public var repaired: [BatchUpdates]?
    /// When UIKit rejects the batch: the updates with the `edits` of every error applied, a batch
    /// UIKit accepts with the same `before` and `after` (hazards aside). Nil when UIKit accepts it.
    public var fixedUpdates: BatchUpdates?

    public init(valid: Bool, errors: [BatchIssue], warnings: [BatchIssue], uikitException: String?,
                uikitException164: String?, expectedAfter: [Int]?, after: [Int]?, mapping: [ItemMapping]?,
                steps: [BatchStep]?, repaired: [BatchUpdates]?, fixedUpdates: BatchUpdates? = nil) {
        self.valid = valid
        self.errors = errors
        self.warnings = warnings
        self.uikitException = uikitException
        self.uikitException164 = uikitException164
        self.expectedAfter = expectedAfter
        self.after = after
        self.mapping = mapping
        self.steps = steps
        self.repaired = repaired
        self.fixedUpdates = fixedUpdates
    }
}
