@testable import LayoutAPI
import LayoutEngine
import Testing

/// `LayoutSpec.resized(width:height:)`: the same request for new bounds, for every layout type
/// (what `POST /layout/{id}/invalidate` re-lays out on a bounds change).
@Suite struct ResizedSpecTests {
    /// A request of `type` for a collection view of `width` x `height`.
    static func body(_ type: String, width: Int, height: Int) -> String {
        let cv = #""collectionView":{"width":\#(width),"height":\#(height),"layoutMargins":{"left":20,"right":20}}"#
        switch type {
        case "flow":
            return #"{\#(cv),"layout":{"itemSize":{"width":100,"height":40},"headerReferenceSize":{"width":0,"height":30}},"sections":[{"numberOfItems":9}]}"#
        case "waterfall":
            return #"{\#(cv),"layout":{"type":"waterfall","columnCount":3,"headerHeight":20,"sectionHeadersPinToVisibleBounds":true},"sections":[{"itemSizes":[{"width":1,"height":2},{"width":2,"height":1}]},{"numberOfItems":4,"columnCount":2}]}"#
        case "columnFlow":
            return #"{\#(cv),"layout":{"type":"columnFlow"},"sections":[{"numberOfItems":5}]}"#
        case "table":
            return #"{\#(cv),"layout":{"type":"table","style":"insetGrouped","rowHeight":44},"sections":[{"numberOfItems":3,"headerTitle":"A"}]}"#
        case "grid":
            return #"{\#(cv),"layout":{"type":"grid","itemsPerLine":4,"sideMargin":16,"spacing":8},"sections":[{"numberOfItems":10}]}"#
        default:
            return #"{\#(cv),"layout":{"type":"\#(type)"},"sections":[{"numberOfItems":10}]}"#
        }
    }

    /// The registry, in the order the contract lists the types.
    @Test func everyTypeIsRegisteredOnceInContractOrder() {
        #expect(LayoutTypes.all.map { $0.typeName } == ["flow", "waterfall", "columnFlow", "grid", "mosaic", "compositional", "table"])
    }

    @Test(arguments: ["flow", "waterfall", "columnFlow", "grid", "mosaic", "table"])
    func resizedSpecIsTheSpecOfTheSameRequestWithTheNewBounds(type: String) throws {
        let portrait = try decodedSpec(Self.body(type, width: 375, height: 667))
        let landscape = try decodedSpec(Self.body(type, width: 667, height: 375))
        let resized = portrait.resized(width: 667, height: 375)
        #expect(resized == landscape)
        #expect(resized.contentID() == landscape.contentID())
        #expect(try resized.compute() == landscape.compute())
        #expect(try resized.compute() != portrait.compute())
        #expect(resized.typeName == type)
        #expect(resized.resized(width: 375, height: 667) == portrait)
        #expect(portrait.viewSize == Size(width: 375, height: 667))
        #expect(resized.viewSize == Size(width: 667, height: 375))
    }

    /// `shouldInvalidateLayout(forBoundsChange:)` per type: flow subclasses use the flow rule,
    /// CHT invalidates on a width change, Apple's mosaic on any size change.
    @Test(arguments: [
        ("flow", BoundsInvalidationRule.flow), ("columnFlow", .flow), ("grid", .flow),
        ("waterfall", .widthChange), ("mosaic", .sizeChange), ("table", .widthChange),
    ])
    func boundsInvalidationRuleFollowsTheLayoutsUIKitClass(type: String, rule: BoundsInvalidationRule) throws {
        #expect(try decodedSpec(Self.body(type, width: 375, height: 667)).boundsInvalidationRule == rule)
    }
}
