import HTTP
import Prometheus
import Synchronization

/// Prometheus counters for `/metrics`: requests by route and status, a latency histogram per
/// route, plus the server's connection and byte counters and the cache's, read when scraped.
final class Metrics: Sendable {
    /// Upper bounds in seconds of the latency histogram buckets (+Inf is implicit).
    static let buckets: [Double] = [0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10]

    /// Everything recorded for one route. Its statuses are a short list scanned in place (a
    /// route answers a handful of statuses): hashing the status for a dictionary cost more.
    private struct RouteStats {
        var name: String
        var statuses: [StatusCount] = []
        var histogram = Histogram(bounds: Metrics.buckets)

        mutating func record(status: Int, micros: Int) {
            if let i = statuses.firstIndex(where: { $0.status == status }) {
                statuses[i].count += 1
            } else {
                statuses.append(StatusCount(status: status, count: 1))
            }
            histogram.observe(nanoseconds: micros &* 1_000)
        }
    }
    private struct StatusCount {
        var status: Int
        var count: Int
    }
    private struct State {
        /// By route template, in order of first use: a bounded set (route templates and
        /// `unmatched`), scanned comparing lengths first. The record queue does this for every
        /// request, and hashing the template cost it more than the scan (callgrind, `/healthz`).
        var routes: [RouteStats] = []
        /// Requests whose work stopped because their client had gone (`Cancellation`).
        var cancelled = 0
        /// Requests moved to the heavy lane (`WorkLanes`).
        var heavy = 0
        /// Answers refused before they were built: over --max-answer-bytes (422), or over what
        /// the buffer budget has room for now (503).
        var answersTooLarge = 0
        var answersOverBudget = 0
    }
    private let state = Mutex(State())
    /// Layouts computed per `layout.type` (labels come from the registry, so they are bounded),
    /// and their elements: under a lock of their own, which the computing threads take, apart
    /// from the one the record queue takes for every request (a computed POST spent 2% of its
    /// time waiting for that one).
    private struct Computed {
        var layouts: [String: Int] = [:]
        var elements: [String: Int] = [:]
    }
    private let computed = Mutex(Computed())

    /// Requests no route matched are counted under this label, so arbitrary paths cannot grow
    /// the label set.
    static let unmatched = "unmatched"

    func record(_ r: RequestRecord) {
        let route = r.route ?? Self.unmatched
        let length = route.utf8.count
        state.withLock { s in
            var i = 0
            while i < s.routes.count, !(s.routes[i].name.utf8.count == length && s.routes[i].name == route) { i += 1 }
            if i == s.routes.count { s.routes.append(RouteStats(name: route)) }
            s.routes[i].record(status: r.status, micros: r.microseconds)
        }
    }

    /// One layout of `type` computed (a cache miss), with its element count.
    func recordComputed(type: String, elements: Int) {
        computed.withLock { c in
            c.layouts[type, default: 0] += 1
            c.elements[type, default: 0] += elements
        }
    }

    func recordCancelled() { state.withLock { $0.cancelled += 1 } }
    func recordHeavy() { state.withLock { $0.heavy += 1 } }
    func recordAnswerRefused(overBudget: Bool) {
        state.withLock { s in if overBudget { s.answersOverBudget += 1 } else { s.answersTooLarge += 1 } }
    }

