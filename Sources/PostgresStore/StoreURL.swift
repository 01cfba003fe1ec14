#if PostgresStore
import PostgresNIO

/// A malformed `--store` URL (the message never repeats the password).
package struct StoreURLError: Error, CustomStringConvertible {
    package var description: String
}

/// `postgres://user:password@host:port/database?sslmode=disable|prefer|require`, percent-decoded.
struct StoreURL {
    var host: String
    var port: Int
    var user: String
    var password: String?
    var database: String?
    var tls: PostgresClient.Configuration.TLS

    static func parse(_ url: String) throws(StoreURLError) -> StoreURL {
        var rest = Substring(url)
        if rest.hasPrefix("postgres://") { rest = rest.dropFirst("postgres://".count) }
        else if rest.hasPrefix("postgresql://") { rest = rest.dropFirst("postgresql://".count) }
        else { throw StoreURLError(description: "the URL must start with postgres://") }
        var query: Substring = ""
        if let q = rest.firstIndex(of: "?") { query = rest[rest.index(after: q)...]; rest = rest[..<q] }
        var path: Substring = ""
        if let slash = rest.firstIndex(of: "/") { path = rest[rest.index(after: slash)...]; rest = rest[..<slash] }
        var user = "postgres"
        var password: String?
        if let at = rest.lastIndex(of: "@") {
            let info = rest[..<at]
            rest = rest[rest.index(after: at)...]
            if let colon = info.firstIndex(of: ":") {
                user = try decode(info[..<colon])
                password = try decode(info[info.index(after: colon)...])
            } else {
                user = try decode(info)
            }
        }
        var host = String(rest)
        var port = 5432
        if let colon = rest.lastIndex(of: ":"), !rest.hasSuffix("]") {
            host = String(rest[..<colon])
            guard let p = Int(rest[rest.index(after: colon)...]), (1...65_535).contains(p) else {
                throw StoreURLError(description: "the port must be a number from 1 to 65535")
            }
            port = p
        }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty else { throw StoreURLError(description: "the URL has no host") }
        var tls = PostgresClient.Configuration.TLS.prefer(.makeClientConfiguration())
        for pair in query.split(separator: "&") {
            let kv = pair.split(separator: "=", maxSplits: 1)
            guard kv.count == 2, kv[0] == "sslmode" else { continue }
            switch kv[1] {
            case "disable": tls = .disable
            case "prefer", "allow": tls = .prefer(.makeClientConfiguration())
            case "require", "verify-ca", "verify-full": tls = .require(.makeClientConfiguration())
            default: throw StoreURLError(description: "sslmode must be disable, prefer or require")
            }
        }
        return StoreURL(host: host, port: port, user: user, password: password,
                        database: path.isEmpty ? nil : try decode(path), tls: tls)
    }

    /// `%XX` escapes (for passwords with `@`, `:` or `/`).
    static func decode(_ s: Substring) throws(StoreURLError) -> String {
        guard s.contains("%") else { return String(s) }
        var out: [UInt8] = []
        var bytes = s.utf8[...]
        while let c = bytes.popFirst() {
            guard c == UInt8(ascii: "%") else { out.append(c); continue }
            guard bytes.count >= 2, let v = UInt8(String(decoding: bytes.prefix(2), as: UTF8.self), radix: 16) else {
                throw StoreURLError(description: "a % escape must be followed by two hex digits")
            }
            out.append(v)
            bytes = bytes.dropFirst(2)
        }
        return String(decoding: out, as: UTF8.self)
    }
}
#endif
