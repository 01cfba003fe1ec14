import LayoutEngine
import Testing

/// What UIKit refuses, as engine errors: exact message and the wire request's JSON pointer.
@Suite struct CompositionalErrorTests {
    /// R13: a 150-pt item in a 100-pt group.
    @Test func firstSubitemThatDoesNotFit() throws {
        let g = Comp.group(.horizontal, .absolute(100), .absolute(50), [Comp.item(.absolute(150), .absolute(50))])
        let e = try #require(Comp.error(Comp.config([CompositionalSection(group: g)], [1])))
        #expect(e.code == "GROUP_CANNOT_FIT_ITEM")
        #expect(e.path == [InputPathStep].parse("/layout/sections/0/group/subitems/0/item/layoutSize/width"))
        #expect(e.message == "NSCollectionLayoutItem created with invalid combination of spacing and size specified. This group cannot fit even a single item. The first subitem needs 150 pt of width (with its edge spacing) but the group has 100 pt; make the subitem (or its edge spacing) smaller or the group larger.")
    }

    /// R7: UIKit's console text for a 32-pt-wide collection view with section insets 16 + 16
    /// (LiveContainer issue 1414), same size {32, 653}.
    @Test func noRoomQuotesUIKit() throws {
        var s = Comp.list()
        s.contentInsets = DirectionalInsets(leading: 16, trailing: 16)
        let e = try #require(Comp.error(Comp.config([s], [1], width: 32, height: 653)))
        #expect(e.path == [InputPathStep].parse("/layout/sections/0/contentInsets"))
        #expect(e.message.hasPrefix("There is no room for this NSCollectionLayoutGroup to fit into its parent group or section, or it has no room for any subitems itself. Inspect the parent and ensure the contentInsets ({0, 16, 0, 16}) do not result in a negative effectiveContentSize when applied to size: {32, 653}."))
    }

    /// A group's own insets leaving nothing: 100 wide, leading + trailing 50 + 50.
    @Test func groupInsetsWithoutRoom() throws {
        let g = Comp.group(.horizontal, .absolute(100), .absolute(50), [Comp.item(.absolute(10), .absolute(10))],
                           insets: DirectionalInsets(leading: 50, trailing: 50))
        let e = try #require(Comp.error(Comp.config([CompositionalSection(group: g)], [1])))
        #expect(e.path == [InputPathStep].parse("/layout/sections/0/group/contentInsets"))
        #expect(e.message.contains("contentInsets ({0, 50, 0, 50}) do not result in a negative effectiveContentSize when applied to size: {100, 50}."))
    }

    @Test func groupWithoutSubitems() throws {
        let g = Comp.group(.horizontal, .fractionalWidth(1), .absolute(50), [])
        let e = try #require(Comp.error(Comp.config([CompositionalSection(group: g)], [1])))
        #expect(e.code == "GROUP_WITHOUT_SUBITEMS")
        #expect(e.path == [InputPathStep].parse("/layout/sections/0/group/subitems"))
    }

    @Test func countMustBePositive() throws {
        let g = Comp.group(.horizontal, .fractionalWidth(1), .absolute(50), [Comp.item(.absolute(10), .absolute(10))], count: 0)
        let e = try #require(Comp.error(Comp.config([CompositionalSection(group: g)], [1])))
        #expect(e.path == [InputPathStep].parse("/layout/sections/0/group/count"))
        #expect(e.message == "count is 0; UIKit requires a count greater than 0 (this server accepts up to 10000).")
    }

    @Test func repeatingGroupNeedsExactlyOneSubitem() throws {
        let g = Comp.group(.horizontal, .fractionalWidth(1), .absolute(50), [Comp.item(.absolute(10), .absolute(10)), Comp.item(.absolute(10), .absolute(10))],
                           count: 2, kind: .repeating)
        let e = try #require(Comp.error(Comp.config([CompositionalSection(group: g)], [1])))
        #expect(e.code == "COUNT_NEEDS_ONE_SUBITEM")
        #expect(e.path == [InputPathStep].parse("/layout/sections/0/group/subitems"))
        #expect(e.message.hasPrefix("A group made with repeatingSubitem:count: has exactly one subitem, this one has 2."))
    }

