import Foundation
import HTTP
@testable import LayoutAPI
import LayoutEngine
import Testing

/// Table rules on cases that are not among the spec's worked examples: float row heights,
/// estimates, grouped spacing with explicit heights, floating footers in both behaviours, margins
/// from device profiles and the readable guide, right to left, separators. Values are worked
/// out by hand from the rules (docs/tables.md) and compared exactly.
@Suite struct TableRuleTests {
    let app = LayoutApplication.make()

    func table(_ layout: String, _ sections: String, cv: String = #""width":393,"height":852,"scale":3"#) -> TableAnswer {
        let a = TableAnswer(app.post(#"{"collectionView":{\#(cv)},"layout":{"type":"table"\#(layout.isEmpty ? "" : ",")\#(layout)},"sections":\#(sections)}"#))
        #expect(a.status == 200, "\(a.text.prefix(300))")
        return a
    }

    func expectFrame(_ e: TableElement?, _ x: Double, _ y: Double, _ w: Double, _ h: Double, _ what: String,
                     sourceLocation: SourceLocation = #_sourceLocation) {
        guard let f = e?.frame else { Issue.record("\(what): missing", sourceLocation: sourceLocation); return }
        let ok = abs(f.minX - x) < 1e-9 && abs(f.minY - y) < 1e-9 && abs(f.width - w) < 1e-9 && abs(f.height - h) < 1e-9
        #expect(ok, "\(what): got (\(f.minX), \(f.minY), \(f.width), \(f.height)), expected (\(x), \(y), \(w), \(h))", sourceLocation: sourceLocation)
    }

    /// T12: heights go through a float; the next row starts at the float's value.
    @Test func rowHeightsAreStoredAsFloats() {
        let a = table(#""estimatedRowHeight":0"#, #"[{"numberOfItems":2,"rowHeights":[33.333333333333336,10]}]"#)
        let h = Double(Float(100.0 / 3))
        #expect(h == 33.33333206176758)
        expectFrame(a.element("cell", nil, [0, 0]), 0, 0, 393, h, "row 0")
        expectFrame(a.element("cell", nil, [0, 1]), 0, h, 393, 10, "row 1")
        #expect(a.contentSize.height == h + 10)
    }

    /// T6: `setEstimatedRowHeight:` keeps (0, 1] as 2; estimation off gives unmeasured automatic
    /// rows the default height, still marked estimated.
    @Test(arguments: [("0.5", 2.0), ("0", 44.0), ("-1", 44.0), ("70", 70.0)])
    func estimates(estimate: String, height: Double) {
        let a = table(#""estimatedRowHeight":\#(estimate)"#, #"[{"numberOfItems":2}]"#)
        expectFrame(a.element("cell", nil, [0, 1]), 0, height, 393, height, "row 1 with estimatedRowHeight \(estimate)")
        #expect(a.element("cell", nil, [0, 1])?.estimated == true)
    }

    /// T4: iOS 26 rows follow body leading + 30, accessibility sizes capped at xxxLarge (29 + 30).
    @Test(arguments: [("XS", 49.0), ("L", 52.0), ("XXXL", 59.0), ("AX5", 59.0)])
    func ios26DefaultRowHeight(category: String, height: Double) {
        let a = table(#""listEnvironment":{"generation":"ios26","contentSizeCategory":"\#(category)"}"#, #"[{"numberOfItems":1}]"#)
        expectFrame(a.element("cell", nil, [0, 0]), 0, 0, 393, height, category)
    }

    /// T14/T15: an explicit `sectionHeaderHeight` spaces later sections; section 0 without a header
    /// view keeps the 35-pt top gap; footers keep the floored 17.5.
    @Test func groupedExplicitSectionHeaderHeight() {
        let a = table(#""style":"grouped","rowHeight":44,"sectionHeaderHeight":10"#, #"[{"numberOfItems":1},{"numberOfItems":1}]"#)
        expectFrame(a.element("cell", nil, [0, 0]), 0, 35, 393, 44, "row 0")
        expectFrame(a.element("cell", nil, [1, 0]), 0, 35 + 44 + 52.0 / 3 + 10, 393, 44, "row 1")
        #expect(a.elements.count == 2)   // spacing, not views
        #expect(abs(a.contentSize.height - (35 + 44 + 52.0 / 3 + 10 + 44 + 52.0 / 3 + 20)) < 1e-9)
    }

    /// T16 push (sectionHeaderTopPadding 0): a footer floats at the visible bottom but never above
    /// its own header; a header is pushed up by its section's footer.
    @Test func pushModeFootersStayBelowTheirHeader() throws {
        let a = table(#""sectionHeaderTopPadding":0,"rowHeight":44"#,
                      #"[{"numberOfItems":5,"headerHeight":28,"footerHeight":30},{"numberOfItems":5,"headerHeight":28,"footerHeight":30}]"#,
                      cv: #""width":393,"height":300,"scale":3"#)
        // Section 1: header 278..306, rows 306..526, footer 526..556.
        let q = TableAnswer(app.get("/layout/\(a.id)/elements?rect=0,100,393,300"))
        expectFrame(q.element("supplementaryView", "footer", [1, 0]), 0, 370, 393, 30, "footer 1 at the visible bottom")
        #expect(q.element("supplementaryView", "footer", [1, 0])?.zIndex == Layout.pinnedZIndex)
        expectFrame(q.element("supplementaryView", "header", [0, 0]), 0, 100, 393, 28, "header 0 at the visible top")
        // At offset 0 the footer would be at 270, above its header's end (306): it stays at 306,
        // outside the visible rect.
        let top = TableAnswer(app.get("/layout/\(a.id)/elements?rect=0,0,393,300"))
        #expect(top.element("supplementaryView", "footer", [1, 0]) == nil)
        let one = TableAnswer(app.get("/layout/\(a.id)/elements?indexPath=1,0&kind=footer&rect=0,0,393,300"))
        expectFrame(one.element("supplementaryView", "footer", [1, 0]), 0, 306, 393, 30, "footer 1 pushed down to its header")
    }

    /// T16 overlap: a footer floats only while the previous section's footer ends above the
    /// visible bottom.
    @Test func overlapModeFooters() {
        let a = table(#""rowHeight":44"#, #"[{"numberOfItems":20,"footerHeight":30},{"numberOfItems":20,"footerHeight":30}]"#)
        let q = TableAnswer(app.get("/layout/\(a.id)/elements?rect=0,100,393,852"))
        expectFrame(q.element("supplementaryView", "footer", [0, 0]), 0, 880, 393, 30, "footer 0 in place")
        #expect(q.element("supplementaryView", "footer", [0, 0])?.zIndex == 0)
        expectFrame(q.element("supplementaryView", "footer", [1, 0]), 0, 922, 393, 30, "footer 1 floating at the bottom")
    }

    /// T16: in the next header's top padding the previous header still floats; a point there hits it.
    @Test func aPointInThePaddingHitsTheFloatingHeader() {
        let a = table(#""rowHeight":44"#, #"[{"numberOfItems":5,"headerTitle":"A"},{"numberOfItems":5,"headerTitle":"B"}]"#)
        let q = TableAnswer(app.get("/layout/\(a.id)/elements?point=10,289&rect=0,280,393,852"))
        expectFrame(q.element("supplementaryView", "header", [0, 0]), 0, 280, 393, 28, "header A floating")
        #expect(q.elements.count == 1)
    }

    /// Grouped tables do not float.
    @Test func groupedHeadersStayInPlace() {
        let a = table(#""style":"grouped","rowHeight":44"#, #"[{"numberOfItems":20,"headerHeight":30}]"#)
        let q = TableAnswer(app.get("/layout/\(a.id)/elements?rect=0,300,393,852"))
        #expect(q.element("supplementaryView", "header", [0, 0]) == nil)
    }

    /// T18 with a device profile: a Pro Max wants wide margins (20); an iPad with the readable
    /// guide insets rows to 672 pt.
    @Test(arguments: [
        (#""device":"iPhone 16 Pro Max""#, false, 20.0, 400.0),
        (#""device":"iPhone 16 Pro""#, false, 16.0, 370.0),
        (#""device":"iPad Pro 13-inch (M4)""#, false, 20.0, 992.0),
        (#""device":"iPad Pro 13-inch (M4)""#, true, 180.0, 672.0),
    ])
    func insetGroupedMargins(device: String, readable: Bool, x: Double, width: Double) {
        let a = table(#""style":"insetGrouped","rowHeight":44,"cellLayoutMarginsFollowReadableWidth":\#(readable)"#,
                      #"[{"numberOfItems":1,"headerHeight":30}]"#, cv: device)
        expectFrame(a.element("cell", nil, [0, 0]), x, 30, width, 44, device)
        expectFrame(a.element("supplementaryView", "header", [0, 0]), x, 0, width, 30, device + " header")
    }

    /// Right to left: insetGrouped rows keep their physical insets (safe area on its side); the
    /// separators' inset moves to the right (leading) edge.
    @Test func rightToLeft() {
        let cv = #""width":852,"height":393,"scale":3,"wideContentMargins":false,"safeAreaInsets":{"left":59},"layoutDirection":"rightToLeft""#
        let inset = table(#""style":"insetGrouped","rowHeight":44"#, #"[{"numberOfItems":1}]"#, cv: cv)
        expectFrame(inset.element("cell", nil, [0, 0]), 75, 35, 761, 44, "insetGrouped row")
        let grouped = table(#""style":"grouped","rowHeight":44,"listEnvironment":{"includeSeparators":true}"#, #"[{"numberOfItems":2}]"#, cv: cv)
        expectFrame(grouped.element("decorationView", "bottomSeparator", [0, 0]), 0, 79 - 1.0 / 3, 836, 1.0 / 3, "separator")
        let ltr = table(#""style":"grouped","rowHeight":44,"listEnvironment":{"includeSeparators":true}"#, #"[{"numberOfItems":2}]"#,
                        cv: cv.replacingOccurrences(of: "rightToLeft", with: "leftToRight"))
        expectFrame(ltr.element("decorationView", "bottomSeparator", [0, 0]), 75, 79 - 1.0 / 3, 777, 1.0 / 3, "separator, left to right")
    }

    /// T21: plain separators under every row (the last too), insetGrouped none under the last,
    /// `separatorInset` replaces the margin, 1 pt at accessibility sizes.
    @Test func separators() {
        let plain = table(#""rowHeight":44,"listEnvironment":{"includeSeparators":true,"contentSizeCategory":"AX1"}"#, #"[{"numberOfItems":2}]"#)
        expectFrame(plain.element("decorationView", "bottomSeparator", [0, 1]), 16, 87, 377, 1, "plain last row")
        let inset = table(#""style":"insetGrouped","rowHeight":44,"separatorInset":{"left":60,"right":10},"listEnvironment":{"includeSeparators":true}"#,
                          #"[{"numberOfItems":2}]"#)
        expectFrame(inset.element("decorationView", "bottomSeparator", [0, 0]), 16 + 60, 79 - 1.0 / 3, 361 - 70, 1.0 / 3, "insetGrouped row 0")
        #expect(inset.element("decorationView", "bottomSeparator", [0, 1]) == nil)
        #expect(inset.elements.count == 3)
    }

    /// Requests that mean the same table have the same id: a title's header view stated or
    /// not, a measured height for a row whose height is fixed (UIKit never asks it).
    @Test func sameTableSameID() throws {
        let a = table(#""rowHeight":44"#, #"[{"numberOfItems":2,"headerTitle":"A"}]"#)
        let b = table(#""rowHeight":44"#, #"[{"numberOfItems":2,"headerTitle":"A","hasHeaderView":true,"measuredRowHeights":[50,null]}]"#)
        #expect(a.id == b.id)
        let c = table(#""rowHeight":-1"#, #"[{"numberOfItems":2,"headerTitle":"A","measuredRowHeights":[50,null]}]"#)
        #expect(c.id != a.id)
    }
}
