import Testing
@testable import LayoutEngine

/// spec §9: invalid sizes are laid out anyway and reported with UIKit's console text.
@Suite struct FlowWarningTests {
    static let widthMessage = """
        The behavior of the UICollectionViewFlowLayout is not defined because:
        the item width must be less than the width of the UICollectionView minus the section insets left and right values, minus the content insets left and right values.
        Make a symbolic breakpoint at UICollectionViewFlowLayoutBreakForInvalidSizes to catch this in the debugger.
        """
    static let widthDelegateMessage = """
        The behavior of the UICollectionViewFlowLayout is not defined because:
        the item width must be less than the width of the UICollectionView minus the section insets left and right values, minus the content insets left and right values.
        Please check the values returned by the delegate.
        Make a symbolic breakpoint at UICollectionViewFlowLayoutBreakForInvalidSizes to catch this in the debugger.
        """
    static let heightDelegateMessage = """
        The behavior of the UICollectionViewFlowLayout is not defined because:
        the item height must be less than the height of the UICollectionView minus the section insets top and bottom values, minus the content insets top and bottom values.
        Please check the values returned by the delegate.
        Make a symbolic breakpoint at UICollectionViewFlowLayoutBreakForInvalidSizes to catch this in the debugger.
        """

    @Test func fixedSectionWarnsOncePerSectionWithoutTheDelegateLine() {
        let layout = FlowLayout.layout(.make(sections: [.make(count: 3, size: sz(321, 50))]))
        #expect(layout.warnings == [LayoutWarning(code: "ITEM_TOO_WIDE", message: Self.widthMessage,
                                                  indexPath: IndexPath(section: 0, item: 0))])
        #expect(layout.attributes.count == 3)
    }

    @Test func perItemSectionWarnsForEachOverWideItemWithTheDelegateLine() {
        let layout = FlowLayout.layout(.make(sections: [
            .make(count: 1),
            .make(sizes: [sz(400, 50), sz(100, 50), sz(330, 20)]),
        ]))
        #expect(layout.warnings == [
            LayoutWarning(code: "ITEM_TOO_WIDE", message: Self.widthDelegateMessage, indexPath: IndexPath(section: 1, item: 0)),
            LayoutWarning(code: "ITEM_TOO_WIDE", message: Self.widthDelegateMessage, indexPath: IndexPath(section: 1, item: 2)),
        ])
    }

    @Test func horizontalOverTallItemUsesTheHeightSentence() {
        let layout = FlowLayout.layout(.make(height: 250, direction: .horizontal,
                                             sections: [.make(sizes: [sz(50, 251), sz(60, 100)])]))
        #expect(layout.warnings == [LayoutWarning(code: "ITEM_TOO_TALL", message: Self.heightDelegateMessage,
                                                  indexPath: IndexPath(section: 0, item: 0))])
    }

    @Test(arguments: [
        (FlowSection.make(count: 2, size: sz(320, 50)), Insets.zero),
        (.make(count: 2, size: sz(300, 50), inset: ins(0, 10, 0, 10)), .zero),
        (.make(sizes: [sz(300, 50), sz(280, 40)], inset: ins(0, 10, 0, 10)), .zero),
        (.make(count: 1, size: sz(280, 50)), ins(0, 20, 0, 20)),
    ] as [(FlowSection, Insets)])
    func itemExactlyAsWideAsTheRoomIsValid(section: FlowSection, contentInset: Insets) {
        #expect(FlowLayout.layout(.make(contentInset: contentInset, sections: [section])).warnings.isEmpty)
    }

    @Test(arguments: [
        (FlowSection.make(count: 1, size: sz(300.5, 50), inset: ins(0, 10, 0, 10)), Insets.zero),
        (.make(count: 1, size: sz(290, 50)), ins(0, 20, 0, 20)),
    ] as [(FlowSection, Insets)])
    func sectionAndContentInsetsCountAgainstTheRoom(section: FlowSection, contentInset: Insets) {
        let layout = FlowLayout.layout(.make(contentInset: contentInset, sections: [section]))
        #expect(layout.warnings.map(\.code) == ["ITEM_TOO_WIDE"])
    }

    @Test func messagesAreUIKitsLinesJoinedByNewlines() {
        #expect(FlowLayoutMessages.invalidSize(vertical: false, perItemPath: false, at: IndexPath(section: 2, item: 5))
            == LayoutWarning(code: "ITEM_TOO_TALL", message: [
                "The behavior of the UICollectionViewFlowLayout is not defined because:",
                "the item height must be less than the height of the UICollectionView minus the section insets top and bottom values, minus the content insets top and bottom values.",
                "Make a symbolic breakpoint at UICollectionViewFlowLayoutBreakForInvalidSizes to catch this in the debugger.",
            ].joined(separator: "\n"), indexPath: IndexPath(section: 2, item: 5)))
    }
}
