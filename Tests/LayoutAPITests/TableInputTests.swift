import Foundation
import HTTP
@testable import LayoutAPI
import LayoutEngine
import Testing

/// Bad table input is a 422 naming the field and saying how to fix it (UIKit's own assertion
/// quoted where it has one); measured heights through POST and `/invalidate`; bounds changes.
@Suite struct TableInputTests {
    let app = LayoutApplication.make()
    static let cv = #""collectionView":{"width":393,"height":852,"scale":3}"#

    @Test(arguments: [
        (#"{"type":"table","style":"fancy"}"#, #"[{"numberOfItems":1}]"#, "/layout/style",
         #"Unknown value "fancy" at /layout/style; use one of: "plain", "grouped", "insetGrouped"."#),
        (#"{"type":"table","rowHeight":-5}"#, #"[{"numberOfItems":1}]"#, "/layout/rowHeight",
         #"/layout/rowHeight is -5; it must be -1 (UITableView.automaticDimension) or a number of points from 0 to 1000000000. UIKit raises "Invalid table view rowHeight (%g). Value must be at least 0.0, or UITableViewAutomaticDimension." Send -1 to size it automatically, or the height."#),
        (#"{"type":"table"}"#, #"[{"numberOfItems":2,"rowHeights":[44,-0.5]}]"#, "/sections/0/rowHeights/1",
         #"/sections/0/rowHeights/1 is -0.5; it must be -1 (UITableView.automaticDimension) or a number of points from 0 to 1000000000. UIKit raises "table view row height must not be negative - height for index path (%@) is %g". Send -1 to size it automatically, or the height."#),
        (#"{"type":"table"}"#, #"[{"numberOfItems":3,"rowHeights":[44,44]}]"#, "/sections/0/rowHeights",
         "/sections/0/rowHeights has 2 entries but the section has 3 rows (numberOfItems); send one value per row of tableView(_:heightForRowAt:), null for a row without one."),
        (#"{"type":"table"}"#, #"[{"numberOfItems":1,"measuredRowHeights":[40,50]}]"#, "/sections/0/measuredRowHeights",
         "/sections/0/measuredRowHeights has 2 entries but the section has 1 row (numberOfItems); send one value per row of measured (self-sized) row heights, null for a row without one."),
        (#"{"type":"table"}"#, #"[{"numberOfItems":1,"headerHeight":-2}]"#, "/sections/0/headerHeight",
         #"/sections/0/headerHeight is -2; it must be -1 (UITableView.automaticDimension) or a number of points from 0 to 1000000000. UIKit raises "section header height must not be negative - provided height for section %ld is %f". Send -1 to size it automatically, or the height."#),
        (#"{"type":"table","tableHeaderView":{"height":-1}}"#, #"[{"numberOfItems":1}]"#, "/layout/tableHeaderView/height",
         "/layout/tableHeaderView/height is -1; it must be the view's frame height in points: a number from 0 to 1000000000."),
    ])
    func badValuesAre422(layout: String, sections: String, pointer: String, detail: String) {
        let r = app.post(#"{\#(Self.cv),"layout":\#(layout),"sections":\#(sections)}"#)
        #expect(r.status == 422, "\(r.text.prefix(300))")
        #expect(r.pointers == [pointer])
        #expect(r.detail == detail)
    }

    @Test(arguments: [
        (#"[{"indexPath":[0,3],"height":50}]"#, "/preferredSizes/0/indexPath",
         "/preferredSizes/0/indexPath is [0, 3], which is not a row of this table: section 0 has 3 rows. Send heights only for rows the table has."),
        (#"[{"indexPath":[2,0],"height":50}]"#, "/preferredSizes/0/indexPath",
         "/preferredSizes/0/indexPath is [2, 0], but the table has 1 section; send heights only for rows, headers and footers the table has."),
        (#"[{"elementKind":"footer","indexPath":[0,0],"height":50}]"#, "/preferredSizes/0/indexPath",
         "/preferredSizes/0/indexPath is [0, 0]: section 0 has no footer view to measure (a footer is at [section, 0] and exists with a title, hasHeaderView/hasFooterView, a height above 0 or a measured height). Send heights only for the headers and footers the table has."),
        (#"[{"indexPath":[0,0],"height":-3}]"#, "/preferredSizes/0/height",
         "/preferredSizes/0/height is -3; it must be the height the view measured, in points: a number greater than 0 and at most 1000000000."),
        (#"[{"indexPath":[0,0],"height":0,"width":5e-324}]"#, "/preferredSizes/0/height",
         "/preferredSizes/0/height is 0; it must be the height the view measured, in points: a number greater than 0 and at most 1000000000."),
    ])
    func measuredHeightsForWhatIsNotThereAre422(entries: String, pointer: String, detail: String) {
        let r = app.post(#"{\#(Self.cv),"layout":{"type":"table"},"sections":[{"numberOfItems":3,"headerTitle":"A"}],"preferredSizes":\#(entries)}"#)
        #expect(r.status == 422, "\(r.text.prefix(300))")
        #expect(r.pointers == [pointer])
        #expect(r.detail == detail)
    }

    @Test func theElementCapCountsHeadersFootersAndSeparators() {
        let r = app.post(#"{\#(Self.cv),"layout":{"type":"table","listEnvironment":{"includeSeparators":true}},"sections":[{"numberOfItems":600000}]}"#)
        #expect(r.status == 422)
        #expect(r.pointers == ["/sections/0"])
    }

    @Test func listOnlyEnvironmentFieldsAreRefused() {
        let r = app.post(#"{\#(Self.cv),"layout":{"type":"table","listEnvironment":{"collapsedTopSpacing":true}},"sections":[]}"#)
        #expect(r.status == 400)
        #expect(r.pointers == ["/layout/listEnvironment/collapsedTopSpacing"])
    }

    /// Self-sizing through `/invalidate`: the measured row grows, what follows moves, the header
    /// above stays; a measured header moves every row.
    @Test func measuredRowsAndHeadersInvalidate() throws {
        let post = app.post(#"{\#(Self.cv),"layout":{"type":"table","estimatedRowHeight":50},"sections":[{"numberOfItems":3,"headerTitle":"A"}]}"#)
        let id = try #require(post.id)
        let r = app.post(#"{"preferredSizes":[{"indexPath":[0,0],"height":80}],"visibleRect":{"x":0,"y":0,"width":393,"height":852}}"#,
                         target: "/layout/\(id)/invalidate")
        #expect(r.status == 200, "\(r.text.prefix(300))")
        let o = try #require(try JSONSerialization.jsonObject(with: Data(r.body)) as? [String: Any])
        #expect(o["invalidated"] as? Bool == true)
        #expect(o["invalidatedItemIndexPaths"] as? [[Int]] == [[0, 0], [0, 1], [0, 2]])
        #expect((o["invalidatedSupplementaryIndexPaths"] as? [String: Any])?["header"] as? [[Int]] == [])
        #expect((o["contentSizeAdjustment"] as? [String: Double])?["height"] == 30)
        let newID = try #require(o["id"] as? String)
        let h = app.post(#"{"preferredSizes":[{"elementKind":"header","indexPath":[0,0],"height":40}]}"#, target: "/layout/\(newID)/invalidate")
        let ho = try #require(try JSONSerialization.jsonObject(with: Data(h.body)) as? [String: Any])
        #expect((ho["invalidatedSupplementaryIndexPaths"] as? [String: Any])?["header"] as? [[Int]] == [[0, 0]])
        #expect(ho["invalidatedItemIndexPaths"] as? [[Int]] == [[0, 0], [0, 1], [0, 2]])
        #expect((ho["contentSize"] as? [String: Double])?["height"] == 242.0, "\(h.text.prefix(200))")
        // The same measurement again changes nothing.
        let again = app.post(#"{"preferredSizes":[{"elementKind":"header","indexPath":[0,0],"height":40}]}"#, target: "/layout/\(try #require(ho["id"] as? String))/invalidate")
        #expect(again.text.contains(#""invalidated":false"#))
    }

    /// A table lays out again for a new width; a new height alone changes nothing in a grouped
    /// table (nothing floats).
    @Test func boundsChanges() throws {
        let id = try #require(app.post(#"{\#(Self.cv),"layout":{"type":"table","style":"grouped","rowHeight":44},"sections":[{"numberOfItems":3}]}"#).id)
        let taller = app.post(#"{"bounds":{"x":0,"y":0,"width":393,"height":600}}"#, target: "/layout/\(id)/invalidate")
        #expect(taller.text.contains(#""invalidated":false"#))
        let wider = app.post(#"{"bounds":{"x":0,"y":0,"width":852,"height":393}}"#, target: "/layout/\(id)/invalidate")
        let o = try #require(try JSONSerialization.jsonObject(with: Data(wider.body)) as? [String: Any])
        #expect(o["invalidated"] as? Bool == true)
        #expect(o["invalidatedItemIndexPaths"] as? [[Int]] == [[0, 0], [0, 1], [0, 2]])
        #expect((o["contentSizeAdjustment"] as? [String: Double])?["width"] == 459)
    }

    /// A rotation keeps the row at the top under the navigation bar: the target offset may go
    /// up to −contentInset.top (the adjusted inset), in grouped tables too.
    @Test func rotationKeepsTheTopUnderTheBars() throws {
        let id = try #require(app.post(#"{"collectionView":{"width":393,"height":852,"scale":3,"contentInset":{"top":103,"bottom":34}},"layout":{"type":"table","style":"grouped","rowHeight":44},"sections":[{"numberOfItems":30}]}"#).id)
        let r = app.post(#"{"bounds":{"x":0,"y":-103,"width":852,"height":393},"previousBounds":{"x":0,"y":-103,"width":393,"height":852}}"#,
                         target: "/layout/\(id)/invalidate")
        let o = try #require(try JSONSerialization.jsonObject(with: Data(r.body)) as? [String: Any])
        #expect(o["targetContentOffset"] as? [String: Double] == ["x": 0, "y": -103], "\(r.text.prefix(300))")
    }

    /// `UITableViewDiffableDataSource`: `/snapshot/apply` takes `/batch/validate`'s `flavor`;
    /// the snapshot and its batches are the collection view's, the verdict the table view's.
    @Test func snapshotApplyTakesTheTableFlavor() throws {
        let body = #"{"old":{"sections":[{"id":"A","items":["a","b"]}]},"operations":[{"op":"deleteItems","items":["a"]},{"op":"appendItems","items":["c"]}],"flavor":"tableView"}"#
        let r = app.post(body, target: "/snapshot/apply")
        #expect(r.status == 200, "\(r.text.prefix(300))")
        let collection = app.post(body.replacingOccurrences(of: #","flavor":"tableView""#, with: ""), target: "/snapshot/apply")
        #expect(r.text == collection.text)   // a diffable data source's batches are valid for both views
        let bad = app.post(body.replacingOccurrences(of: "tableView", with: "outlineView"), target: "/snapshot/apply")
        #expect(bad.status == 422)
        #expect(bad.pointers == ["/flavor"])
    }

    /// The table header and footer views answer index-path queries as `[0]`, and the picture draws.
    @Test func tableViewsAndPicture() throws {
        let id = try #require(app.post(#"{\#(Self.cv),"layout":{"type":"table","style":"grouped","tableHeaderView":{"height":100},"tableFooterView":{"height":40}},"sections":[{"numberOfItems":2,"headerTitle":"A"}]}"#).id)
        let h = TableAnswer(app.get("/layout/\(id)/elements?indexPath=0&kind=tableHeader"))
        #expect(h.elements.first?.frame == Rect(x: 0, y: 0, width: 393, height: 100))
        let svg = app.get("/layout/\(id).svg")
        #expect(svg.status == 200)
        #expect(svg.text.contains("<svg"))
    }
}
