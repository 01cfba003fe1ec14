import HTTP
@testable import LayoutAPI
import Testing

/// Percent-encoded `Prefer` and `If-None-Match` (what swift-openapi-generator clients send) and
/// `?return=minimal`.
@Suite struct PreferenceTests {
    let app = LayoutApplication.make()
    static let body = #"{"collectionView":{"width":375,"height":667},"sections":[{"numberOfItems":3}]}"#
    static let json = ("Content-Type", "application/json")

    func minimalText(_ id: String) -> String {
        #"{"id":"\#(id)","contentSize":{"width":375,"height":50},"counts":{"elements":3,"cells":3,"headers":0,"footers":0,"sections":1},"warnings":[]}"#
    }

    @Test(arguments: ["return%3Dminimal", "return%3dminimal", "respond-async%2C%20return%3Dminimal", "return = minimal",
                      "return=\"minimal\"", "RETURN=Minimal", "return=minimal; foo=bar", "wait=5, return=minimal"])
    func preferReturnMinimalInEveryFormIsHonoured(prefer: String) throws {
        let r = app.post(Self.body, headers: [Self.json, ("Prefer", prefer)])
        #expect(r.status == 200)
        #expect(r.text == minimalText(try #require(r.id)))
        #expect(r.header("Preference-Applied") == "return=minimal")
    }

    @Test(arguments: ["return=representation", "return%3Drepresentation"])
    func returnRepresentationGivesTheFullLayout(prefer: String) {
        let r = app.post(Self.body, headers: [Self.json, ("Prefer", prefer)])
        #expect(r.status == 200)
        #expect(r.text.contains(#""elements":["#))
        #expect(r.header("Preference-Applied") == nil)
    }

    /// openapi.yaml lists Prefer's values (an enum): a header without one of them is a 400 naming
    /// it (PreferHeader.swift), so a misspelt preference is not answered with the full layout.
    @Test(arguments: ["return=minimalist", "minimal", "return%3Xminimal"])
    func otherPreferencesAre400NamingTheHeader(prefer: String) {
        let r = app.post(Self.body, headers: [Self.json, ("Prefer", prefer)])
        #expect(r.status == 400)
        #expect(r.pointers == ["/header/Prefer"])
    }

    @Test func returnQueryParameterIsAnAlternativeToTheHeader() throws {
        let r = app.post(Self.body, target: "/layout?return=minimal")
        #expect(r.text == minimalText(try #require(r.id)))
        #expect(r.header("Preference-Applied") == "return=minimal")
        // The query wins over the header, both ways.
        let full = app.post(Self.body, target: "/layout?return=representation", headers: [Self.json, ("Prefer", "return=minimal")])
        #expect(full.text.contains(#""elements":["#))
        #expect(full.header("Preference-Applied") == nil)
        let both = app.post(Self.body, target: "/layout?strict=true&return=minimal")
        #expect(both.header("Preference-Applied") == "return=minimal")
    }

    @Test func anUnknownReturnValueIs400NamingTheParameter() {
        let r = app.post(Self.body, target: "/layout?return=full")
        #expect(r.status == 400)
        #expect(r.pointers == ["/query/return"])
        #expect(r.detail == "The query parameter return is \"full\"; it must be minimal or representation (as in the header Prefer: return=minimal).")
    }

    @Test func invalidationTakesTheReturnParameterToo() throws {
        let estimating = #"{"collectionView":{"width":375,"height":667},"layout":{"estimatedItemSize":"automatic"},"sections":[{"numberOfItems":2}]}"#
        let id = try #require(app.post(estimating).id)
        let r = app.post(#"{"preferredSizes":[{"indexPath":[0,0],"width":100,"height":80}]}"#,
                         target: "/layout/\(id)/invalidate?return=minimal")
        #expect(r.status == 200)
        #expect(r.header("Preference-Applied") == "return=minimal")
        #expect(!r.text.contains(#""elements":["#))
        let encoded = app.post(#"{"preferredSizes":[{"indexPath":[0,0],"width":100,"height":81}]}"#,
                               target: "/layout/\(id)/invalidate", headers: [Self.json, ("Prefer", "return%3Dminimal")])
        #expect(encoded.header("Preference-Applied") == "return=minimal")
    }

    @Test(arguments: ["%22{id}%22", "%22other%22%2C%20%22{id}%22", "W/%22{id}%22", "W%2F%22{id}%22", "%2A", "\"{id}\""])
    func percentEncodedIfNoneMatchMatches(header: String) throws {
        let id = try #require(app.post(Self.body).id)
        let r = app.get("/layout/\(id)", headers: [("If-None-Match", header.replacingOccurrences(of: "{id}", with: id))])
        #expect(r.status == 304)
        #expect(r.header("ETag") == "\"\(id)\"")
        #expect(r.body.isEmpty)
    }

    @Test(arguments: ["%22other%22", "%22{id}", "%2522{id}%2522", "{id}"])
    func nonMatchingIfNoneMatchGivesTheLayout(header: String) throws {
        let id = try #require(app.post(Self.body).id)
        let r = app.get("/layout/\(id)", headers: [("If-None-Match", header.replacingOccurrences(of: "{id}", with: id))])
        #expect(r.status == 200)
        #expect(r.id == id)
    }

    @Test func headerPercentDecodingKeepsPlusAndInvalidSequences() {
        #expect(LayoutApplication.percentDecoded("a+b%2Bc") == "a+b+c")
        #expect(LayoutApplication.percentDecoded("100%") == "100%")
        #expect(LayoutApplication.percentDecoded("%zz%22") == "%zz\"")
    }
}
