import HTTP
@testable import LayoutAPI
import Testing

/// Where openapi.yaml and the server must agree both ways (schemathesis checks the same): a value
/// the contract accepts is never a 400, one it rejects is never a 200, and rules the contract can
/// only state in words (generators drop `not`) are 422s.
@Suite struct ContractConformanceTests {
    let app = LayoutApplication.make()
    static let grid = #"{"collectionView":{"width":320,"height":480},"layout":{"itemSize":{"width":100,"height":100}},"sections":[{"numberOfItems":5}]}"#

    @Test(arguments: [
        (#"{"collectionView":{"width":375,"height":667},"sections":[{}]}"#, "/sections/0/numberOfItems",
         #"/sections/0 has neither numberOfItems nor itemSizes; add "numberOfItems" (items of one size) or "itemSizes" (one size per item) to the section."#),
        (#"{"collectionView":{"width":375,"height":667},"sections":[{"numberOfItems":1},{"itemSizes":[],"itemSize":{"width":1,"height":1}}]}"#,
         "/sections/1/itemSize", "/sections/1/itemSize cannot be combined with itemSizes; give every size in itemSizes, or use numberOfItems with itemSize."),
        (#"{"collectionView":{"width":320,"height":480},"layout":{"type":"waterfall"},"sections":[{"minimumColumnSpacing":4}]}"#,
         "/sections/0/numberOfItems", #"/sections/0 has neither numberOfItems nor itemSizes; add "numberOfItems" (items of one size) or "itemSizes" (one size per item) to the section."#),
        (#"{"collectionView":{"width":320,"height":480},"layout":{"type":"waterfall"},"sections":[{"numberOfItems":2,"itemSizes":[]}]}"#,
         "/sections/0/itemSizes", "/sections/0 has both numberOfItems and itemSizes; send numberOfItems for items of one size, or itemSizes for one size per item."),
    ])
    func sectionRulesStatedInWordsAre422(body: String, pointer: String, detail: String) {
        let r = app.post(body)
        #expect(r.status == 422)
        #expect(r.pointers == [pointer])
        #expect(r.detail == detail)
    }

    @Test func aWrongTypeInASectionWithBothFormsIsStillA400() {
        let r = app.post(#"{"collectionView":{"width":375,"height":667},"sections":[{"numberOfItems":"3","itemSizes":[]}]}"#)
        #expect(r.status == 400)
        #expect(r.pointers == ["/sections/0/numberOfItems"])
    }

    @Test(arguments: ["strict=", "strict=1", "strict=0", "strict=TRUE", "strict=yes"])
    func strictTakesOnlyTrueOrFalse(query: String) {
        let r = app.post(Self.grid, target: "/layout?\(query)")
        #expect(r.status == 400)
        #expect(r.pointers == ["/query/strict"])
        let value = String(query.dropFirst("strict=".count))
        #expect(r.detail == "The query parameter strict is \"\(value)\"; it must be true or false.")
        #expect(app.post(Self.grid, target: "/layout?strict=true").status == 200)
        #expect(app.post(Self.grid, target: "/layout?strict=false").status == 200)
    }

    /// openapi.yaml's patterns, value by value: outside them a 400, inside them a 200 (or 404 for
    /// an index path the layout does not have).
    @Test(arguments: [
        ("rect=0,0,1,1", 200), ("rect=-0.5,1e2,375,6.67E%2B2", 200), ("rect=1e99,-1e-99,0,0", 200),
        ("rect=999999999999999,0,1,1", 200), ("rect=0.000000000000000000001,0,1,1", 200),
        ("rect=0,0,-0,1", 400), ("rect=0,0,1,-1", 400), ("rect=+1,0,1,1", 400), ("rect=%201,0,1,1", 400),
        ("rect=1,0,1,1%20", 400), ("rect=01,0,1,1", 400), ("rect=1.,0,1,1", 400), ("rect=.5,0,1,1", 400),
        ("rect=0x10,0,1,1", 400), ("rect=1e100,0,1,1", 400), ("rect=1000000000000000,0,1,1", 400),
        ("rect=inf,0,1,1", 400), ("rect=0,0,1,1,", 400), ("rect=", 400),
        ("point=150,150", 200), ("point=-1.5e1,0", 200), ("point=1,", 400), ("point=1;2", 400), ("point=nan,0", 400),
        ("indexPath=0,3", 200), ("indexPath=9999999999,0", 404), ("indexPath=0,01", 400), ("indexPath=0,+1", 400),
        ("indexPath=10000000000,0", 400), ("indexPath=0,1e0", 400), ("indexPath=0,1.0", 400), ("indexPath=0, 1", 400),
    ])
    func queryParametersFollowTheContractsPatterns(query: String, status: Int) throws {
        let id = try #require(app.post(Self.grid).id)
        let r = app.get("/layout/\(id)/elements?\(query)")
        #expect(r.status == status, "\(query)")
        if status == 400 {
            let name = String(query.prefix { $0 != "=" })
            #expect(r.pointers == ["/query/\(name)"])
        }
    }

    @Test func rectWithANegativeWidthSaysSo() throws {
        let id = try #require(app.post(Self.grid).id)
        let r = app.get("/layout/\(id)/elements?rect=0,0,-0,5")
        #expect(r.detail == "The query parameter rect has a negative width or height; give x,y,width,height with width and height ≥ 0.")
        let malformed = app.get("/layout/\(id)/elements?rect=1,%202,3,4")
        #expect(malformed.detail == "The query parameter rect is \"1, 2,3,4\"; it must be a rect x,y,width,height: 4 numbers such as 12 or -3.5 separated by commas, without spaces.")
        let ip = app.get("/layout/\(id)/elements?indexPath=0,01")
        #expect(ip.detail == "The query parameter indexPath is \"0,01\"; it must be an index path section,item (or one index for a layout-level element): 2 whole numbers ≥ 0 separated by a comma, such as 0,3.")
    }

    @Test func invalidationMixingTheTwoKindsIs400() throws {
        let id = try #require(app.post(Self.grid).id)
        let r = app.post(#"{"bounds":{"width":480,"height":320},"visibleRect":{"width":480,"height":320}}"#, target: "/layout/\(id)/invalidate")
        #expect(r.status == 400)
        #expect(r.pointers == ["/visibleRect"])
    }

    @Test(arguments: [
        (nil, "application/yaml"), ("*/*", "application/yaml"), ("application/yaml, text/plain", "application/yaml"),
        ("text/plain", "text/plain; charset=utf-8"), ("text/plain;q=0.9, application/json", "text/plain; charset=utf-8"),
    ] as [(String?, String)])
    func theContractIsYAMLOrTextForClientsThatOnlyReadText(accept: String?, contentType: String) {
        let r = app.get("/openapi.yaml", headers: accept.map { [("Accept", $0)] } ?? [])
        #expect(r.status == 200)
        #expect(r.header("Content-Type") == contentType)
        #expect(r.body == OpenAPIDocument.bytes)
    }

    @Test(arguments: [
        (nil, "image/svg+xml"), ("image/svg+xml, application/octet-stream", "image/svg+xml"),
        ("application/octet-stream", "application/octet-stream"), ("*/*", "image/svg+xml"),
    ] as [(String?, String)])
    func thePictureIsSVGOrBytesForClientsThatReadNoSVG(accept: String?, contentType: String) throws {
        let id = try #require(app.post(Self.grid).id)
        let r = app.get("/layout/\(id).svg", headers: accept.map { [("Accept", $0)] } ?? [])
        #expect(r.status == 200)
        #expect(r.header("Content-Type") == contentType)
        #expect(r.text.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>"))
        #expect(r.text.contains("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(r.body == app.get("/layout/\(id).svg").body)
    }

    @Test func pictureRectFollowsTheSamePattern() throws {
        let id = try #require(app.post(Self.grid).id)
        #expect(app.get("/layout/\(id).svg?rect=0,0,320,100").status == 200)
        for bad in ["0,0,-0,1", "0,0,%201,1", "0x1,0,1,1", "0,0,1,1e100"] {
            let r = app.get("/layout/\(id).svg?rect=\(bad)")
            #expect(r.status == 400, "\(bad)")
            #expect(r.pointers == ["/query/rect"])
        }
    }
}

/// `Prefer` carries one of the contract's enum values (in any of its spellings, other preferences
/// beside it ignored); without one, or with another `return`, it is a 400.
@Suite struct PreferHeaderTests {
    let app = LayoutApplication.make()

    @Test(arguments: ["return=minimal", "return=representation", "return%3Dminimal", "Return = \"Minimal\"",
                      "return=representation, return=minimal", "respond-async, return=minimal; x=1", "wait=10, return=representation"])
    func theListedValuesPass(value: String) {
        let r = app.post(ContractConformanceTests.grid, headers: [("Content-Type", "application/json"), ("Prefer", value)])
        #expect(r.status == 200)
    }

    @Test(arguments: ["AAA", "", "return=minmal", "return=minimal, return=full", "respond-async", "return", "return%3D"])
    func anythingElseIs400NamingTheHeader(value: String) throws {
        let r = app.post(ContractConformanceTests.grid, headers: [("Content-Type", "application/json"), ("Prefer", value)])
        #expect(r.status == 400)
        #expect(r.pointers == ["/header/Prefer"])
        #expect(r.detail == "The header Prefer is \(FieldError.quoted(value)); this route takes return=minimal (the summary without elements) or return=representation (the full layout, the default), or no Prefer header.")
        let id = try #require(app.post(ContractConformanceTests.grid).id)
        let invalidate = app.post(#"{"bounds":{"width":480,"height":320}}"#, target: "/layout/\(id)/invalidate",
                                  headers: [("Content-Type", "application/json"), ("Prefer", value)])
        #expect(invalidate.status == 400)
        #expect(invalidate.pointers == ["/header/Prefer"])
    }
}
