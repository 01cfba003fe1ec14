import HTTP
import HTTPCompression
import LayoutEngine

/// Content codings of answers: `Content-Encoding: gzip` or `deflate` when the request's
/// `Accept-Encoding` prefers it (RFC 9110 §12.5.3), for JSON, SVG and YAML bodies of at least
/// `compressionThreshold` bytes, always with `Vary: Accept-Encoding`.
///
/// Cached bodies (layouts, the OpenAPI document) are compressed once per coding and kept
/// (`EncodedBody`); other answers are compressed per request at zlib's fastest level.
/// When the client accepts no coding at all (`*;q=0`, or `identity;q=0` with no coding offered
/// here), the answer goes as identity: RFC 9110 §12.5.1 lets a server disregard the field rather
/// than answer 406, and a readable answer helps such a client more than a refusal.
extension LayoutApplication {
    /// Smaller bodies go as they are (unless identity is refused): gzip's 18-byte frame and
    /// the CPU would buy little.
    static let compressionThreshold = 1024
    /// Largest body compressed on an I/O loop, about 100 µs at the per-request level; a request
    /// whose answer may need more compression runs on Dispatch (`execution(for:)`).
    static let inlineCompressionLimit = 16 * 1024

    /// The coding for an answer of `size` bytes to a request with these headers.
    static func coding(_ headers: Headers, size: Int) -> ContentCoding {
        let values = headers.values("Accept-Encoding")
        guard !values.isEmpty, size > 0 else { return .identity }
        let accept = AcceptEncoding(values)
        guard let preferred = accept.preferred(), preferred != .identity else { return .identity }
        if size < compressionThreshold, accept.weight(of: .identity) > 0 { return .identity }
        return preferred
    }

    /// Whether answers of this media type are compressed: JSON (`application/json`,
    /// `application/problem+json`, any `+json`), SVG and YAML.
    static func isCompressible(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        // The types this server sends, without parsing (this runs for every response).
        if contentType == "application/json" || contentType == "application/problem+json" { return true }
        if contentType.hasPrefix("text/plain") { return false }
        let media = contentType.split(separator: ";", maxSplits: 1).first.map { $0.trimmingSpaces.lowercased() } ?? ""
        return isJSON(media) || media == "image/svg+xml" || media == "application/yaml"
    }

    /// A cached body in the coding negotiated for `request`, compressed now if this is the first
    /// request for that coding (the bytes added are counted in the cache for `entry`). Adds
    /// `Content-Encoding` and `Vary` to `headers`; returns the body and its coding (for the ETag).
    func negotiate(_ body: EncodedBody, of entry: CachedLayout?, for request: Request,
                   headers: inout Headers) -> (body: [UInt8], coding: ContentCoding) {
        Self.varyOnAcceptEncoding(&headers)
        let coding = Self.coding(request.headers, size: body.identity.count)
        guard coding != .identity, let (bytes, added) = body.encoded(coding) else { return (body.identity, .identity) }
        if let entry { cache.grow(entry, by: added) }
        headers.add("Content-Encoding", coding.rawValue)
        return (bytes, coding)
    }

    /// Compresses an answer made for this request alone, unless a handler has negotiated it
    /// already (its `Vary` then names `Accept-Encoding`). Other media types pass through untouched.
    static func negotiated(_ response: Response, for request: Request) -> Response {
        guard isCompressible(response.headers["Content-Type"]), !variesOnAcceptEncoding(response.headers) else { return response }
        var response = response
        varyOnAcceptEncoding(&response.headers)
        compress(&response, as: coding(request.headers, size: response.body.count))
        return response
    }

    /// `response.body` compressed at the per-request level with `Content-Encoding` (identity, or a
    /// zlib failure, leave it as it is).
    static func compress(_ response: inout Response, as coding: ContentCoding) {
        guard coding != .identity, !response.body.isEmpty,
              let packed = Deflater.compress(response.body, as: coding, level: Deflater.perRequestLevel) else { return }
        response.headers.add("Content-Encoding", coding.rawValue)
        response.body = packed
    }

