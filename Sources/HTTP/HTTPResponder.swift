/// Where a request's handler runs.
public enum Execution: Sendable {
    /// On the connection's I/O loop: for cheap work (health, cache hits, queries) under ~20 µs.
    case inline
    /// On a Dispatch queue, the response handed back to the I/O loop: for layout computation and
    /// anything that could stall the other connections of the loop.
    case offload
}

/// The application side of the server. The HTTP module calls it and knows nothing else about it.
public protocol HTTPResponder: Sendable {
    /// Called once the head is parsed and before the body is read. Returning a response
    /// answers the request without its body (the answer to `Expect: 100-continue` with a
    /// final status, e.g. 404, 405 or 415); nil reads the body and calls `respond(to:)`.
    func precheck(_ head: RequestHead) -> Response?

    /// Where `respond(to:)` should run for this request, decided once its body is read (so a
    /// responder can answer a request it recognises, such as a cache hit, inline).
    func execution(for request: Request) -> Execution

    /// Builds the response. `HEAD` requests arrive as `HEAD`: answer as for `GET`; the server
    /// drops the body and keeps its `Content-Length`.
    func respond(to request: Request) -> Response
}

extension HTTPResponder {
    public func precheck(_ head: RequestHead) -> Response? { nil }
    public func execution(for request: Request) -> Execution { .offload }
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
