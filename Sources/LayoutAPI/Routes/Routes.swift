import HTTP

/// The route table: every path of openapi.yaml, one line each. Adding a route is its line here,
/// the request type it names (a `JSONBody`: its typed pass over the body) and its handler (plus
/// its contract in openapi.yaml); everything else (decoding the body once, from the named type,
/// with one error mapper; (404 and 405 with
/// `Allow`, the typed plan with the pinned layout, content negotiation, compression, `Vary`,
/// ETags and 304s, cache headers) is the front desk's, the same for every route
/// (`LayoutApplication+Plan.swift`, `Encoding/`).
extension LayoutApplication {
    static let routes: [Route] = [
        // template                    methods  cost                   caching      [request type | inline writer] handler (app, request, [body,] plan)
        Route("/",                       .get,  .sized(playgroundCost), .revalidate) { _, _, _ in Playground.answer },
        Route("/healthz",                .get,  .inline,               .noStore, inline: writeHealth) { _, _, _ in healthAnswer },
        Route("/openapi.yaml",           .get,  .sized(contractCost),  .revalidate) { app, _, plan in app.getContract(plan) },
        Route("/docs",                   .get,  .sized(referenceCost), .revalidate) { _, _, _ in APIReference.answer },
        Route("/metrics",                .get,  .inline,               .noStore)    { app, _, _ in app.getMetrics() },
        Route("/devices",                .get,  .sized(devicesCost),   .revalidate) { _, _, _ in getDevices() },
        Route("/layout",                 .post, .sized(postCost),      .noStore, body: LayoutRequest.self) { (app, r, body, plan) throws(APIError) in try app.postLayout(r, body, &plan) },
        Route("/layout/{id}.svg",        .get,  .sized(svgCost),       .immutable)  { (app, r, plan) throws(APIError) in try app.getLayoutSVG(r, plan, negotiated: false) },
        Route("/layout/{id}",            .get,  .sized(layoutCost),    .immutable)  { (app, r, plan) throws(APIError) in try app.getLayout(r, plan) },
        Route("/layout/{id}/elements",   .get,  .sized(queryCost),     .immutable, inline: writeRectQuery) { (app, r, plan) throws(APIError) in try app.queryElements(r, &plan) },
        Route("/layout/{id}/orthogonal-target", .get, .inline,         .immutable)  { (app, r, plan) throws(APIError) in try app.orthogonalTarget(r, plan) },
        Route("/layout/{id}/invalidate", .post, .offload,              .noStore, body: InvalidationRequest.self) { (app, r, body, plan) throws(APIError) in try app.invalidateLayout(r, body, plan) },
        Route("/batch/validate",         .post, .offload,              .noStore, body: BatchValidateRequest.self) { (app, r, body, _) throws(APIError) in try app.postBatchValidate(r, body) },
        Route("/batch/diff",             .post, .offload,              .noStore, body: BatchDiffRequest.self) { (app, r, body, _) throws(APIError) in try app.postBatchDiff(r, body) },
        Route("/snapshot/apply",         .post, .offload,              .noStore, body: SnapshotApplyRequest.self) { (app, r, body, _) throws(APIError) in try app.postSnapshotApply(r, body) },
        Route("/snapshot/section",       .post, .offload,              .noStore, body: SectionSnapshotRequest.self) { (app, r, body, _) throws(APIError) in try app.postSectionSnapshot(r, body) },
        Route("/crash/explain",          .post, .offload,              .noStore, body: CrashExplainRequest.self) { (app, r, body, _) throws(APIError) in try app.postCrashExplain(body) },
    ]
}

/// One line of the route table: a path pattern, the methods it answers, where its handler runs,
/// how caches may keep its successful answers, the request type its body is decoded to, and
/// the handler.
struct Route: Sendable {
    /// Runs the route for a request whose plan (`LayoutApplication.Plan`) was made at its head.
    typealias Handler = @Sendable (LayoutApplication, Request, inout LayoutApplication.Plan) throws(APIError) -> Answer
    /// The hot path of a bodyless `GET` (`LayoutApplication.respondInline`): writes the same
    /// bytes the handler's answer would be, straight into the loop's buffers, from the head, the
    /// `{id}` and the query (after `?`, nil without one) read in place; or returns false, leaving
    /// the writer as it was, and the request goes the ordinary way.
    typealias InlineWriter = @Sendable (LayoutApplication, RequestHead, _ id: UnsafeBufferPointer<UInt8>, _ query: UnsafeBufferPointer<UInt8>?,
                                        inout ResponseWriter) -> Bool

