import HTTP
@testable import LayoutAPI
import JSON
import LayoutEngine
import Testing
import TestSupport

/// `POST /batch/diff`: a batch UIKit accepts that turns old identifiers into new ones.
@Suite struct BatchDiffRouteTests {
    let app = LayoutApplication.make()

    func diff(_ body: String) -> Response { app.post(body, target: "/batch/diff") }

    @Test func issueExampleGivesTheBatchAndItsVerdict() {
        let r = diff(#"{"old": [["a","b","c"]], "new": [["c","a","d"]]}"#)
        #expect(r.status == 200)
        #expect(r.route == "/batch/diff")
        // c stays; a moves behind it; b is deleted; d is inserted.
        #expect(r.text == """
            {"updates":{"deleteItems":[[0,1]],"insertItems":[[0,2]],"reloadItems":[],"moveItems":[[[0,0],[0,1]]],"deleteSections":[],"insertSections":[],"reloadSections":[],"moveSections":[]},\
            "valid":true,"errors":[],"warnings":[],"uikitException":null,"uikitException164":null,"expectedAfter":[3],"after":[3],\
            "mapping":[{"from":[0,0],"to":[0,1]},{"from":[0,1],"to":null},{"from":[0,2],"to":[0,0]}],\
            "steps":[{"op":"deleteItem","indexPath":[0,1]},{"op":"deleteItem","indexPath":[0,0]},{"op":"insertItem","indexPath":[0,1],"movedFrom":[0,0]},{"op":"insertItem","indexPath":[0,2]}]}
            """)
    }

    @Test func extraSectionsAreDeletedOrInsertedWithTheirItems() {
        let r = diff(#"{"old": [["a","b"],["c"]], "new": [["c","a"]], "flavor": "tableView"}"#)
        #expect(batchValue(r, "updates") == BatchValidateTests.updates([
            ("deleteItems", [[0, 1]]), ("insertItems", [[0, 0]]), ("deleteSections", [1]),
        ]))
        #expect(batchValue(r, "valid") == true)
        #expect(batchValue(r, "after") == [2])
        let grown = diff(#"{"old": [], "new": [["x"], []]}"#)
        #expect(batchValue(grown, "updates", "insertSections") == [0, 1])
        #expect(batchValue(grown, "steps") == [["op": "insertSection", "section": 0, "itemCount": 1], ["op": "insertSection", "section": 1, "itemCount": 0]])
    }

    @Test func duplicateIdentifiersAre422NamingEachRepeat() {
        let r = diff(#"{"old": [["a","b","b"]], "new": [["c","a","a","a"]]}"#)
        #expect(r.status == 422)
        #expect(r.header("Content-Type") == "application/problem+json")
        #expect(r.detail == #"The identifiers are not unique (3 repeated): a diffable data source refuses them with "Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(\#n    b,\#n    a\#n)}". Give every item its own identifier, unique across all sections."#)
        #expect(r.pointers == ["/old/0/2", "/new/0/2", "/new/0/3"])
        #expect(batchString(r, "errors", 0, "detail") == #"/old/0/2 is "b", like /old/0/1; identifiers must be unique within a section."#)
        #expect(batchString(r, "type") == "https://layoutd.dev/problems/unprocessable-batch")
        #expect(batchString(r, "title") == "Batch rejected")
    }

    /// A snapshot holds an item once in all sections (D2), so UIKit cannot have these lists.
    @Test func theSameIdentifierInTwoSectionsIs422() {
        let r = diff(#"{"old": [["a"],["a"]], "new": [["a"],["b","a"]]}"#)
        #expect(r.status == 422)
        #expect(r.pointers == ["/old/1/0", "/new/1/1"])
        #expect(batchString(r, "errors", 0, "detail") == #"/old/1/0 is "a", already /old/0/0; an identifier occurs once in all sections of a snapshot, not once per section."#)
        #expect(r.detail == #"The identifiers are not unique (2 repeated): a diffable data source refuses them with "Diffable data source detected an attempt to insert or append 1 item identifier that already exists in the snapshot. The existing item identifier will be moved into place instead, but this operation will be more expensive. For best performance, inserted item identifiers should always be unique. Set a symbolic breakpoint on BUG_IN_CLIENT_OF_DIFFABLE_DATA_SOURCE__IDENTIFIER_ALREADY_EXISTS to catch this in the debugger. Item identifier that already exists: a". Give every item its own identifier, unique across all sections."#)
    }

    /// The property: for random old/new lists, the batch the handler returns is one UIKit
    /// accepts (also under strict validation), and applying it moves every surviving identifier
    /// to its place in `new`, with exactly the remaining places inserted.
    @Test(arguments: 0..<4)
    func randomDiffsAreValidAndTurnOldIntoNew(seed: UInt64) throws {
        var rng = SeededRandom(seed: seed)
        for _ in 0..<60 {
            let pool = (0..<12).map { "id\($0)" }
            // Sections take disjoint runs of one shuffle: identifiers are unique across sections (D2).
            func lists() -> [[String]] {
                var ids = pool
                for k in stride(from: ids.count - 1, to: 0, by: -1) { ids.swapAt(k, Int(rng.next() % UInt64(k + 1))) }
                var rest = ids[...]
                return (0..<Int(rng.next() % 4)).map { _ in
                    let n = min(rest.count, Int(rng.next() % 5))
                    defer { rest = rest.dropFirst(n) }
                    return Array(rest.prefix(n))
                }
            }
            let old = lists(), new = lists()
            let body = JSON.object(JSONObject([("old", .array(old.map { .array($0.map(JSON.string)) })),
                                               ("new", .array(new.map { .array($0.map(JSON.string)) }))]))
            let r = app.post(String(decoding: body.serializedBytes(), as: UTF8.self), target: "/batch/diff")
            try #require(r.status == 200, "\(old) -> \(new): \(r.text)")
            #expect(batchValue(r, "valid") == true, "\(old) -> \(new): \(r.text)")
            #expect(batchValue(r, "errors") == [])
            #expect(batchValue(r, "after") == .array(new.map { .number(Double($0.count)) }))
            // Every mapped item lands where `new` has its identifier; the rest of `new` is inserted.
            var filled = new.map { Array(repeating: false, count: $0.count) }
            for m in batchValue(r, "mapping").batchElements {
                guard let from = path(batchField(m, "from")) else { Issue.record("bad mapping \(m)"); continue }
                guard let to = path(batchField(m, "to")) else { continue }
                #expect(new[to.section][to.item] == old[from.section][from.item], "\(old) -> \(new)")
                filled[to.section][to.item] = true
            }
            var inserted = batchValue(r, "updates", "insertItems").batchElements.compactMap(path)
            for s in batchValue(r, "updates", "insertSections").batchElements.compactMap(int) {
                inserted += (0..<new[s].count).map { IndexPath(section: s, item: $0) }
            }
            let unfilled = new.indices.flatMap { s in new[s].indices.filter { !filled[s][$0] }.map { IndexPath(section: s, item: $0) } }
            #expect(Set(inserted) == Set(unfilled), "\(old) -> \(new): \(r.text)")
            #expect(inserted.count == unfilled.count)
            // And the batch itself passes /batch/validate strictly, against the new counts.
            let again = JSON.object(JSONObject([("before", .array(old.map { .number(Double($0.count)) })),
                                                ("after", batchValue(r, "after")), ("strict", true), ("updates", batchValue(r, "updates"))]))
            let v = app.post(String(decoding: again.serializedBytes(), as: UTF8.self), target: "/batch/validate")
            #expect(batchValue(v, "valid") == true, "\(old) -> \(new): \(v.text)")
        }
    }

    func path(_ v: JSON) -> IndexPath? {
        guard case .array(let a) = v, a.count == 2, let s = int(a[0]), let i = int(a[1]) else { return nil }
        return IndexPath(section: s, item: i)
    }

    func int(_ v: JSON) -> Int? {
        if case .number(let d) = v { return Int(exactly: d) }
        return nil
    }
}

