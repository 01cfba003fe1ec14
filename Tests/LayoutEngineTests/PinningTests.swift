import Testing
@testable import LayoutEngine
import TestSupport

/// Stacked sections of a 2-column grid (155x50 cells, 10 pt apart) with optional header/footer.
enum PinningFixture {
    struct SectionSpec { var header: Double; var cells: Int; var footer: Double }

    static func layout(_ specs: [SectionSpec], direction: ScrollDirection = .vertical, pinning: Pinning) -> Layout {
        var attributes: [LayoutAttributes] = []
        var sections: [SectionGeometry] = []
        var start = 0.0
        // Frames are built vertically and transposed for horizontal scrolling.
        func place(_ rect: Rect) -> Rect {
            direction == .vertical ? rect : Rect(x: rect.minY, y: rect.minX, width: rect.height, height: rect.width)
        }
        for (s, spec) in specs.enumerated() {
            let sectionStart = start
            var headerIndex: Int?
            if spec.header > 0 {
                headerIndex = attributes.count
                attributes.append(.header(section: s, place(Rect(x: 0, y: start, width: 320, height: spec.header))))
                start += spec.header
            }
            let firstCell = attributes.count
            for item in 0..<spec.cells {
                let frame = Rect(x: Double(item % 2) * 165, y: start + Double(item / 2) * 60, width: 155, height: 50)
                attributes.append(.cell(IndexPath(section: s, item: item), place(frame)))
            }
            start += Double((spec.cells + 1) / 2) * 60
            let cells = firstCell..<attributes.count
            var footerIndex: Int?
            if spec.footer > 0 {
                footerIndex = attributes.count
                attributes.append(.footer(section: s, place(Rect(x: 0, y: start, width: 320, height: spec.footer))))
                start += spec.footer
            }
            sections.append(SectionGeometry(minScroll: sectionStart, maxScroll: start, headerIndex: headerIndex,
                                            footerIndex: footerIndex, cells: cells))
        }
        let size = direction == .vertical ? Size(width: 320, height: start) : Size(width: start, height: 320)
        return Layout(scrollDirection: direction, contentSize: size, attributes: attributes, sections: sections,
                      pinning: pinning)
    }

    /// Section 0: header 40, 8 cells (rows at 40...220), footer 30 at 280; ends at 310.
    /// Section 1: header 40 at 310, 4 cells, footer 30 at 470; ends at 500.
    static func twoSections(direction: ScrollDirection = .vertical, pinning: Pinning) -> Layout {
        layout([SectionSpec(header: 40, cells: 8, footer: 30), SectionSpec(header: 40, cells: 4, footer: 30)],
               direction: direction, pinning: pinning)
    }
}

@Suite struct PinningTests {
    static let headersOnly = Pinning(headers: true, footers: false)

    private func header(_ result: [LayoutAttributes], section: Int) -> LayoutAttributes? {
        result.first { $0.kind == .header && $0.indexPath.section == section }
    }

    private func footer(_ result: [LayoutAttributes], section: Int) -> LayoutAttributes? {
        result.first { $0.kind == .footer && $0.indexPath.section == section }
    }

    @Test(arguments: [
        (visibleY: 0.0, headerY: 0.0),     // at rest: natural position
        (visibleY: 100, headerY: 100),     // pinned to the top of the visible rect
        (visibleY: 260, headerY: 240),     // pushed up: 240 + 40 + footer 30 = section end 310
        (visibleY: -50, headerY: 0),       // overscroll above the content: stays put
    ])
    func headerPinsToTheVisibleTopUntilItsSectionEnds(visibleY: Double, headerY: Double) {
        let layout = PinningFixture.twoSections(pinning: Self.headersOnly)
        let result = layout.attributes(in: Rect(x: 0, y: visibleY, width: 320, height: 200), index: SpatialIndex(layout))
        #expect(header(result, section: 0)?.frame == Rect(x: 0, y: headerY, width: 320, height: 40))
        #expect(header(result, section: 0)?.zIndex == 10)
    }

