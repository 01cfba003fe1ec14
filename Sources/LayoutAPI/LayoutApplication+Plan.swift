import HTTP
import HTTPCompression

/// The front desk: each request is resolved once. `plan(for:)` runs at the head: it finds the
/// route in the table (404, 405, 415 answered there), parses the query and the headers that
/// shape the answer (`ContentNegotiation`: Accept, Accept-Encoding, If-None-Match, Prefer) and
/// pins the layout an `{id}` names (one strong reference, taken once). `execution(for:plan:)`
/// adds what needs the body (the memo of recent bodies, which pins a known layout) and decides
/// where the handler runs from the route's cost and the pinned entry. `respond(to:plan:)` decodes
/// the body to the route's request type (one parse, one typed pass), runs the handler with it and that plan and `finish` turns its `Answer` into the response: the one place
/// where compression, `Vary`, ETags, 304s and cache headers are applied to every answer.
extension LayoutApplication {
    /// A request resolved at its head, consumed by its handler.
    public struct Plan: Sendable {
        let route: Route
        /// The `{id}` of the path ("" for routes without one), a slice of the target (no copy).
        let id: Substring
        let query: QueryParameters
        /// The query string as sent (a slice of the target), for the ETag of an element query.
        let rawQuery: Substring
        let negotiation: ContentNegotiation
        /// The layout `id` names, or the one a known `POST /layout` body resolved to, pinned:
        /// a cache eviction between the plan and the answer cannot make the handler look again
        /// or compute on the I/O loop.
        var entry: CachedLayout?
        /// The identity `POST /layout` body looked up in `RecentBodies` (nil: not yet).
        var memo: RecentBodies.Lookup?
        /// An element query parsed by the route's cost estimate, for its handler.
        var elements: ElementQuery?
        /// Runs (or is to run) on the heavy lane (`WorkLanes`): decided from the request's size
        /// in `execution`, or by its handler once it knows (`moveIfHeavy`).
        var heavy = false
        /// Its handler runs on the light lane and may hand the request to the heavy lane
        /// (`APIError.movedToHeavyLane`); false for in-process callers, which answer in one go.
        var mayMove = false
    }

    public func plan(for head: RequestHead) -> RequestPlan<Plan> {
        let negotiation = ContentNegotiation(head.headers)
        switch Self.checked(head, negotiation) {
        case .failure(let e):
            return .answer(finish(Answer(e), negotiation: negotiation, method: head.method, route: nil))
        case .success(let (route, id)):
            return proceed(head, route, id: id, negotiation)
        }
    }

    /// The plan of a routed request, with the layout its `{id}` names pinned.
    private func proceed(_ head: RequestHead, _ route: Route, id: Substring, _ negotiation: ContentNegotiation) -> RequestPlan<Plan> {
        var plan = Plan(route: route, id: id, query: QueryParameters(head.query), rawQuery: head.query ?? "", negotiation: negotiation)
        if route.takesID { plan.entry = pin(plan.id) }
        return .proceed(plan)
    }

