import Testing
@testable import LayoutEngine

/// spec §3 headers/footers, §6 rounding, §7 horizontal geometry, §8 section inset reference, §10 content size.
@Suite struct FlowGeometryTests {
    // MARK: §3 headers and footers

    @Test func verticalHeaderIsFullWidthWhateverItsReferenceWidth() {
        let layout = FlowLayout.layout(.make(sections: [.make(count: 1, inset: ins(0, 30, 0, 30), header: sz(100, 40))]))
        #expect(layout.attributes.map(\.frame) == [rect(0, 0, 320, 40), rect(30, 40, 50, 50)])
    }

    @Test func headerAndFooterOfZeroScrollExtentAreAbsent() {
        let layout = FlowLayout.layout(.make(sections: [.make(count: 1, header: sz(320, 0), footer: sz(320, 0))]))
        #expect(layout.attributes.map(\.category) == [.cell])
        #expect(layout.sections[0].headerIndex == nil && layout.sections[0].footerIndex == nil)
    }

    @Test func horizontalHeaderAndFooterUseTheReferenceWidth() {
        let section = FlowSection.make(count: 2, size: sz(100, 100), inset: ins(10, 5, 10, 7),
                                       header: sz(40, 0), footer: sz(30, 999))
        let layout = FlowLayout.layout(.make(height: 250, direction: .horizontal, sections: [section]))
        #expect(layout.attributes.map(\.frame) == [
            rect(0, 0, 40, 250), rect(45, 10, 100, 100), rect(45, 140, 100, 100), rect(152, 0, 30, 250),
        ])
        #expect(layout.contentSize == sz(182, 250))
    }

    @Test func horizontalHeaderWithOnlyAHeightIsAbsent() {
        let layout = FlowLayout.layout(.make(height: 250, direction: .horizontal, sections: [.make(count: 1, header: sz(0, 40))]))
        #expect(layout.attributes.map(\.category) == [.cell])
    }

    // MARK: §6 rounding

    @Test(arguments: [(2.0, true, 33.5, 53.5), (3.0, true, 100.0 / 3, 160.0 / 3), (2.0, false, 33.25, 53.25)]
                     as [(Double, Bool, Double, Double)])
    func absoluteOriginsAreRoundedAfterSectionOffsets(scale: Double, rounds: Bool, headerY: Double, itemY: Double) {
        let layout = FlowLayout.layout(.make(scale: scale, rounds: rounds, sections: [
            .make(count: 1, size: sz(10, 33.25)), .make(count: 1, size: sz(10, 10.3), header: sz(0, 20)),
        ]))
        #expect(layout.attributes.map(\.frame) == [rect(0, 0, 10, 33.25), rect(0, headerY, 320, 20), rect(0, itemY, 10, 10.3)])
        #expect(layout.contentSize == sz(320, 63.55))
    }

    @Test(arguments: [(2.0, true, -40.5), (3.0, true, -121.0 / 3), (2.0, false, -40.25)] as [(Double, Bool, Double)])
    func negativeOriginsRoundHalfAwayFromZero(scale: Double, rounds: Bool, x: Double) {
        let layout = FlowLayout.layout(.make(scale: scale, rounds: rounds, sections: [.make(count: 1, size: sz(400.5, 50))]))
        #expect(layout.attributes.map(\.frame) == [rect(x, 0, 400.5, 50)])
    }

    @Test func positiveHalfPixelRoundsUp() {
        let layout = FlowLayout.layout(.make(sections: [.make(count: 1, size: sz(100, 50), inset: ins(0.25, 0.25, 0, 0))]))
        #expect(layout.attributes.map(\.frame) == [rect(0.5, 0.5, 100, 50)])
    }

    @Test func roundingOffKeepsRawColumns() {
        let layout = FlowLayout.layout(.make(rounds: false, sections: [.make(count: 4, size: sz(60, 60))]))
        let pitch = 60 + 80.0 / 3
        #expect(layout.attributes.map(\.frame) == (0..<4).map { rect(pitch * Double($0), 0, 60, 60) })
    }

    @Test func zeroScaleDisablesRounding() {
        let layout = FlowLayout.layout(.make(scale: 0, sections: [.make(count: 1, size: sz(400.5, 50))]))
        #expect(layout.attributes.map(\.frame) == [rect(-40.25, 0, 400.5, 50)])
        #expect(layout.pinning.scale == 0)
    }

    // MARK: §8 sectionInsetReference

    @Test func contentInsetReferenceIgnoresSafeAreaAndMargins() {
        let layout = FlowLayout.layout(.make(safeArea: ins(20, 44, 34, 44), layoutMargins: ins(8, 16, 8, 16),
                                             sections: [.make(count: 2, size: sz(100, 100))]))
        #expect(layout.attributes.map(\.frame) == [rect(0, 0, 100, 100), rect(110, 0, 100, 100)])
        #expect(layout.contentSize == sz(320, 100))
    }

    @Test func safeAreaReferenceInsetsSectionsAndAddsExtraStartAndEnd() {
        let layout = FlowLayout.layout(.make(safeArea: ins(20, 44, 34, 44), insetReference: .fromSafeArea,
                                             sections: [.make(count: 2, size: sz(100, 100))]))
        #expect(layout.attributes.map(\.frame) == [rect(44, 20, 100, 100), rect(176, 20, 100, 100)])
        #expect(layout.sections[0].minScroll == 20 && layout.sections[0].maxScroll == 120)
        #expect(layout.contentSize == sz(320, 154))
    }

    @Test func safeAreaAlreadyInTheAdjustedContentInsetAddsNoExtra() {
        let layout = FlowLayout.layout(.make(contentInset: ins(20, 0, 34, 0), safeArea: ins(20, 44, 34, 44),
                                             insetReference: .fromSafeArea, sections: [.make(count: 2, size: sz(100, 100))]))
        #expect(layout.attributes.map(\.frame) == [rect(44, 0, 100, 100), rect(176, 0, 100, 100)])
        #expect(layout.contentSize == sz(320, 100))
    }

    @Test func layoutMarginsReferenceSubtractsTheContentInset() {
        let layout = FlowLayout.layout(.make(contentInset: ins(0, 10, 0, 10), layoutMargins: ins(8, 16, 8, 16),
                                             insetReference: .fromLayoutMargins,
                                             sections: [.make(count: 2, size: sz(100, 50), inset: ins(0, 4, 0, 0))]))
        #expect(layout.attributes.map(\.frame) == [rect(10, 8, 100, 50), rect(194, 8, 100, 50)])
        #expect(layout.contentSize == sz(300, 66))
    }

    @Test func referenceInsetsSmallerThanTheContentInsetClampAtZero() {
        let layout = FlowLayout.layout(.make(contentInset: ins(30, 30, 30, 30), layoutMargins: ins(8, 16, 8, 16),
                                             insetReference: .fromLayoutMargins,
                                             sections: [.make(count: 2, size: sz(100, 50))]))
        #expect(layout.attributes.map(\.frame) == [rect(0, 0, 100, 50), rect(160, 0, 100, 50)])
        #expect(layout.contentSize == sz(260, 50))
    }

    @Test func horizontalSafeAreaReferenceUsesTopBottomAcrossAndLeftRightAlong() {
        let layout = FlowLayout.layout(.make(height: 250, safeArea: ins(20, 44, 20, 44), direction: .horizontal,
                                             insetReference: .fromSafeArea, sections: [.make(count: 2, size: sz(100, 100))]))
        #expect(layout.attributes.map(\.frame) == [rect(44, 20, 100, 100), rect(44, 130, 100, 100)])
        #expect(layout.contentSize == sz(188, 250))
    }

    // MARK: §10 content size

    @Test func shortContentIsReportedAsIsWithCrossDimensionD() {
        let layout = FlowLayout.layout(.make(height: 1000, sections: [.make(count: 1)]))
        #expect(layout.contentSize == sz(320, 50))
    }

    @Test func horizontalContentSizeIsSumOfSectionWidthsByD() {
        let layout = FlowLayout.layout(.make(height: 250, contentInset: ins(25, 0, 25, 0), direction: .horizontal,
                                             sections: [.make(count: 3, size: sz(100, 100)), .make(count: 1, size: sz(30, 30))]))
        #expect(layout.attributes.map(\.frame) == [
            rect(0, 50, 100, 100), rect(110, 50, 100, 100), rect(220, 50, 100, 100), rect(320, 0, 30, 30),
        ])
        #expect(layout.contentSize == sz(350, 200))
    }
}
