/// RFC 9457 serialisation, so the HTTP module can answer its own errors without a JSON library.
extension ProblemDetails {
    /// `{"type":…,"title":…,"status":…,"detail":…[,"errors":[{"pointer":…,"detail":…}]]}`;
    /// `errors` appears only when non-empty.
    public var jsonBytes: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(96 + title.utf8.count + detail.utf8.count)
        out.append(contentsOf: #"{"type":"#.utf8)
        JSONString.append(type, to: &out)
        out.append(contentsOf: #","title":"#.utf8)
        JSONString.append(title, to: &out)
        out.append(contentsOf: #","status":"#.utf8)
        out.append(contentsOf: String(status).utf8)
        out.append(contentsOf: #","detail":"#.utf8)
        JSONString.append(detail, to: &out)
        if !errors.isEmpty {
            out.append(contentsOf: #","errors":["#.utf8)
            for (i, e) in errors.enumerated() {
                if i > 0 { out.append(0x2C) }
                out.append(contentsOf: #"{"pointer":"#.utf8)
                JSONString.append(e.pointer, to: &out)
                out.append(contentsOf: #","detail":"#.utf8)
                JSONString.append(e.detail, to: &out)
                out.append(0x7D)
            }
            out.append(0x5D)
        }
        out.append(0x7D)
        return out
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

/// RFC 8259 §7 string escaping.
enum JSONString {
    static func append(_ s: String, to out: inout [UInt8]) {
        out.append(0x22)
        for b in s.utf8 {
            switch b {
            case 0x22: out.append(0x5C); out.append(0x22)
            case 0x5C: out.append(0x5C); out.append(0x5C)
            case 0x0A: out.append(0x5C); out.append(0x6E)
            case 0x0D: out.append(0x5C); out.append(0x72)
            case 0x09: out.append(0x5C); out.append(0x74)
            case 0x08: out.append(0x5C); out.append(0x62)
            case 0x0C: out.append(0x5C); out.append(0x66)
            case 0x00..<0x20:
                let hex: [UInt8] = Array("0123456789abcdef".utf8)
                out.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, hex[Int(b >> 4)], hex[Int(b & 0xF)]])
            default: out.append(b)
            }
        }
        out.append(0x22)
    }
}
