import HTTP
import Synchronization

/// The whole service as the HTTP server sees it: routes, the layout cache and metrics behind one
/// `HTTPResponder`. Synchronous and `Sendable`; the server decides on which thread it runs.
public final class LayoutApplication: HTTPResponder, Sendable {
    public let configuration: ServiceConfiguration
    let cache: LayoutCache
    let metrics = Metrics()
    let recentBodies: RecentBodies
    /// The shared store (`--store`), nil for memory only.
    let store: StoreClient?
    private let serverStats = Mutex<(@Sendable () -> ServerStats)?>(nil)

    public convenience init(configuration: ServiceConfiguration = ServiceConfiguration()) {
        self.init(configuration: configuration, store: nil)
    }

    package init(configuration: ServiceConfiguration, store: StoreClient?) {
        self.configuration = configuration
        self.cache = LayoutCache(capacityBytes: configuration.cacheBytes)
        self.store = store
        self.recentBodies = RecentBodies(capacityBytes: configuration.memoBytes)
    }

    /// Gives `/metrics` the server's connection and byte counters.
    public func attach(serverStats: @escaping @Sendable () -> ServerStats) {
        self.serverStats.withLock { $0 = serverStats }
    }

    /// The server's observer: one call per response written.
    public func record(_ record: RequestRecord) {
        metrics.record(record)
    }

    // MARK: HTTPResponder

    /// Layout computation and batch work go to Dispatch; so does any element query whose answer
    /// may hold more than `inlineElementLimit` elements (see `queryExecution`). Everything else
    /// is cheap and inline, including a `POST /layout` whose exact body was answered before and
    /// is still cached (its answer is the cached bytes, shared, not copied).
    /// A compressed body to inflate, or an answer to compress that is not cached compressed yet
    /// and may be large, goes to Dispatch too.
    public func execution(for request: Request, plan: inout RequestPlan) -> Execution {
        var resolution = Self.resolution(plan, request)
        defer { plan.token = resolution }
        let route = resolution.route
        let memo = memoLookup(request, &resolution)
        if compressionNeedsOffload(request, route: route, memo: memo) { return .offload }
        guard request.method == "POST" else {
            guard let route else { return .inline }
            // An id not cached here may be read from the store and recomputed: off the loop.
            switch route {
            case .layout(let id), .layoutElements(let id), .layoutSVG(let id):
                if needsStore(id) { return .offload }
            default:
                break
            }
            // Pictures grow with the layout (up to their cap): off the loop unless small or a 304.
            if let id = Self.wantsSVG(route, request.headers) { return svgExecution(id: id, request) }
            return queryExecution(request, route: route)
        }
        if let id = memo?.id, cache.contains(id) { return .inline }
        return .offload
    }

    public func respond(to request: Request, plan: RequestPlan) -> Response {
        var resolution = Self.resolution(plan, request)
        let route: Route
        switch resolution.checked {
        case .success(let r): route = r
        case .failure(let e): return Self.negotiated(e.response, for: request)
        }
        var response: Response
        do {
            // The body's memo lookup made by `execution`, or made now (POST /layout only).
            let memo = memoLookup(request, &resolution)
            response = try handle(route, route.takesJSON ? decodingBody(request) : request, memo: memo)
        } catch {
            response = error.response
        }
        response = Self.negotiated(response, for: request)
        response.route = route.template
        return response
    }

    /// Route, method and media-type checks of a head (see `plan(for:)`).
    static func resolve(_ head: RequestHead) -> Result<Route, APIError> {
        check(Route(path: head.path), head)
    }

    /// Method and media-type checks of a head whose path names `route`.
    static func check(_ route: Route?, _ head: RequestHead) -> Result<Route, APIError> {
        guard let route else { return .failure(.notFound(path: String(head.path))) }
        guard route.methods.contains(head.method) else { return .failure(.methodNotAllowed(allowed: route.methods)) }
        if route.takesJSON, let type = head.headers["Content-Type"], !Self.isJSON(type) {
            return .failure(.unsupportedMediaType(found: type))
        }
        if route.takesJSON, case .failure(let e) = contentCodings(head) { return .failure(e) }
        return .success(route)
    }

    /// The contract is `application/yaml`, or `text/plain` for a client that asks for text and not
    /// for YAML (openapi-python-client reads only JSON, text and bytes).
    static func contractMediaType(accept: String?) -> String {
        asksFor("text/plain", not: "application/yaml", accept) ? "text/plain; charset=utf-8" : "application/yaml"
    }

    /// Whether `Accept` lists `alternate` and not `primary` (media ranges, parameters ignored): the
    /// two routes that serve one format also serve it as text or bytes to clients that ask so.
    static func asksFor(_ alternate: String, not primary: String, _ accept: String?) -> Bool {
        let ranges = (accept ?? "").split(separator: ",").map {
            $0.split(separator: ";", maxSplits: 1).first.map { $0.trimmingSpaces.lowercased() } ?? ""
        }
        return ranges.contains(alternate) && !ranges.contains(primary)
    }

    /// `application/json` or any `application/*+json`, parameters (charset) ignored.
    static func isJSON(_ contentType: String) -> Bool {
        let media = contentType.split(separator: ";", maxSplits: 1).first.map { $0.trimmingSpaces.lowercased() } ?? ""
        return media == "application/json" || (media.hasPrefix("application/") && media.hasSuffix("+json"))
    }

    private func handle(_ route: Route, _ request: Request, memo: RecentBodies.Lookup?) throws(APIError) -> Response {
        switch route {
        case .playground:
            return Playground.response
        case .healthz:
            return Response(status: 200, contentType: "application/json", body: Self.healthBody)
        case .openAPI:
            var headers = Headers()
            headers.add("Content-Type", Self.contractMediaType(accept: request.headers["Accept"]))
            let (body, _) = negotiate(Self.openAPIBody, of: nil, for: request, headers: &headers)
            return Response(status: 200, headers: headers, body: body)
        case .metrics:
            let stats = serverStats.withLock { $0 }?()
            return Response(status: 200, contentType: "text/plain; version=0.0.4; charset=utf-8",
                            body: Array((metrics.render(server: stats, cache: cache.stats) + (store?.renderMetrics() ?? "")).utf8))
        case .layouts:
            try Self.checkPreferences(request.headers)
            return try postLayout(request, memo: memo)
        case .layout(let id):
            if Self.wantsSVG(route, request.headers) != nil { return try getLayoutSVG(id: id, request, negotiated: true) }
            return try getLayout(id: id, request)
        case .layoutSVG(let id):
            return try getLayoutSVG(id: id, request, negotiated: false)
        case .layoutElements(let id):
            return try queryElements(id: id, request)
        case .invalidate(let id):
            try Self.checkPreferences(request.headers)
            return try invalidateLayout(id: id, request)
        case .batchValidate:
            return try postBatchValidate(request)
        case .batchDiff:
            return try postBatchDiff(request)
        case .snapshotApply:
            return try postSnapshotApply(request)
        case .sectionSnapshot:
            return try postSectionSnapshot(request)
        }
    }

    static let healthBody = Array(#"{"status":"ok"}"#.utf8)
    /// The contract, compressed at most once per coding.
    static let openAPIBody = EncodedBody(OpenAPIDocument.bytes)
}

extension Error where Self == APIError {
    var response: Response { (self as APIError).response }
}
