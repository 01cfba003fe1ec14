import Testing
@testable import LayoutEngine

/// spec/flow-layout.md §14: the hand-worked examples, one test each (scale 2).
@Suite struct FlowWorkedExampleTests {
    @Test func example1UniformGridExactFit() {
        let layout = FlowLayout.layout(.make(sections: [.make(count: 5, size: sz(100, 100))]))
        #expect(layout.attributes.map(\.frame) == [
            rect(0, 0, 100, 100), rect(110, 0, 100, 100), rect(220, 0, 100, 100),
            rect(0, 110, 100, 100), rect(110, 110, 100, 100),
        ])
        #expect(layout.contentSize == sz(320, 210))
    }

    @Test func example2JustifiedWithExtraSpaceLastLineOnGrid() {
        let layout = FlowLayout.layout(.make(sections: [.make(count: 7, size: sz(90, 90))]))
        #expect(layout.attributes.map(\.frame) == grid(count: 7, xs: [0, 115, 230], pitch: 100, size: sz(90, 90)))
        #expect(layout.attributes[6].frame == rect(0, 200, 90, 90))
        #expect(layout.contentSize == sz(320, 290))
    }

    @Test func example3SectionInset() {
        let layout = FlowLayout.layout(.make(sections: [.make(count: 8, size: sz(90, 60), inset: ins(10, 15, 20, 15))]))
        #expect(layout.attributes.map(\.frame)
            == grid(count: 8, xs: [15, 115, 215], y0: 10, pitch: 70, size: sz(90, 60)))
        #expect(layout.contentSize == sz(320, 230))
    }

    @Test func example4HeaderAndFooter() {
        let layout = FlowLayout.layout(.make(sections: [.make(
            count: 4, size: sz(100, 100), inset: ins(10, 10, 10, 10), header: sz(0, 40), footer: sz(0, 30))]))
        #expect(layout.attributes.map(\.frame) == [
            rect(0, 0, 320, 40),
            rect(10, 50, 100, 100), rect(210, 50, 100, 100), rect(10, 160, 100, 100), rect(210, 160, 100, 100),
            rect(0, 270, 320, 30),
        ])
        #expect(layout.attributes.first?.kind == .header)
        #expect(layout.attributes.last?.kind == .footer)
        #expect(layout.contentSize == sz(320, 300))
    }

    @Test func example5SingleWideItemIsCentered() {
        let layout = FlowLayout.layout(.make(sections: [.make(count: 1, size: sz(200, 100))]))
        #expect(layout.attributes.map(\.frame) == [rect(60, 0, 200, 100)])
        #expect(layout.contentSize == sz(320, 100))
    }

    @Test func example6SingleNarrowItemIsAtLeftInset() {
        let layout = FlowLayout.layout(.make(sections: [.make(count: 1, size: sz(100, 100))]))
        #expect(layout.attributes.map(\.frame) == [rect(0, 0, 100, 100)])
    }

    @Test func example7MixedHeightsOneLineCenteredVertically() {
        let layout = FlowLayout.layout(.make(sections: [.make(sizes: [sz(100, 50), sz(100, 100), sz(100, 30)])]))
        #expect(layout.attributes.map(\.frame) == [rect(0, 25, 100, 50), rect(110, 0, 100, 100), rect(220, 35, 100, 30)])
        #expect(layout.contentSize == sz(320, 100))
    }

    @Test func example8TagCloud() {
        let widths: [Double] = [120, 80, 150, 60, 200, 90]
        let layout = FlowLayout.layout(.make(sections: [.make(sizes: widths.map { sz($0, 40) }, line: 8, interitem: 8)]))
        #expect(layout.attributes.map(\.frame) == [
            rect(0, 0, 120, 40), rect(240, 0, 80, 40),
            rect(0, 48, 150, 40), rect(260, 48, 60, 40),
            rect(0, 96, 200, 40), rect(208, 96, 90, 40),
        ])
        #expect(layout.contentSize == sz(320, 136))
    }

    @Test func example9Horizontal() {
        let layout = FlowLayout.layout(.make(width: 320, height: 250, direction: .horizontal,
                                             sections: [.make(count: 5, size: sz(100, 100))]))
        #expect(layout.attributes.map(\.frame) == [
            rect(0, 0, 100, 100), rect(0, 150, 100, 100), rect(110, 0, 100, 100),
            rect(110, 150, 100, 100), rect(220, 0, 100, 100),
        ])
        #expect(layout.contentSize == sz(320, 250))
    }

    @Test(arguments: [(2.0, [0.0, 86.5, 173.5, 260.0]), (3.0, [0.0, 260.0 / 3, 520.0 / 3, 260.0])] as [(Double, [Double])])
    func example10RoundingOfOrigins(scale: Double, xs: [Double]) {
        let layout = FlowLayout.layout(.make(scale: scale, sections: [.make(count: 4, size: sz(60, 60))]))
        #expect(layout.attributes.map(\.frame) == xs.map { rect($0, 0, 60, 60) })
    }

    @Test func example11ContentInsetShrinksReferenceDimension() {
        let layout = FlowLayout.layout(.make(contentInset: ins(0, 20, 0, 20),
                                             sections: [.make(count: 3, size: sz(100, 100))]))
        #expect(layout.attributes.map(\.frame) == [rect(0, 0, 100, 100), rect(180, 0, 100, 100), rect(0, 110, 100, 100)])
        #expect(layout.contentSize == sz(280, 210))
    }

    @Test func example12EmptySectionBetweenKeepsHeaderInsetsFooter() {
        let section = { (count: Int) in
            FlowSection.make(count: count, size: sz(100, 100), inset: ins(10, 10, 10, 10),
                             header: sz(0, 20), footer: sz(0, 15))
        }
        let layout = FlowLayout.layout(.make(sections: [section(2), section(0)]))
        #expect(layout.attributes.map(\.frame) == [
            rect(0, 0, 320, 20), rect(10, 30, 100, 100), rect(210, 30, 100, 100), rect(0, 140, 320, 15),
            rect(0, 155, 320, 20), rect(0, 195, 320, 15),
        ])
        #expect(layout.sections == [
            SectionGeometry(minScroll: 0, maxScroll: 155, headerIndex: 0, footerIndex: 3, cells: 1..<3),
            SectionGeometry(minScroll: 155, maxScroll: 210, headerIndex: 4, footerIndex: 5, cells: 5..<5),
        ])
        #expect(layout.contentSize == sz(320, 210))
    }
}
