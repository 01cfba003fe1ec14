import Foundation
import HTTP
@testable import LayoutAPI
import LayoutEngine
import Testing

/// Bad list input: a 422 naming the field (RFC 6901 pointer) and listing the accepted values;
/// shape errors a 400. A header mode with no measured header works on estimates.
@Suite struct ListInputTests {
    let app = LayoutApplication.make()

    static let unknownValues: [(String, String, String)] = [
        (#""layout":{"type":"list","list":{"appearance":"fancy"}}"#, "/layout/list/appearance",
         #"use one of: "plain", "grouped", "insetGrouped", "sidebar", "sidebarPlain"."#),
        (#""layout":{"type":"compositional","sections":[{"list":{}},{"list":{"headerMode":"top"}}]}"#, "/layout/sections/1/list/headerMode",
         #"use one of: "none", "supplementary", "firstItemInSection"."#),
        (#""layout":{"type":"list","list":{"footerMode":"firstItemInSection"}}"#, "/layout/list/footerMode",
         #"use one of: "none", "supplementary"."#),
        (#""layout":{"type":"list","listEnvironment":{"generation":"ios27"}}"#, "/layout/listEnvironment/generation",
         #"use one of: "ios15to18", "ios26"."#),
        (#""layout":{"type":"list","listEnvironment":{"contentSizeCategory":"large"}}"#, "/layout/listEnvironment/contentSizeCategory",
         #"use one of: "XS", "S", "M", "L", "XL", "XXL", "XXXL", "AX1", "AX2", "AX3", "AX4", "AX5"."#),
        (#""layout":{"type":"list","list":{"separatorConfiguration":{"topSeparatorVisibility":"always"}}}"#,
         "/layout/list/separatorConfiguration/topSeparatorVisibility", #"use one of: "automatic", "visible", "hidden"."#),
    ]

    @Test(arguments: 0..<unknownValues.count)
    func unknownValueIsA422ListingTheAcceptedOnes(_ i: Int) {
        let (layout, pointer, accepted) = Self.unknownValues[i]
        let r = app.post(#"{"collectionView":{"width":375,"height":812},\#(layout),"sections":[{"numberOfItems":2}]}"#)
        #expect(r.status == 422, "\(r.text)")
        #expect(r.pointers == [pointer])
        #expect(r.detail?.hasSuffix(accepted) == true, "\(r.detail ?? "")")
    }

    @Test func everyBadValueIsNamedInOneAnswer() {
        let r = app.post(#"{"collectionView":{"width":375,"height":812},"layout":{"type":"list","list":{"appearance":"x","headerMode":"y"},"listEnvironment":{"generation":"z"}},"sections":[{"numberOfItems":2}]}"#)
        #expect(r.status == 422)
        #expect(r.pointers == ["/layout/listEnvironment/generation", "/layout/list/appearance", "/layout/list/headerMode"])
    }

    @Test func unknownTypeListsTheListAlias() {
        let r = app.post(#"{"collectionView":{"width":375,"height":812},"layout":{"type":"tableau"},"sections":[{"numberOfItems":2}]}"#)
        #expect(r.status == 422)
        #expect(r.detail?.contains(#""compositional", "list""#) == true, "\(r.detail ?? "")")
    }

    @Test func listAndSectionsTogetherAreRefused() {
        let r = app.post(#"{"collectionView":{"width":375,"height":812},"layout":{"type":"compositional","list":{},"sections":[{"list":{}}]},"sections":[{"numberOfItems":2}]}"#)
        #expect(r.status == 422)
        #expect(r.pointers == ["/layout/sections"])
    }

    @Test func aListSectionTakesOnlyListInsetsAndSpacing() {
        let r = app.post(#"{"collectionView":{"width":375,"height":812},"layout":{"type":"compositional","sections":[{"list":{},"orthogonalScrollingBehavior":"continuous"}]},"sections":[{"numberOfItems":2}]}"#)
        #expect(r.status == 400)
        #expect(r.pointers == ["/layout/sections/0/orthogonalScrollingBehavior"])
    }

    @Test func horizontalListIsRefused() {
        let r = app.post(#"{"collectionView":{"width":375,"height":812},"layout":{"type":"list","configuration":{"scrollDirection":"horizontal"}},"sections":[{"numberOfItems":2}]}"#)
        #expect(r.status == 422)
        #expect(r.pointers == ["/layout/configuration/scrollDirection"])
    }

    @Test func rowsWithNoRoomAreRefused() {
        let r = app.post(#"{"collectionView":{"width":100,"height":812},"layout":{"type":"compositional","sections":[{"list":{},"contentInsets":{"leading":60,"trailing":60}}]},"sections":[{"numberOfItems":2}]}"#)
        #expect(r.status == 422, "\(r.text)")
        #expect(r.pointers == ["/layout/sections/0/contentInsets"])
    }

    @Test func nonPositiveRowHeightIsRefused() {
        let r = app.post(#"{"collectionView":{"width":375,"height":812},"layout":{"type":"list","list":{"rowHeight":0}},"sections":[{"numberOfItems":2}]}"#)
        #expect(r.status == 422)
        #expect(r.pointers == ["/layout/list/rowHeight"])
    }

    @Test func measuredSupplementaryViewsMustExist() {
        let base = #"{"collectionView":{"width":375,"height":812},"layout":{"type":"list","list":{"headerMode":"supplementary"}},"sections":[{"numberOfItems":2}],"preferredSupplementarySizes":"#
        let kind = app.post(base + #"[{"elementKind":"badge","indexPath":[0,0],"height":30}]}"#)
        #expect(kind.status == 422)
        #expect(kind.pointers == ["/preferredSupplementarySizes/0/elementKind"])
        #expect(kind.detail?.contains(#""UICollectionElementKindSectionHeader", "UICollectionElementKindSectionFooter""#) == true)
        let footer = app.post(base + #"[{"elementKind":"UICollectionElementKindSectionFooter","indexPath":[0,0],"height":30}]}"#)
        #expect(footer.status == 422)
        #expect(footer.detail?.contains("Section 0 has no list footer") == true, "\(footer.detail ?? "")")
        let section = app.post(base + #"[{"elementKind":"UICollectionElementKindSectionHeader","indexPath":[3,0],"height":30}]}"#)
        #expect(section.pointers == ["/preferredSupplementarySizes/0/indexPath"])
        let zero = app.post(base + #"[{"elementKind":"UICollectionElementKindSectionHeader","indexPath":[0,0],"height":0}]}"#)
        #expect(zero.pointers == ["/preferredSupplementarySizes/0"])
    }

    @Test func flowLayoutsDoNotTakeMeasuredSupplementaryViews() {
        let r = app.post(#"{"collectionView":{"width":375,"height":812},"sections":[{"numberOfItems":2}],"preferredSupplementarySizes":[]}"#)
        #expect(r.status == 400)
        #expect(r.pointers == ["/preferredSupplementarySizes"])
    }

    /// A header or footer mode with nothing measured lays out on the estimates (UIKit's way).
    @Test(arguments: ListAppearance.allCases)
    func headerAndFooterModesWithoutSizesUseEstimates(_ appearance: ListAppearance) {
        let a = app.list(#"{"collectionView":{"width":375,"height":812,"scale":3},"layout":{"type":"list","list":{"appearance":"\#(appearance.rawValue)","headerMode":"supplementary","footerMode":"supplementary"}},"sections":[{"numberOfItems":1},{"numberOfItems":0}]}"#)
        #expect(a.status == 200, "\(a.text)")
        let h = appearance.isPlainLike ? 28 : 53.0 / 3
        #expect(a.frame(ListAnswer.header, 0, 0)?.height == h)
        #expect(a.frame(ListAnswer.footer, 1, 0)?.height == h, "an empty section keeps its header and footer")
    }
}
