import HTTP
import LayoutEngine

/// `POST /layout`, `GET /layout/{id}` and the element queries.
extension LayoutApplication {
    func postLayout(_ request: Request) throws(APIError) -> Response {
        let query = QueryParameters(request.query)
        let strict = try Self.flag(query, "strict")
        let spec = try LayoutRequestDecoder.decode(request.body, maxElements: configuration.maxElements)
        let id = spec.contentID()
        let (result, hit) = cache.getOrCompute(id) {
            .success(CachedLayout(id: id, spec: spec, layout: spec.compute()))
        }
        let entry: CachedLayout
        switch result {
        case .success(let e): entry = e
        case .failure(let e): throw e
        }
        if strict, !entry.layout.warnings.isEmpty {
            throw .unprocessable(entry.layout.warnings.map(Self.strictError), detail:
                "The layout has \(entry.layout.warnings.count) warning\(entry.layout.warnings.count == 1 ? "" : "s") and strict=true was asked for: \(entry.layout.warnings[0].message)")
        }
        let minimal = Self.prefersMinimal(request.headers)
        var headers = Headers()
        headers.add("Content-Type", "application/json")
        headers.add("X-Cache", hit ? "hit" : "miss")
        headers.add("ETag", entry.etag)
        headers.add("Location", "/layout/\(id)")
        if minimal { headers.add("Preference-Applied", "return=minimal") }
        return Response(status: 200, headers: headers, body: minimal ? entry.minimalBody : entry.body)
    }

    func getLayout(id: String, _ request: Request) throws(APIError) -> Response {
        guard let entry = cache.get(id) else { throw .unknownLayout(id: id) }
        var headers = Headers()
        headers.add("ETag", entry.etag)
        if let inm = request.headers["If-None-Match"], Self.etagMatches(inm, entry.etag) {
            return Response(status: 304, headers: headers)
        }
        headers.add("Content-Type", "application/json")
        return Response(status: 200, headers: headers, body: entry.body)
    }

    /// `?rect=x,y,w,h`, `?point=x,y[&visibleRect=…]` or `?indexPath=s,i[&kind=cell|header|footer]`.
    func queryElements(id: String, _ request: Request) throws(APIError) -> Response {
        let q = QueryParameters(request.query)
        let rect = try q.numbers("rect", count: 4, meaning: "a rect x,y,width,height")
        let point = try q.numbers("point", count: 2, meaning: "a point x,y")
        let indexPath = try q.numbers("indexPath", count: 2, meaning: "an index path section,item")
        let visible = try q.numbers("visibleRect", count: 4, meaning: "the visible rect x,y,width,height")
        let given = [rect != nil, point != nil, indexPath != nil].filter { $0 }.count
        guard given == 1 else {
            throw .badQuery(parameter: "rect", detail: given == 0
                ? "Give one of rect=x,y,width,height, point=x,y or indexPath=section,item."
                : "Give only one of rect, point and indexPath.")
        }
        for (name, r) in [("rect", rect), ("visibleRect", visible)] {
            if let r, r[2] < 0 || r[3] < 0 {
                throw .badQuery(parameter: name, detail: "The query parameter \(name) has a negative width or height; give x,y,width,height with width and height ≥ 0.")
            }
        }
        guard let entry = cache.get(id) else { throw .unknownLayout(id: id) }
        let visibleRect = visible.map { Rect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) }
        let estimates = entry.spec.estimates
        let body: [UInt8]
        if let r = rect {
            let list = entry.layout.attributes(in: Rect(x: r[0], y: r[1], width: r[2], height: r[3]), index: entry.index)
            body = LayoutEncoder.elements(id: id, list, estimates: estimates)
        } else if let p = point {
            let list = entry.layout.attributes(containing: Point(x: p[0], y: p[1]), index: entry.index, visibleRect: visibleRect)
            body = LayoutEncoder.elements(id: id, list, estimates: estimates)
        } else if let ipv = indexPath {
            let kind = q["kind"] ?? "cell"
            guard ipv[0] >= 0, ipv[1] >= 0, ipv[0] == ipv[0].rounded(), ipv[1] == ipv[1].rounded(),
                  ipv[0] < 1e15, ipv[1] < 1e15 else {
                throw .badQuery(parameter: "indexPath", detail: "The query parameter indexPath must be two whole numbers ≥ 0: section,item.")
            }
            let ip = IndexPath(section: Int(ipv[0]), item: Int(ipv[1]))
            guard let a = try Self.element(entry.layout, ip, kind: kind, visibleRect: visibleRect) else {
                throw .noSuchElement(detail: "The layout \(id) has no \(kind) at index path [\(ip.section), \(ip.item)] (it has \(entry.layout.sections.count) section\(entry.layout.sections.count == 1 ? "" : "s")).")
            }
            body = LayoutEncoder.element(id: id, a, estimates: estimates)
        } else {
            body = []
        }
        return Response(status: 200, contentType: "application/json", body: body)
    }

    /// `layoutAttributesForItem(at:)` / `layoutAttributesForSupplementaryView(ofKind:at:)`.
    static func element(_ layout: Layout, _ ip: IndexPath, kind: String, visibleRect: Rect?) throws(APIError) -> LayoutAttributes? {
        guard ip.section < layout.sections.count else { return nil }
        let s = layout.sections[ip.section]
        let index: Int?
        switch kind {
        case "cell": index = ip.item < s.cells.count ? s.cells.lowerBound + ip.item : nil
        case "header": index = ip.item == 0 ? s.headerIndex : nil
        case "footer": index = ip.item == 0 ? s.footerIndex : nil
        default:
            throw .badQuery(parameter: "kind", detail: "The query parameter kind is \"\(kind)\"; it must be cell, header or footer.")
        }
        guard let i = index, i < layout.attributes.count else { return nil }
        if kind != "cell", let visibleRect {
            return layout.pinnedAttributes(at: i, visibleRect: visibleRect)
        }
        return layout.attributes[i]
    }

    static func flag(_ q: QueryParameters, _ name: String) throws(APIError) -> Bool {
        switch q[name] {
        case nil, "false", "0": return false
        case "true", "1", "": return true
        case let v?: throw .badQuery(parameter: name, detail: "The query parameter \(name) is \"\(v)\"; it must be true or false.")
        }
    }

    /// RFC 7240 `Prefer: return=minimal` (possibly among other preferences).
    static func prefersMinimal(_ headers: Headers) -> Bool {
        headers.values("Prefer").contains { value in
            value.split(separator: ",").contains { $0.trimmingSpaces.lowercased() == "return=minimal" }
        }
    }

    /// `If-None-Match`: `*` or a list of entity tags (weak comparison, RFC 9110 §13.1.2).
    static func etagMatches(_ header: String, _ etag: String) -> Bool {
        header.split(separator: ",").contains { tag in
            let t = tag.trimmingSpaces
            return t == "*" || t == etag[...] || (t.hasPrefix("W/") && t.dropFirst(2) == etag[...])
        }
    }

    static func strictError(_ w: LayoutWarning) -> FieldError {
        let pointer = w.indexPath.map { JSONPointer.root.appending("sections").appending($0.section).appending("items").appending($0.item) } ?? .root
        return .invalidValue(pointer: pointer, detail: w.message)
    }
}