    func render(server: ServerStats?, cache: LayoutCache.Stats, lanes: WorkLanes.Stats? = nil) -> String {
        let s = state.withLock { $0 }
        let c = computed.withLock { $0 }
        var out = ""
        out += MetricText.head("layoutd_http_requests_total", "counter", "HTTP requests answered, by route template and status.")
        let routes = s.routes.sorted { $0.name < $1.name }
        for stats in routes {
            for entry in stats.statuses.sorted(by: { $0.status < $1.status }) {
                out += "layoutd_http_requests_total{route=\"\(stats.name)\",status=\"\(entry.status)\"} \(entry.count)\n"
            }
        }
        out += MetricText.head("layoutd_http_request_duration_seconds", "histogram", "Time from a request's first byte to its response written, by route.")
        for stats in routes {
            stats.histogram.render("layoutd_http_request_duration_seconds", label: "route", value: stats.name, into: &out)
        }
        out += MetricText.head("layoutd_layouts_computed_total", "counter", "Layouts computed (cache misses), by layout.type.")
        for type in LayoutTypes.all.map({ $0.typeName }) {
            out += "layoutd_layouts_computed_total{type=\"\(type)\"} \(c.layouts[type] ?? 0)\n"
        }
        out += MetricText.head("layoutd_layout_elements_computed_total", "counter", "Elements of the layouts computed, by layout.type.")
        for type in LayoutTypes.all.map({ $0.typeName }) {
            out += "layoutd_layout_elements_computed_total{type=\"\(type)\"} \(c.elements[type] ?? 0)\n"
        }
        // The metrics without labels, one table in /metrics order: (name, type, help, value).
        var samples: [(String, String, String, Int)] = []
        if let server {
            samples += [
                ("layoutd_http_open_connections", "gauge", "Client connections open now.", server.openConnections),
                ("layoutd_http_connections_total", "counter", "Client connections accepted.", server.totalConnections),
                ("layoutd_http_received_bytes_total", "counter", "Bytes read from clients.", server.bytesIn),
                ("layoutd_http_sent_bytes_total", "counter", "Bytes written to clients.", server.bytesOut),
                ("layoutd_http_buffered_bytes", "gauge", "Bytes held now for request bodies and queued answers.", server.bufferedBytes),
                ("layoutd_http_buffered_bytes_limit", "gauge", "The --max-buffered-bytes limit.", server.bufferedBytesLimit),
                ("layoutd_http_bodies_refused_total", "counter", "Request bodies refused with 503 because the buffer budget was exhausted.", server.bodiesRefused),
                ("layoutd_http_slow_readers_cut_total", "counter", "Connections closed because their queued answer was over their share of the buffer budget.", server.slowReadersCut),
                ("layoutd_http_accept_pauses_total", "counter", "Times a loop stopped accepting because --max-connections were open.", server.acceptPauses),
                ("layoutd_http_connections_refused_total", "counter", "Connections answered 503 because --max-connections were open.", server.connectionsRefused),
                ("layoutd_http_answers_refused_total", "counter", "Answers replaced by a 503 with Retry-After before their status line: the buffer budget could not hold them.", server.answersRefused),
                ("layoutd_http_answers_cut_short_total", "counter", "Answers whose connection closed before they were sent whole (each is logged).", server.answersCutShort),
            ]
        }
        samples += [
            ("layoutd_requests_cancelled_total", "counter", "Requests whose work stopped because their client had closed the connection.", s.cancelled),
            ("layoutd_requests_heavy_total", "counter", "Requests run on the heavy lane (large layouts, bodies and answers).", s.heavy),
            ("layoutd_answers_too_large_total", "counter", "Answers refused with 422 before they were built: over --max-answer-bytes or --max-answer-elements.", s.answersTooLarge),
            ("layoutd_answers_over_budget_total", "counter", "Answers refused with 503 before they were built: the buffer budget had no room for them now.", s.answersOverBudget),
        ]
        if let lanes {
            samples.append(("layoutd_heavy_lane_waiting", "gauge", "Heavy requests waiting for a heavy-lane thread.", lanes.waiting))
            samples.append(("layoutd_heavy_lane_running", "gauge", "Heavy requests running now.", lanes.running))
        }
        samples += [
            ("layoutd_cache_hits_total", "counter", "Layout requests answered from the cache (or from an identical computation in flight).", cache.hits),
            ("layoutd_cache_misses_total", "counter", "Layout requests that computed a layout.", cache.misses),
            ("layoutd_cache_evictions_total", "counter", "Layouts evicted to stay under --cache-bytes.", cache.evictions),
            ("layoutd_cache_uncacheable_total", "counter", "Layouts larger than the whole cache, answered but not stored.", cache.uncacheable),
            ("layoutd_cache_entries", "gauge", "Layouts in the cache.", cache.entries),
            ("layoutd_cache_bytes", "gauge", "Bytes the cached layouts hold (attributes, index, response bodies).", cache.bytes),
        ]
        for (name, type, help, value) in samples { out += MetricText.sample(name, type, help, value) }
        return out
    }
}
