import JSON
import LayoutEngine

/// The parameters of `GET /layout/{id}/elements`, checked: what can be checked without the
/// layout first (a 400 naming the parameter), then against the layout (`kind` names one of its
/// element kinds; `orthogonalOffsets` names sections that scroll orthogonally).
struct ElementQuery {
    var rect: Rect?
    var point: Point?
    /// `[section, item]`, or `[index]` for a global element (compositional layout header/footer).
    var indexPath: [Int]?
    /// `cell` or an element kind name (`header`, `footer`, or a compositional kind).
    var kind: String
    /// Section → orthogonal scroll offset (`orthogonalOffsets=2:150,3:40`).
    var orthogonalOffsets: [Int: Double]

    /// At most this many `section:offset` pairs.
    static let maximumOffsets = 10_000

    init(_ q: QueryParameters) throws(APIError) {
        let r = try q.numbers("rect", count: 4, meaning: "a rect x,y,width,height")
        if let r, r[2].sign == .minus || r[3].sign == .minus {   // -0 too: openapi.yaml's pattern has no sign there
            throw .badQuery(parameter: "rect", detail: "The query parameter rect has a negative width or height; give x,y,width,height with width and height ≥ 0.")
        }
        rect = r.map { Rect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) }
        point = try q.numbers("point", count: 2, meaning: "a point x,y").map { Point(x: $0[0], y: $0[1]) }
        let global = q["indexPath"].map { !$0.contains(",") } ?? false
        indexPath = try q.wholeNumbers("indexPath", count: global ? 1 : 2, meaning: "an index path section,item (or one index for a layout-level element)")
        kind = q["kind"] ?? "cell"
        if kind.isEmpty || kind.utf8.count > 256 {
            throw .badQuery(parameter: "kind", detail: "The query parameter kind is \"\(kind.prefix(64))\"; it must be cell or one of the layout's element kinds.")
        }
        orthogonalOffsets = try Self.offsets(q["orthogonalOffsets"])
    }

    /// `s:o,s:o,…` in openapi.yaml's grammar (sections as in `indexPath`, offsets as in `rect`),
    /// else a 400; each section once and at most `maximumOffsets` pairs, else a 422 (rules the
    /// pattern cannot state).
    static func offsets(_ raw: String?) throws(APIError) -> [Int: Double] {
        guard let raw else { return [:] }
        var out: [Int: Double] = [:]
        let fail = APIError.badQuery(parameter: "orthogonalOffsets", detail: "The query parameter orthogonalOffsets is \"\(raw.prefix(100))\"; it must be section:offset pairs separated by commas (e.g. 2:150,3:40): a whole section ≥ 0, a finite offset in points, each section once, at most \(maximumOffsets) pairs.")
        for pair in raw.utf8.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
            let parts = pair.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
            guard parts.count == 2, let s = QueryParameters.wholeNumber(parts[0]), QueryParameters.isNumber(parts[1]),
                  let o = Double(Substring(parts[1])), o.isFinite else { throw fail }
            guard out.count < maximumOffsets, out[s] == nil else { throw unprocessable(fail) }
            out[s] = o
        }
        return out
    }

    /// The same words as a 422: the value is well formed but names a kind the layout does not
    /// have, a section twice, too many sections, or one that does not scroll orthogonally.
    static func unprocessable(_ error: APIError) -> APIError {
        guard case .badQuery(let name, let detail) = error else { return error }
        let pointer = JSONPointer.root.appending("query").appending(name)
        return .unprocessable([.invalidValue(pointer: pointer, detail: detail)], detail: detail)
    }

    /// The checks that need the layout (422s naming the parameter): the kind exists, the offsets
    /// name orthogonal sections.
    func check(against layout: Layout) throws(APIError) {
        if kind != "cell", !layout.elementKinds.contains(kind) {
            let detail = layout.elementKinds == Layout.defaultElementKinds
                ? "The query parameter kind is \"\(kind.prefix(64))\"; it must be cell, header or footer."
                : "The query parameter kind is \"\(kind.prefix(64))\"; it must be cell or one of this layout's element kinds: \(layout.elementKinds.joined(separator: ", "))."
            throw Self.unprocessable(.badQuery(parameter: "kind", detail: detail))
        }
        for s in orthogonalOffsets.keys.sorted() where s >= layout.sections.count || layout.sections[s].orthogonalContentSize == nil {
            throw Self.unprocessable(.badQuery(parameter: "orthogonalOffsets", detail: "The query parameter orthogonalOffsets names section \(s), which \(s >= layout.sections.count ? "the layout does not have (it has \(layout.sections.count))" : "does not scroll orthogonally (its orthogonalScrollingBehavior is none)"); give offsets only for sections that report an orthogonalContentSize."))
        }
    }

    /// The element `indexPath` and `kind` name, placed for `rect` (pinning) and the offsets.
    /// `layoutAttributesForItem(at:)` / `layoutAttributesForSupplementaryView(ofKind:at:)` /
    /// `layoutAttributesForDecorationView(ofKind:at:)`. O(1) for cells, headers and footers;
    /// O(the section's other elements) for other kinds.
    func element(in layout: Layout) -> LayoutAttributes? {
        guard let path = indexPath, let i = Self.index(in: layout, path: path, kind: kind) else { return nil }
        var a = layout.orthogonallyScrolled(i, offsets: orthogonalOffsets)
        if kind != "cell", let rect, let pinned = layout.pinnedAttributes(at: i, visibleRect: rect) {
            a = pinned
        }
        return a
    }

    static func index(in layout: Layout, path: [Int], kind: String) -> Int? {
        let ip = path.count == 1 ? IndexPath(section: path[0], item: 0) : IndexPath(section: path[0], item: path[1])
        if kind == "cell" { return path.count == 2 ? layout.index(of: .cell, kind: nil, at: ip) : nil }
        guard let k = layout.elementKinds.firstIndex(of: kind), let raw = UInt16(exactly: k) else { return nil }
        let global = path.count == 1
        return layout.index(of: .supplementaryView, kind: SupplementaryKind(rawValue: raw), at: ip, isGlobal: global)
            ?? layout.index(of: .decorationView, kind: SupplementaryKind(rawValue: raw), at: ip, isGlobal: global)
    }
}

extension Layout {
    /// The kind name of `attributes[i]` ("cell" for cells).
    func name(ofKindAt i: Int) -> String {
        guard attributes[i].category != .cell, let k = attributes[i].kind else { return "cell" }
        return name(of: k)
    }
}
