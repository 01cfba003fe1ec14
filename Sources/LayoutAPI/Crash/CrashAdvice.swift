import UpdateEngine
import LayoutEngine

/// What a finding means: what UIKit checked and why it failed (with the arithmetic), the likely
/// mistakes with their fixes (most likely first), and Apple's pages that state the rule.
struct CrashAdvice: Sendable {
    struct Cause: Sendable { let cause: String; let fix: String }
    struct Doc: Sendable { let title: String; let url: String }

    var explanation: String
    var causes: [Cause]
    var docs: [Doc]
}

/// Apple's documentation pages the advice cites.
enum CrashDocs {
    static let apple = "https://developer.apple.com/documentation/uikit/"
    static func performBatchUpdates(_ f: BatchFlavor) -> CrashAdvice.Doc {
        f == .tableView
            ? .init(title: "UITableView.performBatchUpdates(_:completion:)", url: apple + "uitableview/performbatchupdates(_:completion:)")
            : .init(title: "UICollectionView.performBatchUpdates(_:completion:)", url: apple + "uicollectionview/performbatchupdates(_:completion:)")
    }
    static let batchGuide = CrashAdvice.Doc(
        title: "Table View Programming Guide: Batch Insertion, Deletion, and Reloading of Rows and Sections",
        url: "https://developer.apple.com/library/archive/documentation/UserExperience/Conceptual/TableView_iPhone/ManageInsertDeleteRow/ManageInsertDeleteRow.html")
    static func reload(_ f: BatchFlavor) -> CrashAdvice.Doc {
        f == .tableView
            ? .init(title: "UITableView.reloadRows(at:with:)", url: apple + "uitableview/reloadrows(at:with:)")
            : .init(title: "UICollectionView.reloadItems(at:)", url: apple + "uicollectionview/reloaditems(at:)")
    }
    static let reconfigure = CrashAdvice.Doc(title: "NSDiffableDataSourceSnapshot.reconfigureItems(_:)", url: apple + "nsdiffabledatasourcesnapshot/reconfigureitems(_:)")
    static let snapshot = CrashAdvice.Doc(title: "NSDiffableDataSourceSnapshot", url: apple + "nsdiffabledatasourcesnapshot")
    static let apply = CrashAdvice.Doc(title: "UICollectionViewDiffableDataSource.apply(_:animatingDifferences:completion:)",
                                       url: apple + "uicollectionviewdiffabledatasource/apply(_:animatingdifferences:completion:)")
    static let sectionSnapshot = CrashAdvice.Doc(title: "NSDiffableDataSourceSectionSnapshot", url: apple + "nsdiffabledatasourcesectionsnapshot")
    static let hashable = CrashAdvice.Doc(title: "Hashable", url: "https://developer.apple.com/documentation/swift/hashable")
    static let fetchedResults = CrashAdvice.Doc(title: "NSFetchedResultsControllerDelegate", url: "https://developer.apple.com/documentation/coredata/nsfetchedresultscontrollerdelegate")
    static let dequeueCell = CrashAdvice.Doc(title: "UICollectionView.dequeueReusableCell(withReuseIdentifier:for:)", url: apple + "uicollectionview/dequeuereusablecell(withreuseidentifier:for:)")
    static let cellRegistration = CrashAdvice.Doc(title: "UICollectionView.CellRegistration", url: apple + "uicollectionview/cellregistration")
    static let dequeueRow = CrashAdvice.Doc(title: "UITableView.dequeueReusableCell(withIdentifier:for:)", url: apple + "uitableview/dequeuereusablecell(withidentifier:for:)")
    static let itemSize = CrashAdvice.Doc(title: "UICollectionViewFlowLayout.itemSize", url: apple + "uicollectionviewflowlayout/itemsize")
    static let sizeForItem = CrashAdvice.Doc(title: "UICollectionViewDelegateFlowLayout.collectionView(_:layout:sizeForItemAt:)",
                                             url: apple + "uicollectionviewdelegateflowlayout/collectionview(_:layout:sizeforitemat:)")
    static let layoutAttributes = CrashAdvice.Doc(title: "UICollectionViewLayout.layoutAttributesForElements(in:)", url: apple + "uicollectionviewlayout/layoutattributesforelements(in:)")
    static let invalidateLayout = CrashAdvice.Doc(title: "UICollectionViewLayout.invalidateLayout()", url: apple + "uicollectionviewlayout/invalidatelayout()")
    static let scrollToItem = CrashAdvice.Doc(title: "UICollectionView.scrollToItem(at:at:animated:)", url: apple + "uicollectionview/scrolltoitem(at:at:animated:)")
    static let scrollToRow = CrashAdvice.Doc(title: "UITableView.scrollToRow(at:at:animated:)", url: apple + "uitableview/scrolltorow(at:at:animated:)")
    static let numberOfItems = CrashAdvice.Doc(title: "UICollectionViewDataSource.collectionView(_:numberOfItemsInSection:)",
                                               url: apple + "uicollectionviewdatasource/collectionview(_:numberofitemsinsection:)")
}

