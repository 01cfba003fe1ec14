/// UIKit's exact `NSInternalInconsistencyException` reasons (spec §2), worded per flavor.
///
/// Format strings are from the decompiled `-[UITableView _endCellAnimationsWithContext:]`;
/// collection views say "item"/"collection view" instead of "row"/"table view". Quirks kept on
/// purpose: the two spaces after the first sentence of count messages, "attempt to to move",
/// and no comma before "but" in the insert-section message.
struct BatchMessages {
    let flavor: BatchFlavor
    private var unit: String { flavor.unit }
    private var units: String { flavor.unit + "s" }

    /// `NSNotFound`: the row of a section-level update item.
    static let notFound = 9223372036854775807

    /// How `%@` prints an `NSIndexPath`; the pointer is a stable placeholder.
    static func path(_ p: IndexPath) -> String {
        "<NSIndexPath: 0xPTR> {length = 2, path = \(p.section) - \(p.item)}"
    }

    /// A section-level update item prints as an index path whose row is `NSNotFound`.
    static func sectionPath(_ s: Int) -> String { path(IndexPath(section: s, item: notFound)) }

    func deleteAndReload(_ p: IndexPath) -> String {
        "attempt to delete and reload the same index path (\(Self.path(p)))"
    }
    func deleteAndReloadSection(_ s: Int) -> String {
        "attempt to delete and reload the same index path (\(Self.sectionPath(s)))"
    }
    func deleteAndMoveSection(_ s: Int) -> String {
        "attempt to perform a delete and a move from the same section (\(s))"
    }
    func deleteAndMove(_ p: IndexPath) -> String {
        "attempt to perform a delete and a move from the same index path (\(Self.path(p)))"
    }
    func deleteSectionOutOfRange(_ s: Int, sections: Int) -> String {
        "attempt to delete section \(s), but there are only \(sections) sections before the update"
    }
    func deleteItemSectionOutOfRange(_ p: IndexPath, sections: Int) -> String {
        "attempt to delete \(unit) \(p.item) from section \(p.section), but there are only \(sections) sections before the update"
    }
    func deleteItemOutOfRange(_ p: IndexPath, count: Int) -> String {
        "attempt to delete \(unit) \(p.item) from section \(p.section) which only contains \(count) \(units) before the update"
    }
    /// iOS 7-era text; iOS 11 falls back to `reloadData` instead [log].
    func moveFromDeletedSection() -> String {
        "cannot move \(flavor == .tableView ? "a row" : "an item") from a deleted section"
    }
    func insertAndMoveSection(_ s: Int) -> String {
        "attempt to perform an insert and a move to the same section (\(s))"
    }
    func insertAndMove(_ p: IndexPath) -> String {
        "attempt to perform an insert and a move to the same index path (\(Self.path(p)))"
    }
    func insertSectionOutOfRange(_ s: Int, sections: Int) -> String {
        "attempt to insert section \(s) but there are only \(sections) sections after the update"
    }
    func insertItemSectionOutOfRange(_ p: IndexPath, sections: Int) -> String {
        "attempt to insert \(unit) \(p.item) into section \(p.section), but there are only \(sections) sections after the update"
    }
    func insertItemOutOfRange(_ p: IndexPath, count: Int) -> String {
        "attempt to insert \(unit) \(p.item) into section \(p.section), but there are only \(count) \(units) in section \(p.section) after the update"
    }
    /// iOS 7-era text; iOS 11 falls back to `reloadData` instead [log].
    func moveIntoInsertedSection(_ s: Int) -> String {
        "cannot move \(flavor == .tableView ? "a row" : "an item") into a newly inserted section (\(s))"
    }
    func moveSectionOutOfRange(_ s: Int, sections: Int) -> String {
        "attempt to move section \(s), but there are only \(sections) sections before the update"
    }
    func moveSectionDestinationOutOfRange(_ m: SectionMove, sections: Int) -> String {
        "attempt to to move section \(m.from) to section \(m.to), but there are only \(sections) sections after the update"
    }
    func moveItemSectionOutOfRange(_ p: IndexPath, sections: Int) -> String {
        "attempt to move index path (\(Self.path(p))) from a section that does not exist - there are only \(sections) sections before the update"
    }
    func moveItemOutOfRange(_ p: IndexPath, count: Int) -> String {
        "attempt to move index path (\(Self.path(p))) that does not exist - there are only \(count) \(units) in section \(p.section) before the update"
    }
    func moveItemDestinationSectionOutOfRange(_ m: ItemMove, sections: Int) -> String {
        "attempt to move index path (\(Self.path(m.from))) to index path (\(Self.path(m.to))) in section that does not exist - there are only \(sections) sections after the update"
    }
    func moveItemDestinationOutOfRange(_ m: ItemMove, count: Int) -> String {
        "attempt to move index path (\(Self.path(m.from))) to index path (\(Self.path(m.to))) that does not exist - there are only \(count) \(units) in section \(m.to.section) after the update"
    }
    func moveSectionToBoth(_ s: Int, _ a: Int, _ b: Int) -> String {
        "attempt to move section \(s) to both section \(a) and section \(b)"
    }
    func moveItemToBoth(_ p: IndexPath, _ a: IndexPath, _ b: IndexPath) -> String {
        "attempt to move \(unit) at index path \(Self.path(p)) to both \(Self.path(a)) and \(Self.path(b))"
    }
    func moveBothSections(_ a: Int, _ b: Int, to s: Int) -> String {
        "attempt to move both section \(a) and section \(b) to section \(s)"
    }
    func moveBothItems(_ a: IndexPath, _ b: IndexPath, to p: IndexPath) -> String {
        "attempt to move both \(unit) at index path \(Self.path(a)) and \(Self.path(b)) to \(Self.path(p))"
    }
    func invalidNumberOfSections(after: Int, before: Int, inserted: Int, deleted: Int) -> String {
        let view = flavor.viewName
        return "Invalid update: invalid number of sections.  The number of sections contained in the \(view) after the update (\(after)) must be equal to the number of sections contained in the \(view) before the update (\(before)), plus or minus the number of sections inserted or deleted (\(inserted) inserted, \(deleted) deleted)."
    }
    func invalidNumberOfItems(section: Int, after: Int, before: Int, inserted: Int, deleted: Int,
                              movedIn: Int, movedOut: Int) -> String {
        "Invalid update: invalid number of \(units) in section \(section).  The number of \(units) contained in an existing section after the update (\(after)) must be equal to the number of \(units) contained in that section before the update (\(before)), plus or minus the number of \(units) inserted or deleted from that section (\(inserted) inserted, \(deleted) deleted) and plus or minus the number of \(units) moved into or out of that section (\(movedIn) moved in, \(movedOut) moved out)."
    }
    func deleteMoreItemsThanExist(section: Int) -> String {
        "Invalid update: invalid number of \(units) in section \(section).  Attempt to delete more \(units) than exist in section."
    }
}
