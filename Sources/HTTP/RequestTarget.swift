/// Request-target forms (RFC 9112 §3.2) and the `Host` field's grammar (RFC 9110 §7.2).
enum RequestTarget {
    enum Result {
        case success(String)
        case failure(String)
    }

    /// The target as origin-form (`/path?query`): origin-form as is; absolute-form
    /// (`http://host/path?q`, which a server MUST accept, §3.2.2) reduced to its path and query;
    /// asterisk-form only for OPTIONS and authority-form only for CONNECT, passed through.
    static func originForm(_ t: UnsafeBufferPointer<UInt8>, method: String) -> Result {
        if t.first == UInt8(ascii: "/") { return .success(HeadParser.string(t)) }
        if t.count == 1 && t[0] == UInt8(ascii: "*") {
            return method == "OPTIONS" ? .success("*")
                : .failure("Malformed request target: '*' (asterisk-form) is only for OPTIONS.")
        }
        if method == "CONNECT" { return .success(HeadParser.string(t)) }
        guard let schemeEnd = t.firstIndex(of: UInt8(ascii: ":")), schemeEnd > 0,
              t[0..<schemeEnd].allSatisfy(isSchemeChar), isAlpha(t[0]),
              schemeEnd + 2 < t.count, t[schemeEnd + 1] == UInt8(ascii: "/"), t[schemeEnd + 2] == UInt8(ascii: "/") else {
            return .failure("Malformed request target: expected a path starting with '/' or an absolute URI.")
        }
        let authorityStart = schemeEnd + 3
        var pathStart = authorityStart
        while pathStart < t.count, t[pathStart] != UInt8(ascii: "/"), t[pathStart] != UInt8(ascii: "?"),
              t[pathStart] != UInt8(ascii: "#") { pathStart += 1 }
        let authority = UnsafeBufferPointer(rebasing: t[authorityStart..<pathStart])
        // The authority may carry userinfo only in URIs, never in a request target (RFC 9110 §4.2.4).
        guard !authority.isEmpty, isValidHost(authority) else {
            return .failure("Malformed request target: invalid authority in the absolute URI.")
        }
        let rest = HeadParser.string(UnsafeBufferPointer(rebasing: t[pathStart...]))
        return .success(rest.hasPrefix("/") ? rest : "/" + rest)
    }

    /// `uri-host [ ":" port ]`: a reg-name (unreserved, pct-encoded, sub-delims), an IPv4
    /// address, or an IP-literal in brackets; the port is digits. Empty is allowed (§7.2).
    static func isValidHost(_ v: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        if v.first == UInt8(ascii: "[") {
            guard let close = v.firstIndex(of: UInt8(ascii: "]")), close > 1 else { return false }
            guard v[1..<close].allSatisfy({ isHex($0) || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".")
                || isUnreserved($0) || isSubDelim($0) }) else { return false }
            i = close + 1
        } else {
            while i < v.count, v[i] != UInt8(ascii: ":") {
                let b = v[i]
                if b == UInt8(ascii: "%") {
                    guard i + 2 < v.count, isHex(v[i + 1]), isHex(v[i + 2]) else { return false }
                    i += 3
                    continue
                }
                guard isUnreserved(b) || isSubDelim(b) else { return false }
                i += 1
            }
        }
        if i == v.count { return true }
        guard v[i] == UInt8(ascii: ":") else { return false }
        return v[(i + 1)...].allSatisfy(HeadParser.isDigit)
    }

    static func isAlpha(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }
    static func isHex(_ b: UInt8) -> Bool { HeadParser.isDigit(b) || ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x66) }
    static func isSchemeChar(_ b: UInt8) -> Bool {
        isAlpha(b) || HeadParser.isDigit(b) || b == UInt8(ascii: "+") || b == UInt8(ascii: "-") || b == UInt8(ascii: ".")
    }
    static func isUnreserved(_ b: UInt8) -> Bool {
        isAlpha(b) || HeadParser.isDigit(b) || b == UInt8(ascii: "-") || b == UInt8(ascii: ".")
            || b == UInt8(ascii: "_") || b == UInt8(ascii: "~")
    }
    /// `! $ & ' ( ) * + , ; =`
    static func isSubDelim(_ b: UInt8) -> Bool {
        switch b {
        case 0x21, 0x24, 0x26, 0x27, 0x28, 0x29, 0x2A, 0x2B, 0x2C, 0x3B, 0x3D: return true
        default: return false
        }
    }
}
