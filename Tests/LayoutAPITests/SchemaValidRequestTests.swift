import HTTP
@testable import LayoutAPI
import Testing

/// Requests the contract's schema admits but whose rules it states in words (schemathesis found
/// each answered 400): they are 422s naming the field, with a detail that says how to fix it.
/// Requests outside the schema stay 400s.
@Suite struct SchemaValidRequestTests {
    let app = LayoutApplication.make()

    @Test func compositionalWithoutSectionsOrListIs422() {
        let r = app.post(#"{"collectionView":{"width":390,"height":844},"layout":{"type":"compositional"},"sections":[{"numberOfItems":1}]}"#)
        #expect(r.status == 422)
        #expect(r.pointers == ["/layout/sections"])
        #expect(r.detail == #"/layout has neither sections nor list; a compositional layout needs its sections ("sections": [{"group": …}], NSCollectionLayoutSection) or one list configuration for every section ("list": {}, or "type": "list")."#)
        // "type": "list" alone is a plain list, as before.
        #expect(app.post(#"{"collectionView":{"width":390,"height":844},"layout":{"type":"list"},"sections":[{"numberOfItems":1}]}"#).status == 200)
    }

    func invalidate(_ layout: String, _ body: String) -> Response {
        let posted = app.post(layout, headers: [("Content-Type", "application/json"), ("Prefer", "return=minimal")])
        return app.post(body, target: "/layout/\(posted.id ?? "")/invalidate",
                        headers: [("Content-Type", "application/json"), ("Prefer", "return=minimal")])
    }

    static let selfSizingFlow = #"{"collectionView":{"width":375,"height":667},"layout":{"estimatedItemSize":"automatic"},"sections":[{"numberOfItems":3}]}"#

    @Test func aHeaderHeightForAFlowLayoutIs422() {
        let r = invalidate(Self.selfSizingFlow, #"{"preferredSizes":[{"elementKind":"UICollectionElementKindSectionHeader","indexPath":[0,0],"height":40}]}"#)
        #expect(r.status == 422)
        #expect(r.pointers == ["/preferredSizes/0/elementKind"])
        #expect(r.detail == #"/preferredSizes/0 has an elementKind, but this layout has no list headers or footers to measure (entries with elementKind are for list and table layouts); send cell sizes {"indexPath", "width", "height"} only."#)
    }

    @Test func aRowHeightAloneForACellIs422() {
        let r = invalidate(Self.selfSizingFlow, #"{"preferredSizes":[{"indexPath":[0,1],"height":40},{"indexPath":[0,2],"width":375,"height":50}]}"#)
        #expect(r.status == 422)
        #expect(r.pointers == ["/preferredSizes/0/width"])
        #expect(r.detail == "/preferredSizes/0 has no width; a cell's measured size needs both width and height (only table rows take a height alone).")
    }

    @Test func snapshotApplyTakesOneOfItsTwoForms() {
        let both = app.post(#"{"new":{"sections":[]},"operations":[]}"#, target: "/snapshot/apply")
        #expect(both.status == 400)
        #expect(both.pointers == ["/new"])
        #expect(app.post(#"{"new":{"sections":[]},"source":"dataSource"}"#, target: "/snapshot/apply").status == 200)
        #expect(app.post(#"{"operations":[],"flavor":"tableView"}"#, target: "/snapshot/apply").status == 200)
    }
}
