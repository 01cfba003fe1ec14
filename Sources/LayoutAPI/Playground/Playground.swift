import HTTP

/// `GET /`: the playground page (Sources/LayoutAPI/Playground/playground.html, embedded by
/// scripts/gen-playground). It loads nothing from elsewhere, so its Content-Security-Policy
/// allows only this server: its one inline script by hash (an injected script would not run
/// even if something the page shows escaped its escaping), inline styles, and fetches to here.
enum Playground {
    /// The page, compressed at most once per coding.
    static let body = EncodedBody(PlaygroundPage.bytes)

    static let answer: Answer = {
        var answer = Answer(contentType: "text/html; charset=utf-8", body: .cached(body, of: nil),
                            validator: .tag(Answer.contentTag("playground", PlaygroundPage.bytes)))
        answer.headers.add("Content-Security-Policy", contentSecurityPolicy(PlaygroundPage.text))
        answer.headers.add("X-Content-Type-Options", "nosniff")
        return answer
    }()

    static func contentSecurityPolicy(_ page: String) -> String {
        let scripts = inlineScripts(page).map { "'sha256-\(base64(SHA256.digest(Array($0.utf8))))'" }
        return "default-src 'none'; script-src \(scripts.joined(separator: " ")); style-src 'unsafe-inline'; "
            + "connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    }

    /// The text between each `<script>` and `</script>` (what a CSP hash covers).
    static func inlineScripts(_ page: String) -> [Substring] {
        var out: [Substring] = []
        var rest = page[...]
        while let open = rest.firstRange(of: "<script>"), let close = rest[open.upperBound...].firstRange(of: "</script>") {
            out.append(rest[open.upperBound..<close.lowerBound])
            rest = rest[close.upperBound...]
        }
        return out
    }

    /// RFC 4648 base64 with padding.
    static func base64(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i < bytes.count {
            let n = min(3, bytes.count - i)
            let b0 = UInt32(bytes[i]), b1 = n > 1 ? UInt32(bytes[i + 1]) : 0, b2 = n > 2 ? UInt32(bytes[i + 2]) : 0
            let v = b0 << 16 | b1 << 8 | b2
            out.append(alphabet[Int(v >> 18 & 63)])
            out.append(alphabet[Int(v >> 12 & 63)])
            out.append(n > 1 ? alphabet[Int(v >> 6 & 63)] : UInt8(ascii: "="))
            out.append(n > 2 ? alphabet[Int(v & 63)] : UInt8(ascii: "="))
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}
