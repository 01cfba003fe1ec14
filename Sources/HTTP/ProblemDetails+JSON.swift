import JSON

/// RFC 9457 serialisation with the JSON module's writer (its `.short` control escapes keep the
/// bytes problem answers have always had), so the HTTP module answers its own errors itself.
extension ProblemDetails {
    /// `{"type":…,"title":…,"status":…,"detail":…[,"errors":[{"pointer":…,"detail":…}]]}`;
    /// `errors` appears only when non-empty.
    public var jsonBytes: [UInt8] {
        var out = JSONWriter(capacity: 96 + title.utf8.count + detail.utf8.count)
        out.raw(#"{"type":"#)
        out.string(type, controls: .short)
        out.raw(#","title":"#)
        out.string(title, controls: .short)
        out.raw(#","status":"#)
        out.int(status)
        out.raw(#","detail":"#)
        out.string(detail, controls: .short)
        if !errors.isEmpty {
            out.raw(#","errors":["#)
            for (i, e) in errors.enumerated() {
                if i > 0 { out.raw(",") }
                out.raw(#"{"pointer":"#)
                out.string(e.pointer, controls: .short)
                out.raw(#","detail":"#)
                out.string(e.detail, controls: .short)
                out.raw("}")
            }
            out.raw("]")
        }
        out.raw("}")
        return out.bytes
    }

    /// The problem for a status the server answers by itself (400, 408, 413, 431, 505, ...).
    static func forStatus(_ status: Int, detail: String) -> ProblemDetails {
        ProblemDetails(title: StatusLine.reason(status), status: status, detail: detail)
    }
}

extension Response {
    /// A problem+json response whose status is the problem's status.
    public static func problem(_ p: ProblemDetails, headers: Headers = Headers()) -> Response {
        var h = headers
        h.add("Content-Type", ProblemDetails.contentType)
        return Response(status: p.status, headers: h, body: p.jsonBytes)
    }
}
