import UpdateEngine
import LayoutEngine

/// Count mismatches: the causes follow from the arithmetic.
extension CrashAdvisor {
    static func itemCauses(_ w: Words, _ x: CrashFacts, expected: Int?) -> [CrashAdvice.Cause] {
        var causes: [CrashAdvice.Cause] = []
        let before = x.int("countBefore"), after = x.int("countAfter")
        let changes = (x.int("inserted") ?? 0) + (x.int("deleted") ?? 0) + (x.int("movedIn") ?? 0) + (x.int("movedOut") ?? 0)
        if let b = before, let a = after, a == b, changes > 0 {
            causes.append(.init(cause: "The data source still reports the old count (\(a)): the \(w.insertCall)/\(w.deleteCall) calls were made but the model did not change inside the batch (or changed before it, and UIKit had already read the new count as \"before\").",
                                fix: "Change the model inside the \(w.batch) closure, exactly once per announced insert or delete."))
        } else if let b = before, let a = after, changes == 0, a != b {
            causes.append(.init(cause: "The model changed by \(a - b) \(w.units) but no insert or delete was announced: a batch (or endUpdates, or a reconfigure/reload) ran after an unannounced change.",
                                fix: "Announce every change with \(w.insertCall)/\(w.deleteCall) in the same batch, or call reloadData instead of batch updates after changing the model wholesale."))
        } else if let a = after, let e = expected {
            causes.append(.init(cause: "The announced changes and the model disagree by \(abs(a - e)) \(w.units): an insert or delete was missed, or reported twice (two change observers, or the same change applied again).",
                                fix: "Derive the \(w.deleteCall)/\(w.insertCall) index paths from the same old and new arrays the data source switches between."))
        }
        return causes + timingCauses(w) + [
            .init(cause: "reloadData called inside the batch, or the batch nested in another update of the same \(w.view).",
                  fix: "Never call reloadData inside \(w.batch); finish one batch before starting another."),
        ]
    }

    static func sectionCauses(_ w: Words, after: Int?, expected: Int?) -> [CrashAdvice.Cause] {
        [.init(cause: "A section was added to or removed from the model without insertSections/deleteSections in the same batch\(after.flatMap { a in expected.map { e in a > e ? " (the model has \(a - e) more)" : " (the model has \(e - a) fewer)" } } ?? "").",
               fix: "Announce each section change with insertSections/deleteSections inside the batch that changes the model, or use reloadData.")]
            + timingCauses(w)
    }

    /// How many sections the explanation spells out; the facts keep every count.
    static let maxSectionsSpelledOut = 10

    /// A count list as UIKit prints it (`[6, 5, 5]`), shortened past 20 entries: the explanation
    /// stays a paragraph however many sections the message lists (the facts keep them all).
    static func brief(_ list: [Int]) -> String {
        guard list.count > 20 else { return "\(list)" }
        return "[" + list.prefix(20).map(String.init).joined(separator: ", ") + ", … \(list.count - 20) more]"
    }

    /// The iOS 16.4+ form: the whole batch, and every violation it contains.
    static func batch164(_ f: CrashFinding, _ w: Words) -> CrashAdvice {
        let before = f.facts.ints("before") ?? [], after = f.facts.ints("after") ?? []
        let updates = f.facts.strings("updates") ?? []
        var arithmetic = ""
        var u = BatchUpdates()
        if updates.allSatisfy({ CrashReproducer.parse164($0, into: &u) }), u.deleteSections.isEmpty, u.insertSections.isEmpty,
           u.moveSections.isEmpty, u.moveItems.isEmpty, before.count == after.count {
            // One pass per list (a pasted batch can name thousands of sections and updates).
            var inserted = Array(repeating: 0, count: before.count), deleted = inserted
            for p in u.deleteItems where p.section >= 0 && p.section < before.count { deleted[p.section] += 1 }
            for p in u.insertItems where p.section >= 0 && p.section < before.count { inserted[p.section] += 1 }
            let off = before.indices.filter { before[$0] + inserted[$0] - deleted[$0] != after[$0] }
            arithmetic = off.prefix(maxSectionsSpelledOut).map { s in
                " Section \(s): \(before[s]) + \(inserted[s]) inserted − \(deleted[s]) deleted = \(before[s] + inserted[s] - deleted[s]), but the data source returned \(after[s])."
            }.joined()
            if off.count > maxSectionsSpelledOut {
                arithmetic += " \(off.count - maxSectionsSpelledOut) more section\(off.count - maxSectionsSpelledOut == 1 ? "" : "s") disagree the same way (\(off.count) in all)."
            }
        }
        let explanation = "UIKit (iOS 16.4 and later) found that the counts the data source returned before (\(brief(before))) and after (\(brief(after))) the batch cannot be reached with the \(updates.count) update\(updates.count == 1 ? "" : "s") listed (reloads appear as a delete plus an insert).\(arithmetic) Before 16.4 UIKit logged this and silently called reloadData; now it is an exception. The rebuilt batch's violations are listed under violations."
        var causes = timingCauses(w)
        if updates.isEmpty {
            causes.insert(.init(cause: "The model changed but the batch announced nothing (an empty performBatchUpdates, or beginUpdates/endUpdates used only to animate height changes).",
                                fix: "Announce the changes, or call reloadData; to animate heights alone, change no data first."), at: 0)
        } else if updates.allSatisfy({ $0.hasPrefix("Delete") || $0.hasPrefix("Insert") }), updates.count % 2 == 0 {
            causes.insert(.init(cause: "A reload (one delete plus one insert per reloaded \(w.unit)) while the model's count changed at the same time.",
                                fix: "Insert or delete \(w.units) for the count change; reload only \(w.units) whose content changed, in a separate batch or with reconfigureItems."), at: 0)
        }
        return CrashAdvice(explanation: explanation, causes: causes, docs: [CrashDocs.performBatchUpdates(w.flavor), CrashDocs.batchGuide])
    }
}