    @Test func headerOfASectionAboveTheVisibleRectIsNotReturned() {
        let layout = PinningFixture.twoSections(pinning: Self.headersOnly)
        let result = layout.attributes(in: Rect(x: 0, y: 320, width: 320, height: 100), index: SpatialIndex(layout))
        #expect(header(result, section: 0) == nil)
        #expect(header(result, section: 1)?.frame == Rect(x: 0, y: 320, width: 320, height: 40))
        // Element order: section 1's header first, then its cells under it.
        #expect(result.map(\.indexPath) == [IndexPath(section: 1, item: 0)] + (0..<4).map { IndexPath(section: 1, item: $0) })
        #expect(result.first?.kind == .header)
    }

    @Test func contentInsetMovesThePinnedHeaderBelowTheBar() {
        let pinning = Pinning(headers: true, footers: false, contentInset: Insets(top: 64, left: 0, bottom: 0, right: 0))
        let layout = PinningFixture.twoSections(pinning: pinning)
        let index = SpatialIndex(layout)
        let atRest = layout.attributes(in: Rect(x: 0, y: -64, width: 320, height: 568), index: index)
        #expect(header(atRest, section: 0)?.frame.minY == 0)
        let scrolled = layout.attributes(in: Rect(x: 0, y: 36, width: 320, height: 568), index: index)
        #expect(header(scrolled, section: 0)?.frame.minY == 100)
    }

    @Test(arguments: [(scale: 2.0, y: 100.5), (scale: 3.0, y: 301.0 / 3), (scale: 1.0, y: 100.0)])
    func pinnedOriginRoundsToTheScreenScale(scale: Double, y: Double) {
        let layout = PinningFixture.twoSections(pinning: Pinning(headers: true, footers: false, scale: scale))
        let result = layout.attributes(in: Rect(x: 0, y: 100.3, width: 320, height: 100), index: SpatialIndex(layout))
        #expect(header(result, section: 0)?.frame.minY == y)
    }

    @Test func pinnedOriginIsNotRoundedWhenRoundingIsOff() {
        let layout = PinningFixture.twoSections(pinning: Pinning(headers: true, footers: false, roundsToScreenScale: false))
        let result = layout.attributes(in: Rect(x: 0, y: 100.3, width: 320, height: 100), index: SpatialIndex(layout))
        #expect(header(result, section: 0)?.frame.minY == 100.3)
    }

    @Test(arguments: [
        (visibleY: 0.0, visibleHeight: 200.0, footerY: 170.0),  // pinned to the visible bottom
        (visibleY: 200, visibleHeight: 200, footerY: 280),      // natural position is higher
        (visibleY: -150, visibleHeight: 200, footerY: 40),      // raised to stay below the header
    ])
    func footerPinsToTheVisibleBottomButStaysBelowItsHeader(visibleY: Double, visibleHeight: Double, footerY: Double) {
        let layout = PinningFixture.twoSections(pinning: Pinning(headers: false, footers: true))
        let rect = Rect(x: 0, y: visibleY, width: 320, height: visibleHeight)
        let result = layout.attributes(in: rect, index: SpatialIndex(layout))
        #expect(footer(result, section: 0)?.frame == Rect(x: 0, y: footerY, width: 320, height: 30))
        #expect(footer(result, section: 0)?.zIndex == 10)
        #expect(result.filter { $0.kind != .footer }.allSatisfy { $0.zIndex == 0 })
    }

    @Test func horizontalHeaderPinsToTheVisibleLeftEdge() {
        let layout = PinningFixture.twoSections(direction: .horizontal, pinning: Self.headersOnly)
        let result = layout.attributes(in: Rect(x: 100, y: 0, width: 200, height: 320), index: SpatialIndex(layout))
        #expect(header(result, section: 0)?.frame == Rect(x: 100, y: 0, width: 40, height: 320))
    }

