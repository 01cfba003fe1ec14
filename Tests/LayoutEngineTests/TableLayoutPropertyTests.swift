@testable import LayoutEngine
import Testing
import TestSupport

/// Properties every table layout has, over random tables (styles, per-row and automatic heights,
/// measured rows and headers, title and explicit headers and footers, table views, separators,
/// right to left): the pre-count the element cap is checked with is exact, sections are stacked
/// with nothing between them, rows are contiguous and UIKit's float heights, the content ends
/// where T19 says; a floating header or footer never leaves the rules of its behaviour; the
/// positional invalidation diff names exactly the elements that changed.
@Suite struct TableLayoutPropertyTests {
    static func table(_ rng: inout Seeded) -> TableConfiguration {
        let style = TableStyle.allCases[rng.int(3)]
        var cv = CollectionViewMetrics(width: rng.value(320, 1024), height: rng.value(400, 900), scale: Double(2 + rng.int(2)),
                                       contentInset: Insets(top: rng.chance(30) ? 103 : 0, left: 0, bottom: rng.chance(30) ? 34 : 0, right: 0),
                                       safeAreaInsets: Insets(top: 0, left: rng.chance(20) ? 59 : 0, bottom: 0, right: rng.chance(20) ? 47 : 0),
                                       layoutDirection: rng.chance(15) ? .rightToLeft : .leftToRight)
        cv.readableContentInsets = rng.chance(20) ? Insets(top: 0, left: 100, bottom: 0, right: 100) : nil
        var c = TableConfiguration(collectionView: cv, style: style, sections: [])
        c.rowHeight = rng.chance(40) ? rng.value(20, 90) : -1
        c.estimatedRowHeight = [-1, 0, rng.value(0.5, 120)][rng.int(3)]
        c.sectionHeaderHeight = rng.chance(20) ? rng.value(0, 40) : -1
        c.sectionFooterHeight = rng.chance(20) ? rng.value(0, 40) : -1
        c.estimatedSectionHeaderHeight = rng.chance(15) ? 0 : -1
        c.sectionHeaderTopPadding = [-1, 0, 10][rng.int(3)]
        c.tableHeaderHeight = rng.chance(25) ? rng.value(0, 120) : nil
        c.tableFooterHeight = rng.chance(25) ? rng.value(0, 60) : nil
        c.cellLayoutMarginsFollowReadableWidth = rng.chance(20)
        c.environment.includeSeparators = rng.chance(40)
        c.environment.generation = rng.chance(30) ? .ios26 : .ios15to18
        for _ in 0..<rng.int(6) {
            let n = rng.chance(10) ? 0 : rng.int(30)
            let perRow: [Double?]? = rng.chance(30) ? (0..<n).map { _ in rng.chance(30) ? nil : (rng.chance(20) ? -1 : rng.value(0, 120)) } : nil
            var s = TableSection(numberOfRows: n, rowHeights: perRow, hasHeaderTitle: rng.chance(40),
                                 headerHeight: rng.chance(30) ? [0, 2.2250738585072014e-308, rng.value(1, 50)][rng.int(3)] : nil,
                                 hasFooterTitle: rng.chance(30), footerHeight: rng.chance(20) ? rng.value(0, 40) : nil)
            for i in 0..<n where rng.chance(20) { s.setMeasuredRow(i, rng.value(10, 200), rowHeight: c.rowHeight) }
            if rng.chance(20) { s.measuredHeaderHeight = rng.value(10, 60) }
            s.dropUnusedMeasurements(in: c)
            c.sections.append(s)
        }
        return c
    }

