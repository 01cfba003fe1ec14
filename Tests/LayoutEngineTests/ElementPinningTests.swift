import Testing
@testable import LayoutEngine

/// Per-element pinning (compositional `pinToVisibleBounds`, R31) through the same queries as the
/// flow layout's section-wide pinning: the element is clamped to the visible top while its
/// section is visible, keeps its own zIndex, and is reported once.
@Suite struct ElementPinningTests {
    static let badge = SupplementaryKind(rawValue: 2)
    static let sectionHeader = SupplementaryKind(rawValue: 3)
    static let layoutHeader = SupplementaryKind(rawValue: 4)

    /// Optional global header (50, pinned) then two sections: a 44 pt pinned header of kind
    /// `section-header` (zIndex 2) and 4 cells of 50 pt; the first section's header does not pin
    /// when `pinFirst` is false.
    static func layout(global: Bool = false, pinFirst: Bool = true) -> Layout {
        var attributes: [LayoutAttributes] = []
        var sections: [SectionGeometry] = []
        var y = 0.0
        if global {
            attributes.append(.global(layoutHeader, index: 0, Rect(x: 0, y: 0, width: 390, height: 50), zIndex: 3, pinsToVisibleBounds: true))
            y = 50
        }
        for s in 0..<2 {
            let start = y
            let header = attributes.count
            attributes.append(.supplementary(sectionHeader, IndexPath(section: s, item: 0), Rect(x: 0, y: y, width: 390, height: 44),
                                             zIndex: 2, pinsToVisibleBounds: s > 0 || pinFirst))
            y += 44
            let first = attributes.count
            for item in 0..<4 {
                attributes.append(.cell(IndexPath(section: s, item: item), Rect(x: 0, y: y, width: 390, height: 50)))
                y += 50
            }
            sections.append(SectionGeometry(minScroll: start, maxScroll: y, headerIndex: header, footerIndex: nil, cells: first..<attributes.count))
        }
        var layout = Layout(contentSize: Size(width: 390, height: y), attributes: attributes, sections: sections,
                            pinning: Pinning(headers: false, footers: false, scale: 3),
                            elementKinds: Layout.defaultElementKinds + ["badge", "section-header", "layout-header"])
        layout.notePinnedElements()
        return layout
    }

    static func query(_ layout: Layout, y: Double, height: Double = 200) -> [LayoutAttributes] {
        layout.attributes(in: Rect(x: 0, y: y, width: 390, height: height), index: SpatialIndex(layout))
    }

    @Test func headerIsClampedToTheVisibleTopAndKeepsItsZIndex() {
        let result = Self.query(Self.layout(), y: 100)
        #expect(result.map(\.indexPath) == [
            IndexPath(section: 0, item: 0), IndexPath(section: 0, item: 1), IndexPath(section: 0, item: 2),
            IndexPath(section: 0, item: 3), IndexPath(section: 1, item: 0), IndexPath(section: 1, item: 0),
        ])
        #expect(result[0].kind == Self.sectionHeader)
        #expect(result[0].frame == Rect(x: 0, y: 100, width: 390, height: 44))
        #expect(result[0].zIndex == 2)
        // The next section's header is at rest: pinned frame == natural frame.
        #expect(result[4].frame == Rect(x: 0, y: 244, width: 390, height: 44))
    }

    @Test func headerIsPushedUpByTheEndOfItsSection() {
        let result = Self.query(Self.layout(), y: 220)
        #expect(result.first?.frame == Rect(x: 0, y: 200, width: 390, height: 44))
        #expect(result.filter { $0.kind == Self.sectionHeader }.count == 2)
    }

    @Test func anElementThatDoesNotPinStaysAtItsFrame() {
        let result = Self.query(Self.layout(pinFirst: false), y: 100)
        #expect(!result.contains { $0.kind == Self.sectionHeader && $0.indexPath.section == 0 })
        #expect(result.first?.indexPath == IndexPath(section: 0, item: 1))
    }

    @Test func globalHeaderPinsOverTheWholeContent() {
        let layout = Self.layout(global: true)
        let result = Self.query(layout, y: 400)
        let global = result.first { $0.isGlobal }
        #expect(global?.frame == Rect(x: 0, y: 400, width: 390, height: 50))
        #expect(global?.zIndex == 3)
        // Near the end of the content it stops at contentSize − its height.
        let end = Self.query(layout, y: layout.contentSize.height - 20, height: 20)
        #expect(end.first { $0.isGlobal }?.frame == Rect(x: 0, y: layout.contentSize.height - 50, width: 390, height: 50))
    }

    @Test func indexPathLookupUsesThePinnedFrame() {
        let layout = Self.layout()
        let pinned = layout.pinnedAttributes(at: 0, visibleRect: Rect(x: 0, y: 150, width: 390, height: 300))
        #expect(pinned?.frame == Rect(x: 0, y: 150, width: 390, height: 44))
        #expect(pinned?.zIndex == 2)
        let cell = layout.pinnedAttributes(at: 1, visibleRect: Rect(x: 0, y: 150, width: 390, height: 300))
        #expect(cell?.frame == Rect(x: 0, y: 44, width: 390, height: 50))
    }

    @Test func pinnedElementsInvalidateEveryScrollThatShowsThem() {
        let layout = Self.layout()
        #expect(layout.pinning.elements)
        #expect(BoundsChange.shouldInvalidate(old: Rect(x: 0, y: 0, width: 390, height: 300),
                                              new: Rect(x: 0, y: 10, width: 390, height: 300), layout: layout, rule: .widthChange))
        let flat = Self.layout(pinFirst: false)
        #expect(BoundsChange.shouldInvalidate(old: Rect(x: 0, y: 0, width: 390, height: 200),
                                              new: Rect(x: 0, y: 10, width: 390, height: 200), layout: flat, rule: .widthChange) == false)
    }
}
