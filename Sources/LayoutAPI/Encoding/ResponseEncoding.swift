import HTTP
import HTTPCompression
import LayoutEngine

/// Content codings of answers: `Content-Encoding: gzip` or `deflate` when the request's
/// `Accept-Encoding` prefers it (RFC 9110 §12.5.3), for JSON, protobuf, SVG and YAML bodies of at least
/// `compressionThreshold` bytes, always with `Vary: Accept-Encoding` (applied by `finish`, the
/// coding chosen by `ContentNegotiation`).
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

    /// Whether answers of this media type are compressed: JSON (`application/json`,
    /// `application/problem+json`, any `+json`), SVG, YAML and HTML (the playground and the API
    /// reference, both fixed bytes compressed once per coding).
    static func isCompressible(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        // The types this server sends, without parsing (this runs for every response).
        if contentType == "application/json" || contentType == "application/problem+json" { return true }
        // Frame columns of varints: gzip takes about a third more off (docs/binary-answers.md).
        if contentType == ProtobufEncoder.mediaType { return true }
        if contentType.hasPrefix("text/plain") { return false }
        let media = contentType.split(separator: ";", maxSplits: 1).first.map { $0.trimmingSpaces.lowercased() } ?? ""
        return isJSON(media) || media == "image/svg+xml" || media == "application/yaml" || media == "text/html"
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

    /// Whether sending `body` in the plan's coding means compressing more than
    /// `inlineCompressionLimit` bytes now (it is not cached in that coding yet). O(1), no lock.
    static func compressionPending(_ body: EncodedBody, _ plan: Plan) -> Bool {
        body.identity.count > inlineCompressionLimit && body.cached(plan.negotiation.coding(size: body.identity.count)) == nil
    }

    /// About how many bytes an element query will answer with (~100 per element), bounded
    /// above `inlineCompressionLimit` at O(log n) cost: one element for `indexPath`; for `rect`
    /// and `point` the spatial index's bound when it is built (`estimatedCount`), else the rect's
    /// share of the content area (1.5x, for uneven layouts) or a few elements for a point;
    /// everything without them.
    static func estimatedAnswerBytes(_ query: ElementQuery, _ entry: CachedLayout) -> Int {
        let count = entry.layout.attributes.count
        let limit = inlineCompressionLimit / 100 + 1
        if query.indexPath != nil { return 1_000 }
        if let p = query.point {
            guard let index = entry.builtIndex else { return 1_000 }
            return index.estimatedCount(containing: p, limit: limit) * 100 + 1_000
        }
        guard let rect = query.rect else { return count * 100 }
        if let index = entry.builtIndex {
            return index.estimatedCount(in: rect, limit: limit) * 100 + 1_000
        }
        let size = entry.layout.contentSize
        let area = max(size.width, 1) * max(size.height, 1)
        let w = max(0, min(rect.maxX, size.width) - max(rect.minX, 0))
        let h = max(0, min(rect.maxY, size.height) - max(rect.minY, 0))
        let share = min(1, 1.5 * (w * h) / area)
        guard share.isFinite else { return count * 100 }
        return Int(share * Double(count)) * 100 + 1_000
    }
}
