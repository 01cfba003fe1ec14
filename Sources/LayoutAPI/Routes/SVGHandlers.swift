import HTTP
import LayoutEngine

/// `GET /layout/{id}.svg`, and `GET /layout/{id}` when `Accept` prefers `image/svg+xml`.
extension LayoutApplication {
    /// Pictures of at most this many elements, without a rect query that would first build the
    /// spatial index, are drawn on the I/O loop; the rest go to Dispatch. `LayoutBench svg`
    /// (release, this 2-core VM): about 12 µs per picture plus 0.75–0.9 µs per drawn element
    /// (16 elements 26 µs, 100 elements 97 µs, 20,000 elements 18 ms); the loop's budget is ~20 µs.
    static let inlineSVGElements = 8

    func getLayoutSVG(id: String, _ request: Request, negotiated: Bool) throws(APIError) -> Response {
        let options = try SVGOptions(query: QueryParameters(request.query))
        let entry = try lookup(id)
        // Pictures (a legend and styles at least) are compressed whatever their size, so the
        // coding, and the ETag that names it, are known before drawing.
        let coding = Self.coding(request.headers, size: Int.max)
        let etag = Self.etag(options.etag(id: id), coding)
        var headers = Headers()
        headers.add("ETag", etag)
        headers.add("Vary", negotiated ? "Accept, Accept-Encoding" : "Accept-Encoding")
        if Self.etagMatches(request.headers, etag) {
            return Response(status: 304, headers: headers)
        }
        let query = options.rect.map { entry.layout.attributes(in: $0, index: entry.index) }
        let body = SVGRenderer(id: id, layout: entry.layout, options: options, query: query).render()
        // `GET /layout/{id}.svg` with `Accept: application/octet-stream` (and not image/svg+xml)
        // is the same picture as bytes, for clients that read no SVG type (openapi-python-client).
        let bytes = !negotiated && Self.asksFor("application/octet-stream", not: "image/svg+xml", request.headers["Accept"])
        headers.add("Content-Type", bytes ? "application/octet-stream" : "image/svg+xml")
        // Opened on its own, the picture runs nothing (it has no script; this says so to the browser).
        headers.add("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'")
        headers.add("X-Content-Type-Options", "nosniff")
        var response = Response(status: 200, headers: headers, body: body)
        Self.compress(&response, as: coding)
        return response
    }

    /// Whether a GET of `route` asks for a picture.
    static func wantsSVG(_ route: Route, _ headers: Headers) -> String? {
        switch route {
        case .layoutSVG(let id): id
        case .layout(let id): MediaNegotiation.prefersSVG(headers.values("Accept")) ? id : nil
        default: nil
        }
    }

    /// Inline for a 304, an error, or a small picture whose query needs no index build; Dispatch
    /// for everything else (drawing grows with the layout, up to the cap).
    func svgExecution(id: String, _ request: Request) -> Execution {
        guard let entry = cache.peek(id), let options = try? SVGOptions(query: QueryParameters(request.query)) else {
            return .inline
        }
        if Self.etagMatches(request.headers, Self.etag(options.etag(id: id), Self.coding(request.headers, size: Int.max))) { return .inline }
        if entry.layout.attributes.count <= Self.inlineSVGElements, options.rect == nil || entry.hasIndex { return .inline }
        return .offload
    }
}
