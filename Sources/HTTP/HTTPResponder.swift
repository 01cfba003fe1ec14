/// Where a request's handler runs.
public enum Execution: Sendable {
    /// On the connection's I/O loop: for cheap work (health, cache hits, queries) under ~20 µs.
    case inline
    /// On a Dispatch queue, the response handed back to the I/O loop: for layout computation and
    /// anything that could stall the other connections of the loop.
    case offload
}

/// What a responder made of a request's head: an answer decided from the head alone (404, 405,
/// 415: sent without reading a body announced with `Expect: 100-continue`), or its own typed
/// plan, which the server keeps with the request and hands back to `execution(for:plan:)` and
/// `respond(to:plan:)` unchanged. The server never looks inside a plan.
public enum RequestPlan<Plan: Sendable>: Sendable {
    case answer(Response)
    case proceed(Plan)

    /// The early answer, if any.
    public var answer: Response? {
        if case .answer(let r) = self { return r }
        return nil
    }
}

/// The application side of the server. The HTTP module calls it and knows nothing else about it.
///
/// A request is resolved once: `plan(for:)` runs at its head and returns the responder's own
/// `Plan` (an associated type, so it travels typed: no casts); `execution(for:plan:)` runs when
/// the body is read and may complete the plan (a body hash, a cache entry); `respond(to:plan:)`
/// consumes it.
public protocol HTTPResponder: Sendable {
    associatedtype Plan: Sendable

    /// Called once per request, when its head is parsed and before its body is read.
    func plan(for head: RequestHead) -> RequestPlan<Plan>

    /// Where `respond(to:plan:)` should run for this request, decided once its body is read (so
    /// a responder can answer a request it recognises, such as a cache hit, inline). It may
    /// add to the plan what it computed (a body hash) for `respond`.
    func execution(for request: Request, plan: inout Plan) -> Execution

    /// Builds the response. `HEAD` requests arrive as `HEAD`: answer as for `GET`; the server
    /// drops the body and keeps its `Content-Length`.
    func respond(to request: Request, plan: consuming Plan) -> Response

    /// The offloaded form of `respond(to:plan:)`: calls `complete` exactly once, on any thread,
    /// possibly later, so an answer that waits for I/O (a store commit) holds no thread while it
    /// waits. Runs on Dispatch; the default answers at once with `respond(to:plan:)`.
    func respond(to request: Request, plan: consuming Plan, complete: @escaping @Sendable (Response) -> Void)

    /// The hot path, tried first for every complete request whose head carried no body (so no
    /// plan was made at its head): answer it on the loop, written straight into `writer`
    /// (emptied by the loop, status 200), and return true; or return false, leaving `writer`
    /// as it was, and the request goes the ordinary way (`plan`, `execution`, `respond`). Only
    /// for answers whose cost is small and bounded (it runs on the I/O loop). The default
    /// answers nothing this way.
    func respondInline(to request: Request, into writer: inout ResponseWriter) -> Bool

    /// `respondInline(to:into:)`, and when it declines, the plan it made of the request on the
    /// way (`plan(for:)`'s result), if any: the server uses it instead of asking again, so a
    /// request the hot path routed but could not answer is resolved once. The default makes no
    /// plan.
    func respondInline(to request: Request, into writer: inout ResponseWriter, declined plan: inout RequestPlan<Plan>?) -> Bool
}

extension HTTPResponder {
    public func respond(to request: Request, plan: consuming Plan, complete: @escaping @Sendable (Response) -> Void) {
        complete(respond(to: request, plan: plan))
    }
}

extension HTTPResponder {
    public func respondInline(to request: Request, into writer: inout ResponseWriter) -> Bool { false }

    public func respondInline(to request: Request, into writer: inout ResponseWriter, declined plan: inout RequestPlan<Plan>?) -> Bool {
        respondInline(to: request, into: &writer)
    }
}

extension HTTPResponder where Plan == Void {
    public func plan(for head: RequestHead) -> RequestPlan<Void> { .proceed(()) }
    public func execution(for request: Request, plan: inout Void) -> Execution { .offload }
}

/// One finished exchange, for access logs and metrics.
public struct RequestRecord: Sendable {
    public var method: String
    public var target: String
    public var status: Int
    /// Route template from `Response.route`, nil when no route matched.
    public var route: String?
    /// Bytes of the response body.
    public var bodyBytes: Int
    /// From the first byte of the request to the last byte of the response handed to the kernel.
    public var microseconds: Int
    /// Bytes of the answer (head included) never sent because the connection closed first: a
    /// reader that stopped reading, a write timeout, the drain deadline. 0 for an answer sent
    /// whole. The server never starts an answer its buffer budget cannot hold (it sends a 503
    /// instead), so this counts what still ends early; `layoutd` logs each one.
    public var unsentBytes: Int

    public init(method: String, target: String, status: Int, route: String?, bodyBytes: Int, microseconds: Int,
                unsentBytes: Int = 0) {
        self.method = method
        self.target = target
        self.status = status
        self.route = route
        self.bodyBytes = bodyBytes
        self.microseconds = microseconds
        self.unsentBytes = unsentBytes
    }
}