    /// fw 0.0001 of 390 @3x: flpx(0.039) = 0 ⇒ a repeating item with no extent along the axis.
    @Test func repeatingItemWithZeroExtent() throws {
        let g = Comp.group(.horizontal, .fractionalWidth(1), .absolute(50), [Comp.item(.fractionalWidth(0.0001), .absolute(10))],
                           count: 3, kind: .repeating)
        let e = try #require(Comp.error(Comp.config([CompositionalSection(group: g)], [1])))
        #expect(e.code == "SUBITEM_ZERO_EXTENT")
        #expect(e.path == [InputPathStep].parse("/layout/sections/0/group/subitems/0/item/layoutSize/width"))
        #expect(e.message.hasPrefix("The subitem of this repeating NSCollectionLayoutGroup resolves to 0 pt along the group's axis (width)"))
    }

    /// R45: insets 30 + 30 on a 50-wide item give a −10-wide cell.
    @Test func invalidFrameQuotesUIKit() throws {
        let g = Comp.group(.horizontal, .fractionalWidth(1), .absolute(50), [Comp.item(.absolute(50), .absolute(50), insets: DirectionalInsets(leading: 30, trailing: 30))])
        let e = try #require(Comp.error(Comp.config([CompositionalSection(group: g)], [1])))
        #expect(e.path == [InputPathStep].parse("/layout/sections/0/group/subitems/0/item/contentInsets"))
        #expect(e.message.hasPrefix("UICollectionViewCompositionalLayout: Invalid frame {{30, 0}, {-10, 50}} generated when rounding frame {{30, 0}, {-10, 50}} to screen scale (3)."))
    }

    /// R7 for a nested group's height.
    @Test func dimensionMustBePositive() throws {
        let inner = Comp.group(.vertical, .fractionalWidth(0.5), .absolute(0), [Comp.item(.absolute(10), .absolute(10))])
        let g = Comp.group(.horizontal, .fractionalWidth(1), .absolute(50), [Comp.item(.absolute(10), .absolute(10)), .group(inner)])
        let e = try #require(Comp.error(Comp.config([CompositionalSection(group: g)], [1])))
        #expect(e.path == [InputPathStep].parse("/layout/sections/0/group/subitems/1/group/layoutSize/height"))
        #expect(e.message == "Invalid absolute dimension, must be > 0.0 (got 0). Send a finite number greater than 0.")
    }

    /// 33 nested groups.
    @Test func nestingDeeperThan32() throws {
        var g = Comp.group(.horizontal, .fractionalWidth(1), .fractionalHeight(1), [Comp.item(.absolute(1), .absolute(1))])
        for _ in 0..<32 { g = Comp.group(.horizontal, .fractionalWidth(1), .fractionalHeight(1), [.group(g)]) }
        let e = try #require(Comp.error(Comp.config([CompositionalSection(group: g)], [1])))
        #expect(e.code == "GROUP_TOO_DEEP")
        #expect(e.path == [InputPathStep].parse("/layout/sections/0/group" + String(repeating: "/subitems/0/group", count: 32)))
    }

    /// The element cap counts badges: 10 items with one badge each are 20 elements.
    @Test func elementCapCountsBadges() throws {
        let badge = CompositionalSupplementaryItem(elementKind: "badge", layoutSize: CompositionalSize(width: .absolute(10), height: .absolute(10)),
                                                   containerAnchor: CompositionalAnchor(edges: [.top, .trailing]))
        let g = Comp.group(.horizontal, .fractionalWidth(1), .absolute(50), [Comp.item(.fractionalWidth(0.5), .fractionalHeight(1), badges: [badge])])
        var c = Comp.config([CompositionalSection(group: g)], [10])
        c.elementLimit = 19
        let e = try #require(Comp.error(c))
        #expect(e.code == "TOO_MANY_ELEMENTS")
        #expect(e.path == [InputPathStep].parse("/sections"))
        #expect(e.message.hasPrefix("The layout would have 20 elements"))
        c.elementLimit = 20
        #expect(try CompositionalLayout.layout(c).attributes.count == 20)
    }
}
