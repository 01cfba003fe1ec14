/// Gives every error of a batch UIKit rejects a fix (`BatchIssue.edits`), so that all the fixes,
/// applied together, give a batch UIKit accepts, and lists only errors that are not the echo of
/// one already listed.
///
/// UIKit raises its first failure and stops. layoutd lists more, and a list is only useful if it
/// is coherent, so it is built the way a developer would work through the crashes:
///
/// 1. **One mistake, one error.** The first error is UIKit's exact first reason. Each further
///    error is what UIKit would raise next once the fixes listed before it are applied: the
///    checker runs again on the corrected batch (round by round), so an error caused by a call
///    already fixed (the second half of an out-of-range reload, a move into a section whose insert
///    was dropped) is never listed.
/// 2. **Calls before counts.** Out-of-range calls and conflicting pairs are checked before
///    UIKit's count checks (spec §2, steps 1–4 before 5–6), and the count checks only ever run on
///    the batch with those fixed, so a count error never counts a call that is itself an error.
/// 3. **The data source is the witness.** `before` and `after` are what the app reports; fixes
///    edit the updates, never the counts. Where a mistake can be fixed two ways (drop the insert
///    or move it into range; drop the delete or drop the move), the way that agrees with the
///    counts wins: an out-of-range insert into a section that did gain an item is moved into
///    range rather than dropped, so `{"before":[3],"after":[4],"insertItems":[[0,7]]}` gets one
///    error and no count mismatch.
/// 4. **Counts last.** A section count UIKit cannot reconcile gets section inserts or deletes
///    placed where the item counts line up best; then each section's item count gets the inserts
///    or deletes it is missing (or, past `reloadThreshold`, a reload of the section).
///
/// Independent errors (out-of-range calls, repeated moves) are fixed in the same round; a
/// conflicting pair ends its round, because which of the two is dropped changes what follows
/// (for the first `lookaheadRounds` conflicts, with `after` given; past them, and without `after`,
/// conflicts on distinct calls take their usual fix together, so a round count stays small).
/// - Complexity: one checker run per round, O((n + u) log u) each; at most `maxRounds` rounds.
struct BatchFixer {
    let before: [Int]
    let after: [Int]?
    let flavor: BatchFlavor
    var draft: BatchDraft
    /// The errors listed, in order; `reasons`/`suffixes` frame their fix sentences.
    var issues: [BatchIssue] = []
    var reasons: [String] = []
    var suffixes: [String] = []
    /// Draft entries whose fix must not be undone by a count fix (they failed again once put back).
    var settled: Set<BatchDraft.Handle> = []
    /// The counts a data source consistent with the updates (calls put in range) would report.
    var expectedAfter: [Int]?
    var expectedAfterKnown = false

    static let maxRounds = 64
    /// Rounds that compare a conflict's alternatives against the counts (two or three extra checks
    /// each), and the work they may take in all (rounds × calls and sections): a batch of 1,000
    /// calls compares up to 20 conflicts, one of more than 20,000 none (each takes its usual fix).
    static let lookaheadRounds = 24
    static let lookaheadWork = 20_000
    /// Past this many missing items, a section's count is fixed by reloading it.
    static let reloadThreshold = 64

    init(before: [Int], after: [Int]?, updates: BatchUpdates, flavor: BatchFlavor) {
        self.before = before
        self.after = after
        self.flavor = flavor
        self.draft = BatchDraft(updates)
    }

    func check(_ updates: BatchUpdates) -> BatchChecker {
        var c = BatchChecker(before: before, after: after, updates: updates, flavor: flavor)
        c.run()
        return c
    }

    /// - Parameter first: the checker already run on the batch as sent (not valid).
    mutating func run(first: BatchChecker) {
        var checker = first
        var handles = draft.build().1
        var rounds = 0, lookaheads = 0
        let size = max(1, draft.original.operationCount + before.count + (after?.count ?? 0))
        while !checker.errors.isEmpty, rounds < Self.maxRounds {
            rounds += 1
            let revision = draft.revision
            if BatchIssueCode(rawValue: checker.errors[0].code)?.isCountMismatch == true {
                fixCounts(checker, handles)
            } else {
                let look = after != nil && lookaheads < Self.lookaheadRounds && (lookaheads + 1) * size <= Self.lookaheadWork
                if structuralRound(checker, handles, lookahead: look) { lookaheads += 1 }
            }
            if draft.revision == revision { break }
            let built = draft.build()
            handles = built.1
            checker = check(built.0)
        }
        if !expectedAfterKnown { expectedAfter = Self.expected(checker) }
        let edits = draft.editsByIssue()
        for k in issues.indices {
            issues[k].edits = edits[k] ?? []
            issues[k].fix = fixSentence(k)
        }
        // An error whose fix came to nothing was settled by another fix (a count fix put its call
        // back where it was once its partner went): it is not listed, unless it is UIKit's first.
        issues = issues.enumerated().filter { $0.offset == 0 || !$0.element.edits.isEmpty }.map(\.element)
    }

    /// The updates with every fix applied.
    var fixed: BatchUpdates { draft.build().0 }

