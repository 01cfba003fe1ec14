import Testing
@testable import UpdateEngine

/// Issue 33, finding 4: the identifier table behind snapshot diffs follows Swift's `String`
/// equality (canonical equivalence), as the duplicate checks' sets do.
@Suite struct IdentifierEqualityTests {
    @Test(arguments: [
        (["e\u{301}", "a"], ["a", "\u{e9}"], [1, 0]),          // decomposed, composed
        (["K", "x"], ["x", "\u{212A}"], [1, 0]),                 // Kelvin sign, K
        (["a", "b"], ["b", "c"], [-1, 0]),
    ] as [([String], [String], [Int])])
    func canonicallyEquivalentIdentifiersAreFound(old: [String], new: [String], oldToNew: [Int]) {
        let o = old.map { SnapshotIdentifier.string($0) }, n = new.map { SnapshotIdentifier.string($0) }
        #expect(OrderedSetDifference.positions(old: o, new: n).oldToNew == oldToNew)
        // The table agrees with Dictionary on every input, ASCII or not.
        #expect(OrderedSetDifference.positions(old: o, new: n).oldToNew == OrderedSetDifference.hashedPositions(old: o, new: n).oldToNew)
    }
}