    @Test(arguments: 0..<200)
    func structure(_ seed: Int) {
        var rng = Seeded(state: UInt64(seed) &* 0x9E37_79B9)
        let c = Self.table(&rng)
        let layout = TableLayout.layout(c)
        #expect(layout.attributes.count == c.elementCount, "the cap's pre-count is exact")
        #expect(layout.sections.count == c.sections.count)
        for (k, s) in layout.sections.enumerated() {
            if k > 0 { #expect(s.minScroll == layout.sections[k - 1].maxScroll, "sections \(k - 1) and \(k) touch") }
            #expect(s.cells.count == c.sections[k].numberOfRows)
            var y: Double?
            for i in s.cells {
                let f = layout.attributes[i].frame
                #expect(f.height == Double(Float(f.height)), "row heights are floats")
                // Contiguous up to rounding: UIKit places a row at section offset + relative
                // offset, not at the previous row's maxY, so the two can differ in the last bit.
                if let y { #expect(abs(f.minY - y) < 1e-9, "rows are contiguous") }
                y = f.maxY
                #expect(f.minY >= s.minScroll && f.maxY <= s.maxScroll + 1e-9)
            }
        }
        let grouped = c.style.isGroupedLike
        let bottom = grouped && !((c.tableFooterHeight ?? 0) > 0) ? 20.0 : 0
        let headerHeight = c.tableHeaderHeight ?? 0
        let end = layout.sections.last?.maxScroll ?? ((grouped && !(headerHeight > 0) ? 35 : 0) + headerHeight)
        #expect(abs(layout.contentSize.height - (end + (c.tableFooterHeight ?? 0) + bottom)) < 1e-9, "T19")
        // Right to left is the mirror image of the same table left to right with its physical insets.
        var ltr = c
        ltr.collectionView.layoutDirection = .leftToRight
        let mirrored = TableDefinition(c).layoutDirection == .rightToLeft ? (try? TableDefinition(c).directedLayout()) : nil
        if let mirrored {
            // Rows, headers and footers keep their physical place (the insets are physical).
            let plain = TableLayout.layout(ltr)
            for (a, b) in zip(mirrored.attributes, plain.attributes) where a.category != .decorationView {
                #expect(abs(a.frame.minX - b.frame.minX) < 1e-9 && a.frame.width == b.frame.width && a.frame.minY == b.frame.minY)
            }
        }
    }

    /// T16 in both behaviours, over random visible rects: a floating header never rises above
    /// its natural place or below the visible top; pushed, it stays above its section's end;
    /// overlapped, it is at the visible top exactly while the next header is below it.
    @Test(arguments: 0..<100)
    func floating(_ seed: Int) {
        var rng = Seeded(state: UInt64(seed) &* 0x51_7CC1)
        var c = Self.table(&rng)
        c.style = .plain
        let layout = TableLayout.layout(c)
        let push = c.pinningBehavior == .push
        for _ in 0..<20 {
            let offset = rng.value(-100, max(1, layout.contentSize.height))
            let visible = Rect(x: 0, y: offset, width: c.collectionView.width, height: c.collectionView.height)
            let y0 = visible.minY + c.collectionView.contentInset.top
            for (k, s) in layout.sections.enumerated() {
                guard let h = s.headerIndex else { continue }
                let natural = layout.attributes[h].frame
                let f = layout.floatingTableHeaderFrame(h, behavior: c.pinningBehavior, visible: visible)
                #expect(f.minY >= natural.minY)
                guard natural.height > 0, f.minY > natural.minY else { continue }
                if push {
                    let end = s.footerIndex.map { layout.attributes[$0].frame.minY } ?? s.maxScroll
                    #expect(f.maxY <= end + 1e-9, "pushed up by the end of section \(k)")
                    #expect(f.minY <= y0 + 1e-9)
                } else {
                    #expect(abs(f.minY - y0) < 1e-9)
                    if k + 1 < layout.sections.count {
                        let next = layout.sections[k + 1].headerIndex.map { layout.attributes[$0].frame.minY } ?? layout.sections[k + 1].minScroll
                        #expect(next > y0, "floating only until the next header arrives")
                    }
                }
            }
        }
    }

    /// The positional diff names exactly the elements whose frame, zIndex or estimated flag
    /// changed, in section order, when a measured row or header changes a random table.
    @Test(arguments: 0..<100)
    func invalidationNamesWhatChanged(_ seed: Int) {
        var rng = Seeded(state: UInt64(seed) &* 0xA076_1D64)
        var c = Self.table(&rng)
        c.rowHeight = -1
        guard let s = c.sections.indices.first(where: { c.sections[$0].numberOfRows > 0 }) else { return }
        let before = TableLayout.layout(c)
        c.sections[s].setMeasuredRow(rng.int(c.sections[s].numberOfRows), rng.value(10, 200), rowHeight: -1)
        let after = TableLayout.layout(c)
        let context = LayoutInvalidation.diff(old: before, new: after)
        var cells: [IndexPath] = [], headers: [IndexPath] = [], footers: [IndexPath] = [], others = 0
        for (a, b) in zip(before.attributes, after.attributes) where a != b {
            switch (b.category, b.kind) {
            case (.cell, _): cells.append(b.indexPath)
            case (.supplementaryView, .header?) where !b.isGlobal: headers.append(b.indexPath)
            case (.supplementaryView, .footer?) where !b.isGlobal: footers.append(b.indexPath)
            default: others += 1
            }
        }
        #expect(context.invalidatedItemIndexPaths == cells)
        #expect(context.invalidatedHeaderIndexPaths == headers)
        #expect(context.invalidatedFooterIndexPaths == footers)
        #expect(context.invalidatedOtherElements.count == others)
        #expect(context.invalidatedOtherElements == context.invalidatedOtherElements.sorted())
    }
}