    /// The checker's expected counts, nil when the section count does not add up.
    static func expected(_ c: BatchChecker) -> [Int]? {
        guard c.sectionsAfter == c.sectionsBefore + c.sectionInsertEntries - c.sectionDeleteEntries else { return nil }
        let (plan, tallies) = c.tally()
        return c.expectedCounts(plan, tallies)
    }

    mutating func report(_ e: BatchIssue, reason: String, suffix: String = "") -> Int {
        issues.append(e)
        reasons.append(reason)
        suffixes.append(suffix)
        return issues.count - 1
    }

    /// Fixes the first error and every independent one after it. Returns whether it compared
    /// alternatives against the counts.
    mutating func structuralRound(_ c: BatchChecker, _ handles: BatchDraft.Handles, lookahead: Bool) -> Bool {
        var touched: Set<BatchDraft.Handle> = []
        var looked = false
        guard let firstCode = BatchIssueCode(rawValue: c.errors[0].code) else { return false }
        for (k, e) in c.errors.enumerated() {
            guard let code = BatchIssueCode(rawValue: e.code), !code.isCountMismatch else { break }
            // A conflict's choice is weighed against the counts alone in its round; once that
            // budget is spent, conflicts on distinct calls take their usual fix together.
            if k > 0 && lookahead && (code.isConflict || firstCode.isConflict) { break }
            if k > 0 && after == nil && code.phase != firstCode.phase { break }
            guard let list = UpdateList(rawValue: e.update), let i = e.index, let h = handles[EntryRef(list, i)] else { continue }
            let partner = c.partners[k].flatMap { handles[$0] }
            // Its call (or its partner) is already fixed in this round: the error goes with it.
            if touched.contains(h) || partner.map(touched.contains) == true { continue }
            touched.insert(h)
            if let p = partner { touched.insert(p) }
            // A call a fix put there fails: that fix was wrong, not the app; take it back.
            if let owner = draft.entry(h)?.owner {
                draft.remove(h, by: owner)
                settled.insert(h)
                continue
            }
            let options = fixOptions(code, h, partner, c)
            var choice = 0
            if options.count > 1 && lookahead && k == 0 {
                choice = best(options)
                looked = true
            }
            var named = e
            named.index = draft.entry(h)?.origin   // the call's place in the request as sent
            let issue = report(named, reason: e.fix,
                               suffix: choice > 0 ? " Of the ways to fix it, this one fits the counts the data source reports best and leaves the fewest other errors." : "")
            apply(options[choice], by: issue)
        }
        return looked
    }

    /// One way to fix an error: calls to drop and calls to add.
    struct FixOption {
        var remove: [BatchDraft.Handle] = []
        var add: [(UpdateList, BatchEdit.Value)] = []
    }

    mutating func apply(_ o: FixOption, by issue: Int) {
        for h in o.remove { draft.remove(h, by: issue) }
        for (list, v) in o.add { draft.add(list, v, by: issue) }
    }

    /// The option whose batch disagrees least with the data source's counts, then has the fewest
    /// errors; the first (the usual fix) on a tie.
    func best(_ options: [FixOption]) -> Int {
        var bestIndex = 0, bestScore = (Int.max, Int.max)
        for (n, o) in options.enumerated() {
            var copy = self
            copy.apply(o, by: issues.count)
            let c = check(copy.draft.build().0)
            let score = (Self.mismatch(c), c.errors.count)
            if score < bestScore { bestScore = score; bestIndex = n }
        }
        return bestIndex
    }

    /// How far the counts the checker derived are from the data source's.
    static func mismatch(_ c: BatchChecker) -> Int {
        let expectedSections = c.sectionsBefore + c.sectionInsertEntries - c.sectionDeleteEntries
        if c.sectionsAfter != expectedSections { return 1_000_000 + abs(c.sectionsAfter - expectedSections) }
        let (_, tallies) = c.tally()
        return tallies.existing.reduce(0) { $0 + abs(c.after[$1.0] - $1.1.expected) }
    }
}

extension BatchIssueCode {
    /// Errors about a pair of calls: which of the two to drop changes what the checks see next.
    var isConflict: Bool {
        switch self {
        case .deleteAndReloadSameIndexPath, .deleteAndReloadSameSection, .deleteAndMoveSameSection,
             .deleteAndMoveSameIndexPath, .moveFromDeletedSection, .insertAndMoveSameSection,
             .insertAndMoveSameIndexPath, .moveIntoInsertedSection: true
        default: false
        }
    }

    /// UIKit's phase (spec §2): 2 deletes, 3 inserts, 4 moves. With no `after` given, the implied
    /// after counts depend on the deletes, so a round does not cross phases.
    var phase: Int {
        switch self {
        case .deleteAndReloadSameIndexPath, .deleteAndReloadSameSection, .deleteAndMoveSameSection,
             .deleteAndMoveSameIndexPath, .deleteSectionOutOfRange, .deleteItemSectionOutOfRange,
             .deleteItemOutOfRange, .moveFromDeletedSection: 2
        case .insertAndMoveSameSection, .insertAndMoveSameIndexPath, .insertSectionOutOfRange,
             .insertItemSectionOutOfRange, .insertItemOutOfRange, .moveIntoInsertedSection: 3
        default: 4
        }
    }
}
