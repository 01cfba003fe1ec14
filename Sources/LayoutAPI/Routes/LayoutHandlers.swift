import HTTP
import JSON
import LayoutEngine

/// `POST /layout`, `GET /layout/{id}` and the element queries.
extension LayoutApplication {
    /// `POST /layout`: a body the memo knows is answered from the layout its lookup pinned (no
    /// parse, no second cache lookup); any other was decoded by the front desk (`LayoutRequest`)
    /// and is computed once and cached.
    func postLayout(_ request: Request, _ body: LayoutRequest, _ plan: inout Plan) throws(APIError) -> Answer {
        let (strict, minimal) = (body.strict, body.minimal)
        let entry: CachedLayout
        let hit: Bool
        switch body.source {
        case .remembered(let pinned):
            (entry, hit) = (pinned, true)
            try persist(pinned, recipe: { StoreRecipe.post(request.body) })  // waits if not stored yet
        case .decoded(let spec, let memo):
            try Self.moveIfHeavy(plan, elements: spec.requestedElements)
            try Self.checkClient(request)
            let id = spec.contentID()
            (entry, hit) = try cachedLayout(spec, id: id, recipe: { StoreRecipe.post(request.body) })
            // Remembered as sent or, for a coded body, as decoded (a later identity POST of it hits).
            recentBodies.remember(request.body, id: id, lookup: memo ?? recentBodies.lookup(request.body))
            // A large body's decode leaves megabytes of freed blocks in the heap: give them back.
            if request.body.count >= FreedMemory.afterBodyBytes { FreedMemory.release() }
        }
        try Self.checkClient(request)
        if strict, !entry.layout.warnings.isEmpty {
            throw .unprocessable(entry.layout.warnings.map(Self.strictError), detail:
                "The layout has \(entry.layout.warnings.count) warning\(entry.layout.warnings.count == 1 ? "" : "s") and strict=true was asked for: \(entry.layout.warnings[0].message)")
        }
        var answer = Answer(contentType: "application/json", body: minimal ? .cached(self.minimal(entry), of: entry) : try fullAnswer(entry),
                            validator: .layout(entry))
        answer.cacheStatus = hit ? "hit" : "miss"
        answer.location = entry.location
        // The full answer is the representation of `/layout/{id}`: a client may switch to GETs.
        if minimal { answer.headers.add("Preference-Applied", "return=minimal") } else { answer.contentLocation = entry.location }
        return answer
    }

    /// The full layout; its ETag names the representation this request gets (`"{id}"`,
    /// `"{id}-gzip"` or `"{id}-deflate"`), so a 304 never lets a client reuse bytes in a coding it
    /// did not ask for. `Accept: image/svg+xml` gets the picture.
    func getLayout(_ request: Request, _ plan: Plan) throws(APIError) -> Answer {
        switch plan.negotiation.representation(svg: true) {
        case .svg: return try getLayoutSVG(request, plan, negotiated: true)
        case .protobuf: return try getLayoutProtobuf(try pinned(plan))
        case .notAcceptable:
            _ = try pinned(plan)   // an unknown id is a 404 whatever the Accept
            throw .notAcceptable(available: Self.layoutMediaTypes)
        case .json: break
        }
        let entry = try pinned(plan)
        var answer = Answer(contentType: "application/json", body: try fullAnswer(entry), validator: .layout(entry))
        answer.variesOnAccept = true
        return answer
    }

