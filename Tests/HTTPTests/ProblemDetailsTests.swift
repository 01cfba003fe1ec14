import Testing
@testable import HTTP

@Suite struct ProblemDetailsTests {
    @Test func serialisesWithoutErrorsWhenThereAreNone() {
        let p = ProblemDetails(title: "Bad Request", status: 400, detail: "Malformed header field.")
        #expect(String(decoding: p.jsonBytes, as: UTF8.self)
            == #"{"type":"about:blank","title":"Bad Request","status":400,"detail":"Malformed header field."}"#)
    }

    @Test func escapesStringsAndListsFieldErrors() {
        let p = ProblemDetails(type: "https://x/t", title: "Invalid \"layout\"", status: 422, detail: "a\\b\nc\t\u{1}é",
                               errors: [.init(pointer: "/items/0", detail: "must be > 0"), .init(pointer: "/a", detail: "x")])
        #expect(String(decoding: p.jsonBytes, as: UTF8.self)
            == #"{"type":"https://x/t","title":"Invalid \"layout\"","status":422,"detail":"a\\b\nc\t\u0001é","#
            + #""errors":[{"pointer":"/items/0","detail":"must be > 0"},{"pointer":"/a","detail":"x"}]}"#)
    }

    /// The JSON module's `.short` control escapes are the HTTP module's old escaper byte for byte:
    /// two-character escapes where JSON has one, else `\u00xx` in lower case.
    @Test func controlCharactersKeepTheirShortLowerCaseEscapes() {
        let p = ProblemDetails(title: "t", status: 400, detail: "\u{8}\u{C}\r\u{0}\u{B}\u{1F}\u{7F}",
                               errors: [.init(pointer: "/a\nb", detail: "\u{1A}")])
        #expect(String(decoding: p.jsonBytes, as: UTF8.self)
            == #"{"type":"about:blank","title":"t","status":400,"detail":"\b\f\r\u0000\u000b\u001f\#u{7F}","#
            + #""errors":[{"pointer":"/a\nb","detail":"\u001a"}]}"#)
    }

    @Test func problemResponseCarriesStatusAndContentType() {
        let r = Response.problem(ProblemDetails(title: "Not Found", status: 404, detail: "No layout 'x'."))
        #expect(r.status == 404)
        #expect(r.headers["content-type"] == "application/problem+json")
        #expect(r.body == ProblemDetails(title: "Not Found", status: 404, detail: "No layout 'x'.").jsonBytes)
    }

    @Test func dateIsIMFFixdate() {
        #expect(HTTPDate.imfFixdate(784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
    }
}
