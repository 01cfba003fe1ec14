import LayoutEngine
import Testing

/// Self-sizing (R4, R5): measured sizes replace estimates; later repetitions move.
@Suite struct CompositionalSelfSizingTests {
    /// Estimated list rows (fw 1 x est 44 in groups fw 1 x est 44), 5 items; item 2 measures
    /// 80 high. Its group takes its child's height (R5), so items 3 and 4 move down 36:
    /// y = 0, 44, 88 (h 80), 168, 212; content 256. Cells 2-4 are invalidated; the content grows 36.
    @Test func measuredRowMovesLaterRows() throws {
        let g = Comp.group(.horizontal, .fractionalWidth(1), .estimated(44), [Comp.item(.fractionalWidth(1), .estimated(44))])
        let c = Comp.config([CompositionalSection(group: g)], [5])
        let before = try CompositionalLayout.layout(c)
        #expect(before.attributes.allSatisfy { $0.isEstimated })
        let result = try CompositionalLayout.selfSize(c, previous: before, preferredSizes: [IndexPath(section: 0, item: 2): Size(width: 390, height: 80)])
        #expect(Comp.cells(result.layout) == [Comp.r(0, 0, 390, 44), Comp.r(0, 44, 390, 44), Comp.r(0, 88, 390, 80),
                                              Comp.r(0, 168, 390, 44), Comp.r(0, 212, 390, 44)])
        #expect(result.layout.attributes.map(\.isEstimated) == [true, true, false, true, true])
        #expect(result.layout.contentSize.height == 256)
        #expect(result.context.invalidatedItemIndexPaths == [2, 3, 4].map { IndexPath(section: 0, item: $0) })
        #expect(result.context.contentSizeAdjustment == Size(width: 0, height: 36))
        #expect(result.configuration.preferredSizes.count == 1)
    }

    /// The width of a fw-1 item is not estimated: a measured width is ignored; only the height applies.
    @Test func onlyEstimatedAxesTakeTheMeasuredSize() throws {
        let g = Comp.group(.horizontal, .fractionalWidth(1), .estimated(44), [Comp.item(.fractionalWidth(1), .estimated(44))])
        var c = Comp.config([CompositionalSection(group: g)], [2])
        c.preferredSizes = [IndexPath(section: 0, item: 0): Size(width: 100, height: 60)]
        #expect(Comp.cells(try CompositionalLayout.layout(c)) == [Comp.r(0, 0, 390, 60), Comp.r(0, 60, 390, 44)])
    }

    /// Two estimated items per row (fw 0.5 x est 50) in a row group of est 50: item 1 measures
    /// 70, so row 0 is 70 high (the union) and row 1 starts at 70 (+ interGroupSpacing 10 = 80).
    @Test func estimatedRowTakesItsTallestChild() throws {
        let g = Comp.group(.horizontal, .fractionalWidth(1), .estimated(50), [Comp.item(.fractionalWidth(0.5), .estimated(50))])
        var c = Comp.config([CompositionalSection(group: g, interGroupSpacing: 10)], [4])
        c.preferredSizes = [IndexPath(section: 0, item: 1): Size(width: 195, height: 70)]
        #expect(Comp.cells(try CompositionalLayout.layout(c)) == [Comp.r(0, 0, 195, 50), Comp.r(195, 0, 195, 70),
                                                                  Comp.r(0, 80, 195, 50), Comp.r(195, 80, 195, 50)])
    }
}
