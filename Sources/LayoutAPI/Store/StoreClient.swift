import Dispatch
import Synchronization

/// How a replica uses its shared store: every call with a timeout, the store's health with
/// reconnection backoff, writes kept while it is unreachable, batched `last_used` updates and
/// retention on a background queue (`StoreClient+Maintenance.swift`), and the counters.
///
/// `read` and `write` block the calling thread for at most the timeout. The service calls them
/// only from Dispatch workers (`LayoutApplication.execution(for:)` offloads every request that can
/// reach the store), never on an I/O loop; the store's own I/O runs on its own threads.
package final class StoreClient: Sendable {
    /// What a read found.
    package enum ReadOutcome: Sendable, Equatable {
        case found(StoredLayout)
        case missing
        /// The store cannot be reached now; try again in `retryAfter` seconds.
        case unavailable(retryAfter: Int)
    }

    /// Log levels the client reports at (the executable maps them to its logger).
    package enum LogLevel: Sendable { case info, warning }

    struct State {
        var up = false
        var failures = 0
        /// Uptime (ns) of the next reconnection attempt while down.
        var retryAt: UInt64 = 0
        var pending = PendingWrites()
        var touched: Set<String> = []
        var lastTouchFlush: UInt64 = 0
        var lastExpiry: UInt64 = 0
        var running = false
        var stopped = false
        var deferredSinceDown = 0
    }

    package let store: any LayoutStore
    package let options: StoreOptions
    let metrics = StoreMetrics()
    let log: @Sendable (LogLevel, String) -> Void
    let state = Mutex(State())
    let queue = DispatchQueue(label: "layoutd.store.maintenance")

    package init(store: any LayoutStore, options: StoreOptions,
                 log: @escaping @Sendable (LogLevel, String) -> Void = { _, _ in }) {
        self.store = store
        self.options = options
        self.log = log
    }

    var timeout: Duration { .milliseconds(Int64((options.timeout * 1000).rounded(.up))) }

    package var isUp: Bool { state.withLock { $0.up } }

    /// Seconds until the next reconnection attempt, at least 1 (the `Retry-After` of a 503).
    package var retryAfter: Int {
        let now = DispatchTime.now().uptimeNanoseconds
        let at = state.withLock { $0.retryAt }
        guard at > now else { return 1 }
        return max(1, Int(((Double(at - now) / 1e9)).rounded(.up)))
    }

    /// The row of `id`: immediately `.unavailable` while the store is down, else one read.
    package func read(_ id: String) -> ReadOutcome {
        let queued: StoredLayout? = state.withLock { $0.pending[id] }
        if let queued { return .found(queued) }
        guard isUp else {
            metrics.count(.unavailable)
            return .unavailable(retryAfter: retryAfter)
        }
        switch call(.read, { store.read(id, timeout: timeout, $0) }) {
        case .success(let row?):
            metrics.count(.read)
            return .found(row)
        case .success(nil):
            metrics.count(.read)
            metrics.count(.miss)
            return .missing
        case .failure(let failure):
            markDown(failure, during: "read of \(id)")
            return .unavailable(retryAfter: retryAfter)
        }
    }

    /// Stores `row` before its answer goes out. A failure is logged and counted and the row is
    /// kept (up to `pendingBytes`) to be written when the store is back; the caller answers anyway.
    package func write(_ row: StoredLayout) {
        guard isUp else {
            keep([row])
            return
        }
        switch call(.write, { store.write([row], timeout: timeout, $0) }) {
        case .success:
            metrics.count(.write)
        case .failure(let failure):
            log(.warning, "store: write of layout \(row.id) failed (\(failure)); kept to retry when the store is back")
            markDown(failure, during: "write of \(row.id)")
            keep([row])
        }
    }

    /// Notes that `id` was used: its `last_used` goes out with the next batch (bounded set).
    package func noteUse(_ id: String) {
        state.withLock { s in
            if s.touched.count < options.maxTouched { s.touched.insert(id) }
        }
    }

    /// Rows waiting for the store to come back (bounded by `pendingBytes`; the oldest are dropped).
    func keep(_ rows: [StoredLayout]) {
        let (first, dropped) = state.withLock { s -> (Bool, Int) in
            var dropped = 0
            for row in rows { dropped += s.pending.add(row, budget: options.pendingBytes) }
            s.deferredSinceDown += rows.count
            return (s.deferredSinceDown == rows.count, dropped)
        }
        metrics.count(.deferred, by: rows.count)
        if dropped > 0 { metrics.count(.dropped, by: dropped) }
        if first { log(.warning, "store: unreachable; computed layouts are kept (up to \(options.pendingBytes) bytes) and written when it is back") }
    }

    /// Marks the store down after a failed call; the maintenance queue reconnects with backoff.
    func markDown(_ failure: StoreFailure, during what: String) {
        let wasUp = state.withLock { s -> Bool in
            let was = s.up
            if was {
                s.up = false
                s.failures = 0
                s.retryAt = DispatchTime.now().uptimeNanoseconds + 100_000_000
                s.deferredSinceDown = 0
            }
            return was
        }
        if wasUp { log(.warning, "store: \(what) failed (\(failure)); serving from memory, reconnecting with backoff") }
    }

    /// Runs one store call and waits for it at most the timeout (plus a margin for the store's own
    /// timeout to fire first), timing it for the histogram. Counts the failure.
    func call<T: Sendable>(_ op: StoreMetrics.Operation,
                           _ start: (@escaping @Sendable (Result<T, StoreFailure>) -> Void) -> Void) -> Result<T, StoreFailure> {
        let box = Mutex<Result<T, StoreFailure>?>(nil)
        let done = DispatchSemaphore(value: 0)
        let began = DispatchTime.now().uptimeNanoseconds
        start { result in
            box.withLock { if $0 == nil { $0 = result } }
            done.signal()
        }
        let limit = DispatchTime.now() + .milliseconds(Int((options.timeout * 1000).rounded(.up)) + 250)
        let result: Result<T, StoreFailure>
        if done.wait(timeout: limit) == .timedOut {
            result = .failure(StoreFailure("no answer within \(options.timeout) s"))
            box.withLock { if $0 == nil { $0 = result } }
        } else {
            result = box.withLock { $0 } ?? .failure(StoreFailure("no result"))
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - began) / 1e9
        metrics.observe(op, seconds: seconds)
        if case .failure = result { metrics.count(.error, op: op) }
        return result
    }
}
