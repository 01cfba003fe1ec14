/// The hash tables behind `BatchDiff`: one entry per identifier and side, so each identifier is
/// hashed about three times in all (old pass, new pass, match).
struct IdentifierIndex {
    /// An identifier of the paired old sections: its first place, the last section it was seen
    /// in (to catch duplicates within a section), and whether it occurs in several sections.
    struct OldEntry {
        var path: IndexPath
        var lastSection: Int
        var shared: Bool
    }

    struct SectionKey: Hashable {
        var id: String
        var section: Int
    }

    enum Match { case same(Int), cross(IndexPath), none }

    var old: [String: OldEntry]
    /// Positions of identifiers that occur in several old sections, per section.
    var sharedOld: [SectionKey: Int] = [:]
    /// Per identifier of the paired new sections: how many sections hold it, the last one.
    var newSections: [String: NewEntry]

    struct NewEntry {
        var count = 0
        var last = -1
        /// Records an occurrence in section `s`; true when it repeats within `s`.
        mutating func visit(_ s: Int) -> Bool {
            if last == s { return true }
            count += 1
            last = s
            return false
        }
    }

    init(capacity: Int) {
        old = Dictionary(minimumCapacity: capacity)
        newSections = Dictionary(minimumCapacity: capacity)
    }

    /// Indexes the old sections; returns the duplicates of the first section that has any.
    mutating func addOld(_ sections: [[String]], common: Int) -> DiffError? {
        for (s, ids) in sections.enumerated() {
            var dups: Set<String> = []
            if s >= common {
                var seen: Set<String> = []
                for id in ids where !seen.insert(id).inserted { dups.insert(id) }
            } else {
                for (i, id) in ids.enumerated() {
                    let p = IndexPath(section: s, item: i)
                    let status = old[id, default: OldEntry(path: p, lastSection: -1, shared: false)].visit(p)
                    switch status {
                    case .duplicate: dups.insert(id)
                    case .becameShared(let first):
                        sharedOld[SectionKey(id: id, section: first.section)] = first.item
                        sharedOld[SectionKey(id: id, section: s)] = i
                    case .shared: sharedOld[SectionKey(id: id, section: s)] = i
                    case .fresh: break
                    }
                }
            }
            if !dups.isEmpty { return .duplicateIdentifiers(side: .old, section: s, identifiers: dups.sorted()) }
        }
        return nil
    }

    /// Counts the new sections holding each identifier; returns the first section's duplicates.
    mutating func addNew(_ sections: [[String]], common: Int) -> DiffError? {
        for (s, ids) in sections.enumerated() {
            var dups: Set<String> = []
            if s >= common {
                var seen: Set<String> = []
                for id in ids where !seen.insert(id).inserted { dups.insert(id) }
            } else {
                for id in ids where newSections[id, default: NewEntry()].visit(s) { dups.insert(id) }
            }
            if !dups.isEmpty { return .duplicateIdentifiers(side: .new, section: s, identifiers: dups.sorted()) }
        }
        return nil
    }

    /// Same section first; across sections only for identifiers unique on both sides.
    func match(_ id: String, section j: Int) -> Match {
        guard let e = old[id] else { return .none }
        if e.shared {
            if let item = sharedOld[SectionKey(id: id, section: j)] { return .same(item) }
            return .none
        }
        if e.path.section == j { return .same(e.path.item) }
        return newSections[id]?.count == 1 ? .cross(e.path) : .none
    }
}

extension IdentifierIndex.OldEntry {
    enum Visit { case fresh, duplicate, becameShared(IndexPath), shared }

    /// Records one more occurrence at `p`.
    mutating func visit(_ p: IndexPath) -> Visit {
        if lastSection < 0 { lastSection = p.section; return .fresh }
        if lastSection == p.section { return .duplicate }
        lastSection = p.section
        if shared { return .shared }
        shared = true
        return .becameShared(path)
    }
}
