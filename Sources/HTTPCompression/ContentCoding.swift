/// The content codings layoutd reads and writes (RFC 9110 §8.4.1). `deflate` is the zlib format
/// (RFC 1950) as the RFC says, though raw deflate streams, which some clients send, are read too.
package enum ContentCoding: String, Sendable, Hashable, CaseIterable {
    case identity
    case gzip
    case deflate

    /// The coding a `Content-Encoding` or `Accept-Encoding` token names (case-insensitive,
    /// `x-gzip` as `gzip` per RFC 9110 §8.4.1.3), or nil for one this server does not know.
    package init?(token: Substring) {
        switch token.lowercased() {
        case "identity": self = .identity
        case "gzip", "x-gzip": self = .gzip
        case "deflate": self = .deflate
        default: return nil
        }
    }

    /// zlib's `windowBits` for this format: 15 with the zlib wrapper, +16 for the gzip wrapper.
    var windowBits: Int32 {
        switch self {
        case .gzip: 15 + 16
        case .deflate, .identity: 15
        }
    }

    /// The coding(s) a request's `Content-Encoding` values name, outermost last, identity left out
    /// (`Content-Encoding: identity` is a no-op). `.failure` holds the first unknown token.
    package static func parseList(_ values: [String]) -> Result<[ContentCoding], UnknownCoding> {
        var codings: [ContentCoding] = []
        for value in values {
            for part in value.split(separator: ",") {
                let token = part.trimmingWhitespace
                if token.isEmpty { continue }
                guard let coding = ContentCoding(token: token) else { return .failure(UnknownCoding(token: String(token))) }
                if coding != .identity { codings.append(coding) }
            }
        }
        return .success(codings)
    }

    /// A `Content-Encoding` token this server cannot decode.
    package struct UnknownCoding: Error, Equatable {
        package var token: String
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs (HTTP's OWS).
    var trimmingWhitespace: Substring {
        var s = self
        while let c = s.first, c == " " || c == "\t" { s = s.dropFirst() }
        while let c = s.last, c == " " || c == "\t" { s = s.dropLast() }
        return s
    }
}
