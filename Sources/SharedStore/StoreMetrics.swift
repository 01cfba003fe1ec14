import Prometheus
import Synchronization

/// Prometheus counters of the shared store: reads, writes, misses, errors and a latency
/// histogram per operation.
final class StoreMetrics: Sendable {
    enum Operation: String, Sendable, CaseIterable {
        case prepare, read, write, touch, expire, evict
    }

    enum Counter: Sendable, Hashable {
        /// Reads answered by the store (found or not).
        case read
        /// Rows written (inserted or already there).
        case write
        /// Reads of ids the store does not have.
        case miss
        /// Failed or timed-out calls, by operation.
        case error
        /// Reads refused at once because the store is down (answered 503).
        case unavailable
        /// Group commits that succeeded.
        case commit
        /// Rows not committed (store down, write failed): their requests answered 503.
        case refused
        /// `last_used` updates sent (ids).
        case touch
        /// Rows deleted by retention.
        case expired
        /// Rows deleted by the size bound (least recently used first).
        case evicted
        /// Successful (re)connections.
        case connect
    }

    /// Upper bounds in seconds (+Inf implicit): a loopback read is ~0.1-1 ms, timeouts are seconds.
    static let buckets: [Double] = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5]

    private struct State {
        var counters: [Counter: Int] = [:]
        var errors: [Operation: Int] = [:]
        var histograms: [Operation: Histogram] = [:]
    }

    private let state = Mutex(State())

    func count(_ counter: Counter, op: Operation? = nil, by n: Int = 1) {
        state.withLock { s in
            s.counters[counter, default: 0] += n
            if counter == .error, let op { s.errors[op, default: 0] += n }
        }
    }

    func observe(_ op: Operation, seconds: Double) {
        state.withLock { s in
            s.histograms[op, default: Histogram(bounds: Self.buckets)].observe(seconds: seconds)
        }
    }

    subscript(_ counter: Counter) -> Int { state.withLock { $0.counters[counter] ?? 0 } }

    func errors(_ op: Operation) -> Int { state.withLock { $0.errors[op] ?? 0 } }

    func render(up: Bool, waiting: Int, bytes: Int?, maxBytes: Int) -> String {
        let s = state.withLock { $0 }
        var out = ""
        func line(_ name: String, _ type: String, _ help: String, _ value: Int) { out += MetricText.sample(name, type, help, value) }
        line("layoutd_store_up", "gauge", "1 while the shared store answers, 0 while it is unreachable.", up ? 1 : 0)
        line("layoutd_store_reads_total", "counter", "Reads of layouts not cached here answered by the store.", s.counters[.read] ?? 0)
        line("layoutd_store_misses_total", "counter", "Store reads of ids the store does not have.", s.counters[.miss] ?? 0)
        line("layoutd_store_writes_total", "counter", "Layouts committed to the store (one row each, ON CONFLICT DO NOTHING) before their id was handed out.", s.counters[.write] ?? 0)
        line("layoutd_store_commits_total", "counter", "Group commits (one INSERT and one commit for the rows of concurrent requests).", s.counters[.commit] ?? 0)
        line("layoutd_store_unavailable_total", "counter", "Reads answered 503 because the store was unreachable or did not answer.", s.counters[.unavailable] ?? 0)
        line("layoutd_store_refused_writes_total", "counter", "New layouts answered 503 because the store could not commit them (their ids were not handed out).", s.counters[.refused] ?? 0)
        line("layoutd_store_waiting_writes", "gauge", "Layouts whose requests wait for their group commit now.", waiting)
        line("layoutd_store_touched_total", "counter", "Ids whose last_used was updated (batched).", s.counters[.touch] ?? 0)
        line("layoutd_store_expired_total", "counter", "Rows deleted by retention (--store-ttl).", s.counters[.expired] ?? 0)
        line("layoutd_store_evicted_total", "counter", "Rows deleted by the size bound (--store-max-bytes), least recently used first.", s.counters[.evicted] ?? 0)
        if let bytes { line("layoutd_store_bytes", "gauge", "Bytes the stored rows count against --store-max-bytes, as of the last commit or check.", bytes) }
        line("layoutd_store_max_bytes", "gauge", "The size bound (--store-max-bytes); 0 for none.", maxBytes)
        line("layoutd_store_connects_total", "counter", "Successful connections (start-up and reconnections).", s.counters[.connect] ?? 0)
        out += MetricText.head("layoutd_store_errors_total", "counter", "Failed or timed-out store calls, by operation.")
        for op in Operation.allCases {
            out += "layoutd_store_errors_total{op=\"\(op.rawValue)\"} \(s.errors[op] ?? 0)\n"
        }
        out += MetricText.head("layoutd_store_duration_seconds", "histogram", "Time of store calls, by operation.")
        for op in Operation.allCases {
            (s.histograms[op] ?? Histogram(bounds: Self.buckets)).render("layoutd_store_duration_seconds", label: "op", value: op.rawValue, into: &out)
        }
        return out
    }
}
