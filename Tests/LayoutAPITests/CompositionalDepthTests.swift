import HTTP
@testable import LayoutAPI
import Testing

/// Nesting deeper than 32 groups is a 422 naming the 33rd group, reachable over the wire (the
/// JSON reader allows 128 levels; 33 groups sit about 108 levels down).
@Suite struct CompositionalDepthTests {
    let app = LayoutApplication.make()

    /// A root group with `levels - 1` vertical groups nested inside it, the innermost holding
    /// one full-size item.
    static func body(levels: Int) -> String {
        let item = #"{"item":{"layoutSize":{"width":{"fractionalWidth":1},"height":{"fractionalHeight":1}}}}"#
        var group = item
        for _ in 0..<levels {
            group = #"{"group":{"orientation":"vertical","layoutSize":{"width":{"fractionalWidth":1},"height":{"fractionalHeight":1}},"subitems":[\#(group)]}}"#
        }
        // Unwrap the outermost {"group": …} into the section's group.
        let root = String(group.dropFirst(#"{"group":"#.count).dropLast())
        return #"{"collectionView":{"width":390,"height":844,"scale":3},"layout":{"type":"compositional","sections":[{"group":\#(root)}]},"sections":[{"numberOfItems":2}]}"#
    }

    @Test func thirtyTwoLevelsAreLaidOut() {
        let r = app.post(Self.body(levels: 32), headers: [("Content-Type", "application/json")])
        #expect(r.status == 200, "\(r.text.prefix(300))")
    }

    @Test func thirtyThreeLevelsAre422NamingTheDeepestGroup() {
        let r = app.post(Self.body(levels: 33), headers: [("Content-Type", "application/json")])
        #expect(r.status == 422)
        let pointer = "/layout/sections/0/group" + String(repeating: "/subitems/0/group", count: 32)
        #expect(r.text.contains(#""pointer":"\#(pointer)""#), "\(r.text.prefix(600))")
        #expect(r.text.contains("nests groups 33 deep; this server accepts at most 32 levels. Flatten the nesting."))
    }
}
