import HTTP
import HTTPCompression

/// What a handler answers: its status, media type and body, and what the front desk needs to
/// finish it (`LayoutApplication.finish`): the validator of its identity form, whether it also
/// varies on `Accept`. Handlers set no `Vary`, `ETag`, `Content-Encoding` or cache header.
struct Answer: Sendable {
    var status = 200
    var contentType: String?
    var body: Body
    /// The strong validator of the identity representation; `finish` derives the per-coding
    /// tags, answers 304 to a matching `If-None-Match` on GET and HEAD, and sends `ETag`.
    var validator: Validator?
    /// The representation also depends on `Accept` (`Vary: Accept, Accept-Encoding`).
    var variesOnAccept = false
    /// `X-Cache: hit|miss` (whether the layout was computed for this request).
    var cacheStatus: String?
    /// `Location` of the layout answered.
    var location: String?
    /// `Content-Location`: the resource this body is a representation of (`POST /layout`).
    var contentLocation: String?
    /// Other headers of this answer (`Preference-Applied`, `Allow`, `Retry-After`, policies).
    var headers = Headers()
    /// The buffer budget this answer's bytes hold while it is made (`admitAnswer`), released
    /// when the answer is dropped.
    var reservations: [BodiesInTheMaking.Reservation] = []

    enum Body: Sendable {
        /// Bytes made for this answer, compressed per request when the client asks.
        case bytes([UInt8])
        /// A cached body, compressed once per coding (counted in the cache for `entry`).
        case cached(EncodedBody, of: CachedLayout?)
        /// Drawn only when needed (not for a 304, nor for a `HEAD` of a picture: `headWithoutBody`);
        /// its coding is decided before it is drawn. A failure (an answer that passed
        /// `--max-answer-bytes` while being made) is answered instead.
        case rendered(@Sendable () -> Result<[UInt8], APIError>)
    }

    enum Validator: Sendable {
        /// The layout's own tags, made once with it: `"{id}"`, `"{id}-gzip"`, `"{id}-deflate"`.
        case layout(CachedLayout)
        /// A tag such as `"{id}.svg;scale=2"`; coded forms get `-gzip` / `-deflate` before the quote.
        case tag(String)
        /// An element query: `"{id}.q{hash of the query string}"` (`.pb` after it for the binary
        /// answer), made in one allocation with its coding's suffix.
        case query(CachedLayout, hash: UInt64, protobuf: Bool = false)
    }

    /// `"name-{FNV-1a 64 of bytes}"`: the validator of a body fixed for the life of the process.
    static func contentTag(_ name: String, _ bytes: [UInt8]) -> String {
        "\"\(name)-\(String(fnv1a(bytes), radix: 16))\""
    }

    /// FNV-1a, 64 bits: stable across processes and replicas (unlike `Hasher`), so every replica
    /// gives an answer the same validator.
    static func fnv1a(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
        return h
    }

    /// `"{id}.q{16 hex digits}"` (then `.pb` for the binary answer) with the coding's suffix before
    /// the closing quote.
    static func queryTag(id: String, hash: UInt64, coding: ContentCoding, protobuf: Bool = false) -> String {
        let suffix: StaticString = protobuf
            ? (coding == .gzip ? ".pb-gzip" : coding == .deflate ? ".pb-deflate" : ".pb")
            : (coding == .gzip ? "-gzip" : coding == .deflate ? "-deflate" : "")
        let count = id.utf8.count + 20 + suffix.utf8CodeUnitCount
        return String(unsafeUninitializedCapacity: count) { out in
            var i = 0
            out[i] = UInt8(ascii: "\""); i += 1
            for c in id.utf8 { out[i] = c; i += 1 }
            out[i] = UInt8(ascii: "."); out[i + 1] = UInt8(ascii: "q"); i += 2
            for shift in stride(from: 60, through: 0, by: -4) {
                let d = UInt8((hash >> UInt64(shift)) & 0xF)
                out[i] = d < 10 ? UInt8(ascii: "0") + d : UInt8(ascii: "a") + d - 10; i += 1
            }
            for k in 0..<suffix.utf8CodeUnitCount { out[i] = suffix.utf8Start[k]; i += 1 }
            out[i] = UInt8(ascii: "\""); i += 1
            return i
        }
    }

    init(status: Int = 200, contentType: String?, body: Body, validator: Validator? = nil) {
        self.status = status
        self.contentType = contentType
        self.body = body
        self.validator = validator
    }