    /// `"tag"` as the validator of its `coding` form: `"tag-gzip"`, `"tag-deflate"`.
    static func etag(_ tag: String, _ coding: ContentCoding) -> String {
        guard coding != .identity, tag.hasSuffix("\"") else { return tag }
        return String(tag.dropLast()) + "-" + coding.rawValue + "\""
    }

    /// Adds `Accept-Encoding` to the response's `Vary` (appended to one already there, e.g.
    /// `Vary: Accept` for negotiated pictures), once.
    static func varyOnAcceptEncoding(_ headers: inout Headers) {
        guard let existing = headers["Vary"] else {
            headers.add("Vary", "Accept-Encoding")
            return
        }
        guard !variesOnAcceptEncoding(headers) else { return }
        headers = Headers(headers.fields.map { field in
            field.name.lowercased() == "vary" ? (name: field.name, value: existing + ", Accept-Encoding") : field
        })
    }

    static func variesOnAcceptEncoding(_ headers: Headers) -> Bool {
        headers.values("Vary").contains { $0.lowercased().contains("accept-encoding") }
    }

    /// Whether answering `request` inline could mean compressing more than
    /// `inlineCompressionLimit` bytes on the I/O loop: a cached body not yet compressed in the
    /// negotiated coding, or an element list that may be long. O(1).
    func compressionNeedsOffload(_ request: Request, route: Route?, memo: RecentBodies.Lookup?) -> Bool {
        guard request.headers["Accept-Encoding"] != nil else { return false }
        func pending(_ body: EncodedBody) -> Bool {
            body.identity.count > Self.inlineCompressionLimit
                && body.cached(Self.coding(request.headers, size: body.identity.count)) == nil
        }
        switch route {
        case .openAPI?:
            return pending(Self.openAPIBody)
        case .devices?:
            return pending(DevicesDocument.body)
        case .layout(let id)?:
            return cache.peek(id).map { pending($0.full) } ?? false
        case .layouts?:
            guard let id = memo?.id, let entry = cache.peek(id) else { return false }
            return pending((try? Self.prefersMinimal(request)) == true ? entry.minimal : entry.full)
        case .layoutElements(let id)?:
            guard let entry = cache.peek(id) else { return false }
            return Self.estimatedAnswerBytes(request, entry) > Self.inlineCompressionLimit
                && Self.coding(request.headers, size: Self.inlineCompressionLimit + 1) != .identity
        default:
            return false
        }
    }

    /// About how many bytes an element query will answer with (~100 per element), bounded
    /// above `inlineCompressionLimit` at O(log n) cost: one element for `indexPath`; for `rect`
    /// and `point` the spatial index's bound when it is built (`estimatedCount`), else the rect's
    /// share of the content area (1.5x, for uneven layouts) or a few elements for a point;
    /// everything without them.
    static func estimatedAnswerBytes(_ request: Request, _ entry: CachedLayout) -> Int {
        let q = QueryParameters(request.query)
        let count = entry.layout.attributes.count
        let limit = inlineCompressionLimit / 100 + 1
        if q["indexPath"] != nil { return 1_000 }
        if let p = (try? q.numbers("point", count: 2, meaning: "")) ?? nil {
            guard entry.hasIndex else { return 1_000 }
            return entry.index.estimatedCount(containing: Point(x: p[0], y: p[1]), limit: limit) * 100 + 1_000
        }
        guard let rect = (try? q.numbers("rect", count: 4, meaning: "")) ?? nil else { return count * 100 }
        if entry.hasIndex, rect[2] >= 0, rect[3] >= 0 {
            let visible = Rect(x: rect[0], y: rect[1], width: rect[2], height: rect[3])
            return entry.index.estimatedCount(in: visible, limit: limit) * 100 + 1_000
        }
        let size = entry.layout.contentSize
        let area = max(size.width, 1) * max(size.height, 1)
        let w = max(0, min(rect[0] + rect[2], size.width) - max(rect[0], 0))
        let h = max(0, min(rect[1] + rect[3], size.height) - max(rect[1], 0))
        let share = min(1, 1.5 * (w * h) / area)
        guard share.isFinite else { return count * 100 }
        return Int(share * Double(count)) * 100 + 1_000
    }
}
