import UpdateEngine
import LayoutEngine

/// Diffable data source reasons.
extension CrashAdvisor {
    static func diffable(_ f: CrashFinding) -> CrashAdvice {
        let x = f.facts
        let ids = (x.strings("identifiers") ?? x.string("identifier").map { [$0] } ?? []).prefix(5).joined(separator: ", ")
        let hashable = CrashAdvice.Cause(
            cause: "The identifier type's Hashable conformance uses values that change or repeat (a struct hashing its mutable content, two models with the same id).",
            fix: "Make identifiers stable and unique: use the model's id (a UUID or database key) as the item identifier, not the whole mutable struct; mark content changes with reconfigureItems.")
        var docs = [CrashDocs.snapshot, CrashDocs.apply]
        let explanation: String
        var causes: [CrashAdvice.Cause]
        switch f.entry.code {
        case "DUPLICATE_ITEM_IDENTIFIERS", "DUPLICATE_SECTION_IDENTIFIERS", "DUPLICATE_IDENTIFIERS", "DUPLICATE_SECTION_SNAPSHOT_ITEMS":
            explanation = "One call on the snapshot lists the same identifier more than once\(ids.isEmpty ? "" : " (\(ids))"). A snapshot holds each identifier once; UIKit checks the argument list before applying it and throws."
            causes = [.init(cause: "The source array has duplicates (the same record fetched twice, pages of a feed overlapping).", fix: "De-duplicate by identifier before appendItems/appendSections (keep the first occurrence)."), hashable]
            docs.append(CrashDocs.hashable)
        case "NO_SECTIONS":
            explanation = "appendItems was called on a snapshot with no section: items always belong to a section."
            causes = [.init(cause: "A fresh NSDiffableDataSourceSnapshot() filled with items only.", fix: "Call snapshot.appendSections([...]) before appendItems.")]
        case "SECTION_IDENTIFIER_ALREADY_EXISTS", "SECTION_COUNT_ASSERTION":
            explanation = "appendSections/insertSections was given a section identifier the snapshot already has\(ids.isEmpty ? "" : " (\(ids))"). Unlike items (which are moved, with a log), an existing section throws."
            causes = [.init(cause: "Building on dataSource.snapshot() and appending the sections again.", fix: "Start from an empty NSDiffableDataSourceSnapshot(), or check snapshot.indexOfSection(_:) before appending."), hashable]
        case "ITEM_IDENTIFIER_ALREADY_EXISTS":
            explanation = "appendItems/insertItems named item identifiers already in the snapshot\(ids.isEmpty ? "" : " (\(ids))"). UIKit logs this and moves the existing items into place (slower); it does not crash."
            causes = [.init(cause: "Appending to dataSource.snapshot() items that are already there (a refresh appended instead of replaced).", fix: "Build the new snapshot from scratch, or delete the items first."), hashable]
        case "PARAMETER_ASSERTION":
            explanation = "An operation on the snapshot named an identifier the snapshot does not have: \(f.message.components("satisfying: ").last ?? "") (NSNotFound is the index of an unknown identifier). The insert, move or append had nowhere to go."
            causes = [.init(cause: "appendItems(_:toSection:) with a section that was not appended (or was deleted), or insertItems/moveItem relative to an item that is not in this snapshot.",
                            fix: "Append the section first; check snapshot.indexOfItem(_:) / indexOfSection(_:) before inserting relative to an identifier."), hashable]
        case "INSERT_DESTINATION_IN_LIST", "MOVE_RELATIVE_TO_ITSELF":
            explanation = "An insert or move is positioned relative to an identifier that is itself being inserted or moved\(x.string("destination").map { " (\($0))" } ?? x.string("identifier").map { " (\($0))" } ?? "")."
            causes = [.init(cause: "Inserting a list before or after one of its own members, or moveItem(x, beforeItem: x).", fix: "Choose an anchor identifier that is already in the snapshot and not in the list, or skip the move when source and anchor are equal.")]
        case "RELOAD_UNKNOWN_ITEM", "RECONFIGURE_UNKNOWN_ITEM", "RELOAD_UNKNOWN_SECTION":
            explanation = "reload/reconfigure named an identifier that is not in the snapshot at the time of the call\(ids.isEmpty ? "" : " (\(ids))")."
            causes = [.init(cause: "Reloading an item that was deleted (or never appended), often a changed identifier: the struct used as identifier changed, so it is a different identifier now.",
                            fix: "Reload or reconfigure only identifiers in snapshot.itemIdentifiers; use stable ids and mark content changes with reconfigureItems."), hashable]
            docs.append(CrashDocs.reconfigure)
        case "HASH_MISMATCH", "HASH_CHANGED", "NOT_EQUAL_TO_ITSELF", "IDENTIFIERS_NOT_UNIQUE":
            explanation = "UIKit found identifiers that break the Hashable contract (equal values must have equal hashes, and a value's hash must not change while it is in a snapshot)."
            causes = [hashable]
            docs.append(CrashDocs.hashable)
        case "APPLY_DEADLOCK", "APPLY_NOT_THREAD_CONFINED", "COMMIT_OFF_MAIN_THREAD":
            explanation = "Snapshots were applied from different queues, or from inside another apply."
            causes = [.init(cause: "apply called from a background queue in one place and the main queue in another, or from a completion handler of another apply.",
                            fix: "Apply every snapshot from the main queue (or always from one serial queue); never call apply from inside another apply.")]
        case "SECTION_NOT_FOUND":
            explanation = "numberOfItems(inSection:) or itemIdentifiers(inSection:) was asked about a section identifier the snapshot does not have (iOS 14 made this throw)."
            causes = [.init(cause: "Querying a section that was deleted or never appended.", fix: "Check snapshot.indexOfSection(_:) first.")]
        default:
            explanation = "A section snapshot (NSDiffableDataSourceSectionSnapshot) was given an identifier it does not have, or twice."
            causes = [.init(cause: "Inserting relative to, expanding or deleting an item that is not in this section snapshot.", fix: "Check sectionSnapshot.contains(_:) first."), hashable]
            docs = [CrashDocs.sectionSnapshot]
        }
        return CrashAdvice(explanation: explanation, causes: causes, docs: docs)
    }
}
