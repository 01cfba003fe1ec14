import HTTP
import LayoutEngine

/// `GET /layout/{id}.svg`, and `GET /layout/{id}` when `Accept` prefers `image/svg+xml`.
extension LayoutApplication {
    /// Pictures of at most this many elements, without a rect query that would first build the
    /// spatial index, are drawn on the I/O loop; the rest go to Dispatch. `LayoutBench svg`
    /// (release, this 2-core VM): about 12 µs per picture plus 0.75–0.9 µs per drawn element
    /// (16 elements 26 µs, 100 elements 97 µs, 20,000 elements 18 ms); the loop's budget is ~20 µs.
    static let inlineSVGElements = 8

    /// The picture; `negotiated`: asked for as `GET /layout/{id}` with `Accept: image/svg+xml`.
    /// Drawn only when not answered 304 (`Answer.Body.rendered`): pictures (a legend and styles at
    /// least) are compressed whatever their size, so the coding, and the ETag that names it, are
    /// known before drawing.
    func getLayoutSVG(_ request: Request, _ plan: Plan, negotiated: Bool) throws(APIError) -> Answer {
        let options = try SVGOptions(query: plan.query)
        let entry = try pinned(plan)
        let id = entry.id
        // `GET /layout/{id}.svg` with `Accept: application/octet-stream` (and not image/svg+xml)
        // is the same picture as bytes, for clients that read no SVG type (openapi-python-client).
        let bytes = !negotiated && plan.negotiation.asksFor("application/octet-stream", not: "image/svg+xml")
        var answer = Answer(contentType: bytes ? "application/octet-stream" : "image/svg+xml", body: .rendered({
            let query = options.rect.map { entry.layout.attributes(in: $0, index: entry.index) }
            return .success(SVGRenderer(id: id, layout: entry.layout, options: options, query: query).render())
        }), validator: .tag(options.etag(id: id)))
        // Both routes negotiate on `Accept`: SVG or JSON here, SVG or bytes on `{id}.svg`.
        answer.variesOnAccept = true
        // Opened on its own, the picture runs nothing (it has no script; this says so to the browser).
        answer.headers.add("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'")
        answer.headers.add("X-Content-Type-Options", "nosniff")
        return answer
    }

    /// Inline for a 304, an error, or a small picture whose query needs no index build; Dispatch
    /// for everything else (drawing grows with the layout, up to the cap).
    static func svgCost(_ app: LayoutApplication, _ request: Request, _ plan: inout Plan) -> Execution {
        guard let entry = plan.entry, let options = try? SVGOptions(query: plan.query) else { return .inline }
        if request.method == "HEAD" { return .inline }   // answered from what is known: nothing is drawn
        if plan.negotiation.matches(etag(options.etag(id: entry.id), plan.negotiation.coding(size: Int.max))) { return .inline }
        if entry.layout.attributes.count <= inlineSVGElements, options.rect == nil || entry.hasIndex { return .inline }
        return .offload
    }
}