    /// Element queries. `rect` is the visible bounds (as UIKit passes them to
    /// `layoutAttributesForElements(in:)`); pinned elements are placed for it, and orthogonal
    /// sections are scrolled by `orthogonalOffsets`.
    /// - `indexPath=s,i[&kind=…]` (or `indexPath=n` for a layout-level element): one element
    ///   (404 if none), placed for `rect` when given;
    /// - else `point=x,y`: the elements containing the point, pinned ones placed for `rect`;
    /// - else `rect`: the elements intersecting it;
    /// - none of them: every element, at its natural frame.
    func queryElements(_ request: Request, _ plan: inout Plan) throws(APIError) -> Answer {
        let media = plan.negotiation.representation(svg: false)
        let protobuf = media == .protobuf
        let query: ElementQuery
        if let parsed = plan.elements { query = parsed } else { query = try ElementQuery(plan.query) }
        let entry = try pinned(plan)
        if media == .notAcceptable { throw .notAcceptable(available: Self.elementsMediaTypes) }
        let id = entry.id
        let layout = entry.layout
        try query.check(against: layout)
        let estimates = entry.spec.estimates
        let offsets = query.orthogonalOffsets
        let body: [UInt8]
        var reservations: [BodiesInTheMaking.Reservation] = []
        if let path = query.indexPath {
            guard let a = query.element(in: layout) else {
                let shape = IndexPathProse.shape(section: path.count == 2 ? path[0] : -1, sectionCount: layout.sections.count) { layout.sections[$0].cells.count }
                throw .noSuchElement(detail: "The layout \(id) has no \(query.kind) at index path \(path) (\(shape)).")
            }
            body = protobuf ? try elementsProtobuf(entry, .list([a]), reservations: &reservations) : LayoutEncoder.element(id: id, a, kinds: entry.kindPrefixes, estimates: estimates)
        } else if let p = query.point {
            try checkAnswerSize(entry, query: query, matching: { entry.index.estimatedCount(containing: p, limit: $0) }, exact: { entry.index.elements(containing: p).count })
            let list = offsets.isEmpty ? layout.attributes(containing: p, index: entry.index, visibleRect: query.rect)
                : layout.attributes(containing: p, index: entry.index, visibleRect: query.rect, orthogonalOffsets: offsets)
            body = protobuf ? try elementsProtobuf(entry, .list(list), reservations: &reservations)
                : try elementsBody(entry, list, estimates: estimates, reservations: &reservations)
        } else if let visible = query.rect {
            try checkAnswerSize(entry, query: query, matching: { entry.index.estimatedCount(in: visible, limit: $0) }, exact: { entry.index.elements(in: visible).count })
            let list = offsets.isEmpty ? layout.attributes(in: visible, index: entry.index)
                : layout.attributes(in: visible, index: entry.index, orthogonalOffsets: offsets)
            body = protobuf ? try elementsProtobuf(entry, .list(list), reservations: &reservations)
                : try elementsBody(entry, list, estimates: estimates, reservations: &reservations)
        } else {
            try checkAnswerSize(entry, elements: layout.attributes.count, query: query)
            let list = offsets.isEmpty ? layout.attributes : ElementStore(layout.attributes.indices.map { layout.orthogonallyScrolled($0, offsets: offsets) })
            body = protobuf ? try elementsProtobuf(entry, .store(list), reservations: &reservations)
                : try elementsBody(entry, list, estimates: estimates, reservations: &reservations)
        }
        var answer = Answer(contentType: protobuf ? ProtobufEncoder.mediaType : "application/json", body: .bytes(body),
                            validator: .query(entry, hash: Answer.fnv1a(plan.rawQuery.utf8), protobuf: protobuf))
        answer.variesOnAccept = true
        answer.reservations = reservations
        return answer
    }

    /// An element list as an answer, held to `answerByteLimit` (`admitElements`).
    func elementsBody(_ entry: CachedLayout, _ list: some Collection<LayoutAttributes>, estimates: Bool,
                      reservations: inout [BodiesInTheMaking.Reservation]) throws(APIError) -> [UInt8] {
        let low = list.count * ElementEncoder.minElementBytes
        let high = 128 + entry.id.utf8.count + list.count * ElementEncoder(prefixes: entry.kindPrefixes).maxBytesPerElement
        return try admitElements(entry, count: list.count, low: low, high: high, reservations: &reservations) { stopAt in
            LayoutEncoder.elements(id: entry.id, list, kinds: entry.kindPrefixes, estimates: estimates, limit: stopAt)
        }
    }

    /// An element list's answer of `low` to `high` bytes, in JSON or protocol buffers: a 422 when
    /// even `low` passes `answerByteLimit`, else the bound reserved (at most the limit) and
    /// `encode` asked to stop at the limit when the bound passes it (nil: it did, a 422).
    func admitElements(_ entry: CachedLayout, count: Int, low: Int, high: Int, reservations: inout [BodiesInTheMaking.Reservation],
                       encode: (_ stopAt: Int) -> [UInt8]?) throws(APIError) -> [UInt8] {
        let limit = answerByteLimit
        let tooLarge = APIError.answerBytesTooLarge(what: "These \(count) elements of the layout \(entry.id)", bytes: low, limit: limit,
                                                    fix: "Ask for a smaller rect (what is visible), or by index path.", pointer: nil)
        if low > limit {
            metrics.recordAnswerRefused(overBudget: false)
            throw tooLarge
        }
        if let r = try admitAnswer(bytes: min(high, limit), what: "", fix: "") { reservations.append(r) }
        guard let body = encode(high > limit ? limit : .max) else {
            metrics.recordAnswerRefused(overBudget: false)
            throw tooLarge
        }
        return body
    }

    /// The full body of `entry`, encoded now if no answer made it yet (counted in the cache then,
    /// when the layout keeps it: `CachedLayout.retainsFull`).
    func full(_ entry: CachedLayout) -> EncodedBody {
        let (body, added) = entry.fullBody()
        if added > 0 { cache.grow(entry, by: added) }
        return body
    }