    /// Methods: `GET` (which answers `HEAD` too) or `POST` with a body.
    enum Methods: Sendable {
        case get, post
        var allowed: [String] { self == .get ? ["GET", "HEAD"] : ["POST"] }
        /// Whether `method` is one of `allowed` (no array made: this runs for every request).
        func allows(_ method: String) -> Bool { self == .get ? method == "GET" || method == "HEAD" : method == "POST" }
    }

    /// Where the handler runs (`LayoutApplication.execution(for:plan:)`).
    enum Cost: Sendable {
        /// Fixed or cached bytes: on the I/O loop.
        case inline
        /// Computation: on Dispatch.
        case offload
        /// Decided per request from the answer's size (the pinned layout, the query), O(log n).
        case sized(@Sendable (LayoutApplication, Request, inout LayoutApplication.Plan) -> Execution)
    }

    /// `Cache-Control` of the route's 2xx and 304 answers (problem answers are always `no-store`).
    enum Caching: Sendable {
        /// Named by a layout id, which is the hash of its content: it never changes.
        case immutable
        /// Fixed for this build (the playground, the contract): kept briefly, revalidated by ETag.
        case revalidate
        /// Computed fresh, or may change (health, metrics, every POST).
        case noStore

        var header: String {
            switch self {
            case .immutable: "public, max-age=31536000, immutable"
            case .revalidate: "max-age=300"
            case .noStore: "no-store"
            }
        }
    }

    /// The path template as in openapi.yaml; also the metrics label.
    let template: String
    let methods: Methods
    let cost: Cost
    let caching: Caching
    let handler: Handler
    /// The route's hot path, if it has one.
    let inline: InlineWriter?
    /// The template's segments: a literal, or `{id}` with an optional literal suffix (`{id}.svg`).
    let segments: [Segment]
    /// Whether the template has an `{id}`: the plan pins that layout.
    let takesID: Bool

    enum Segment: Sendable {
        case literal([UInt8])
        case id(suffix: [UInt8])
    }

    /// A route whose `POST` body is decoded to `Body` (`RequestBody.decode`: one parse, one typed
    /// pass) before `handler` runs with the value; a body that does not decode is answered with
    /// its error and the handler does not run.
    init<Body: RequestBody>(_ template: String, _ methods: Methods, _ cost: Cost, _ caching: Caching, body: Body.Type,
                            handler: @escaping @Sendable (LayoutApplication, Request, Body, inout LayoutApplication.Plan) throws(APIError) -> Answer) {
        self.init(template, methods, cost, caching) { (app, request, plan) throws(APIError) in
            let body = try Body.decode(request, &plan, app)
            return try handler(app, request, body, &plan)
        }
        takesBody = true
        takesText = Body.takesText
    }

