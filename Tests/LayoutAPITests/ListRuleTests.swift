import Foundation
import HTTP
@testable import LayoutAPI
import LayoutEngine
import Testing

/// List rules (list-layout.md L1-L18) on cases that are not among the spec's examples, each
/// value worked out by hand from the rules (the arithmetic is in the comments).
@Suite struct ListRuleTests {
    let app = LayoutApplication.make()

    /// L8 L10 L6: 414 wide wants wide margins, so m = 20; footers take the bottom spacing.
    @Test func insetGroupedAt414WithFootersUsesTwentyPointMargins() {
        let a = app.list(#"{"collectionView":{"width":414,"height":896,"scale":3},"layout":{"type":"compositional","list":{"appearance":"insetGrouped","footerMode":"supplementary"}},"sections":[{"numberOfItems":2},{"numberOfItems":1}]}"#)
        #expect(a.status == 200, "\(a.text)")
        expectFrame(a.frame(nil, 0, 0), 20, 35, 374, 44, "row 0,0 (35 above the first section)")
        expectFrame(a.frame(nil, 0, 1), 20, 79, 374, 44, "row 0,1")
        // footer right below the rows (bottom inset 0 with a footer), 17.5 ceiled at @3x
        expectFrame(a.frame(ListAnswer.footer, 0, 0), 20, 123, 374, 53.0 / 3, "footer 0")
        // section 1 starts at 35 + 88 + 17.6667 = 140.6667, then G = 17.6667 above its row
        expectFrame(a.frame(nil, 1, 0), 20, 475.0 / 3, 374, 44, "row 1,0")
        expectFrame(a.frame(ListAnswer.footer, 1, 0), 20, 607.0 / 3, 374, 53.0 / 3, "footer 1")
        #expect(a.contentSize == Size(width: 414, height: 220))
        // L14: backgrounds widened by 20 each side, 2H = 1792 above the first and below the last
        expectFrame(a.frame(ListAnswer.background, 0, 0), -20, -1792, 454, 1792 + 422.0 / 3, "background 0")
        expectFrame(a.frame(ListAnswer.background, 1, 0), -20, 422.0 / 3, 454, 220 + 1792 - 422.0 / 3, "background 1")
    }

    /// L8 L9 L15 at @2x: a first-item header removes the top spacing (grouped padding 0); G is
    /// 17.5 on the 2x grid; the header row has no bottom separator, the next row the boundary top one.
    @Test func groupedFirstItemHeaderAt2xWithSeparators() {
        let a = app.list(#"{"collectionView":{"width":375,"height":667,"scale":2},"layout":{"type":"compositional","list":{"appearance":"grouped","headerMode":"firstItemInSection"},"listEnvironment":{"includeSeparators":true}},"sections":[{"numberOfItems":3},{"numberOfItems":2}]}"#)
        #expect(a.status == 200, "\(a.text)")
        expectFrame(a.frame(nil, 0, 0), 0, 0, 375, 44, "header row 0,0")
        expectFrame(a.frame(nil, 0, 2), 0, 88, 375, 44, "row 0,2")
        expectFrame(a.frame(nil, 1, 0), 0, 149.5, 375, 44, "header row 1,0 after 132 + 17.5")
        #expect(a.contentSize == Size(width: 375, height: 257.5))
        #expect(a.element(ListAnswer.bottomSeparator, 0, 0) == nil, "no separator under a header row")
        #expect(a.element(ListAnswer.topSeparator, 0, 0) == nil, "the top separator belongs to the first row after the header")
        expectFrame(a.frame(ListAnswer.topSeparator, 0, 1), 0, 44, 375, 0.5, "grouped top separator: full width")
        expectFrame(a.frame(ListAnswer.bottomSeparator, 0, 1), 16, 87.5, 359, 0.5, "inner separator inset 16")
        expectFrame(a.frame(ListAnswer.bottomSeparator, 0, 2), 0, 131.5, 375, 0.5, "grouped last separator: full width")
        #expect(a.count(ListAnswer.bottomSeparator) == 3 && a.count(ListAnswer.topSeparator) == 2)
        expectFrame(a.frame(ListAnswer.background, 0, 0), 0, -1334, 375, 1483.5, "background 0")
    }

    /// L6 L12 L15 at @2x: 22 above the 28-pt plain header, half-point separators inset 16, a
    /// top separator under the chromeless header; L13: the header pins at query time, zIndex 210.
    @Test func plainHeadersAndSeparatorsAt2xPinWhileScrolling() throws {
        let a = app.list(#"{"collectionView":{"width":375,"height":667,"scale":2},"layout":{"type":"compositional","list":{"appearance":"plain","headerMode":"supplementary"},"listEnvironment":{"includeSeparators":true}},"sections":[{"numberOfItems":2},{"numberOfItems":2}]}"#)
        #expect(a.status == 200, "\(a.text)")
        expectFrame(a.frame(ListAnswer.header, 0, 0), 0, 22, 375, 28, "header 0")
        expectFrame(a.frame(nil, 0, 0), 0, 50, 375, 44, "row 0,0")
        expectFrame(a.frame(ListAnswer.topSeparator, 0, 0), 16, 50, 359, 0.5, "top separator under the header")
        expectFrame(a.frame(ListAnswer.bottomSeparator, 0, 0), 16, 93.5, 359, 0.5, "bottom separator 0,0")
        expectFrame(a.frame(ListAnswer.bottomSeparator, 0, 1), 16, 137.5, 359, 0.5, "plain last row keeps its inset")
        expectFrame(a.frame(ListAnswer.header, 1, 0), 0, 160, 375, 28, "header 1 after 138 + 22")
        #expect(a.element(ListAnswer.header, 0, 0)?["zIndex"] as? Int == 200)
        // Scrolled to y = 100: header 0 pinned at the top (zIndex 210); at y = 120 pushed up by its
        // section's end (138 − 28 = 110).
        let pinned = ListAnswer(app.get("/layout/\(a.id)/elements?indexPath=0,0&kind=UICollectionElementKindSectionHeader&rect=0,100,375,667"))
        expectFrame(pinned.frame(ListAnswer.header, 0, 0), 0, 100, 375, 28, "pinned header")
        #expect(pinned.element(ListAnswer.header, 0, 0)?["zIndex"] as? Int == 210)
        let pushed = ListAnswer(app.get("/layout/\(a.id)/elements?rect=0,120,375,667"))
        expectFrame(pushed.frame(ListAnswer.header, 0, 0), 0, 110, 375, 28, "header pushed by the section end")
        let rest = ListAnswer(app.get("/layout/\(a.id)/elements?rect=0,0,375,667"))
        #expect(rest.element(ListAnswer.header, 0, 0)?["zIndex"] as? Int == 200, "at rest the header is not raised")
    }

    /// L9 L11 L13: a sidebarPlain footer spans the width; chromeless (automatic padding) adds
    /// nothing (a negative padding is automatic too), an explicit 0 padding adds 8 above and below.
    @Test(arguments: ["", #","headerTopPadding":-1"#, #","headerTopPadding":0"#])
    func sidebarPlainFooter(p: String) {
        let ys: [Double] = p.hasSuffix(":0") ? [8, 52, 104, 140, 192, 220] : [0, 44, 88, 116, 160, 188]
        let a = app.list(#"{"collectionView":{"width":393,"height":852,"scale":3},"layout":{"type":"compositional","list":{"appearance":"sidebarPlain","footerMode":"supplementary"\#(p)}},"sections":[{"numberOfItems":2},{"numberOfItems":1}]}"#)
        #expect(a.status == 200, "\(a.text)")
        expectFrame(a.frame(nil, 0, 0), 16, ys[0], 361, 44, "row 0,0")
        expectFrame(a.frame(nil, 0, 1), 16, ys[1], 361, 44, "row 0,1")
        expectFrame(a.frame(ListAnswer.footer, 0, 0), 0, ys[2], 393, 28, "footer 0: full width, plain estimate")
        expectFrame(a.frame(nil, 1, 0), 16, ys[3], 361, 44, "row 1,0")
        expectFrame(a.frame(ListAnswer.footer, 1, 0), 0, ys[4], 393, 28, "footer 1")
        #expect(a.contentSize.height == ys[5])
        #expect(a.count(ListAnswer.bottomSeparator) == 0, "separators are not reported unless asked for")
    }

    /// L5 L6 (iOS 26): at XS rows are 19 + 30 = 49; the plain header estimate scales with body
    /// (28 · 14/17 = 23.06, ceiled to 23.3333 at @3x); the 22-pt padding stays.
    @Test func ios26ExtraSmallCategory() {
        let a = app.list(#"{"collectionView":{"width":375,"height":812,"scale":3},"layout":{"type":"list","list":{"headerMode":"supplementary"},"listEnvironment":{"generation":"ios26","contentSizeCategory":"XS"}},"sections":[{"numberOfItems":2}]}"#)
        #expect(a.status == 200, "\(a.text)")
        expectFrame(a.frame(ListAnswer.header, 0, 0), 0, 22, 375, 70.0 / 3, "header")
        expectFrame(a.frame(nil, 0, 0), 0, 22 + 70.0 / 3, 375, 49, "row 0")
        expectFrame(a.frame(nil, 0, 1), 0, 71 + 70.0 / 3, 375, 49, "row 1")
        #expect(abs(a.contentSize.height - (120 + 70.0 / 3)) < 1e-9)
    }

    /// L15: accessibility sizes draw 1-pt separators; iOS 15-18 rows stay 44.
    @Test func accessibilitySeparatorsAreOnePoint() {
        let a = app.list(#"{"collectionView":{"width":375,"height":812,"scale":3},"layout":{"type":"list","list":{"appearance":"plain"},"listEnvironment":{"contentSizeCategory":"AX3","includeSeparators":true}},"sections":[{"numberOfItems":2}]}"#)
        expectFrame(a.frame(nil, 0, 1), 0, 44, 375, 44, "row 1")
        expectFrame(a.frame(ListAnswer.bottomSeparator, 0, 0), 16, 43, 359, 1, "1-pt separator")
    }

    /// L4 / R40: interSectionSpacing is added between sections, on top of the grouped spacing.
    @Test func interSectionSpacingAddsToGroupedSpacing() {
        let a = app.list(#"{"collectionView":{"width":375,"height":812,"scale":3},"layout":{"type":"compositional","list":{"appearance":"grouped"},"configuration":{"interSectionSpacing":10}},"sections":[{"numberOfItems":1},{"numberOfItems":1}]}"#)
        // 35 + 44 + 17.6667 = 96.6667, + 10, + 17.6667 = 124.3333
        expectFrame(a.frame(nil, 1, 0), 0, 373.0 / 3, 375, 44, "row 1,0")
        expectFrame(a.frame(ListAnswer.background, 1, 0), 0, 320.0 / 3, 375, 188 + 1 / 3.0 + 1624 - 320.0 / 3, "background 1 starts after the spacing")
        #expect(abs(a.contentSize.height - (188 + 1 / 3.0)) < 1e-9)
    }

    /// L2 L4: a section provider mixing an ordinary compositional section with a list section:
    /// the list section is not the first (G above it) but is the last (20 below, 2H overhang).
    @Test func listSectionAfterAnOrdinarySection() {
        let a = app.list(#"{"collectionView":{"width":393,"height":852,"scale":3},"layout":{"type":"compositional","sections":[{"group":{"orientation":"vertical","layoutSize":{"width":{"fractionalWidth":1},"height":{"absolute":50}},"subitems":[{"item":{"layoutSize":{"width":{"fractionalWidth":1},"height":{"fractionalHeight":1}}}}]}},{"list":{"appearance":"insetGrouped"}}]},"sections":[{"numberOfItems":2},{"numberOfItems":1}]}"#)
        #expect(a.status == 200, "\(a.text)")
        expectFrame(a.frame(nil, 0, 1), 0, 50, 393, 50, "ordinary cell 0,1")
        #expect(a.element(nil, 0, 1)?["zIndex"] as? Int == 0)
        #expect(a.element(ListAnswer.background, 0, 0) == nil, "no list background on the ordinary section")
        expectFrame(a.frame(nil, 1, 0), 16, 100 + 53.0 / 3, 361, 44, "list row after G")
        #expect(a.element(nil, 1, 0)?["zIndex"] as? Int == 10)
        // from the section's start (100) to the list's end (100 + 17.6667 + 44 + 20) + 2H
        expectFrame(a.frame(ListAnswer.background, 1, 0), -16, 100, 425, 545.0 / 3 + 1704 - 100, "list background")
        #expect(abs(a.contentSize.height - (100 + 53.0 / 3 + 44 + 20)) < 1e-9)
    }

    /// L10: the collection view's layout margins and safe area are inputs: max(margin, m + safe).
    @Test func insetGroupedInsetsFollowMarginsAndSafeArea() {
        let a = app.list(#"{"collectionView":{"width":375,"height":812,"scale":3,"layoutMargins":{"left":24,"right":8},"safeAreaInsets":{"right":10}},"layout":{"type":"list","list":{"appearance":"insetGrouped"}},"sections":[{"numberOfItems":1}]}"#)
        // leading max(24, 16 + 0) = 24, trailing max(8, 16 + 10) = 26
        expectFrame(a.frame(nil, 0, 0), 24, 35, 325, 44, "row")
        expectFrame(a.frame(ListAnswer.background, 0, 0), -24, -1624, 425, 1624 + 99 + 1624, "background")
    }

    /// L2 L9: an explicit section contentInsets replaces the list's insets; interGroupSpacing
    /// separates rows; the SPI rowHeight makes rows absolute (not estimated).
    @Test func explicitInsetsRowSpacingAndFixedRowHeight() {
        let a = app.list(#"{"collectionView":{"width":375,"height":812,"scale":3},"layout":{"type":"compositional","sections":[{"list":{"appearance":"insetGrouped","rowHeight":60},"contentInsets":{"top":5,"leading":30,"bottom":7,"trailing":10},"interGroupSpacing":8}]},"sections":[{"numberOfItems":3}]}"#)
        #expect(a.status == 200, "\(a.text)")
        expectFrame(a.frame(nil, 0, 0), 30, 5, 335, 60, "row 0")
        expectFrame(a.frame(nil, 0, 2), 30, 141, 335, 60, "row 2: 5 + 2 · (60 + 8)")
        #expect(a.element(nil, 0, 0)?["estimated"] == nil, "fixed rows and no header: nothing estimates")
        #expect(a.contentSize.height == 208)
    }

    /// L16: measured rows and headers on POST /layout (preferredSizes, preferredSupplementarySizes).
    @Test func measuredRowsAndHeadersOnPost() {
        let a = app.list(#"{"collectionView":{"width":375,"height":812,"scale":3},"layout":{"type":"list","list":{"headerMode":"supplementary","footerMode":"supplementary"}},"sections":[{"numberOfItems":3}],"preferredSizes":[{"indexPath":[0,1],"width":1,"height":60}],"preferredSupplementarySizes":[{"elementKind":"UICollectionElementKindSectionFooter","indexPath":[0,0],"height":31.5}]}"#)
        #expect(a.status == 200, "\(a.text)")
        expectFrame(a.frame(nil, 0, 1), 0, 94, 375, 60, "measured row keeps the layout's width")
        expectFrame(a.frame(nil, 0, 2), 0, 154, 375, 44, "the next row moves")
        // 31.5 measured, rounded to the 3x grid like every frame (94.5 px → 95 px)
        expectFrame(a.frame(ListAnswer.footer, 0, 0), 0, 198, 375, 95.0 / 3, "footer")
        #expect(abs(a.contentSize.height - 689.0 / 3) < 1e-9, "198 + 31.5, rounded to the pixel")
        #expect(a.element(nil, 0, 1)?["estimated"] as? Bool == false)
        #expect(a.element(nil, 0, 2)?["estimated"] as? Bool == true)
    }

    /// L16 through /invalidate: a row and a header measured after the layout was posted.
    @Test func selfSizingThroughInvalidate() throws {
        let a = app.list(#"{"collectionView":{"width":375,"height":812,"scale":3},"layout":{"type":"list","list":{"headerMode":"supplementary"}},"sections":[{"numberOfItems":3}]}"#)
        #expect(a.status == 200)
        let r = app.post(#"{"preferredSizes":[{"indexPath":[0,1],"width":375,"height":60},{"elementKind":"UICollectionElementKindSectionHeader","indexPath":[0,0],"height":40}]}"#,
                         target: "/layout/\(a.id)/invalidate")
        #expect(r.status == 200, "\(r.text)")
        let o = try #require(try JSONSerialization.jsonObject(with: Data(r.body)) as? [String: Any])
        #expect(o["invalidated"] as? Bool == true)
        let newID = try #require(o["id"] as? String)
        let after = ListAnswer(app.get("/layout/\(newID)"))
        expectFrame(after.frame(ListAnswer.header, 0, 0), 0, 22, 375, 40, "measured header")
        expectFrame(after.frame(nil, 0, 0), 0, 62, 375, 44, "row 0 below the taller header")
        expectFrame(after.frame(nil, 0, 2), 0, 166, 375, 44, "row 2 after the 60-pt row")
        #expect(after.contentSize.height == 210)
        // The same sizes inline on POST give the same id.
        let inline = app.list(#"{"collectionView":{"width":375,"height":812,"scale":3},"layout":{"type":"list","list":{"headerMode":"supplementary"}},"sections":[{"numberOfItems":3}],"preferredSizes":[{"indexPath":[0,1],"width":375,"height":60}],"preferredSupplementarySizes":[{"elementKind":"UICollectionElementKindSectionHeader","indexPath":[0,0],"height":40}]}"#)
        #expect(inline.id == newID)
    }

    /// `"type": "list"` is the compositional form under another name: same layout, same id.
    @Test func listTypeIsAnAliasWithTheSameId() {
        let a = app.list(#"{"collectionView":{"width":375,"height":812},"layout":{"type":"list","list":{"appearance":"grouped"}},"sections":[{"numberOfItems":2}]}"#)
        let b = app.list(#"{"collectionView":{"width":375,"height":812},"layout":{"list":{"appearance":"grouped"},"type":"compositional"},"sections":[{"numberOfItems":2}]}"#)
        let plain = app.list(#"{"collectionView":{"width":375,"height":812},"layout":{"type":"list"},"sections":[{"numberOfItems":2}]}"#)
        let explicitPlain = app.list(#"{"collectionView":{"width":375,"height":812},"layout":{"type":"compositional","list":{"appearance":"plain","headerMode":"none"},"listEnvironment":{"generation":"ios15to18"}},"sections":[{"numberOfItems":2}]}"#)
        #expect(a.status == 200 && b.status == 200)
        #expect(a.id == b.id && !a.id.isEmpty)
        #expect(plain.id == explicitPlain.id && plain.id != a.id)
        expectFrame(plain.frame(nil, 0, 1), 0, 44, 375, 44, "a default list is plain")
    }
}

/// L17 on the wire: `roundedSections` in the full and the minimal answer of insetGrouped lists only.
@Suite struct ListRoundedSectionsTests {
    let app = LayoutApplication.make()

    @Test func insetGroupedAnswersNameTheirRoundedRows() throws {
        let body = #"{"collectionView":{"width":393,"height":852,"scale":3},"layout":{"type":"list","list":{"appearance":"insetGrouped","headerMode":"firstItemInSection"},"listEnvironment":{"generation":"ios26"}},"sections":[{"numberOfItems":3},{"numberOfItems":1}]}"#
        for target in ["/layout", "/layout?return=minimal"] {
            let r = app.post(body, target: target)
            let o = try #require(try JSONSerialization.jsonObject(with: Data(r.body)) as? [String: Any])
            let rounded = try #require(o["roundedSections"] as? [[String: Any]], "\(target): \(r.text.prefix(200))")
            // section 0: the rows after the header row (y 52, two 52-pt rows); section 1 has only its header row
            #expect(rounded.count == 1)
            #expect(rounded.first?["section"] as? Int == 0)
            #expect(rounded.first?["cornerRadius"] as? Double == 26)
            #expect(rounded.first?["frame"] as? [String: Double] == ["x": 16, "y": 52, "width": 361, "height": 104])
        }
        let plain = app.post(#"{"collectionView":{"width":393,"height":852},"layout":{"type":"list"},"sections":[{"numberOfItems":3}]}"#)
        #expect(!plain.text.contains("roundedSections"))
    }
}

/// Bounds changes and empty sections.
@Suite struct ListBoundsTests {
    let app = LayoutApplication.make()

    /// Rotation: the width changes, so the list is laid out again; 852 pt is wide, so the
    /// inset-grouped margin becomes 20 (L10, default wide margins at 414 and up).
    @Test func rotationRecomputesTheMargins() throws {
        let a = app.list(#"{"collectionView":{"width":393,"height":852,"scale":3},"layout":{"type":"list","list":{"appearance":"insetGrouped"}},"sections":[{"numberOfItems":2}]}"#)
        expectFrame(a.frame(nil, 0, 0), 16, 35, 361, 44, "portrait row")
        let r = app.post(#"{"bounds":{"x":0,"y":0,"width":852,"height":393}}"#, target: "/layout/\(a.id)/invalidate")
        #expect(r.status == 200, "\(r.text)")
        let o = try #require(try JSONSerialization.jsonObject(with: Data(r.body)) as? [String: Any])
        #expect(o["invalidated"] as? Bool == true)
        let rotated = ListAnswer(app.get("/layout/\(try #require(o["id"] as? String))"))
        expectFrame(rotated.frame(nil, 0, 0), 20, 35, 812, 44, "landscape row")
        // background overhang follows the new height: 2 × 393
        expectFrame(rotated.frame(ListAnswer.background, 0, 0), -20, -786, 892, 786 + 143 + 786, "landscape background")
        // a scroll does not invalidate (no pinned headers in a grouped list)
        let scroll = app.post(#"{"bounds":{"x":0,"y":40,"width":393,"height":852}}"#, target: "/layout/\(a.id)/invalidate")
        #expect((try JSONSerialization.jsonObject(with: Data(scroll.body)) as? [String: Any])?["invalidated"] as? Bool == false)
    }

    /// An empty list section keeps its insets, header and footer (as ordinary compositional
    /// sections do); interSectionSpacing skips it (R40).
    @Test func emptySectionKeepsItsSpacing() {
        let a = app.list(#"{"collectionView":{"width":375,"height":812,"scale":2},"layout":{"type":"list","list":{"appearance":"grouped"},"configuration":{"interSectionSpacing":5}},"sections":[{"numberOfItems":1},{"numberOfItems":0},{"numberOfItems":1}]}"#)
        // 35 + 44 + 17.5 | 17.5 + 17.5 (empty) | + 5 (between the two sections with items) + 17.5 + 44 + 20
        expectFrame(a.frame(ListAnswer.background, 1, 0), 0, 96.5, 375, 35, "the empty section's background")
        expectFrame(a.frame(nil, 2, 0), 0, 154, 375, 44, "row 2,0: 131.5 + 5 + 17.5")
        #expect(a.contentSize.height == 218)
    }
}

/// Right to left (issue 17 item 3 on lists): every element is the mirror image of the
/// left-to-right answer (separators inset from the right), and so are the rounded rows.
@Suite struct ListRightToLeftTests {
    let app = LayoutApplication.make()

    @Test(arguments: ["insetGrouped", "plain", "sidebarPlain"])
    func rightToLeftIsTheMirrorImage(appearance: String) throws {
        func post(_ direction: String) -> ListAnswer {
            app.list(#"{"collectionView":{"width":393,"height":852,"scale":3,"layoutDirection":"\#(direction)"},"layout":{"type":"list","list":{"appearance":"\#(appearance)","headerMode":"firstItemInSection","footerMode":"supplementary","showsSeparators":true},"listEnvironment":{"includeSeparators":true}},"sections":[{"numberOfItems":3},{"numberOfItems":2}]}"#)
        }
        let ltr = post("leftToRight"), rtl = post("rightToLeft")
        #expect(ltr.status == 200 && rtl.status == 200, "\(rtl.text.prefix(300))")
        #expect(ltr.elements.count == rtl.elements.count && !ltr.elements.isEmpty)
        for e in ltr.elements {
            let kind = e["kind"] as? String
            let ip = e["indexPath"] as? [Int] ?? []
            let f = e["frame"] as? [String: Double] ?? [:]
            let (x, w) = (f["x"] ?? .nan, f["width"] ?? .nan)
            let mirrored = rtl.frame(kind, ip[0], ip[1])
            #expect(mirrored.map { abs($0.minX - (393 - x - w)) < 1e-9 && $0.width == w } == true,
                    "\(kind ?? "cell") \(ip): \(String(describing: mirrored)) vs x \(x) w \(w)")
        }
    }

    /// The safe area stays where the screen has it: rows keep clear of a left safe area in both
    /// directions, but right to left the separators are inset from the right (leading) edge.
    @Test func safeAreaIsPhysicalSeparatorInsetsAreLeading() {
        func post(_ direction: String) -> ListAnswer {
            app.list(#"{"collectionView":{"width":393,"height":852,"scale":3,"layoutDirection":"\#(direction)","safeAreaInsets":{"left":10}},"layout":{"type":"list","list":{"appearance":"insetGrouped"},"listEnvironment":{"includeSeparators":true}},"sections":[{"numberOfItems":2}]}"#)
        }
        let ltr = post("leftToRight"), rtl = post("rightToLeft")
        expectFrame(ltr.frame(nil, 0, 0), 26, 35, 351, 44, "left to right: 16 + 10 on the left")
        expectFrame(rtl.frame(nil, 0, 0), 26, 35, 351, 44, "right to left: the same physical place")
        expectFrame(ltr.frame(ListAnswer.bottomSeparator, 0, 0), 42, 79 - 1.0 / 3, 335, 1.0 / 3, "inset 16 from the left")
        expectFrame(rtl.frame(ListAnswer.bottomSeparator, 0, 0), 26, 79 - 1.0 / 3, 335, 1.0 / 3, "inset 16 from the right")
    }
}
