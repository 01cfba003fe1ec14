import Testing
@testable import UpdateEngine
import TestSupport

/// `BatchDiff`: identifier diff whose batch UIKit accepts and which turns old into new.
@Suite struct BatchDiffTests {
    func diff(_ old: [[String]], _ new: [[String]]) -> BatchUpdates? {
        if case .success(let u) = BatchDiff.diff(old: old, new: new) { return u }
        return nil
    }

    @Test func rotationNeedsOneMove() {
        let u = diff([["a", "b", "c"]], [["b", "c", "a"]])
        #expect(u == BatchUpdates(moveItems: [mv(ip(0, 0), ip(0, 2))]))
    }

    @Test func deletesInsertsAndMovesWithinASection() {
        let u = diff([["a", "b", "c", "d"]], [["d", "b", "x"]])
        // b and d swap order: one of them moves (here b, which lands on the same index).
        #expect(u == BatchUpdates(deleteItems: [ip(0, 0), ip(0, 2)], insertItems: [ip(0, 2)],
                                  moveItems: [mv(ip(0, 1), ip(0, 1))]))
    }

    @Test func uniqueIdentifiersMoveAcrossSections() {
        let u = diff([["a", "b"], ["c"]], [["b"], ["c", "a"]])
        #expect(u == BatchUpdates(moveItems: [mv(ip(0, 0), ip(1, 1))]))
    }

    @Test func extraSectionsAreDeletedOrInsertedWithTheirItems() {
        #expect(diff([["a"], ["b"]], [["b"]]) == BatchUpdates(deleteItems: [ip(0, 0)], insertItems: [ip(0, 0)],
                                                              deleteSections: [1]))
        #expect(diff([["a"]], [["a"], ["b", "c"]]) == BatchUpdates(insertSections: [1]))
    }

    @Test func identifiersRepeatedAcrossSectionsOnlyMatchInTheirOwnSection() {
        let u = diff([["a"], ["x"]], [["x"], ["a"]])
        #expect(u == BatchUpdates(deleteItems: [ip(0, 0), ip(1, 0)], insertItems: [ip(0, 0), ip(1, 0)])
                || u == BatchUpdates(moveItems: [mv(ip(1, 0), ip(0, 0)), mv(ip(0, 0), ip(1, 0))]))
        let shared = diff([["a", "s"], ["s"]], [["s"], ["s", "a"]])
        #expect(shared == BatchUpdates(moveItems: [mv(ip(0, 0), ip(1, 1))]))
    }

    @Test func duplicateIdentifiersAreNamed() {
        #expect(BatchDiff.diff(old: [["a"], ["b", "c", "b"]], new: [])
                == .failure(.duplicateIdentifiers(side: .old, section: 1, identifiers: ["b"])))
        let error = DiffError.duplicateIdentifiers(side: .new, section: 0, identifiers: ["x", "y"])
        #expect(BatchDiff.diff(old: [], new: [["y", "x", "x", "y"]]) == .failure(error))
        #expect(error.description == "supplied item identifiers are not unique in new section 0. Duplicate identifiers: {(x, y)}")
    }

    /// Random old/new pairs: the batch is valid, and applying it (naive UIKit model), its steps
    /// and its mapping all give `new`.
    @Test(arguments: 0..<6)
    func randomDiffsAreValidAndReachTheNewState(_ block: Int) {
        var rng = SeededRandom(seed: UInt64(1000 + block))
        for _ in 0..<50 {
            let (old, new) = Self.randomPair(&rng)
            guard let u = diff(old, new) else { Issue.record("diff failed"); return }
            let v = BatchValidation.validate(before: old.map(\.count), after: new.map(\.count), updates: u,
                                             flavor: .collectionView, strict: true, repair: nil)
            #expect(v.valid, "\(old) -> \(new): \(v.errors.map(\.message))")
            let supplied = naiveApply(old, u) { p in p.section < new.count && p.item < new[p.section].count ? new[p.section][p.item] : "" }
            #expect(supplied == new, "\(old) -> \(new) via \(u)")
            if let steps = v.steps { #expect(applySteps(old, steps, new) == new) }
            if let mapping = v.mapping {
                for m in mapping {
                    guard let to = m.to else { continue }
                    #expect(new[to.section][to.item] == old[m.from.section][m.from.item])
                }
            }
        }
    }

    static func randomPair(_ rng: inout SeededRandom) -> ([[String]], [[String]]) {
        var next = 0
        func fresh() -> String { next += 1; return "i\(next)" }
        let oldSections = Int.random(in: 0...4, using: &rng)
        let old = (0..<oldSections).map { _ in (0..<Int.random(in: 0...6, using: &rng)).map { _ in fresh() } }
        var pool = old.flatMap { $0 }.filter { _ in Bool.random(using: &rng) }
        pool.shuffle(using: &rng)
        let newSections = Int.random(in: 0...4, using: &rng)
        var new = Array(repeating: [String](), count: newSections)
        if newSections > 0 {
            for id in pool { new[Int.random(in: 0..<newSections, using: &rng)].append(id) }
            for _ in 0..<Int.random(in: 0...4, using: &rng) { new[Int.random(in: 0..<newSections, using: &rng)].append(fresh()) }
            for s in new.indices { new[s].shuffle(using: &rng) }
        }
        return (old, new)
    }
}

/// Applies `BatchVerdict.steps` to a model; fresh items come from `new` at their final position.
func applySteps(_ old: [[String]], _ steps: [BatchStep], _ new: [[String]]) -> [[String]]? {
    var model = old
    var holding: [Int: [String]] = [:]
    for step in steps {
        switch step {
        case .deleteItem(let p):
            guard p.section < model.count, p.item < model[p.section].count else { return nil }
            model[p.section].remove(at: p.item)
        case .deleteSection(let s):
            guard s < model.count else { return nil }
            holding[s] = model.remove(at: s)
        case .insertSection(let s, let count, let from):
            guard s <= model.count else { return nil }
            if let from {
                guard let items = holding[from], items.count == count else { return nil }
                model.insert(items, at: s)
            } else {
                guard s < new.count, new[s].count == count else { return nil }
                model.insert(new[s], at: s)
            }
        case .insertItem(let p, _):
            guard p.section < model.count, p.item <= model[p.section].count, p.section < new.count,
                  p.item < new[p.section].count else { return nil }
            model[p.section].insert(new[p.section][p.item], at: p.item)
        }
    }
    return model
}
