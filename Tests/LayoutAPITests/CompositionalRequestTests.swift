import HTTP
@testable import LayoutAPI
import LayoutEngine
import Testing

/// The compositional wire decoder (CompositionalRequest.swift): strict keys (400), values UIKit
/// refuses collected into one 422 with a pointer each, the solver's refusals under the same
/// pointers, and the caps.
@Suite struct CompositionalRequestTests {
    let app = LayoutApplication.make()

    static func body(_ group: String, section: String = "", configuration: String = "", items: Int = 3) -> String {
        let conf = configuration.isEmpty ? "" : #","configuration":{\#(configuration)}"#
        return #"{"collectionView":{"width":390,"height":844,"scale":3},"layout":{"type":"compositional","sections":[{"group":\#(group)\#(section)}]\#(conf)},"sections":[{"numberOfItems":\#(items)}]}"#
    }

    static let item = #"{"item":{"layoutSize":{"width":{"fractionalWidth":1},"height":{"fractionalHeight":1}}}}"#

    static func group(_ subitems: String, extra: String = "", width: String = #"{"fractionalWidth":1}"#) -> String {
        #"{"orientation":"horizontal","layoutSize":{"width":\#(width),"height":{"absolute":44}},"subitems":[\#(subitems)]\#(extra)}"#
    }

    @Test func everyRefusedValueIsNamedInOne422() {
        let r = app.post(Self.body(Self.group("", extra: #","count":0"#, width: #"{"absolute":0}"#)))
        #expect(r.status == 422)
        #expect(r.pointers == ["/layout/sections/0/group/layoutSize/width/absolute", "/layout/sections/0/group/subitems",
                               "/layout/sections/0/group/count", "/layout/sections/0/group/subitems"])
    }

    /// A typo is a shape error (400); a dimension naming two kinds is a value error (422).
    @Test func unknownKeysAre400AndTwoKindsOfDimension422() {
        let typo = app.post(Self.body(Self.group(Self.item, extra: #","interitemSpacing":{"fixed":1}"#)))
        #expect(typo.status == 400)
        #expect(typo.pointers == ["/layout/sections/0/group/interitemSpacing"])
        let two = app.post(Self.body(Self.group(Self.item, width: #"{"absolute":10,"fractionalWidth":1}"#)))
        #expect(two.status == 422)
        #expect(two.pointers == ["/layout/sections/0/group/layoutSize/width"])
    }

    /// The solver's refusal (R13) carries the request's pointer and UIKit's message.
    @Test func subitemThatDoesNotFitIs422WithUIKitsMessage() {
        let wide = #"{"item":{"layoutSize":{"width":{"absolute":500},"height":{"fractionalHeight":1}}}}"#
        let r = app.post(Self.body(Self.group(wide)))
        #expect(r.status == 422)
        #expect(r.pointers == ["/layout/sections/0/group/subitems/0/item/layoutSize/width"])
        #expect(r.text.contains("NSCollectionLayoutItem created with invalid combination of spacing and size specified. This group cannot fit even a single item."))
    }

    @Test func countKindWithoutCountAndRepeatingWithTwoSubitems() {
        let noCount = app.post(Self.body(Self.group(Self.item, extra: #","countKind":"repeating""#)))
        #expect(noCount.pointers == ["/layout/sections/0/group/countKind"])
        let two = app.post(Self.body(Self.group(Self.item + "," + Self.item, extra: #","count":2,"countKind":"repeating""#)))
        #expect(two.status == 422)
        #expect(two.pointers == ["/layout/sections/0/group/subitems"])
        #expect(two.text.contains("repeatingSubitem:count:"))
    }

    /// Badges count against --max-elements before anything is laid out: 600,000 items with one
    /// badge each are 1,200,000 elements.
    @Test func elementCapCountsBadges() {
        let badged = #"{"item":{"layoutSize":{"width":{"fractionalWidth":0.2},"height":{"fractionalHeight":1}},"supplementaryItems":[{"elementKind":"badge","layoutSize":{"width":{"absolute":10},"height":{"absolute":10}},"containerAnchor":{"edges":["top","trailing"]}}]}}"#
        let r = app.post(Self.body(Self.group(badged), items: 600_000))
        #expect(r.status == 422)
        #expect(r.pointers == ["/sections"])
        #expect(r.text.contains("The layout would have 1200000 elements"))
    }

    /// Configuration fields: horizontal scrolling, the legacy generation and a layout header.
    @Test func configurationFieldsReachTheEngine() throws {
        let fractional = #"{"item":{"layoutSize":{"width":{"fractionalWidth":0.3},"height":{"fractionalHeight":1}}}}"#
        let body = Self.body(Self.group(fractional), configuration: #""uikitGeneration":"legacy","boundarySupplementaryItems":[{"elementKind":"top","alignment":"top","layoutSize":{"width":{"fractionalWidth":1},"height":{"absolute":20}}}]"#)
        let r = app.post(body)
        #expect(r.status == 200)
        // Legacy: 0.3 · 390 = 117 exactly either way; cells below the 20-pt layout header.
        #expect(r.text.contains(#"{"category":"supplementaryView","kind":"top","indexPath":[0],"frame":{"x":0,"y":0,"width":390,"height":20},"zIndex":1}"#))
        #expect(r.text.contains(#"{"category":"cell","indexPath":[0,1],"frame":{"x":117,"y":20,"width":117,"height":44},"zIndex":0}"#))
    }
}
