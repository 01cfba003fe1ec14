/// UIKit's batch-update consistency checks (`performBatchUpdates`, `beginUpdates`/`endUpdates`),
/// reporting every violation instead of the first, plus the model of the update and a repair.
public enum BatchValidation {
    /// Validates `updates` as UIKit would.
    ///
    /// - Parameters:
    ///   - before: item counts per section before the batch (what the data source reported last).
    ///   - after: item counts the data source reports after the batch. When nil, the counts a
    ///     consistent data source would report are implied (see `expectedAfter`) and validated
    ///     against, so only structural errors (conflicts, out-of-range indexes) remain.
    ///   - strict: report the hazards of spec §5 as errors (and `valid = false`).
    ///   - repair: also compute a repaired batch (see `BatchRepair`).
    ///   - model: also compute the item mapping and the ordered steps (one entry per item); false
    ///     for callers that only want the verdict.
    ///   - wording: the iOS release whose wording the messages use (`BatchWording`; the default
    ///     keeps the classic wording).
    /// - Complexity: O((n + u) log u) for n old items and u updates.
    public static func validate(before: [Int], after: [Int]?, updates: BatchUpdates, flavor: BatchFlavor,
                                strict: Bool = false, repair: RepairMode? = nil, model wantsModel: Bool = true,
                                wording: BatchWording = .classic) -> BatchVerdict {
        let inputErrors = inputIssues(before: before, after: after, updates: updates)
        if !inputErrors.isEmpty {
            return BatchVerdict(valid: false, errors: inputErrors, warnings: [], uikitException: nil,
                                uikitException164: nil, expectedAfter: nil, after: nil, mapping: nil, steps: nil,
                                repaired: nil)
        }
        var checker = BatchChecker(before: before, after: after, updates: updates, flavor: flavor)
        checker.run()
        var uikitErrors = checker.errors
        var fixer: BatchFixer?
        if !uikitErrors.isEmpty {
            var f = BatchFixer(before: before, after: after, updates: updates, flavor: flavor)
            f.run(first: checker)
            uikitErrors = f.issues
            fixer = f
        }
        var warnings = checker.warnings
        if uikitErrors.isEmpty { warnings += checker.reloadTargetHazards() }
        let errors = strict ? uikitErrors + warnings : uikitErrors
        if strict { warnings = [] }
        let first = checker.errors.first
        let isCount = first.flatMap { BatchIssueCode(rawValue: $0.code) }?.isCountMismatch ?? false
        var verdict = BatchVerdict(
            valid: errors.isEmpty, errors: errors, warnings: warnings, uikitException: first?.message,
            uikitException164: isCount ? checker.exception164() : nil,
            expectedAfter: nil, after: nil, mapping: nil, steps: nil, repaired: nil)
        if let fixer {
            verdict.expectedAfter = fixer.expectedAfter
            verdict.fixedUpdates = fixer.fixed
        } else {
            verdict.expectedAfter = BatchFixer.expected(checker)
        }
        if uikitErrors.isEmpty, !wantsModel {
            if verdict.valid { verdict.after = checker.after }
        } else if uikitErrors.isEmpty {
            let model = checker.resolved()
            if let applied = model.apply() {
                verdict.mapping = mapping(applied, checker)
                verdict.steps = model.steps()
            }
            if verdict.valid { verdict.after = checker.after } else { verdict.mapping = nil; verdict.steps = nil }
        }
        checker.reword(&verdict, wording)
        if let mode = repair {
            verdict.repaired = BatchRepair.repair(before: before, after: after, updates: updates, flavor: flavor, mode: mode)
        }
        return verdict
    }

    /// Every old index path with its place; reloaded items at UIKit's re-insert position.
    static func mapping(_ applied: AppliedBatch, _ checker: BatchChecker) -> [ItemMapping] {
        var result: [ItemMapping] = []
        result.reserveCapacity(applied.newSection.count)
        var reloadedSectionTarget: [Int: Int] = [:]
        for (i, t) in checker.reloadSectionTargets { reloadedSectionTarget[checker.updates.reloadSections[i]] = t }
        for s in 0..<checker.before.count {
            let base = applied.offsets[s]
            for item in 0..<checker.before[s] {
                let k = base + item
                var to: IndexPath? = applied.newSection[k] < 0 ? nil
                    : IndexPath(section: applied.newSection[k], item: applied.newItem[k])
                if let t = reloadedSectionTarget[s], t < applied.counts.count, item < applied.counts[t] {
                    to = IndexPath(section: t, item: item)
                }
                result.append(ItemMapping(from: IndexPath(section: s, item: item), to: to))
            }
        }
        for (i, target) in checker.reloadItemTargets {
            let p = checker.updates.reloadItems[i]
            result[applied.offsets[p.section] + p.item].to = target
        }
        return result
    }

    /// Negative indexes and counts are input errors, reported before any UIKit check.
    static func inputIssues(before: [Int], after: [Int]?, updates: BatchUpdates) -> [BatchIssue] {
        var issues: [BatchIssue] = []
        func count(_ list: String, _ values: [Int]) {
            for (i, v) in values.enumerated() where v < 0 {
                issues.append(BatchIssue(code: BatchIssueCode.negativeCount.rawValue,
                                         message: "\(list)[\(i)] is \(v); counts cannot be negative",
                                         update: list, index: i, section: i, fix: "Report item counts of 0 or more."))
            }
        }
        func index(_ list: UpdateList, _ values: [Int]) {
            for (i, v) in values.enumerated() where v < 0 {
                issues.append(BatchIssue(code: BatchIssueCode.negativeIndex.rawValue,
                                         message: "\(list.rawValue)[\(i)] is \(v); indexes cannot be negative",
                                         update: list.rawValue, index: i, section: v, fix: "Use indexes of 0 or more."))
            }
        }
        func paths(_ list: UpdateList, _ values: [IndexPath]) {
            for (i, p) in values.enumerated() where p.section < 0 || p.item < 0 {
                issues.append(BatchIssue(code: BatchIssueCode.negativeIndex.rawValue,
                                         message: "\(list.rawValue)[\(i)] is (\(p)); indexes cannot be negative",
                                         update: list.rawValue, index: i, indexPath: p, fix: "Use indexes of 0 or more."))
            }
        }
        count("before", before)
        if let after { count("after", after) }
        index(.deleteSections, updates.deleteSections)
        index(.insertSections, updates.insertSections)
        index(.reloadSections, updates.reloadSections)
        for (i, m) in updates.moveSections.enumerated() where m.from < 0 || m.to < 0 {
            issues.append(BatchIssue(code: BatchIssueCode.negativeIndex.rawValue,
                                     message: "moveSections[\(i)] is \(m.from) -> \(m.to); indexes cannot be negative",
                                     update: UpdateList.moveSections.rawValue, index: i, fix: "Use indexes of 0 or more."))
        }
        paths(.deleteItems, updates.deleteItems)
        paths(.insertItems, updates.insertItems)
        paths(.reloadItems, updates.reloadItems)
        for (i, m) in updates.moveItems.enumerated()
        where m.from.section < 0 || m.from.item < 0 || m.to.section < 0 || m.to.item < 0 {
            issues.append(BatchIssue(code: BatchIssueCode.negativeIndex.rawValue,
                                     message: "moveItems[\(i)] is (\(m.from)) -> (\(m.to)); indexes cannot be negative",
                                     update: UpdateList.moveItems.rawValue, index: i, fix: "Use indexes of 0 or more."))
        }
        return issues
    }
}
