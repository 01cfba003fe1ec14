import UpdateEngine
import LayoutEngine

/// Batch-update reasons: what `_endItemAnimations…` / `_endCellAnimationsWithContext:` checked.
extension CrashAdvisor {
    static func batch(_ f: CrashFinding, flavor: BatchFlavor) -> CrashAdvice {
        let w = Words(flavor: flavor)
        let x = f.facts
        func n(_ name: String) -> String { x.int(name).map(String.init) ?? "?" }
        func p(_ name: String) -> String { x.path(name).map { "(\($0.section), \($0.item))" } ?? "?" }
        let coordinates = "Deletes, reloads and move sources use index paths from before the update; inserts and move destinations use index paths from after it."
        var docs = [CrashDocs.performBatchUpdates(flavor), CrashDocs.batchGuide]
        let explanation: String
        var causes: [CrashAdvice.Cause]
        switch f.entry.code {
        case "DELETE_AND_RELOAD_SAME_INDEX_PATH":
            explanation = "The batch both deletes and reloads \(p("indexPath")). UIKit turns a reload into a delete plus an insert, so the same \(w.unit) would be deleted twice."
            causes = [.init(cause: "A change set reported the \(w.unit) as both removed and changed (PHFetchResultChangeDetails, NSFetchedResultsController or a diffing library applied as is).",
                            fix: "Drop reloads of index paths that are also deleted, or apply the reloads (changedIndexes) in a second batch after the deletes and inserts.")]
            docs.append(CrashDocs.reload(flavor))
        case "DELETE_AND_MOVE_SAME_SECTION", "DELETE_AND_MOVE_SAME_INDEX_PATH":
            let what = x.int("section").map { "section \($0)" } ?? "\(w.unit) \(p("indexPath"))"
            explanation = "The batch deletes \(what) and also moves it away. A moved source must still exist after the deletes, so UIKit refuses both at once."
            causes = [.init(cause: "A reload of a moved \(w.unit) (a reload is a delete plus an insert), or a diff that reported a move and a delete for the same element.",
                            fix: "Either delete it or move it. Reload moved \(w.units) in a separate batch after the move (or reconfigure them).")]
        case "INSERT_AND_MOVE_SAME_SECTION", "INSERT_AND_MOVE_SAME_INDEX_PATH":
            let what = x.int("section").map { "section \($0)" } ?? "index path \(p("indexPath"))"
            explanation = "An insert and a move both target \(what) in after-the-update coordinates; every destination must be unique. UIKit re-inserts a reload at its old index path shifted by deletes and inserts only (moves are ignored), which is how a reload can land on a move's destination."
            causes = [.init(cause: "A reload in the same batch as moves (the \"magic insert\").", fix: "Perform the moves first and the reloads in a second batch, at the items' final index paths; or use reconfigureItems."),
                      .init(cause: "Two changes computed separately (inserts and moves from different diffs).", fix: "Compute one diff from the old list to the new one.")]
        case "DELETE_SECTION_OUT_OF_RANGE":
            explanation = "The batch deletes section \(n("section")), but before the update the data source had only \(n("sectionsBefore")) sections (0…\(max(0, (x.int("sectionsBefore") ?? 1) - 1)))."
            causes = [.init(cause: "The index was computed on the model after it changed.", fix: coordinates + " Compute the section indexes before mutating the model.")] + timingCauses(w)
        case "DELETE_ITEM_SECTION_OUT_OF_RANGE":
            explanation = "The batch deletes \(w.unit) \(n("item")) of section \(n("section")), but before the update there were only \(n("sectionsBefore")) sections."
            causes = [.init(cause: "The section index refers to the model after the update (or to another \(w.view)).", fix: coordinates)] + timingCauses(w)
        case "DELETE_ITEM_OUT_OF_RANGE":
            explanation = "The batch deletes \(w.unit) \(n("item")) of section \(n("section")), but that section held only \(n("countBefore")) \(w.units) before the update (valid \(w.units): 0…\((x.int("countBefore") ?? 1) - 1)). \(coordinates)"
            causes = [.init(cause: "The model was already changed (or reloaded) when the batch began, so UIKit's before-count is the new count.",
                            fix: "Mutate the model inside the batch, after UIKit has its counts; call \(w.deleteCall) with index paths of the old model.")]
                + timingCauses(w).dropFirst()
                + [.init(cause: "Deletes computed one by one against a shrinking array (indexes shifted by earlier deletes).", fix: "Compute all index paths against the old model; UIKit applies deletes in descending order itself.")]
        case "INSERT_SECTION_OUT_OF_RANGE", "INSERT_ITEM_SECTION_OUT_OF_RANGE":
            explanation = "The batch inserts at section \(n("section")), but after the update the data source reports only \(n("sectionsAfter")) sections. \(coordinates)"
            causes = [.init(cause: "The model was not updated (or not yet) when UIKit asked for the counts after the batch.",
                            fix: "Append the new sections to the model inside the \(w.batch) closure, before the insert calls return.")] + timingCauses(w)
        case "INSERT_ITEM_OUT_OF_RANGE":
            explanation = "The batch inserts \(w.unit) \(n("item")) into section \(n("section")), but after the update the data source reports only \(n("countAfter")) \(w.units) there, so the new \(w.unit) would have no place (valid: 0…\((x.int("countAfter") ?? 1) - 1)). \(coordinates)"
            causes = [.init(cause: "The model was not updated inside the batch (the insert is announced, the array is not changed), or \(w.countCall) reads another array.",
                            fix: "Insert into the model inside the \(w.batch) closure; make \(w.countCall) return the model's count.")]
                + timingCauses(w).dropFirst()
                + [.init(cause: "Insert index paths computed before the batch's deletes were taken into account.", fix: "Insert index paths are positions in the final list, after every delete.")]
        case "MOVE_FROM_DELETED_SECTION", "MOVE_INTO_INSERTED_SECTION":
            explanation = "A \(w.unit) moves out of a deleted section or into an inserted one. Older iOS raised this; iOS 11 and later silently fall back to reloadData."
            causes = [.init(cause: "A diff across sections whose section also changed.", fix: "Delete the \(w.unit) from the deleted section (it goes with it) and let the inserted section get its \(w.units) from the data source.")]
        case "MOVE_SECTION_OUT_OF_RANGE", "MOVE_ITEM_SECTION_OUT_OF_RANGE", "MOVE_ITEM_OUT_OF_RANGE":
            explanation = "A move's source does not exist before the update (\(x.int("countBefore").map { "section \(n("section")) held \($0) \(w.units)" } ?? "there were \(n("sectionsBefore")) sections")). Move sources are before-the-update index paths."
            causes = [.init(cause: "The source was taken from the model after it changed.", fix: coordinates)] + timingCauses(w)
        case "MOVE_SECTION_DESTINATION_OUT_OF_RANGE", "MOVE_ITEM_DESTINATION_SECTION_OUT_OF_RANGE", "MOVE_ITEM_DESTINATION_OUT_OF_RANGE":
            explanation = "A move's destination does not exist after the update (\(x.int("countAfter").map { "section \(n("section")) holds \($0) \(w.units)" } ?? "there are \(n("sectionsAfter")) sections")). Move destinations are after-the-update index paths."
            causes = [.init(cause: "The destination was computed on the old model.", fix: coordinates)] + timingCauses(w)
        case "MOVE_SECTION_TO_TWO_DESTINATIONS", "MOVE_ITEM_TO_TWO_DESTINATIONS", "MOVE_TWO_SECTIONS_TO_SAME_DESTINATION", "MOVE_TWO_ITEMS_TO_SAME_DESTINATION":
            explanation = "Two moves share a source or a destination. Each element moves at most once, and each destination receives one element."
            causes = [.init(cause: "Moves from two diffs, or a diff that reports a move in both directions.", fix: "Compute one diff; a swap of a and b is one move (or two moves with different destinations).")]
        case "INVALID_NUMBER_OF_SECTIONS":
            let a = x.int("sectionsAfter"), b = x.int("sectionsBefore"), i = x.int("inserted") ?? 0, d = x.int("deleted") ?? 0
            let expected = b.map { $0 + i - d }
            explanation = "UIKit counts sections: before + inserted − deleted = \(n("sectionsBefore")) + \(i) − \(d) = \(expected.map(String.init) ?? "?"), but the data source reports \(n("sectionsAfter")) after the update\(diff(a, expected))."
            causes = sectionCauses(w, after: a, expected: expected)
        case "INVALID_NUMBER_OF_ITEMS":
            let expected = x.int("countBefore").map { $0 + (x.int("inserted") ?? 0) - (x.int("deleted") ?? 0) + (x.int("movedIn") ?? 0) - (x.int("movedOut") ?? 0) }
            // The headless form ("The number of rows contained in …") names no section, and may
            // stop before the moves: those count as none.
            let which = x.int("section").map { "section \($0)" } ?? "the section (the message does not name it)"
            let moved = { (k: String) in x.int(k).map(String.init) ?? "0" }
            explanation = "UIKit counts the \(w.units) of \(which): before + inserted − deleted + moved in − moved out = \(n("countBefore")) + \(n("inserted")) − \(n("deleted")) + \(moved("movedIn")) − \(moved("movedOut")) = \(expected.map(String.init) ?? "?"), but the data source reports \(n("countAfter")) after the update\(diff(x.int("countAfter"), expected))."
            causes = itemCauses(w, x, expected: expected)
        case "DELETE_MORE_ITEMS_THAN_EXIST":
            explanation = "More \(w.units) are deleted from section \(n("section")) than it held before the update."
            causes = [.init(cause: "The same \(w.unit) deleted twice (a collection view counts repeated deletes), or deletes computed on a model that already shrank.",
                            fix: "Delete each index path once, computed on the old model.")] + timingCauses(w)
        default:
            return batch164(f, w)
        }
        return CrashAdvice(explanation: explanation, causes: causes, docs: docs)
    }

    static func diff(_ actual: Int?, _ expected: Int?) -> String {
        guard let a = actual, let e = expected, a != e else { return "" }
        return " (\(abs(a - e)) \(a > e ? "more" : "fewer"))"
    }
}
