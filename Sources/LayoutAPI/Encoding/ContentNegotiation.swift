import HTTP
import HTTPCompression

/// The request headers that shape an answer, read in one pass over the head when the request is
/// planned and kept in its plan: nothing is parsed twice, and the common values (no header, or
/// `gzip`, `gzip, deflate`, `gzip, deflate, br`, `deflate`, `identity` for `Accept-Encoding`) are
/// read without allocating.
///
/// - `Accept-Encoding` (RFC 9110 §12.5.3, `AcceptEncoding` for the rules): the coding for large
///   answers and for answers under `compressionThreshold`;
/// - `Accept`: the three choices the routes make from it (SVG over JSON for `/layout/{id}`,
///   text over YAML for the contract, bytes over SVG for pictures);
/// - `If-None-Match` (compared by `finish`), `Prefer` (`return=`), `Content-Type` and
///   `Content-Encoding` of the body.
struct ContentNegotiation: Sendable {
    /// The coding of an answer of `compressionThreshold` bytes or more.
    private(set) var largeCoding: ContentCoding = .identity
    /// The coding of a smaller answer: identity unless the client refuses identity.
    private(set) var smallCoding: ContentCoding = .identity
    /// `Accept` (every field, joined), nil without one.
    private(set) var accept: String?
    private(set) var ifNoneMatch: String?
    private(set) var prefer: Preference = .none
    private(set) var contentType: String?
    /// Whether the body has a `Content-Encoding` (decoded off the I/O loop).
    private(set) var bodyIsCoded = false

    /// `Prefer: return=…` (RFC 7240), percent-decoded (see `Preferences.swift`).
    enum Preference: Sendable, Equatable {
        case none, minimal, representation
        /// A `Prefer` header without a valid `return` (a 400 on the routes that take it).
        case invalid(String)
    }

    init(_ headers: Headers) {
        // Arrays only for a second field of the same name (rare): one field allocates nothing.
        var acceptEncoding: (first: String?, more: [String]) = (nil, [])
        var prefer: (first: String?, more: [String]) = (nil, [])
        for field in headers.fields {
            switch field.name.utf8.count {
            case 6 where Self.same(field.name, "Accept"):
                accept = accept.map { $0 + ", " + field.value } ?? field.value
            case 6 where Self.same(field.name, "Prefer"):
                if prefer.first == nil { prefer.first = field.value } else { prefer.more.append(field.value) }
            case 12 where Self.same(field.name, "Content-Type"):
                if contentType == nil { contentType = field.value }
            case 13 where Self.same(field.name, "If-None-Match"):
                ifNoneMatch = ifNoneMatch.map { $0 + ", " + field.value } ?? field.value
            case 15 where Self.same(field.name, "Accept-Encoding"):
                if acceptEncoding.first == nil { acceptEncoding.first = field.value } else { acceptEncoding.more.append(field.value) }
            case 16 where Self.same(field.name, "Content-Encoding"):
                bodyIsCoded = true
            default:
                break
            }
        }
        if let first = acceptEncoding.first { (largeCoding, smallCoding) = Self.codings(first, acceptEncoding.more) }
        if let first = prefer.first { self.prefer = LayoutApplication.preference([first] + prefer.more) }
    }

    /// The coding for an answer of `size` bytes (`Int.max`: one whose size is not known before
    /// it is made, such as a picture; empty answers are never coded).
    func coding(size: Int) -> ContentCoding {
        guard size > 0 else { return .identity }
        return size < LayoutApplication.compressionThreshold ? smallCoding : largeCoding
    }

    /// `(large, small)` codings for the `Accept-Encoding` values.
    static func codings(_ first: String, _ more: [String] = []) -> (ContentCoding, ContentCoding) {
        if more.isEmpty {
            switch first {
            case "gzip", "gzip, deflate", "gzip, deflate, br", "gzip,deflate", "gzip, deflate, br, zstd", "br, gzip, deflate":
                return (.gzip, .identity)
            case "deflate": return (.deflate, .identity)
            case "identity", "": return (.identity, .identity)
            default: break
            }
        }
        let accept = AcceptEncoding([first] + more)
        guard let preferred = accept.preferred(), preferred != .identity else { return (.identity, .identity) }
        return (preferred, accept.weight(of: .identity) > 0 ? .identity : preferred)
    }

    /// Whether `Accept` prefers `image/svg+xml` to `application/json` (`MediaNegotiation`).
    var prefersSVG: Bool { representation(svg: true) == .svg }

    /// The representation `Accept` chooses (`MediaNegotiation.choose`); `svg` for the route that
    /// has a picture. No `Accept`, `*/*` and `application/json` are JSON without parsing.
    func representation(svg: Bool) -> MediaNegotiation.Choice {
        guard let accept, accept != "*/*", accept != "application/json" else { return .json }
        return MediaNegotiation.choose([accept], svg: svg)
    }

    /// Whether `Accept` lists `alternate` and not `primary` (media ranges, parameters ignored):
    /// the two routes that serve one format also serve it as text or bytes to clients that ask so.
    func asksFor(_ alternate: String, not primary: String) -> Bool {
        guard let accept, accept != "*/*" else { return false }
        let ranges = accept.split(separator: ",").map {
            $0.split(separator: ";", maxSplits: 1).first.map { $0.trimmingSpaces.lowercased() } ?? ""
        }
        return ranges.contains(alternate) && !ranges.contains(primary)
    }

    /// Whether `If-None-Match` names `etag` (or is `*`): weak comparison (RFC 9110 §13.1.2),
    /// each tag possibly percent-encoded.
    func matches(_ etag: String) -> Bool {
        guard let ifNoneMatch else { return false }
        return LayoutApplication.etagMatches(LayoutApplication.percentDecoded(ifNoneMatch), etag)
    }

    /// ASCII case-insensitive field-name comparison of two names of the same length.
    static func same(_ name: String, _ known: StaticString) -> Bool {
        var i = 0
        let k = UnsafeBufferPointer(start: known.utf8Start, count: known.utf8CodeUnitCount)
        for c in name.utf8 {
            guard i < k.count else { return false }
            let a = c >= 0x41 && c <= 0x5A ? c | 0x20 : c
            let b = k[i] >= 0x41 && k[i] <= 0x5A ? k[i] | 0x20 : k[i]
            if a != b { return false }
            i += 1
        }
        return i == k.count
    }
}