    init(_ template: String, _ methods: Methods, _ cost: Cost, _ caching: Caching, inline: InlineWriter? = nil,
         handler: @escaping Handler) {
        self.template = template
        self.methods = methods
        self.cost = cost
        self.caching = caching
        self.handler = handler
        self.inline = inline
        let parts = template.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).dropFirst()
        segments = parts.map { part in
            let open = Array("{id}".utf8)
            if part.starts(with: open) { return .id(suffix: Array(part.dropFirst(open.count))) }
            return .literal(Array(part))
        }
        takesID = segments.contains { if case .id = $0 { true } else { false } }
    }

    /// Whether the route reads a body (JSON: 415 for another Content-Type, content codings decoded).
    private(set) var takesBody = false
    /// Whether `text/plain` bodies are taken too (`RequestBody.takesText`: `/crash/explain`).
    private(set) var takesText = false

    /// The `{id}` of `path` if it matches this template (`""` for a template without one), nil if
    /// it does not. Walks the UTF-8 bytes once, allocating only the id.
    func match(_ path: Substring) -> Substring? {
        match(path.utf8).map { Substring($0) }
    }

    /// The same walk over bytes read in place (the inline path: no String is made): the `{id}`'s
    /// bytes (empty for a template without one), or nil.
    func match<Bytes: BidirectionalCollection<UInt8>>(_ utf8: Bytes) -> Bytes.SubSequence? {
        guard utf8.first == UInt8(ascii: "/") else { return nil }
        var rest = utf8.dropFirst()
        var id: Bytes.SubSequence?
        for (n, segment) in segments.enumerated() {
            let end = rest.firstIndex(of: UInt8(ascii: "/")) ?? rest.endIndex
            let part = rest[..<end]
            switch segment {
            case .literal(let bytes):
                guard part.elementsEqual(bytes) else { return nil }
            case .id(let suffix):
                // Ids are any non-empty segment (unknown ones are a 404 later); the suffix must
                // leave at least one byte of id (`/layout/.svg` is the id ".svg").
                guard part.count > suffix.count, part.reversed().starts(with: suffix.reversed()) else { return nil }
                id = part.prefix(part.count - suffix.count)
            }
            if n == segments.count - 1 {
                guard end == rest.endIndex else { return nil }
            } else {
                guard end != rest.endIndex else { return nil }
                rest = rest[rest.index(after: end)...]
            }
        }
        return id ?? utf8[utf8.startIndex..<utf8.startIndex]
    }

    /// Templates of the table, in order, each once; also the metrics labels.
    static var templates: [String] { LayoutApplication.routes.map(\.template) }

    /// The route for `path` and `method`: `.success` with the id, or why not (404 for a path no
    /// line matches, 405 with every method the path answers).
    static func resolve(_ path: Substring, method: String,
                        in table: [Route] = LayoutApplication.routes) -> Result<(Route, id: Substring), APIError> {
        var allowed: [String] = []
        for route in table {
            guard let id = route.match(path) else { continue }
            if route.methods.allows(method) { return .success((route, id)) }
            allowed += route.methods.allowed
        }
        return .failure(allowed.isEmpty ? .notFound(path: String(path)) : .methodNotAllowed(allowed: allowed))
    }
}

/// Query string access: `a=1&b=2`, with `%XX` and `+` decoded.
struct QueryParameters {
    private var pairs: [(String, String)] = []

    /// Parsed once per request (into the plan); one allocation for the pairs, none per part
    /// (values of up to 15 bytes are stored inline in their strings).
    init(_ query: Substring?) {
        guard let query else { return }
        let utf8 = query.utf8
        var start = utf8.startIndex
        while start != utf8.endIndex {
            let end = utf8[start...].firstIndex(of: UInt8(ascii: "&")) ?? utf8.endIndex
            let part = utf8[start..<end]
            if !part.isEmpty {
                if let eq = part.firstIndex(of: UInt8(ascii: "=")) {
                    pairs.append((Self.decode(part[..<eq]), Self.decode(part[part.index(after: eq)...])))
                } else {
                    pairs.append((Self.decode(part), ""))
                }
            }
            start = end == utf8.endIndex ? end : utf8.index(after: end)
        }
    }

    subscript(name: String) -> String? { pairs.first { $0.0 == name }?.1 }

    var names: [String] { pairs.map(\.0) }

    /// `%XX` decoded (invalid sequences kept as sent) and, in query strings, `+` as a space.
    static func decode(_ s: Substring.UTF8View.SubSequence, plusIsSpace: Bool = true) -> String {
        guard s.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) else { return String(Substring(s)) }
        var out: [UInt8] = []
        var it = s[...]
        while let c = it.popFirst() {
            if plusIsSpace, c == UInt8(ascii: "+") { out.append(UInt8(ascii: " ")); continue }
            if c == UInt8(ascii: "%"), it.count >= 2, let h = hex(it[it.startIndex]), let l = hex(it[it.index(after: it.startIndex)]) {
                out.append(h << 4 | l)
                it = it.dropFirst(2)
                continue
            }
            out.append(c)
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func hex(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

extension Substring {
    var trimmingSpaces: Substring {
        var s = self
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return s
    }
}
