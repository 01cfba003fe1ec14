/// One reason UIKit can print, as the crash explainer knows it: its stable code, what prints it,
/// its wording as a pattern, and which iOS releases print that wording.
public struct CrashEntry: Sendable {
    /// The spec's `class` of a finding.
    public enum Kind: String, Sendable {
        case tableView, collectionView, diffableDataSource, flowLayout, layout, dataSource
        /// A batch-update reason: `tableView` or `collectionView` by its wording ("row"/"item").
        case batch
    }

    /// Which iOS releases print this wording, and how that is known.
    public struct Versions: Sendable {
        /// First release known to print it (nil: as far back as the evidence goes).
        public let since: String?
        /// Last release known to print it (nil: still in iOS 26.1).
        public let until: String?
        public let note: String
    }

    public let code: String
    public let kind: Kind
    let pattern: CrashPattern
    /// `NSInternalInconsistencyException`, `NSRangeException`, or nil for a console message that
    /// is logged, not thrown.
    public let exception: String?
    public let versions: Versions
    /// Where the wording comes from: `decompiled` (iOS 26.1 UIKitCore), `reports` (real console
    /// output in public issues), or both.
    public let source: String

    init(_ code: String, _ kind: Kind, _ pattern: String, exception: String? = "NSInternalInconsistencyException",
         since: String? = nil, until: String? = nil, note: String, source: String) {
        self.code = code
        self.kind = kind
        self.pattern = CrashPattern(pattern)
        self.exception = exception
        self.versions = Versions(since: since, until: until, note: note)
        self.source = source
    }
}
