import HTTP
import LayoutEngine

/// `POST /layout`, `GET /layout/{id}` and the element queries.
extension LayoutApplication {
    /// `memo`: the identity body looked up in `RecentBodies` already (nil: not looked up, or
    /// a coded body).
    func postLayout(_ request: Request, memo: RecentBodies.Lookup?) throws(APIError) -> Response {
        let query = QueryParameters(request.query)
        let strict = try Self.flag(query, "strict")
        let entry: CachedLayout
        let hit: Bool
        // The raw-body memo is for identity bodies only (a decoded body is a new array anyway).
        let memo = memo ?? (request.headers["Content-Encoding"] == nil ? recentBodies.lookup(request.body) : nil)
        if let known = memo?.id, let cached = cache.get(known) {
            (entry, hit) = (cached, true)
            cache.countHit()
            store?.noteUse(known)
            try persist(cached, recipe: { StoreRecipe.post(request.body) })  // waits if not stored yet
        } else {
            let spec = try LayoutRequestDecoder.decode(request.body, maxElements: configuration.maxElements)
            let id = spec.contentID()
            (entry, hit) = try cachedLayout(spec, id: id, recipe: { StoreRecipe.post(request.body) })
            recentBodies.remember(request.body, id: id, lookup: memo ?? recentBodies.lookup(request.body))
        }
        if strict, !entry.layout.warnings.isEmpty {
            throw .unprocessable(entry.layout.warnings.map(Self.strictError), detail:
                "The layout has \(entry.layout.warnings.count) warning\(entry.layout.warnings.count == 1 ? "" : "s") and strict=true was asked for: \(entry.layout.warnings[0].message)")
        }
        let minimal = try Self.prefersMinimal(request)
        var headers = Headers()
        headers.add("Content-Type", "application/json")
        headers.add("X-Cache", hit ? "hit" : "miss")
        let (body, _) = negotiate(minimal ? entry.minimal : entry.full, of: entry, for: request, headers: &headers)
        // The layout resource's ETag, as GET /layout/{id} with these headers answers it.
        headers.add("ETag", entry.etag(Self.coding(request.headers, size: entry.body.count)))
        headers.add("Location", entry.location)
        if minimal { headers.add("Preference-Applied", "return=minimal") }
        return Response(status: 200, headers: headers, body: body)
    }

    /// The full layout; `If-None-Match` is compared with the ETag of the representation this
    /// request would get (`"{id}"`, `"{id}-gzip"` or `"{id}-deflate"`), so a 304 never lets a
    /// client reuse bytes in a coding it did not ask for.
    func getLayout(id: String, _ request: Request) throws(APIError) -> Response {
        let entry = try lookup(id)
        var headers = Headers()
        let etag = entry.etag(Self.coding(request.headers, size: entry.body.count))
        headers.add("ETag", etag)
        // `Accept: image/svg+xml` gets the picture; the coding follows `Accept-Encoding`.
        headers.add("Vary", "Accept, Accept-Encoding")
        if Self.etagMatches(request.headers, etag) {
            return Response(status: 304, headers: headers)
        }
        headers.add("Content-Type", "application/json")
        let (body, _) = negotiate(entry.full, of: entry, for: request, headers: &headers)
        return Response(status: 200, headers: headers, body: body)
    }

    /// Element queries. `rect` is the visible bounds (as UIKit passes them to
    /// `layoutAttributesForElements(in:)`); pinned elements are placed for it, and orthogonal
    /// sections are scrolled by `orthogonalOffsets`.
    /// - `indexPath=s,i[&kind=…]` (or `indexPath=n` for a layout-level element): one element
    ///   (404 if none), placed for `rect` when given;
    /// - else `point=x,y`: the elements containing the point, pinned ones placed for `rect`;
    /// - else `rect`: the elements intersecting it;
    /// - none of them: every element, at its natural frame.
    func queryElements(id: String, _ request: Request) throws(APIError) -> Response {
        let query = try ElementQuery(QueryParameters(request.query))
        let entry = try lookup(id)
        let layout = entry.layout
        try query.check(against: layout)
        let estimates = entry.spec.estimates
        let offsets = query.orthogonalOffsets
        let body: [UInt8]
        if let path = query.indexPath {
            guard let a = query.element(in: layout) else {
                throw .noSuchElement(detail: "The layout \(id) has no \(query.kind) at index path \(path) (it has \(layout.sections.count) section\(layout.sections.count == 1 ? "" : "s")).")
            }
            body = LayoutEncoder.element(id: id, a, kinds: entry.kindPrefixes, estimates: estimates)
        } else if let p = query.point {
            let list = offsets.isEmpty ? layout.attributes(containing: p, index: entry.index, visibleRect: query.rect)
                : layout.attributes(containing: p, index: entry.index, visibleRect: query.rect, orthogonalOffsets: offsets)
            body = LayoutEncoder.elements(id: id, list, kinds: entry.kindPrefixes, estimates: estimates)
        } else if let visible = query.rect {
            let list = offsets.isEmpty ? layout.attributes(in: visible, index: entry.index)
                : layout.attributes(in: visible, index: entry.index, orthogonalOffsets: offsets)
            body = LayoutEncoder.elements(id: id, list, kinds: entry.kindPrefixes, estimates: estimates)
        } else {
            let list = offsets.isEmpty ? layout.attributes : layout.attributes.indices.map { layout.orthogonallyScrolled($0, offsets: offsets) }
            body = LayoutEncoder.elements(id: id, list, kinds: entry.kindPrefixes, estimates: estimates)
        }
        return Response(status: 200, contentType: "application/json", body: body)
    }

    /// The layout for `spec` from the cache, or computed once (identical requests in flight wait
    /// for it) and stored. `check` may refuse the computed layout before it is stored.
    /// `recipe` is what the shared store keeps to recompute it elsewhere (`StoreRecipe`).
    func cachedLayout(_ spec: LayoutSpec, id: String, recipe: () -> [UInt8],
                      check: (Layout) -> APIError? = { _ in nil }) throws(APIError) -> (CachedLayout, hit: Bool) {
        let (result, hit) = cache.getOrCompute(id) {
            let layout: Layout
            do throws(LayoutRefusal) { layout = try spec.compute() } catch { return .failure(.refused(error)) }
            metrics.recordComputed(type: spec.typeName, elements: layout.attributes.count)
            if let problem = check(layout) { return .failure(problem) }
            return .success(CachedLayout(id: id, spec: spec, layout: layout))
        }
        switch result {
        case .success(let entry):
            if hit { store?.noteUse(id) }
            try persist(entry, recipe: recipe)  // a no-op once the store holds it
            return (entry, hit)
        case .failure(let problem): throw problem
        }
    }

    static func flag(_ q: QueryParameters, _ name: String) throws(APIError) -> Bool {
        switch q[name] {
        case nil, "false": return false
        case "true": return true
        case let v?: throw .badQuery(parameter: name, detail: "The query parameter \(name) is \"\(v)\"; it must be true or false.")
        }
    }

    static func strictError(_ w: LayoutWarning) -> FieldError {
        let pointer = w.indexPath.map { JSONPointer.root.appending("sections").appending($0.section).appending("items").appending($0.item) } ?? .root
        return .invalidValue(pointer: pointer, detail: w.message)
    }
}
