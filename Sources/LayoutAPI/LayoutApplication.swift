import HTTP

/// The whole service as the HTTP server sees it: routes, cache and metrics behind one responder.
/// (Skeleton: the routes land with the layout work.)
public final class LayoutApplication: HTTPResponder, Sendable {
    public let configuration: ServiceConfiguration

    public init(configuration: ServiceConfiguration = ServiceConfiguration()) {
        self.configuration = configuration
    }

    /// Gives `/metrics` the server's connection and byte counters.
    public func attach(serverStats: @escaping @Sendable () -> ServerStats) {}

    /// The server's observer: one call per response written.
    public func record(_ record: RequestRecord) {}

    public func execution(for head: RequestHead) -> Execution { .inline }

    public func respond(to request: Request) -> Response {
        if request.path == "/healthz" {
            return Response(status: 200, contentType: "application/json", body: Array(#"{"status":"ok"}"#.utf8))
        }
        return Response(status: 404)
    }
}
