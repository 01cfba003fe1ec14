import Foundation
import HTTP
@testable import LayoutAPI
import LayoutEngine
import Testing

/// Pictures of lists: separators as thin dark strips at their frames, the list background
/// under everything, and insetGrouped sections' rounded rows (L17) with their corner radius.
@Suite struct ListSVGTests {
    let app = LayoutApplication.make()

    func svg(_ layout: String, items: String = #"[{"numberOfItems":3},{"numberOfItems":2}]"#) throws -> String {
        let id = try #require(app.post(#"{"collectionView":{"width":393,"height":852,"scale":3},"layout":\#(layout),"sections":\#(items)}"#).id)
        let r = app.get("/layout/\(id).svg")
        #expect(r.status == 200)
        return r.text
    }

    @Test func insetGroupedSectionsAreRoundedWithTheGenerationsRadius() throws {
        let old = try svg(#"{"type":"list","list":{"appearance":"insetGrouped"},"listEnvironment":{"includeSeparators":true}}"#)
        // section 0: rows 35 ..< 35 + 3 · 44; section 1 after 17.6667 + 17.6667
        #expect(old.contains(#"<rect class="ld-rounded" x="16" y="35" width="361" height="132" rx="10" ry="10" data-section="0" data-corner-radius="10">"#), "\(old.prefix(3000))")
        #expect(old.contains(#"<rect class="ld-rounded" x="16" y="202.33333333333334" width="361" height="88" rx="10" ry="10" data-section="1""#))
        #expect(old.contains(#"<rect class="ld-el ld-separator" x="32" y="78.66666666666667" width="345" height="0.3333333333333333""#))
        #expect(old.contains("rounded rows (insetGrouped)"))
        let new = try svg(#"{"type":"list","list":{"appearance":"insetGrouped","footerMode":"supplementary"},"listEnvironment":{"generation":"ios26"}}"#,
                          items: #"[{"numberOfItems":1}]"#)
        #expect(new.contains(#"rx="26" ry="26" data-section="0""#))
        // one 52-pt row: the radius is 26, half the height
        // Drawn over the rows (zIndex 10), under their separators and footers; the row's
        // corners outside the radius painted over (the 361 × 52 rect minus the rounded one).
        #expect(new.contains(#"<path class="ld-rounded-corners" fill-rule="evenodd" d="M16 35H377V87H16ZM42 35H351A26 26 0 0 1 377 61V61A26 26 0 0 1 351 87H42A26 26 0 0 1 16 61V61A26 26 0 0 1 42 35Z"/>"#), "\(new.prefix(4000))")
        let row = try #require(new.range(of: #"class="ld-el ld-cell"#))
        let rounded = try #require(new.range(of: #"<rect class="ld-rounded""#))
        let footer = try #require(new.range(of: #"class="ld-el ld-footer"#))
        #expect(row.lowerBound < rounded.lowerBound && rounded.lowerBound < footer.lowerBound)
    }

    @Test func plainListsHaveNoRoundedRows() throws {
        let picture = try svg(#"{"type":"list","list":{"appearance":"plain","headerMode":"supplementary"}}"#)
        #expect(!picture.contains(#"<rect class="ld-rounded""#))
        #expect(picture.contains(#"<rect class="ld-el ld-header ld-estimated" x="0" y="22" width="393" height="28""#))
    }
}
