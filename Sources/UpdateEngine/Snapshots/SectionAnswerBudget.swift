/// How heavy the answer of a section-snapshot edit may get, and how to weigh it: the caller's
/// byte limit and the sizes of what the answer writes. `SectionSnapshotEditor` adds up the
/// answer's bound while it edits (each `snapshot(of:)` answer copies a subtree, each `parent`
/// answer an identifier) and stops at the operation that passes the limit, before the answer is
/// built: a 0.5 MB request of 1,500 `snapshot` operations on 1 MB identifiers asked for 2.2 GB
/// (issue 33). The weighing costs what the answer would (its identifiers' bytes), and stops
/// at the limit.
public struct SectionAnswerBudget {
    /// Most bytes the answer may take.
    public var limit: Int
    /// Bytes an identifier takes as written (its JSON, quotes and escapes included).
    public var identifierBytes: (SnapshotIdentifier) -> Int
    /// Bytes a text takes as written (error reasons).
    public var textBytes: (String) -> Int
    /// Bytes of one item of a section snapshot beyond its identifier's four copies (its object in
    /// `items`; the id may also be in `rootItems`, `visibleItems` and `expandedItems`).
    public var perItem: Int
    /// Bytes of one query answer or error beyond its identifiers and texts.
    public var perAnswer: Int

    public init(limit: Int, identifierBytes: @escaping (SnapshotIdentifier) -> Int, textBytes: @escaping (String) -> Int,
                perItem: Int, perAnswer: Int) {
        self.limit = limit
        self.identifierBytes = identifierBytes
        self.textBytes = textBytes
        self.perItem = perItem
        self.perAnswer = perAnswer
    }

    /// The bound of a section snapshot's items `range` as an answer writes them.
    func weigh(_ s: SectionSnapshot, _ range: Range<Int>) -> Int {
        var total = perAnswer
        for k in range { total += perItem + 4 * identifierBytes(s.items[k]) }
        return total
    }

    /// The bound of one error (written twice when it is the first: `error` and `errors[0]`).
    func weigh(_ e: SnapshotError) -> Int {
        2 * (perAnswer + textBytes(e.reason) + textBytes(e.evidence) + textBytes(e.exception))
    }
}