enum CrashAdvisor {
    static func advice(_ f: CrashFinding, flavor: BatchFlavor) -> CrashAdvice {
        switch f.entry.kind {
        case .batch where f.entry.code.hasPrefix("SCROLL") || f.entry.code == "NUMBER_OF_ITEMS_IN_NONEXISTENT_SECTION":
            return views(f, flavor: flavor)
        case .batch: return batch(f, flavor: flavor)
        case .diffableDataSource: return diffable(f)
        default: return views(f, flavor: flavor)
        }
    }

    /// Words of one flavor: "row"/"item", "table view"/"collection view", the update calls.
    struct Words {
        let flavor: BatchFlavor
        var unit: String { flavor == .tableView ? "row" : "item" }
        var units: String { unit + "s" }
        var view: String { flavor == .tableView ? "table view" : "collection view" }
        var batch: String { flavor == .tableView ? "performBatchUpdates (or beginUpdates/endUpdates)" : "performBatchUpdates" }
        var insertCall: String { flavor == .tableView ? "insertRows(at:with:)" : "insertItems(at:)" }
        var deleteCall: String { flavor == .tableView ? "deleteRows(at:with:)" : "deleteItems(at:)" }
        var reloadCall: String { flavor == .tableView ? "reloadRows(at:with:)" : "reloadItems(at:)" }
        var moveCall: String { flavor == .tableView ? "moveRow(at:to:)" : "moveItem(at:to:)" }
        var countCall: String { flavor == .tableView ? "tableView(_:numberOfRowsInSection:)" : "collectionView(_:numberOfItemsInSection:)" }
    }

    /// The causes every data-source timing mistake shares, most likely first.
    static func timingCauses(_ w: Words) -> [CrashAdvice.Cause] {
        [
            .init(cause: "The model changed outside the batch: UIKit read the counts again (a reloadData, a layout pass or the view coming on screen) after the array had already changed, or the array changes again after the batch.",
                  fix: "Mutate the array inside the \(w.batch) closure, in the same order as the \(w.deleteCall)/\(w.insertCall) calls, and nowhere else; never call reloadData in between."),
            .init(cause: "Updates arrive from another thread or from two sources at once (an NSFetchedResultsController, Realm or PHPhotoLibrary change observer applying changes computed against an older model).",
                  fix: "Apply model changes and \(w.view) updates together on the main queue, one change set at a time; for photo libraries use PHFetchResultChangeDetails' fetchResultAfterChanges inside the same batch."),
            .init(cause: "The \(w.view) was not on screen (or was never laid out) when the model changed, so its cached counts are stale.",
                  fix: "If the view is not in a window, call reloadData instead of batch updates; UIKit 16.4+ no longer falls back to reloadData by itself."),
        ]
    }
}
