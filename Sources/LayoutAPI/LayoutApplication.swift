import HTTP
import SharedStore
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
    /// Boxed: a closure read out of a `Mutex` (`withLock { $0 }`, an `inout` of a generic value)
    /// is reabstracted there and back, and the write-back stores the wrapped closure: every read
    /// added two thunks, so after n answers reading `bufferedBytes` a call walked 2n frames (a
    /// computed 1,000-item `POST /layout` fell from thousands of answers a second to hundreds).
    private let serverStats = Mutex<ServerStatsSource?>(nil)
    /// Full bodies being encoded for answers, counted against `--max-buffered-bytes` with what the
    /// server holds (`LayoutApplication.fullAnswer`).
    let bodiesInTheMaking = BodiesInTheMaking()
    /// The heavy lane (`WorkLanes`); light work runs on Dispatch's global queue.
    let lanes: WorkLanes

    public convenience init(configuration: ServiceConfiguration = ServiceConfiguration()) {
        self.init(configuration: configuration, store: nil)
    }

    package init(configuration: ServiceConfiguration, store: StoreClient?) {
        self.configuration = configuration
        self.cache = LayoutCache(capacityBytes: configuration.cacheBytes)
        self.store = store
        self.recentBodies = RecentBodies(capacityBytes: configuration.memoBytes)
        self.lanes = WorkLanes(width: configuration.heavyLaneWidth)
    }

    /// Gives `/metrics` the server's connection and byte counters.
    public func attach(serverStats: @escaping @Sendable () -> ServerStats) {
        let source = ServerStatsSource(read: serverStats)
        self.serverStats.withLock { $0 = source }
    }

    /// The server's buffered bytes and their limit, nil when no server is attached (in process).
    var bufferedBytes: (used: Int, limit: Int)? {
        guard let stats = serverStats.withLock({ $0 })?.read() else { return nil }
        return (stats.bufferedBytes, stats.bufferedBytesLimit)
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
    /// Runs for every request with a body: compares bytes, allocating nothing.
    static func isJSON(_ contentType: String) -> Bool {
        var media = contentType.utf8[...]
        if let semicolon = media.firstIndex(of: UInt8(ascii: ";")) { media = media[..<semicolon] }
        while media.first == UInt8(ascii: " ") { media = media.dropFirst() }
        while media.last == UInt8(ascii: " ") { media = media.dropLast() }
        func lower(_ c: UInt8) -> UInt8 { c >= 0x41 && c <= 0x5A ? c | 0x20 : c }
        func starts(_ s: Substring.UTF8View, _ prefix: StaticString) -> Bool {
            let p = UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
            return s.count >= p.count && zip(s, p).allSatisfy { lower($0) == $1 }
        }
        func ends(_ s: Substring.UTF8View, _ suffix: StaticString) -> Bool {
            let p = UnsafeBufferPointer(start: suffix.utf8Start, count: suffix.utf8CodeUnitCount)
            return s.count >= p.count && zip(s.suffix(p.count), p).allSatisfy { lower($0) == $1 }
        }
        if media.count == 16 && starts(media, "application/json") { return true }
        return media.count > 17 && starts(media, "application/") && ends(media, "+json")
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
        let stats = serverStats.withLock { $0 }?.read()
        return Answer(contentType: "text/plain; version=0.0.4; charset=utf-8",
                      body: .bytes(Array((metrics.render(server: stats, cache: cache.stats, lanes: lanes.stats) + (store?.renderMetrics() ?? "")).utf8)))
    }

    static let healthAnswer = Answer(contentType: "application/json", body: .bytes(healthBody))
    static let healthBody = Array(#"{"status":"ok"}"#.utf8)
    /// The contract, compressed at most once per coding.
    static let openAPIBody = EncodedBody(OpenAPIDocument.bytes)
    static let openAPITag = Answer.contentTag("openapi", OpenAPIDocument.bytes)
}

/// The server's counters as `attach(serverStats:)` gave them, held by reference so that reading
/// them never rewrites the closure.
private final class ServerStatsSource: Sendable {
    let read: @Sendable () -> ServerStats
    init(read: @escaping @Sendable () -> ServerStats) { self.read = read }
}

extension Error where Self == APIError {
    var response: Response { (self as APIError).response }
}
