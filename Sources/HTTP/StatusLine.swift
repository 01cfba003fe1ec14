/// Status lines and reason phrases (RFC 9110 §15), precomputed for the common ones.
enum StatusLine {
    static func reason(_ status: Int) -> String {
        switch status {
        case 100: return "Continue"
        case 200: return "OK"
        case 201: return "Created"
        case 202: return "Accepted"
        case 204: return "No Content"
        case 206: return "Partial Content"
        case 301: return "Moved Permanently"
        case 302: return "Found"
        case 303: return "See Other"
        case 304: return "Not Modified"
        case 307: return "Temporary Redirect"
        case 308: return "Permanent Redirect"
        case 400: return "Bad Request"
        case 401: return "Unauthorized"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 406: return "Not Acceptable"
        case 408: return "Request Timeout"
        case 409: return "Conflict"
        case 410: return "Gone"
        case 411: return "Length Required"
        case 412: return "Precondition Failed"
        case 413: return "Content Too Large"
        case 414: return "URI Too Long"
        case 415: return "Unsupported Media Type"
        case 417: return "Expectation Failed"
        case 422: return "Unprocessable Content"
        case 428: return "Precondition Required"
        case 429: return "Too Many Requests"
        case 431: return "Request Header Fields Too Large"
        case 500: return "Internal Server Error"
        case 501: return "Not Implemented"
        case 502: return "Bad Gateway"
        case 503: return "Service Unavailable"
        case 504: return "Gateway Timeout"
        case 505: return "HTTP Version Not Supported"
        default: return "Status \(status)"
        }
    }

    static let ok: [UInt8] = Array("HTTP/1.1 200 OK\r\n".utf8)

    /// Appends `HTTP/1.1 <status> <reason>\r\n`.
    static func append(_ status: Int, to out: inout [UInt8]) {
        if status == 200 { out.append(contentsOf: ok); return }
        out.append(contentsOf: "HTTP/1.1 ".utf8)
        appendDecimal(status, to: &out)
        out.append(0x20)
        out.append(contentsOf: reason(status).utf8)
        out.append(contentsOf: [0x0D, 0x0A])
    }

    static func appendDecimal(_ value: Int, to out: inout [UInt8]) {
        if value < 10 { out.append(UInt8(0x30 + value)); return }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var v = value < 0 ? 0 : value
        var n = 0
        withUnsafeMutableBytes(of: &digits) { d in
            while v > 0 && n < 20 { d[19 - n] = UInt8(0x30 + v % 10); v /= 10; n += 1 }
            out.append(contentsOf: d[(20 - n)...])
        }
    }
}
