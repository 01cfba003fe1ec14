/// Where a request's handler runs.
public enum Execution: Sendable {
    /// On the connection's I/O loop: for cheap work (health, cache hits, queries) under ~20 µs.
    case inline
    /// On a Dispatch queue, the response handed back to the I/O loop: for layout computation and
    /// anything that could stall the other connections of the loop.
    case offload
}

/// What a responder made of a request's head. The server carries it with the request to
/// `execution(for:plan:)` and `respond(to:plan:)`, so a request is resolved once (its path parsed
/// once, its body hashed once). The HTTP layer reads only `answer`; `token` is the responder's
/// own (its route, a body hash...), opaque here.
public struct RequestPlan: Sendable {
    /// An answer decided from the head alone: the request is answered without its body (the
    /// answer to `Expect: 100-continue` with a final status, e.g. 404, 405 or 415).
    public var answer: Response?
    /// The responder's resolution of the request, handed back to it unchanged.
    public var token: (any Sendable)?

    public init(answer: Response? = nil, token: (any Sendable)? = nil) {
        self.answer = answer
        self.token = token
    }
}

/// The application side of the server. The HTTP module calls it and knows nothing else about it.
public protocol HTTPResponder: Sendable {
    /// Called once per request, when its head is parsed and before its body is read.
    func plan(for head: RequestHead) -> RequestPlan

    /// Where `respond(to:plan:)` should run for this request, decided once its body is read (so
    /// a responder can answer a request it recognises, such as a cache hit, inline). It may
    /// add to the plan what it computed (a body hash) for `respond`.
    func execution(for request: Request, plan: inout RequestPlan) -> Execution

    /// Builds the response. `HEAD` requests arrive as `HEAD`: answer as for `GET`; the server
    /// drops the body and keeps its `Content-Length`.
    func respond(to request: Request, plan: RequestPlan) -> Response

    /// The offloaded form of `respond(to:plan:)`: calls `complete` exactly once, on any thread,
    /// possibly later, so an answer that waits for I/O (a store commit) holds no thread while it
    /// waits. Runs on Dispatch; the default answers at once with `respond(to:plan:)`.
    func respond(to request: Request, plan: RequestPlan, complete: @escaping @Sendable (Response) -> Void)
}

extension HTTPResponder {
    public func plan(for head: RequestHead) -> RequestPlan { RequestPlan() }
    public func execution(for request: Request, plan: inout RequestPlan) -> Execution { .offload }
    public func respond(to request: Request, plan: RequestPlan, complete: @escaping @Sendable (Response) -> Void) {
        complete(respond(to: request, plan: plan))
    }
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

    public init(method: String, target: String, status: Int, route: String?, bodyBytes: Int, microseconds: Int) {
        self.method = method
        self.target = target
        self.status = status
        self.route = route
        self.bodyBytes = bodyBytes
        self.microseconds = microseconds
    }
}