    /// The minimal body, counted in the cache when this call made it.
    func minimal(_ entry: CachedLayout) -> EncodedBody {
        let (body, added) = entry.minimalBody()
        if added > 0 { cache.grow(entry, by: added) }
        return body
    }

    /// The full body as an answer's: the cached bytes (and their cached gzip and deflate forms)
    /// for a layout that keeps them; for a larger one (`--cached-body-elements`) encoded when the
    /// answer is made (not for a 304), compressed per request if asked, and freed once sent.
    /// Past `--max-answer-elements`, a 422 that says to use `Prefer: return=minimal` and queries.
    func fullAnswer(_ entry: CachedLayout) throws(APIError) -> Answer.Body {
        try checkAnswerSize(entry, elements: entry.layout.attributes.count, query: nil)
        let (reservation, stopAt) = try admitFull(entry)
        if stopAt == nil, entry.retainsFull || entry.fullIfMade != nil { return .cached(full(entry), of: entry) }
        // Counted against --max-buffered-bytes while it is made; released when the answer is dropped.
        let limit = stopAt ?? .max
        return .rendered { [reservation] in
            withExtendedLifetime(reservation) {
                guard let bytes = entry.encodeFull(limit: limit) else { return .failure(Self.fullTooLarge(entry, bytes: limit + 1, limit: limit)) }
                return .success(bytes)
            }
        }
    }

    /// The full body's bytes for an answer that embeds them (an invalidation), with the same
    /// caps; `reservation` holds its bytes against the buffer budget until the answer is dropped.
    func fullBytes(_ entry: CachedLayout, reservation: inout BodiesInTheMaking.Reservation?) throws(APIError) -> [UInt8] {
        try checkAnswerSize(entry, elements: entry.layout.attributes.count, query: nil)
        let (held, stopAt) = try admitFull(entry)
        reservation = held
        if stopAt == nil, entry.retainsFull || entry.fullIfMade != nil { return full(entry).identity }
        guard let bytes = entry.encodeFull(limit: stopAt ?? .max) else {
            throw Self.fullTooLarge(entry, bytes: (stopAt ?? 0) + 1, limit: stopAt ?? 0)
        }
        return bytes
    }

    /// Decides, before encoding, whether the full body of `entry` may be answered: a 422 when
    /// its size (or the least it can be) passes `answerByteLimit`; else the reservation of its
    /// bound (at most the limit) and, when the bound passes the limit, the size at which encoding
    /// stops (a 422 then: memory never holds more than the limit).
    func admitFull(_ entry: CachedLayout) throws(APIError) -> (BodiesInTheMaking.Reservation?, stopAt: Int?) {
        let limit = answerByteLimit
        if let made = entry.fullIfMade {
            if made.identity.count > limit { throw Self.fullTooLarge(entry, bytes: made.identity.count, limit: limit) }
            return (nil, nil)
        }
        let (low, high) = LayoutEncoder.fullBounds(id: entry.id, layout: entry.layout, kinds: entry.kindPrefixes)
        if low > limit {
            metrics.recordAnswerRefused(overBudget: false)
            throw Self.fullTooLarge(entry, bytes: low, limit: limit)
        }
        let reservation = try admitAnswer(bytes: min(high, limit), what: "The layout \(entry.id)", fix: "")
        return (reservation, high > limit ? limit : nil)
    }

    static func fullTooLarge(_ entry: CachedLayout, bytes: Int, limit: Int) -> APIError {
        .answerBytesTooLarge(what: "The full layout \(entry.id) (\(entry.layout.attributes.count) elements)", bytes: bytes, limit: limit,
                             fix: "It is cached: send POST /layout with the header Prefer: return=minimal to get its id and counts, then ask for what is visible with GET /layout/\(entry.id)/elements?rect=x,y,width,height.", pointer: nil)
    }

    /// Refuses an answer listing more than `--max-answer-elements` elements (`query` nil: the
    /// full layout).
    func checkAnswerSize(_ entry: CachedLayout, elements: Int, query: ElementQuery?) throws(APIError) {
        let limit = configuration.maxAnswerElements
        guard elements > limit else { return }
        throw .answerTooLarge(id: entry.id, elements: elements, limit: limit, query: query != nil)
    }

    /// The same for a rect or point query: the index's cheap upper bound first (O(log n +
    /// limit / 16)), the exact count (the matching indices, 8 bytes each) only past the limit.
    func checkAnswerSize(_ entry: CachedLayout, query: ElementQuery, matching estimate: (Int) -> Int, exact: () -> Int) throws(APIError) {
        let limit = configuration.maxAnswerElements
        guard entry.layout.attributes.count > limit, estimate(limit) > limit else { return }
        try checkAnswerSize(entry, elements: exact(), query: query)
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
            return .success(CachedLayout(id: id, spec: spec, layout: layout, cachedBodyElements: configuration.cachedBodyElements))
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