    /// A problem answer (RFC 9457) with the headers its error calls for.
    init(_ error: APIError) {
        let response = error.response
        status = response.status
        body = .bytes(response.body)
        // A 406 is an answer to this `Accept`: another gets a 200.
        if case .notAcceptable = error { variesOnAccept = true }
        for field in response.headers {
            if field.name == "Content-Type" { contentType = field.value } else { headers.add(field.name, field.value) }
        }
    }
}

extension LayoutApplication {
    /// The one post-handler step: every answer, early ones included, becomes its response here.
    /// Chooses the content coding (`ContentNegotiation`), compresses (cached bodies once, others per
    /// request), sets `Vary` for compressible media types, the ETag of the coded representation,
    /// `Cache-Control` by the route's class (`Route.Caching`; `no-store` for problems and early
    /// answers), answers 304 to a matching `If-None-Match` (with the headers the 200 would have,
    /// RFC 9110 §15.4.5), and names the route for metrics.
    func finish(_ answer: Answer, negotiation: ContentNegotiation, method: String, route: Route?) -> Response {
        let compressible = Self.isCompressible(answer.contentType)
        let size: Int
        switch answer.body {
        case .bytes(let b): size = b.count
        case .cached(let b, _): size = b.identity.count
        case .rendered: size = Int.max
        }
        let coding = compressible ? negotiation.coding(size: size) : .identity
        var headers = Headers()
        headers.reserveCapacity(8 + answer.headers.fields.count)
        var etag: String?
        switch answer.validator {
        case .layout(let entry)?:
            // The layout resource's tag as `GET /layout/{id}` answers it with these headers (a
            // minimal `POST` answer names the full layout's representation).
            let threshold = Self.compressionThreshold
            etag = entry.etag(compressible ? negotiation.coding(size: entry.fullSize(atLeast: threshold) ?? full(entry).identity.count) : .identity)
        case .tag(let tag)?:
            etag = Self.etag(tag, coding)
        case .query(let entry, let hash, let protobuf)?:
            etag = Answer.queryTag(id: entry.id, hash: hash, coding: coding, protobuf: protobuf)
        case nil:
            break
        }
        if let etag { headers.add("ETag", etag) }
        // Problem answers (404 for an id included: it may exist a moment later) are never stored.
        headers.add("Cache-Control", answer.status < 400 ? route?.caching.header ?? "no-store" : "no-store")
        if answer.variesOnAccept {
            headers.add("Vary", "Accept, Accept-Encoding")
        } else if compressible {
            headers.add("Vary", "Accept-Encoding")
        }
        if let etag, method == "GET" || method == "HEAD", answer.status == 200, negotiation.matches(etag) {
            return Response(status: 304, headers: headers, route: route?.template)
        }
        if let type = answer.contentType { headers.add("Content-Type", type) }
        if let status = answer.cacheStatus { headers.add("X-Cache", status) }
        if let location = answer.location { headers.add("Location", location) }
        if let location = answer.contentLocation { headers.add("Content-Location", location) }
        for field in answer.headers { headers.add(field.name, field.value) }
        var body: [UInt8]
        var sent = ContentCoding.identity
        var unmade = false
        /// Bytes made for this answer alone, compressed at the per-request level.
        func packed(_ bytes: [UInt8]) -> [UInt8] {
            guard coding != .identity, !bytes.isEmpty,
                  let packed = Deflater.compress(bytes, as: coding, level: Deflater.perRequestLevel) else { return bytes }
            sent = coding
            return packed
        }
        switch answer.body {
        case .cached(let encoded, let entry):
            body = encoded.identity
            if coding != .identity, let (bytes, added) = encoded.encoded(coding) {
                if let entry, added > 0 { cache.grow(entry, by: added) }
                (body, sent) = (bytes, coding)
            }
        case .bytes(let bytes):
            body = packed(bytes)
        case .rendered where method == "HEAD":
            // The headers are known without the body: no picture is drawn for a HEAD.
            body = []
            unmade = true
            sent = coding
        case .rendered(let render):
            switch render() {
            case .success(let bytes): body = packed(bytes)
            case .failure(let error): return finish(Answer(error), negotiation: negotiation, method: method, route: route)
            }
        }
        if sent != .identity { headers.add("Content-Encoding", sent.rawValue) }
        var response = Response(status: answer.status, headers: headers, body: body, route: route?.template)
        response.omitsContentLength = unmade
        return response
    }
}
