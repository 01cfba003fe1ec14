import HTTP
@testable import LayoutAPI
import JSON
import LayoutEngine
import Testing

/// Spec C4 for snapshots: every error the snapshot and section-snapshot engines can raise keeps
/// UIKit's text in `reason` and also names the field (`pointer`), the identifier at fault and the
/// fix (`detail`), listing what the snapshot holds instead (at most eight).
@Suite struct SnapshotErrorDetailTests {
    let app = LayoutApplication.make()

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var route: String
        var body: String
        /// `errors[0]`, exactly.
        var error: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "appendItemsToMissingSection", route: "/snapshot/apply",
             body: #"{"old":{"sections":[{"id":"A","items":["a","b"]},{"id":"B","items":["c"]}]},"operations":[{"op":"appendItems","items":["x"],"toSection":"Z"}]}"#,
             error: #"{"code":"PARAMETER_ASSERTION","exception":"NSInternalInconsistencyException","reason":"Invalid parameter not satisfying: section != NSNotFound","operation":0,"pointer":"/operations/0/toSection","evidence":"V (firefox-ios#24902), D? (_UIDiffableDataSourceUpdate.m:298), R host-checked","identifier":"Z","detail":"\"Z\" is not a section of the snapshot (its sections: \"A\", \"B\"); append to one of them, add \"Z\" first with appendSections, or leave out toSection to append to the last section."}"#),
        Case(name: "appendItemsToMissingIntegerSection", route: "/snapshot/apply",
             body: #"{"old":{"sections":[{"id":"A","items":["a","b"]},{"id":"B","items":["c"]}]},"operations":[{"op":"appendItems","items":["x"],"toSection":5}]}"#,
             error: #"{"code":"PARAMETER_ASSERTION","exception":"NSInternalInconsistencyException","reason":"Invalid parameter not satisfying: section != NSNotFound","operation":0,"pointer":"/operations/0/toSection","evidence":"V (firefox-ios#24902), D? (_UIDiffableDataSourceUpdate.m:298), R host-checked","identifier":5,"detail":"5 is not a section of the snapshot (its sections: \"A\", \"B\"); append to one of them, add 5 first with appendSections, or leave out toSection to append to the last section."}"#),
        Case(name: "appendItemsWithNoSection", route: "/snapshot/apply",
             body: #"{"old":{"sections":[]},"operations":[{"op":"appendItems","items":["x"]}]}"#,
             error: #"{"code":"NO_SECTIONS","exception":"NSInternalInconsistencyException","reason":"There are currently no sections in the data source. Please add a section first.","operation":0,"pointer":"/operations/0","evidence":"D? (__UIDiffableDataSourceSnapshot.m:169), D26 (_UIDiffableDataSourceImpl.m:390)","detail":"The snapshot has no section yet: add one with appendSections before appending items."}"#),
        Case(name: "appendExistingSection", route: "/snapshot/apply",
             body: #"{"old":{"sections":[{"id":"A","items":["a","b"]},{"id":"B","items":["c"]}]},"operations":[{"op":"appendSections","sections":["C","A"]}]}"#,
             error: #"{"code":"SECTION_IDENTIFIER_ALREADY_EXISTS","exception":"NSInternalInconsistencyException","reason":"Diffable data source detected an attempt to insert or append 1 section identifier that already exists in the snapshot. Identifiers in a snapshot must be unique. Section identifier that already exists: A","operation":0,"pointer":"/operations/0/sections/1","evidence":"V (log), D? (_UIDiffableDataSourceHelpers.m:99)","identifier":"A","detail":"\"A\" is already a section of the snapshot and section identifiers are unique: leave it out of appendSections, move it with moveSection, or delete it first."}"#),
        Case(name: "appendRepeatedSection", route: "/snapshot/apply",
             body: #"{"old":{"sections":[{"id":"A","items":["a","b"]},{"id":"B","items":["c"]}]},"operations":[{"op":"appendSections","sections":["X","Y","X"]}]}"#,
             error: #"{"code":"DUPLICATE_SECTION_IDENTIFIERS","exception":"NSInternalInconsistencyException","reason":"Fatal: supplied section identifiers are not unique. Duplicate identifiers: {(\n    X\n)}","operation":0,"pointer":"/operations/0/sections/2","evidence":"D? (_UIDiffableDataSourceUpdate.m:81)","identifier":"X","detail":"\"X\" appears more than once in sections; list each identifier once."}"#),
        Case(name: "insertSectionsBeforeMissing", route: "/snapshot/apply",
             body: #"{"old":{"sections":[{"id":"A","items":["a","b"]},{"id":"B","items":["c"]}]},"operations":[{"op":"insertSections","sections":["X"],"before":"Z"}]}"#,
             error: #"{"code":"PARAMETER_ASSERTION","exception":"NSInternalInconsistencyException","reason":"Invalid parameter not satisfying: insertIndex != NSNotFound","operation":0,"pointer":"/operations/0/before","evidence":"D? (_UIDiffableDataSourceUpdate.m:206)","identifier":"Z","detail":"\"Z\" is not a section of the snapshot (its sections: \"A\", \"B\"); insert before or after one of them, or use appendSections."}"#),
        Case(name: "insertSectionsAfterItself", route: "/snapshot/apply",
             body: #"{"old":{"sections":[{"id":"A","items":["a","b"]},{"id":"B","items":["c"]}]},"operations":[{"op":"insertSections","sections":["X"],"after":"X"}]}"#,
             error: #"{"code":"INSERT_DESTINATION_IN_LIST","exception":"NSInternalInconsistencyException","reason":"Invalid update: destination for section operation [X] is in the inserted section list for update: <_UIDiffableDataSourceUpdate 0xPTR - action: INS destinationIdentifier:X; destIsSection: 0; identifiers: [X]>","operation":0,"pointer":"/operations/0/after","evidence":"D? (_UIDiffableDataSourceUpdate.m:165)","identifier":"X","detail":"\"X\", the section to insert after, is itself one of the sections inserted; insert relative to a section already in the snapshot (its sections: \"A\", \"B\")."}"#),
        Case(name: "deleteRepeatedSection", route: "/snapshot/apply",
             body: #"{"old":{"sections":[{"id":"A","items":["a","b"]},{"id":"B","items":["c"]}]},"operations":[{"op":"deleteSections","sections":["A","A"]}]}"#,
             error: #"{"code":"DUPLICATE_SECTION_IDENTIFIERS","exception":"NSInternalInconsistencyException","reason":"Fatal: supplied section identifiers are not unique. Duplicate identifiers: {(\n    A\n)}","operation":0,"pointer":"/operations/0/sections/1","evidence":"D? (_UIDiffableDataSourceUpdate.m:81)","identifier":"A","detail":"\"A\" appears more than once in sections; list each identifier once."}"#),
        Case(name: "moveSectionAfterItself", route: "/snapshot/apply",
             body: #"{"old":{"sections":[{"id":"A","items":["a","b"]},{"id":"B","items":["c"]}]},"operations":[{"op":"moveSection","section":"A","after":"A"}]}"#,
             error: #"{"code":"MOVE_RELATIVE_TO_ITSELF","exception":"NSInternalInconsistencyException","reason":"Invalid update: destination for section move is the same as the source [A] for update: <_UIDiffableDataSourceUpdate 0xPTR - action: MOV destinationIdentifier:A; destIsSection: 0; identifiers: [A]>.","operation":0,"pointer":"/operations/0/after","evidence":"D? (_UIDiffableDataSourceUpdate.m:174)","identifier":"A","detail":"moveSection moves \"A\" after itself; name another section of the snapshot (its sections: \"A\", \"B\")."}"#),
        Case(name: "moveMissingSection", route: "/snapshot/apply",
             body: #"{"old":{"sections":[{"id":"A","items":["a","b"]},{"id":"B","items":["c"]}]},"operations":[{"op":"moveSection","section":"Z","before":"A"}]}"#,
             error: #"{"code":"PARAMETER_ASSERTION","exception":"NSInternalInconsistencyException","reason":"Invalid parameter not satisfying: fromSection != NSNotFound","operation":0,"pointer":"/operations/0/section","evidence":"D? (_UIDiffableDataSourceUpdate.m:560)","identifier":"Z","detail":"\"Z\", the section to move, is not a section of the snapshot (its sections: \"A\", \"B\"); move one of them, or insert it with insertSections."}"#),
        Case(name: "moveSectionBeforeMissing", route: "/snapshot/apply",
             body: #"{"old":{"sections":[{"id":"A","items":["a","b"]},{"id":"B","items":["c"]}]},"operations":[{"op":"moveSection","section":"A","before":"Z"}]}"#,
             error: #"{"code":"PARAMETER_ASSERTION","exception":"NSInternalInconsistencyException","reason":"Invalid parameter not satisfying: toSection != NSNotFound","operation":0,"pointer":"/operations/0/before","evidence":"D? (_UIDiffableDataSourceUpdate.m:561)","identifier":"Z","detail":"\"Z\" is not a section of the snapshot (its sections: \"A\", \"B\"); move \"A\" before or after one of them."}"#),
        Case(name: "reloadMissingSection", route: "/snapshot/apply",
             body: #"{"old":{"sections":[{"id":"A","items":["a","b"]},{"id":"B","items":["c"]}]},"operations":[{"op":"reloadSections","sections":["B","Z"]}]}"#,
             error: #"{"code":"RELOAD_UNKNOWN_SECTION","exception":"NSInternalInconsistencyException","reason":"Attempted to reload section identifier that does not exist in the snapshot: Z","operation":0,"pointer":"/operations/0/sections/1","evidence":"D? (__UIDiffableDataSourceSnapshot.m:374), R host-checked","identifier":"Z","detail":"\"Z\" is not a section of the snapshot (its sections: \"A\", \"B\"); reload only sections it has (one deleted by an earlier operation is gone)."}"#),
        Case(name: "insertItemsAfterMissing", route: "/snapshot/apply",
             body: #"{"old":{"sections":[{"id":"A","items":["a","b"]},{"id":"B","items":["c"]}]},"operations":[{"op":"insertItems","items":["x"],"after":"zz"}]}"#,
             error: #"{"code":"PARAMETER_ASSERTION","exception":"NSInternalInconsistencyException","reason":"Invalid parameter not satisfying: section != NSNotFound","operation":0,"pointer":"/operations/0/after","evidence":"V (firefox-ios#24902), D? (_UIDiffableDataSourceUpdate.m:298), R host-checked","identifier":"zz","detail":"\"zz\" is not an item of the snapshot (its items: \"a\", \"b\", \"c\"); insert before or after one of them, or use appendItems."}"#),
        Case(name: "insertItemsBeforeItself", route: "/snapshot/apply",
             body: #"{"old":{"sections":[{"id":"A","items":["a","b"]},{"id":"B","items":["c"]}]},"operations":[{"op":"insertItems","items":["x"],"before":"x"}]}"#,
             error: #"{"code":"INSERT_DESTINATION_IN_LIST","exception":"NSInternalInconsistencyException","reason":"Invalid update: destination for insertion operation [x] is in the insertion identifier list for update: <_UIDiffableDataSourceUpdate 0xPTR - action: INS destinationIdentifier:x; destIsSection: 0; identifiers: [x]>.","operation":0,"pointer":"/operations/0/before","evidence":"D? (_UIDiffableDataSourceUpdate.m:169)","identifier":"x","detail":"\"x\", the item to insert before, is itself one of the items inserted; insert relative to an item already in the snapshot."}"#),
        Case(name: "deleteRepeatedItem", route: "/snapshot/apply",
             body: #"{"old":{"sections":[{"id":"A","items":["a","b"]},{"id":"B","items":["c"]}]},"operations":[{"op":"deleteItems","items":["a","a"]}]}"#,
             error: #"{"code":"DUPLICATE_ITEM_IDENTIFIERS","exception":"NSInternalInconsistencyException","reason":"Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(\n    a\n)}","operation":0,"pointer":"/operations/0/items/1","evidence":"V (firefox-ios#23056), D? (_UIDiffableDataSourceUpdate.m:81)","identifier":"a","detail":"\"a\" appears more than once in items; list each identifier once."}"#),
        Case(name: "moveItemAfterItself", route: "/snapshot/apply",
             body: #"{"old":{"sections":[{"id":"A","items":["a","b"]},{"id":"B","items":["c"]}]},"operations":[{"op":"moveItem","item":"a","after":"a"}]}"#,
             error: #"{"code":"MOVE_RELATIVE_TO_ITSELF","exception":"NSInternalInconsistencyException","reason":"Invalid update: destination for item move is the same as the source [a] for update: <_UIDiffableDataSourceUpdate 0xPTR - action: MOV destinationIdentifier:a; destIsSection: 0; identifiers: [a]>.","operation":0,"pointer":"/operations/0/after","evidence":"D? (_UIDiffableDataSourceUpdate.m:176)","identifier":"a","detail":"moveItem moves \"a\" after itself; name another item of the snapshot."}"#),
        Case(name: "moveMissingItem", route: "/snapshot/apply",
             body: #"{"old":{"sections":[{"id":"A","items":["a","b"]},{"id":"B","items":["c"]}]},"operations":[{"op":"moveItem","item":"zz","before":"a"}]}"#,
             error: #"{"code":"PARAMETER_ASSERTION","exception":"NSInternalInconsistencyException","reason":"Invalid parameter not satisfying: fromIndex != NSNotFound","operation":0,"pointer":"/operations/0/item","evidence":"D? (_UIDiffableDataSourceUpdate.m:614)","identifier":"zz","detail":"\"zz\", the item to move, is not an item of the snapshot (its items: \"a\", \"b\", \"c\"); move one of them, or insert it with insertItems or appendItems."}"#),
        Case(name: "moveItemBeforeMissing", route: "/snapshot/apply",
             body: #"{"old":{"sections":[{"id":"A","items":["a","b"]},{"id":"B","items":["c"]}]},"operations":[{"op":"moveItem","item":"a","before":"zz"}]}"#,
             error: #"{"code":"PARAMETER_ASSERTION","exception":"NSInternalInconsistencyException","reason":"Invalid parameter not satisfying: toIndex != NSNotFound","operation":0,"pointer":"/operations/0/before","evidence":"D? (_UIDiffableDataSourceUpdate.m:615)","identifier":"zz","detail":"\"zz\" is not an item of the snapshot (its items: \"a\", \"b\", \"c\"); move \"a\" before or after one of them."}"#),
        Case(name: "reconfigureMissingItem", route: "/snapshot/apply",
             body: #"{"old":{"sections":[{"id":"A","items":["a","b"]},{"id":"B","items":["c"]}]},"operations":[{"op":"reconfigureItems","items":["a","zz"]}]}"#,
             error: #"{"code":"RECONFIGURE_UNKNOWN_ITEM","exception":"NSInternalInconsistencyException","reason":"Attempted to reconfigure item identifier that does not exist in the snapshot: zz","operation":0,"pointer":"/operations/0/items/1","evidence":"V, D? (__UIDiffableDataSourceSnapshot.m:377)","identifier":"zz","detail":"\"zz\" is not an item of the snapshot (its items: \"a\", \"b\", \"c\"); reconfigure only items it has (one deleted by an earlier operation is gone)."}"#),
        Case(name: "appendToMissingParent", route: "/snapshot/section",
             body: #"{"snapshot":{"items":[{"id":"Fruits","expanded":true,"children":[{"id":"apple"},{"id":"pear"}]},{"id":"Vegetables","children":[{"id":"leek"}]}]},"operations":[{"op":"append","items":["fig"],"to":"Nuts"}]}"#,
             error: #"{"code":"UNKNOWN_PARENT","exception":"NSInternalInconsistencyException","reason":"Parent item identifier does not exist in section snapshot: Nuts","operation":0,"pointer":"/operations/0/to","evidence":"D26 (NSDiffableDataSourceSectionSnapshot.m:97)","identifier":"Nuts","detail":"\"Nuts\" is not an item of the section snapshot (its items: \"Fruits\", \"apple\", \"pear\", \"Vegetables\", \"leek\"); append to one of them, or leave out \"to\" to append at the root."}"#),
        Case(name: "appendItemAlreadyThere", route: "/snapshot/section",
             body: #"{"snapshot":{"items":[{"id":"Fruits","expanded":true,"children":[{"id":"apple"},{"id":"pear"}]},{"id":"Vegetables","children":[{"id":"leek"}]}]},"operations":[{"op":"append","items":["fig","apple"]}]}"#,
             error: #"{"code":"DUPLICATE_SECTION_SNAPSHOT_ITEMS","exception":"NSInternalInconsistencyException","reason":"Identifiers in a section snapshot must be unique. Duplicate item identifiers: {(\n    apple\n)}","operation":0,"pointer":"/operations/0/items/1","evidence":"V (IQListKit#3), D26 (BUG_IN_CLIENT_OF_DIFFABLE_DATA_SOURCE__DUPLICATE_ITEM_IDENTIFIERS_IN_SECTION_SNAPSHOT)","identifier":"apple","detail":"\"apple\" is already in the section snapshot, and section snapshots do not move existing items: leave it out, or delete it first."}"#),
        Case(name: "appendRepeatedItem", route: "/snapshot/section",
             body: #"{"snapshot":{"items":[{"id":"Fruits","expanded":true,"children":[{"id":"apple"},{"id":"pear"}]},{"id":"Vegetables","children":[{"id":"leek"}]}]},"operations":[{"op":"append","items":["x","x"]}]}"#,
             error: #"{"code":"DUPLICATE_SECTION_SNAPSHOT_ITEMS","exception":"NSInternalInconsistencyException","reason":"Identifiers in a section snapshot must be unique. Duplicate item identifiers: {(\n    x\n)}","operation":0,"pointer":"/operations/0/items/1","evidence":"V (IQListKit#3), D26 (BUG_IN_CLIENT_OF_DIFFABLE_DATA_SOURCE__DUPLICATE_ITEM_IDENTIFIERS_IN_SECTION_SNAPSHOT)","identifier":"x","detail":"\"x\" appears more than once in items; list each identifier once."}"#),
        Case(name: "insertAfterMissing", route: "/snapshot/section",
             body: #"{"snapshot":{"items":[{"id":"Fruits","expanded":true,"children":[{"id":"apple"},{"id":"pear"}]},{"id":"Vegetables","children":[{"id":"leek"}]}]},"operations":[{"op":"insert","items":["x"],"after":"zz"}]}"#,
             error: #"{"code":"UNKNOWN_INSERT_DESTINATION","exception":"NSInternalInconsistencyException","reason":"Item identifier to insert after does not exist in section snapshot: zz","operation":0,"pointer":"/operations/0/after","evidence":"D26 (NSDiffableDataSourceSectionSnapshot.m:167)","identifier":"zz","detail":"\"zz\" is not an item of the section snapshot (its items: \"Fruits\", \"apple\", \"pear\", \"Vegetables\", \"leek\"); insert before or after one of them, or use append."}"#),
        Case(name: "deleteMissingItem", route: "/snapshot/section",
             body: #"{"snapshot":{"items":[{"id":"Fruits","expanded":true,"children":[{"id":"apple"},{"id":"pear"}]},{"id":"Vegetables","children":[{"id":"leek"}]}]},"operations":[{"op":"delete","items":["apple","zz"]}]}"#,
             error: #"{"code":"UNKNOWN_DELETED_ITEM","exception":"NSInternalInconsistencyException","reason":"Failed to find index of item zz","operation":0,"pointer":"/operations/0/items/1","evidence":"R host-checked; V (a OneBusAway PR quotes it)","identifier":"zz","detail":"\"zz\" is not an item of the section snapshot (its items: \"Fruits\", \"apple\", \"pear\", \"Vegetables\", \"leek\"); delete only items it has (deleting a parent deletes its children too)."}"#),
        Case(name: "levelOfMissingItem", route: "/snapshot/section",
             body: #"{"snapshot":{"items":[{"id":"Fruits","expanded":true,"children":[{"id":"apple"},{"id":"pear"}]},{"id":"Vegetables","children":[{"id":"leek"}]}]},"operations":[{"op":"level","item":"zz"}]}"#,
             error: #"{"code":"UNKNOWN_ITEM","exception":"NSInternalInconsistencyException","reason":"Item identifier does not exist in section snapshot: zz","operation":0,"pointer":"/operations/0/item","evidence":"D26 (NSDiffableDataSourceSectionSnapshot.m:323)","identifier":"zz","detail":"\"zz\" is not an item of the section snapshot (its items: \"Fruits\", \"apple\", \"pear\", \"Vegetables\", \"leek\"); ask about one of them."}"#),
        Case(name: "parentOfMissingItem", route: "/snapshot/section",
             body: #"{"snapshot":{"items":[{"id":"Fruits","expanded":true,"children":[{"id":"apple"},{"id":"pear"}]},{"id":"Vegetables","children":[{"id":"leek"}]}]},"operations":[{"op":"parent","item":"zz"}]}"#,
             error: #"{"code":"UNKNOWN_ITEM","exception":"NSInternalInconsistencyException","reason":"Child item identifier does not exist in section snapshot: zz","operation":0,"pointer":"/operations/0/item","evidence":"D26 (NSDiffableDataSourceSectionSnapshot.m:451)","identifier":"zz","detail":"\"zz\" is not an item of the section snapshot (its items: \"Fruits\", \"apple\", \"pear\", \"Vegetables\", \"leek\"); ask about one of them."}"#),
        Case(name: "snapshotOfMissingItem", route: "/snapshot/section",
             body: #"{"snapshot":{"items":[{"id":"Fruits","expanded":true,"children":[{"id":"apple"},{"id":"pear"}]},{"id":"Vegetables","children":[{"id":"leek"}]}]},"operations":[{"op":"snapshot","item":"zz"}]}"#,
             error: #"{"code":"UNKNOWN_PARENT","exception":"NSInternalInconsistencyException","reason":"Parent item identifier does not exist in section snapshot: zz","operation":0,"pointer":"/operations/0/item","evidence":"D26 (NSDiffableDataSourceSectionSnapshot.m:361)","identifier":"zz","detail":"\"zz\" is not an item of the section snapshot (its items: \"Fruits\", \"apple\", \"pear\", \"Vegetables\", \"leek\"); take the snapshot of one of them."}"#),
        Case(name: "sectionListIsBounded", route: "/snapshot/apply",
             body: #"{"old":{"sections":[{"id":"S0","items":[]},{"id":"S1","items":[]},{"id":"S2","items":[]},{"id":"S3","items":[]},{"id":"S4","items":[]},{"id":"S5","items":[]},{"id":"S6","items":[]},{"id":"S7","items":[]},{"id":"S8","items":[]},{"id":"S9","items":[]},{"id":"S10","items":[]},{"id":"S11","items":[]}]},"operations":[{"op":"appendItems","items":["x"],"toSection":"Z"}]}"#,
             error: #"{"code":"PARAMETER_ASSERTION","exception":"NSInternalInconsistencyException","reason":"Invalid parameter not satisfying: section != NSNotFound","operation":0,"pointer":"/operations/0/toSection","evidence":"V (firefox-ios#24902), D? (_UIDiffableDataSourceUpdate.m:298), R host-checked","identifier":"Z","detail":"\"Z\" is not a section of the snapshot (its sections: \"S0\", \"S1\", \"S2\", \"S3\", \"S4\", \"S5\", \"S6\", \"S7\" and 4 more); append to one of them, add \"Z\" first with appendSections, or leave out toSection to append to the last section."}"#),
    ]

    @Test(arguments: cases)
    func errorNamesFieldIdentifierAndFix(_ c: Case) throws {
        let r = app.post(c.body, target: c.route)
        #expect(r.status == 200)
        #expect(batchValue(r, "valid") == false)
        #expect(batchValue(r, "errors", 0) == (try JSONParser.parse(Array(c.error.utf8))), "\(r.text)")
        #expect(batchValue(r, "error") == batchValue(r, "errors", 0))
    }

    /// The request field the pointer names holds the identifier the error names.
    @Test(arguments: cases)
    func pointerResolvesToTheIdentifier(_ c: Case) throws {
        let r = app.post(c.body, target: c.route)
        guard let pointer = batchString(r, "errors", 0, "pointer") else { Issue.record("no pointer"); return }
        var v = try JSONParser.parse(Array(c.body.utf8))
        for token in pointer.split(separator: "/") {
            switch v {
            case .object(let o): v = o[String(token)] ?? .null
            case .array(let a): v = Int(token).map { $0 < a.count ? a[$0] : .null } ?? .null
            default: v = .null
            }
        }
        let identifier = batchValue(r, "errors", 0, "identifier")
        if identifier == .null {
            #expect(batchString(r, "errors", 0, "code") == "NO_SECTIONS")
        } else {
            #expect(v == identifier, "\(pointer)")
        }
    }
}
