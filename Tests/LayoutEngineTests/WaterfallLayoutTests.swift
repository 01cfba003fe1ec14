import Testing
@testable import LayoutEngine
import TestSupport

@Suite struct WaterfallLayoutTests {
    private func r(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect { Rect(x: x, y: y, width: w, height: h) }
    private func sizes(_ pairs: [(Double, Double)]) -> [Size] { pairs.map { Size(width: $0.0, height: $0.1) } }

    static let ch1Sizes: [(Double, Double)] = [(100, 150), (100, 100), (200, 100), (50, 100), (100, 100)]

    @Test func ch1ShortestColumnFirstWithLeftmostTieBreak() {
        let layout = WaterfallLayout.layout(WaterfallConfiguration(
            width: 320, sections: [WaterfallSection(itemSizes: sizes(Self.ch1Sizes))]))
        #expect(layout.attributes.map(\.frame) == [
            r(0, 0, 155, 232.5), r(165, 0, 155, 155), r(165, 165, 155, 77.5), r(0, 242.5, 155, 310), r(165, 252.5, 155, 155),
        ])
        #expect(layout.contentSize == Size(width: 320, height: 552.5))
        #expect(layout.attributes.map(\.indexPath.item) == [0, 1, 2, 3, 4])
    }

    @Test func ch1AtScaleOneHeightsFloorToWholePoints() {
        let layout = WaterfallLayout.layout(WaterfallConfiguration(
            width: 320, scale: 1, sections: [WaterfallSection(itemSizes: sizes(Self.ch1Sizes))]))
        #expect(layout.attributes.map(\.frame.height) == [232, 155, 77, 310, 155])
        #expect(layout.contentSize.height == 552)
    }

    @Test func ch2InsetsHeaderAndFooter() {
        let layout = WaterfallLayout.layout(WaterfallConfiguration(
            width: 320, sectionInset: Insets(top: 10, left: 10, bottom: 10, right: 10), headerHeight: 50, footerHeight: 30,
            sections: [WaterfallSection(itemSizes: sizes([(1, 1), (2, 1), (1, 2)]))]))
        #expect(layout.attributes.map(\.frame) == [
            r(0, 0, 320, 50), r(10, 60, 145, 145), r(165, 60, 145, 72.5), r(165, 142.5, 145, 290), r(0, 442.5, 320, 30),
        ])
        #expect(layout.attributes.map(\.kind) == [.header, nil, nil, nil, .footer])
        #expect(layout.contentSize == Size(width: 320, height: 472.5))
        #expect(layout.sections == [SectionGeometry(minScroll: 0, maxScroll: 472.5, headerIndex: 0, footerIndex: 4, cells: 1..<4)])
    }

    static let ch3Sizes: [(Double, Double)] = [(1, 1), (1, 2), (1, 1), (1, 1), (2, 1)]

    @Test(arguments: [
        (WaterfallItemRenderDirection.shortestFirst,
         [(0.0, 0.0), (127.5, 0), (255, 0), (0, 127.5), (255, 127.5)], 247.0),
        (.leftToRight, [(0, 0), (127.5, 0), (255, 0), (0, 127.5), (127.5, 247)], 306.5),
        (.rightToLeft, [(255, 0), (127.5, 0), (0, 0), (255, 127.5), (127.5, 247)], 306.5),
    ])
    func ch3RenderDirections(direction: WaterfallItemRenderDirection, origins: [(Double, Double)], height: Double) {
        let layout = WaterfallLayout.layout(WaterfallConfiguration(
            width: 375, columnCount: 3, minimumColumnSpacing: 8, minimumInteritemSpacing: 8,
            itemRenderDirection: direction, sections: [WaterfallSection(itemSizes: sizes(Self.ch3Sizes))]))
        #expect(layout.attributes.map(\.frame.origin) == origins.map { Point(x: $0.0, y: $0.1) })
        #expect(layout.attributes.map(\.frame.size) == [119.5, 239, 119.5, 119.5, 59.5].map { Size(width: 119.5, height: $0) })
        #expect(layout.contentSize.height == height)
    }

    @Test func ch4EmptySectionSubtractsTheSpacingItNeverAdded() {
        let inset = Insets(top: 10, left: 0, bottom: 10, right: 0)
        let empty = WaterfallLayout.layout(WaterfallConfiguration(
            width: 320, sectionInset: inset, sections: [WaterfallSection(itemSizes: [])]))
        #expect(empty.contentSize == Size(width: 320, height: 10))
        #expect(empty.attributes.isEmpty)
        let withFooter = WaterfallLayout.layout(WaterfallConfiguration(
            width: 320, sectionInset: inset, footerHeight: 20, sections: [WaterfallSection(itemSizes: [])]))
        #expect(withFooter.attributes.map(\.frame) == [r(0, 10, 320, 20)])
        #expect(withFooter.contentSize.height == 30)
    }

    @Test func ch5SecondSectionStartsAtTheFirstOnesEnd() {
        let layout = WaterfallLayout.layout(WaterfallConfiguration(
            width: 300, headerHeight: 20,
            sections: [WaterfallSection(itemSizes: sizes([(1, 1), (1, 1), (1, 1)])), WaterfallSection(itemSizes: sizes([(1, 1)]))]))
        #expect(layout.attributes.map(\.frame) == [
            r(0, 0, 300, 20), r(0, 20, 145, 145), r(155, 20, 145, 145), r(0, 175, 145, 145),
            r(0, 320, 300, 20), r(0, 340, 145, 145),
        ])
        #expect(layout.attributes.map(\.indexPath) == [
            IndexPath(section: 0, item: 0), IndexPath(section: 0, item: 0), IndexPath(section: 0, item: 1),
            IndexPath(section: 0, item: 2), IndexPath(section: 1, item: 0), IndexPath(section: 1, item: 0),
        ])
        #expect(layout.contentSize.height == 485)
        #expect(layout.sections.map(\.minScroll) == [0, 320])
        #expect(layout.sections.map(\.maxScroll) == [320, 485])
        #expect(layout.sections.map(\.cells) == [1..<4, 5..<6])
    }

    @Test func ch6ZeroSizedItemGetsNoHeightButAdvancesItsColumn() {
        let layout = WaterfallLayout.layout(WaterfallConfiguration(
            width: 320, sections: [WaterfallSection(itemSizes: sizes([(0, 100), (100, 50)]))]))
        #expect(layout.attributes.map(\.frame) == [r(0, 0, 155, 0), r(165, 0, 155, 77.5)])
        #expect(layout.contentSize.height == 77.5)
    }

    @Test func headerAndFooterInsetsSurroundTheirViews() {
        let layout = WaterfallLayout.layout(WaterfallConfiguration(
            width: 320, headerHeight: 40, footerHeight: 20,
            headerInset: Insets(top: 5, left: 8, bottom: 6, right: 12), footerInset: Insets(top: 3, left: 4, bottom: 7, right: 4),
            sections: [WaterfallSection(itemSizes: sizes([(1, 1)]))]))
        // Header at 5, items at 5 + 40 + 6 = 51, footer at 51 + 155 + 3 = 209, end 209 + 20 + 7 = 236.
        #expect(layout.attributes.map(\.frame) == [r(8, 5, 300, 40), r(0, 51, 155, 155), r(4, 209, 312, 20)])
        #expect(layout.contentSize.height == 236)
    }

    @Test func zeroHeightHeaderAddsOnlyItsTopInset() {
        let layout = WaterfallLayout.layout(WaterfallConfiguration(
            width: 320, headerInset: Insets(top: 5, left: 0, bottom: 6, right: 0),
            sections: [WaterfallSection(itemSizes: sizes([(1, 1)]))]))
        #expect(layout.attributes.map(\.frame) == [r(0, 5, 155, 155)])
    }

    @Test func perSectionOverridesReplaceTheLayoutProperties() {
        let layout = WaterfallLayout.layout(WaterfallConfiguration(
            width: 320, sections: [
                WaterfallSection(itemSizes: sizes([(1, 1), (1, 1)]), columnCount: 1, minimumInteritemSpacing: 4,
                                 inset: Insets(top: 0, left: 20, bottom: 0, right: 20), headerHeight: 10),
                WaterfallSection(itemSizes: sizes([(1, 1), (1, 1), (1, 1)]), columnCount: 3, minimumColumnSpacing: 1),
            ]))
        // Section 0: one 280-wide column; section 1 starts at 10 + 280 + 4 + 280 = 574.
        #expect(layout.attributes.map(\.frame) == [
            r(0, 0, 320, 10), r(20, 10, 280, 280), r(20, 294, 280, 280),
            r(0, 574, 106, 106), r(107, 574, 106, 106), r(214, 574, 106, 106),
        ])
    }

    @Test func minimumContentHeightAndNoSections() {
        let tall = WaterfallLayout.layout(WaterfallConfiguration(
            width: 320, minimumContentHeight: 1000, sections: [WaterfallSection(itemSizes: sizes([(1, 1)]))]))
        #expect(tall.contentSize == Size(width: 320, height: 1000))
        let none = WaterfallLayout.layout(WaterfallConfiguration(width: 320, minimumContentHeight: 1000, sections: []))
        #expect(none.contentSize == .zero)
    }

    @Test func moreColumnsThanItemsKeepTheirPositions() {
        let layout = WaterfallLayout.layout(WaterfallConfiguration(
            width: 320, columnCount: 4, minimumColumnSpacing: 0, itemRenderDirection: .rightToLeft,
            sections: [WaterfallSection(itemSizes: sizes([(1, 1), (1, 1)]))]))
        #expect(layout.attributes.map(\.frame) == [r(240, 0, 80, 80), r(160, 0, 80, 80)])
    }

    @Test func pinnedHeadersFollowTheVisibleRect() {
        let layout = WaterfallLayout.layout(WaterfallConfiguration(
            width: 320, headerHeight: 40, footerHeight: 20, sectionHeadersPinToVisibleBounds: true,
            sections: [WaterfallSection(itemSizes: Array(repeating: Size(width: 1, height: 1), count: 10)),
                       WaterfallSection(itemSizes: [Size(width: 1, height: 1)])]))
        #expect(layout.pinning == Pinning(headers: true, footers: false, scale: 2))
        // Section 0 spans 0...(40 + 5·165 − 10 + 20 = 875); the header stops at 875 − 20 − 40 = 815.
        let index = SpatialIndex(layout)
        let middle = layout.attributes(in: r(0, 300, 320, 400), index: index)
        #expect(middle.first?.frame == r(0, 300, 320, 40))
        #expect(middle.first?.zIndex == 10)
        let end = layout.attributes(in: r(0, 830, 320, 100), index: index)
        #expect(end.first(where: { $0.kind == .header && $0.indexPath.section == 0 })?.frame == r(0, 815, 320, 40))
    }

    @Test func randomWaterfallsAnswerRectQueriesLikeBruteForce() {
        var rng = SeededRandom(seed: 5)
        for _ in 0..<10 {
            let sections = (0..<Int.random(in: 1...5, using: &rng)).map { _ in
                WaterfallSection(itemSizes: (0..<Int.random(in: 0...300, using: &rng)).map { _ in
                    Size(width: Double.random(in: 0...200, using: &rng), height: Double.random(in: 0...400, using: &rng))
                }, columnCount: Int.random(in: 1...5, using: &rng))
            }
            let layout = WaterfallLayout.layout(WaterfallConfiguration(
                width: 375, scale: 3, headerHeight: 30, itemRenderDirection: .leftToRight, sections: sections))
            let index = SpatialIndex(layout)
            for _ in 0..<100 {
                let rect = r(0, Double.random(in: 0...layout.contentSize.height, using: &rng), 375, 667)
                #expect(layout.attributes(in: rect, index: index) == layout.attributes.filter { $0.frame.intersects(rect) })
            }
        }
    }
}
