import HTTP
import LayoutEngine

/// `POST /layout`, `GET /layout/{id}` and the element queries.
extension LayoutApplication {
    func postLayout(_ request: Request) throws(APIError) -> Response {
        let query = QueryParameters(request.query)
        let strict = try Self.flag(query, "strict")
        let entry: CachedLayout
        let hit: Bool
        if let known = recentBodies.id(for: request.body), let cached = cache.get(known) {
            (entry, hit) = (cached, true)
            cache.countHit()
            store?.noteUse(known)
        } else {
            let spec = try LayoutRequestDecoder.decode(request.body, maxElements: configuration.maxElements)
            let id = spec.contentID()
            (entry, hit) = try cachedLayout(spec, id: id)
            recentBodies.remember(request.body, id: id)
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
        headers.add("Location", entry.location)
        if minimal { headers.add("Preference-Applied", "return=minimal") }
        return Response(status: 200, headers: headers, body: minimal ? entry.minimalBody : entry.body)
    }

    func getLayout(id: String, _ request: Request) throws(APIError) -> Response {
        let entry = try lookup(id)
        var headers = Headers()
        headers.add("ETag", entry.etag)
        if let inm = request.headers["If-None-Match"], Self.etagMatches(inm, entry.etag) {
            return Response(status: 304, headers: headers)
        }
        headers.add("Content-Type", "application/json")
        return Response(status: 200, headers: headers, body: entry.body)
    }

    /// Element queries. `rect` is the visible bounds (as UIKit passes them to
    /// `layoutAttributesForElements(in:)`); pinned headers and footers are placed for it.
    /// - `indexPath=s,i[&kind=…]`: one element (404 if none), placed for `rect` when given;
    /// - else `point=x,y`: the elements containing the point, pinned ones placed for `rect`;
    /// - else `rect`: the elements intersecting it;
    /// - none of them: every element, at its natural frame.
    func queryElements(id: String, _ request: Request) throws(APIError) -> Response {
        let q = QueryParameters(request.query)
        let rect = try q.numbers("rect", count: 4, meaning: "a rect x,y,width,height")
        let point = try q.numbers("point", count: 2, meaning: "a point x,y")
        let indexPath = try q.numbers("indexPath", count: 2, meaning: "an index path section,item")
        if let r = rect, r[2] < 0 || r[3] < 0 {
            throw .badQuery(parameter: "rect", detail: "The query parameter rect has a negative width or height; give x,y,width,height with width and height ≥ 0.")
        }
        let kind = q["kind"] ?? "cell"
        guard ["cell", "header", "footer"].contains(kind) else {
            throw .badQuery(parameter: "kind", detail: "The query parameter kind is \"\(kind)\"; it must be cell, header or footer.")
        }
        if let ipv = indexPath {
            guard ipv[0] >= 0, ipv[1] >= 0, ipv[0] == ipv[0].rounded(.down), ipv[1] == ipv[1].rounded(.down),
                  ipv[0] < 1e15, ipv[1] < 1e15 else {
                throw .badQuery(parameter: "indexPath", detail: "The query parameter indexPath must be two whole numbers ≥ 0: section,item.")
            }
        }
        let entry = try lookup(id)
        let visible = rect.map { Rect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) }
        let estimates = entry.spec.estimates
        let body: [UInt8]
        if let ipv = indexPath {
            let ip = IndexPath(section: Int(ipv[0]), item: Int(ipv[1]))
            guard let a = Self.element(entry.layout, ip, kind: kind, visibleRect: visible) else {
                throw .noSuchElement(detail: "The layout \(id) has no \(kind) at index path [\(ip.section), \(ip.item)] (it has \(entry.layout.sections.count) section\(entry.layout.sections.count == 1 ? "" : "s")).")
            }
            body = LayoutEncoder.element(id: id, a, estimates: estimates)
        } else if let p = point {
            let list = entry.layout.attributes(containing: Point(x: p[0], y: p[1]), index: entry.index, visibleRect: visible)
            body = LayoutEncoder.elements(id: id, list, estimates: estimates)
        } else if let visible {
            body = LayoutEncoder.elements(id: id, entry.layout.attributes(in: visible, index: entry.index), estimates: estimates)
        } else {
            body = LayoutEncoder.elements(id: id, entry.layout.attributes, estimates: estimates)
        }
        return Response(status: 200, contentType: "application/json", body: body)
    }

    /// The layout for `spec` from the cache, or computed once (identical requests in flight wait
    /// for it) and stored. `check` may refuse the computed layout before it is stored.
    func cachedLayout(_ spec: LayoutSpec, id: String,
                      check: (Layout) -> APIError? = { _ in nil }) throws(APIError) -> (CachedLayout, hit: Bool) {
        let (result, hit) = cache.getOrCompute(id) {
            let layout = spec.compute()
            if let problem = check(layout) { return .failure(problem) }
            return .success(CachedLayout(id: id, spec: spec, layout: layout))
        }
        switch result {
        case .success(let entry):
            if hit { store?.noteUse(id) } else { persist(entry) }
            return (entry, hit)
        case .failure(let problem): throw problem
        }
    }

    /// `layoutAttributesForItem(at:)` / `layoutAttributesForSupplementaryView(ofKind:at:)`.
    static func element(_ layout: Layout, _ ip: IndexPath, kind: String, visibleRect: Rect?) -> LayoutAttributes? {
        guard ip.section < layout.sections.count else { return nil }
        let s = layout.sections[ip.section]
        let index: Int?
        switch kind {
        case "header": index = ip.item == 0 ? s.headerIndex : nil
        case "footer": index = ip.item == 0 ? s.footerIndex : nil
        default: index = ip.item < s.cells.count ? s.cells.lowerBound + ip.item : nil
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