    /// The plan of a GET whose route the hot path found (`respondInline`): what `plan(for:)`
    /// makes, without walking the table again; the id is the path's bytes at that offset.
    func plan(for head: RequestHead, route: Route, idOffset: Int, idCount: Int) -> RequestPlan<Plan> {
        let utf8 = head.target.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: idOffset)
        return proceed(head, route, id: Substring(utf8[start..<utf8.index(start, offsetBy: idCount)]), ContentNegotiation(head.headers))
    }

    /// The route, method and media-type checks of a head.
    static func checked(_ head: RequestHead, _ negotiation: ContentNegotiation) -> Result<(Route, id: Substring), APIError> {
        let resolved = Route.resolve(head.path, method: head.method)
        guard case .success(let (route, _)) = resolved, route.takesBody else { return resolved }
        if let type = negotiation.contentType, !Self.isJSON(type), !(route.takesText && Self.isPlainText(type)) {
            return .failure(.unsupportedMediaType(found: type))
        }
        if case .failure(let e) = contentCodings(head) { return .failure(e) }
        return resolved
    }

    /// The cached layout `id`, made most recently used (one lock), or nil.
    func pin(_ id: Substring) -> CachedLayout? {
        guard let entry = cache.get(id) else { return nil }
        store?.noteUse(entry.id)
        return entry
    }

    /// The plan's pinned layout, or (only off the I/O loop: `execution` offloads such requests)
    /// the one the shared store can give; a 404 otherwise.
    func pinned(_ plan: Plan) throws(APIError) -> CachedLayout {
        if let entry = plan.entry { return entry }
        let id = String(plan.id)
        if let (base, format) = Self.formatSuffix(id) { throw .unknownFormat(id: base, format: format) }
        guard store != nil, Self.isContentID(id) else { throw .unknownLayout(id: id) }
        return try lookup(id)
    }

    /// `("<id>", "png")` for `<id>.png` where `<id>` is a content id and the suffix a short
    /// extension of letters and digits: a format asked for in the path, not an unknown id.
    static func formatSuffix(_ id: String) -> (id: String, format: String)? {
        guard let dot = id.lastIndex(of: "."), Self.isContentID(String(id[..<dot])) else { return nil }
        let format = id[id.index(after: dot)...]
        guard (1...10).contains(format.count), format.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return nil }
        return (String(id[..<dot]), String(format))
    }

    /// Where the handler runs: a coded body, and a layout not pinned that the store may have,
    /// go to Dispatch; then the route's cost decides.
    public func execution(for request: Request, plan: inout Plan) -> Execution {
        if plan.route.takesBody, plan.negotiation.bodyIsCoded { return .offload }
        if plan.route.takesID, plan.entry == nil, store != nil, Self.isContentID(String(plan.id)) { return .offload }
        let execution: Execution
        switch plan.route.cost {
        case .inline: execution = .inline
        case .offload: execution = .offload
        case .sized(let estimate): execution = estimate(self, request, &plan)
        }
        if execution == .offload { plan.heavy = Self.isHeavy(request, plan) }
        return execution
    }

    public func respond(to request: Request, plan: consuming Plan) -> Response {
        var plan = plan
        plan.mayMove = false
        // Without `mayMove` no handler asks to move: there is always an answer.
        return respondOnLane(to: request, plan: plan) ?? finish(Answer(.movedToHeavyLane), negotiation: plan.negotiation,
                                                                 method: request.method, route: plan.route)
    }

    /// The answer, or nil when the handler found its work heavy and asked to run on the heavy
    /// lane (`plan.mayMove`; `respond(to:plan:complete:)` runs it again there).
    func respondOnLane(to request: Request, plan: consuming Plan) -> Response? {
        let route = plan.route
        let negotiation = plan.negotiation
        let mayMove = plan.mayMove
        let answer: Answer
        do {
            // The body read, its content codings undone; the route's request type decodes it
            // once (`Route.init(_:_:_:_:body:handler:)`) and the handler gets the value.
            let request = route.takesBody ? try decodingBody(request) : request
            answer = try route.handler(self, request, &plan)
        } catch {
            if mayMove, case .movedToHeavyLane = error { return nil }
            if case .clientGone = error { metrics.recordCancelled() }
            answer = Answer(error)
        }
        return finish(answer, negotiation: negotiation, method: request.method, route: route)
    }

    /// The memo's answer for an identity `POST /layout` body, looked up at most once per request;
    /// a body it knows pins its layout (and counts a hit) in the same step.
    func memoLookup(_ request: Request, _ plan: inout Plan) -> RecentBodies.Lookup? {
        guard request.method == "POST", !plan.negotiation.bodyIsCoded else { return nil }
        if let memo = plan.memo { return memo }
        let memo = recentBodies.lookup(request.body)
        plan.memo = memo
        if let id = memo.id, plan.entry == nil {
            plan.entry = cache.get(id, countingHit: true)
            if plan.entry != nil { store?.noteUse(id) }
        }
        return memo
    }

    /// Answers what can be decided from the head alone (unknown path, wrong method, wrong
    /// media type), so `Expect: 100-continue` clients get the final status before sending a body.
    public func precheck(_ head: RequestHead) -> Response? {
        plan(for: head).answer
    }

    /// `execution(for:plan:)` for a request planned now (tests, tools).
    public func execution(for request: Request) -> Execution {
        guard case .proceed(var plan) = plan(for: request.head) else { return .inline }
        return execution(for: request, plan: &plan)
    }

    /// Resolves and answers in one call (tests, tools).
    public func respond(to request: Request) -> Response {
        switch plan(for: request.head) {
        case .answer(let early): return early
        case .proceed(let plan): return respond(to: request, plan: plan)
        }
    }
}
