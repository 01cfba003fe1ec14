import LayoutEngine

/// What a picture of a layout shows, from the query string of `GET /layout/{id}.svg`.
///
/// - `scale`: pixels per point for the `width` and `height` attributes (default 1, so a long
///   layout keeps its full width and scrolls instead of shrinking to a sliver); 0.01...16.
/// - `rect=x,y,width,height`: the visible rect: drawn as a viewport, with the elements a rect
///   query returns for it highlighted and pinned headers and footers where that query puts them.
struct SVGOptions: Equatable {
    static let scaleRange: ClosedRange<Double> = 0.01...16
    /// At most this many elements are drawn (and as many section bands), so a picture of a
    /// million-element layout stays a few megabytes; the picture says when it is cut.
    static let maxDrawnElements = 20_000

    var scale: Double
    var rect: Rect?
    var maxElements: Int

    init(scale: Double = 1, rect: Rect? = nil, maxElements: Int = SVGOptions.maxDrawnElements) {
        self.scale = scale
        self.rect = rect
        self.maxElements = maxElements
    }

    /// Reads and validates `scale` and `rect` (400 naming the parameter).
    init(query q: QueryParameters) throws(APIError) {
        self.init()
        if let raw = q["scale"] {
            guard let v = Double(Substring(raw).trimmingSpaces), v.isFinite, Self.scaleRange.contains(v) else {
                throw .badQuery(parameter: "scale", detail: "The query parameter scale is \"\(raw)\"; it must be a number of pixels per point from 0.01 to 16 (default 1).")
            }
            scale = v
        }
        if let r = try q.numbers("rect", count: 4, meaning: "a rect x,y,width,height") {
            guard r[2].sign == .plus, r[3].sign == .plus else {   // -0 too: openapi.yaml's pattern has no sign there
                throw .badQuery(parameter: "rect", detail: "The query parameter rect has a negative width or height; give x,y,width,height with width and height ≥ 0.")
            }
            rect = Rect(x: r[0], y: r[1], width: r[2], height: r[3])
        }
    }

    /// The strong validator of the picture: one per layout, representation and options, so a
    /// JSON ETag never validates an SVG and a picture at another scale is not "unchanged".
    func etag(id: String) -> String {
        var tag = "\"\(id).svg"
        if scale != 1 { tag += ";scale=\(SVGWriter.format(scale))" }
        if let r = rect {
            tag += ";rect=\(SVGWriter.format(r.minX)),\(SVGWriter.format(r.minY)),\(SVGWriter.format(r.width)),\(SVGWriter.format(r.height))"
        }
        return tag + "\""
    }
}
