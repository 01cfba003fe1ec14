/// Every reason the crash explainer knows, indexed by the first word of its pattern.
///
/// Batch updates (`+Batch`), diffable data sources (`+Diffable`), cells, layouts, flow-layout
/// sizes and scrolling (`+Views`). Where one code has several wordings (one per iOS release, or
/// singular and plural), each wording is its own entry with the same code.
public enum CrashCatalogue {
    public static let entries: [CrashEntry] = batch + diffable + views

    /// Entry indexes by `CrashScanner.hash` of their anchor word.
    static let byAnchor: [UInt64: [Int]] = {
        var index: [UInt64: [Int]] = [:]
        for (k, e) in entries.enumerated() where !e.pattern.anchor.isEmpty {
            index[CrashScanner.hash(e.pattern.anchor[...]), default: []].append(k)
        }
        return index
    }()

    /// The distinct codes, in catalogue order.
    public static var codes: [String] {
        var seen: Set<String> = []
        return entries.map(\.code).filter { seen.insert($0).inserted }
    }

    /// What the explainer looks for, for the 422 that says so.
    public static let lookedFor = "UIKit's batch-update reasons (\"attempt to delete/insert/move …\", \"Invalid update: invalid number of …\", \"Invalid batch updates detected …\"), diffable data source reasons (\"Fatal: supplied item identifiers are not unique\", \"Diffable data source detected …\", \"Invalid parameter not satisfying: … != NSNotFound\", \"Attempted to reload/reconfigure … identifier …\"), cell and supplementary-view dequeue reasons, layout-attribute reasons, scroll-to-item reasons and the flow layout's \"The behavior of the UICollectionViewFlowLayout is not defined because: …\""
}
