/// How an error names what a layout has instead of the index path a client asked for: the
/// section's item count when the section exists ("section 0 has 3 items, 0 to 2"), else the
/// section count ("the layout has 2 sections, 0 to 1"). Used by element queries and by
/// preferred sizes, so both say the same thing (issue 29: "[0,99]" used to answer "(it has 1
/// section)", which does not say what is wrong).
enum IndexPathProse {
    static func shape(section: Int, sectionCount: Int, itemCount: (Int) -> Int) -> String {
        if section >= 0, section < sectionCount {
            let n = itemCount(section)
            return "section \(section) has \(n) item\(n == 1 ? "" : "s")" + (n > 1 ? ", 0 to \(n - 1)" : n == 1 ? ", item 0" : "")
        }
        return "the layout has \(sectionCount) section\(sectionCount == 1 ? "" : "s")"
            + (sectionCount > 1 ? ", 0 to \(sectionCount - 1)" : sectionCount == 1 ? ", section 0" : "")
    }
}
