/// Where every old section goes and where every new section comes from (spec §1 "Move").
///
/// Inserted sections and move destinations take their after-slots; the sections nobody touches
/// fill the remaining slots in order. Conflicting inputs (a slot claimed twice, out-of-range
/// indexes) are skipped, so the plan is always defined. O(S + m) for S sections, m moves.
struct SectionPlan {
    /// Old section -> new section, -1 when deleted (or left without a slot).
    var newOfOld: [Int]
    /// New section -> old section, -1 when inserted (or unclaimed).
    var oldOfNew: [Int]

    init(sectionsBefore: Int, sectionsAfter: Int, deleted: Set<Int>, inserted: Set<Int>, moves: [SectionMove]) {
        newOfOld = Array(repeating: -1, count: max(0, sectionsBefore))
        oldOfNew = Array(repeating: -1, count: max(0, sectionsAfter))
        var taken = Array(repeating: false, count: max(0, sectionsAfter))
        for s in inserted where s >= 0 && s < sectionsAfter { taken[s] = true }
        var moved = Array(repeating: false, count: max(0, sectionsBefore))
        for m in moves {
            guard m.from >= 0, m.from < sectionsBefore, m.to >= 0, m.to < sectionsAfter,
                  !deleted.contains(m.from), !moved[m.from], !taken[m.to] else { continue }
            moved[m.from] = true
            taken[m.to] = true
            newOfOld[m.from] = m.to
            oldOfNew[m.to] = m.from
        }
        var slot = 0
        for old in 0..<max(0, sectionsBefore) where !moved[old] && !deleted.contains(old) {
            while slot < sectionsAfter && taken[slot] { slot += 1 }
            guard slot < sectionsAfter else { break }
            newOfOld[old] = slot
            oldOfNew[slot] = old
            slot += 1
        }
    }
}