    @Test func pointQueryHitsThePinnedHeaderOnlyWithAVisibleRect() {
        let layout = PinningFixture.twoSections(pinning: Self.headersOnly)
        let index = SpatialIndex(layout)
        let tap = Point(x: 10, y: 110)
        let pinned = layout.attributes(containing: tap, index: index, visibleRect: Rect(x: 0, y: 100, width: 320, height: 400))
        #expect(pinned.map(\.kind) == [.header, nil])  // the header floats over cell 2
        #expect(pinned.last?.indexPath == IndexPath(section: 0, item: 2))
        let natural = layout.attributes(containing: tap, index: index, visibleRect: nil)
        #expect(natural.map(\.indexPath) == [IndexPath(section: 0, item: 2)])
        let atHeader = layout.attributes(containing: Point(x: 10, y: 10), index: index,
                                         visibleRect: Rect(x: 0, y: 100, width: 320, height: 400))
        #expect(atHeader.isEmpty)
    }

    @Test func withoutPinningQueriesReturnNaturalFrames() {
        let layout = PinningFixture.twoSections(pinning: .none)
        let result = layout.attributes(in: Rect(x: 0, y: 100, width: 320, height: 100), index: SpatialIndex(layout))
        #expect(result.map(\.frame.minY) == [100, 100, 160, 160])
    }

    @Test(arguments: [11, 12, 13, 14] as [UInt64])
    func pinnedQueriesMatchBruteForceOnRandomSections(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        let specs = (0..<Int.random(in: 1...40, using: &rng)).map { _ in
            PinningFixture.SectionSpec(header: [0, 0, 22.5, 40].randomElement(using: &rng) ?? 0,
                                       cells: Int.random(in: 0...30, using: &rng),
                                       footer: [0, 0, 15, 30.25].randomElement(using: &rng) ?? 0)
        }
        let direction: ScrollDirection = seed % 2 == 0 ? .vertical : .horizontal
        let pinning = Pinning(headers: seed != 13, footers: seed != 12, scale: 3,
                              contentInset: Insets(top: 20, left: 10, bottom: 34, right: 5))
        let layout = PinningFixture.layout(specs, direction: direction, pinning: pinning)
        let index = SpatialIndex(layout)
        let extent = direction == .vertical ? layout.contentSize.height : layout.contentSize.width
        for _ in 0..<300 {
            let along = Double.random(in: -100...(extent + 100), using: &rng)
            let length = Double.random(in: 0...700, using: &rng)
            let rect = direction == .vertical ? Rect(x: 0, y: along, width: 320, height: length)
                : Rect(x: along, y: 0, width: length, height: 320)
            #expect(layout.attributes(in: rect, index: index) == bruteForce(layout, rect))
            let point = Point(x: Double.random(in: 0...320, using: &rng), y: Double.random(in: 0...320, using: &rng))
            let tap = direction == .vertical ? Point(x: point.x, y: along + point.y) : Point(x: along + point.x, y: point.y)
            let expected = bruteForceAll(layout, visible: rect).filter { $0.frame.contains(tap) }
            #expect(layout.attributes(containing: tap, index: index, visibleRect: rect) == expected)
        }
    }

    /// Every element, pinned ones moved for `visible`, in element order.
    private func bruteForceAll(_ layout: Layout, visible: Rect) -> [LayoutAttributes] {
        var all = layout.attributes.array
        for section in layout.sections {
            if layout.pinning.headers, let header = section.headerIndex {
                all[header].frame = layout.pinnedHeaderFrame(section: section, headerIndex: header, visible: visible)
                all[header].zIndex = 10
            }
            if layout.pinning.footers, let footer = section.footerIndex {
                all[footer].frame = layout.pinnedFooterFrame(section: section, footerIndex: footer, visible: visible)
                all[footer].zIndex = 10
            }
        }
        return all
    }

    private func bruteForce(_ layout: Layout, _ rect: Rect) -> [LayoutAttributes] {
        bruteForceAll(layout, visible: rect).filter { $0.frame.intersects(rect) }
    }
}
