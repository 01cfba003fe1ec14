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

    /// The contract is `application/yaml`, or `text/plain` for a client that asks for text and not
    /// for YAML (openapi-python-client reads only JSON, text and bytes).
    static func contractMediaType(_ negotiation: ContentNegotiation) -> String {
        negotiation.asksFor("text/plain", not: "application/yaml") ? "text/plain; charset=utf-8" : "application/yaml"
    }

    /// `application/json` or any `application/*+json`, parameters (charset) ignored.
    static func isJSON(_ contentType: String) -> Bool {
        let media = contentType.split(separator: ";", maxSplits: 1).first.map { $0.trimmingSpaces.lowercased() } ?? ""
        return media == "application/json" || (media.hasPrefix("application/") && media.hasSuffix("+json"))
    }

    /// `GET /openapi.yaml`: the contract, compressed at most once per coding.
    func getContract(_ plan: Plan) -> Answer {
        var answer = Answer(contentType: Self.contractMediaType(plan.negotiation), body: .cached(Self.openAPIBody, of: nil),
                            validator: .tag(Self.openAPITag))
        answer.variesOnAccept = true   // text/plain for clients that ask for text and not YAML
        return answer
    }

    /// `GET /metrics`: Prometheus text.
    func getMetrics() -> Answer {
        let stats = serverStats.withLock { $0 }?()
        return Answer(contentType: "text/plain; version=0.0.4; charset=utf-8",
                      body: .bytes(Array((metrics.render(server: stats, cache: cache.stats) + (store?.renderMetrics() ?? "")).utf8)))
    }

    static let healthAnswer = Answer(contentType: "application/json", body: .bytes(healthBody))
    static let healthBody = Array(#"{"status":"ok"}"#.utf8)
    /// The contract, compressed at most once per coding.
    static let openAPIBody = EncodedBody(OpenAPIDocument.bytes)
    static let openAPITag = Answer.contentTag("openapi", OpenAPIDocument.bytes)
}

extension Error where Self == APIError {
    var response: Response { (self as APIError).response }
}
