import Dispatch
import Synchronization

/// How a replica uses its shared store: every call with a timeout, the store's health with
/// reconnection backoff, group commit of the rows that give out ids, batched `last_used` updates
/// and retention on a background queue (`StoreClient+Maintenance.swift`), and the counters.
///
/// Durability: an id is handed out (a `POST` answered 200) only once its row is committed
/// (`commit`); rows from concurrent requests share one `INSERT` and one commit, and nothing
/// waits on a thread meanwhile (the answer goes out from the commit's callback). While the store
/// is unreachable a commit fails at once and the request is a 503 with `Retry-After`: there is no
/// queue of acknowledged-but-unwritten rows to lose.
///
/// `read` blocks the calling thread for at most the timeout; the service calls it only from
/// Dispatch workers (`LayoutApplication.execution(for:)` offloads every request that can reach the
/// store), never on an I/O loop. The store's own I/O runs on its own threads, not on Dispatch's,
/// so a worker waiting here never waits for a thread it holds itself.
package final class StoreClient: Sendable {
    /// What a read found.
    package enum ReadOutcome: Sendable, Equatable {
        case found(StoredLayout)
        /// The store answered that it has no such row: the only case that is a 404.
        case missing
        /// The store cannot be reached now; try again in `retryAfter` seconds.
        case unavailable(retryAfter: Int)
    }

    /// What a commit came to.
    package enum CommitOutcome: Sendable, Equatable {
        /// The row is committed (inserted now, or already there): the id may be handed out.
        case committed
        /// Not known to be stored (store unreachable, write failed or timed out, shutting down):
        /// the id must not be handed out; retry in `retryAfter` seconds.
        case unavailable(retryAfter: Int)
    }

    /// Log levels the client reports at (the executable maps them to its logger).
    package enum LogLevel: Sendable { case info, warning }

    typealias Waiter = @Sendable (CommitOutcome) -> Void

    struct State {
        var up = false
        var failures = 0
        /// Uptime (ns) of the next reconnection attempt while down.
        var retryAt: UInt64 = 0
        var touched: Set<String> = []
        var lastTouchFlush: UInt64 = 0
        var lastExpiry: UInt64 = 0
        var running = false
        var stopped = false
        /// Rows waiting for the next group commit, oldest first, and the requests waiting on each.
        var queue: [StoredLayout] = []
        var queued: [String: [Waiter]] = [:]
        /// The rows of the commit in flight and their waiters (a request for one of them joins).
        var committing: [String: [Waiter]] = [:]
        /// Commits in flight (at most `maxCommitsInFlight`; the next takes everything queued).
        var writing = 0
        /// Set at shutdown: new commits are refused.
        var closing = false
        /// The size bound: bytes stored as of the last check, when it ran, and whether a
        /// commit asked for one on the maintenance queue.
        var storedBytes: Int?
        var lastBoundCheck: UInt64 = 0
        var boundCheckQueued = false
    }

    package let store: any LayoutStore
    package let options: StoreOptions
    let metrics = StoreMetrics()
    package let log: @Sendable (LogLevel, String) -> Void
    let state = Mutex(State())
    let queue = DispatchQueue(label: "layoutd.store.maintenance")

    /// Most rows, and bytes of recipes, one group commit carries (at least one row).
    static let maxBatchRows = 1_000
    static let maxBatchBytes = 8 << 20
    /// Group commits in flight at once: a row that arrives while one waits for its WAL flush
    /// goes out at once in a second one (latency at low load) instead of waiting a whole flush.
    static let maxCommitsInFlight = 2

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
            metrics.count(.unavailable)
            return .unavailable(retryAfter: retryAfter)
        }
    }

    // MARK: Group commit

    /// Commits `row` and reports once, on any thread: with the next group commit (rows of
    /// concurrent requests share one `INSERT … ON CONFLICT DO NOTHING` and one commit), joining a
    /// commit of the same id already on its way, or `.unavailable` at once while the store is
    /// down. Never blocks.
    package func commit(_ row: StoredLayout, _ done: @escaping @Sendable (CommitOutcome) -> Void) {
        enum Next { case refuse, queued, joined }
        let next = state.withLock { s -> Next in
            if s.committing[row.id] != nil { s.committing[row.id]?.append(done); return .joined }
            if s.queued[row.id] != nil { s.queued[row.id]?.append(done); return .joined }
            guard s.up, !s.closing else { return .refuse }
            s.queue.append(row)
            s.queued[row.id] = [done]
            return .queued
        }
        switch next {
        case .refuse:
            metrics.count(.refused)
            done(.unavailable(retryAfter: retryAfter))
        case .queued:
            startCommits()
        case .joined:
            break
        }
    }

    /// Sends what is queued as group commits (each up to a batch) while fewer than
    /// `maxCommitsInFlight` are on their way; each commit's callback calls this again.
    private func startCommits() {
        while let batch = nextBatch() { send(batch) }
    }

    private func nextBatch() -> [StoredLayout]? {
        state.withLock { s -> [StoredLayout]? in
            guard s.writing < Self.maxCommitsInFlight, !s.queue.isEmpty else { return nil }
            var rows = 0, bytes = 0
            while rows < s.queue.count, rows < Self.maxBatchRows, rows == 0 || bytes + s.queue[rows].body.count <= Self.maxBatchBytes {
                bytes += s.queue[rows].body.count
                rows += 1
            }
            let batch = Array(s.queue.prefix(rows))
            s.queue.removeFirst(rows)
            for row in batch { s.committing[row.id] = s.queued.removeValue(forKey: row.id) ?? [] }
            s.writing += 1
            return batch
        }
    }

    /// One group commit. A store that never calls back is given up on after the timeout (plus a
    /// margin).
    private func send(_ batch: [StoredLayout]) {
        let began = DispatchTime.now().uptimeNanoseconds
        let once = Once()
        let finish: @Sendable (Result<Int, StoreFailure>) -> Void = { [self] result in
            guard once.claim() else { return }
            finishBatch(batch, result, began: began)
        }
        store.write(batch, timeout: timeout, finish)
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(Int((options.timeout * 1000).rounded(.up)) + 250)) {
            finish(.failure(StoreFailure("no answer within \(self.options.timeout) s")))
        }
    }

    private func finishBatch(_ batch: [StoredLayout], _ result: Result<Int, StoreFailure>, began: UInt64) {
        metrics.observe(.write, seconds: Double(DispatchTime.now().uptimeNanoseconds - began) / 1e9)
        let waiters = state.withLock { s -> [Waiter] in
            s.writing -= 1
            return batch.flatMap { s.committing.removeValue(forKey: $0.id) ?? [] }
        }
        switch result {
        case .success:
            metrics.count(.write, by: batch.count)
            metrics.count(.commit)
            for w in waiters { w(.committed) }
            startCommits()
            requestBoundCheck()
        case .failure(let failure):
            metrics.count(.error, op: .write)
            markDown(failure, during: "commit of \(batch.count) layout\(batch.count == 1 ? "" : "s")")
            // The store is down: what was queued behind this commit is refused too.
            let queued = state.withLock { s -> [Waiter] in
                let all = s.queue.flatMap { s.queued[$0.id] ?? [] }
                s.queue.removeAll()
                s.queued.removeAll()
                return all
            }
            let retry = retryAfter
            metrics.count(.refused, by: waiters.count + queued.count)
            for w in waiters + queued { w(.unavailable(retryAfter: retry)) }
        }
    }

    /// Rows queued or being committed (their requests are waiting).
    var waitingRows: Int { state.withLock { $0.queue.count + $0.committing.count } }

    /// At exit, after the server's drain: refuses new commits, waits up to `seconds` for the
    /// ones on their way, and returns how many rows were still not committed (their requests
    /// were never answered 200: no id given out is lost).
    package func shutdown(waitingAtMost seconds: Double) -> Int {
        state.withLock { $0.closing = true; $0.stopped = true }
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, seconds) * 1e9)
        while waitingRows > 0, DispatchTime.now().uptimeNanoseconds < deadline {
            usleepMilliseconds(5)
        }
        return waitingRows
    }

    // MARK: Use, health

    /// Notes that `id` was used: its `last_used` goes out with the next batch (bounded set).
    package func noteUse(_ id: String) {
        state.withLock { s in
            if s.touched.count < options.maxTouched { s.touched.insert(id) }
        }
    }

    /// Marks the store down after a failed call; the maintenance queue reconnects with backoff.
    func markDown(_ failure: StoreFailure, during what: String) {
        let wasUp = state.withLock { s -> Bool in
            let was = s.up
            if was {
                s.up = false
                s.failures = 0
                s.retryAt = DispatchTime.now().uptimeNanoseconds + 100_000_000
            }
            return was
        }
        if wasUp { log(.warning, "store: \(what) failed (\(failure)); new layouts are refused with 503 until it is back, reconnecting with backoff") }
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

/// A flag claimed once (the first of a store's answer and the client's own timeout wins).
final class Once: Sendable {
    private let done = Atomic<Bool>(false)
    func claim() -> Bool { !done.exchange(true, ordering: .acquiringAndReleasing) }
}

/// Sleeps the calling thread (shutdown only).
func usleepMilliseconds(_ ms: Int) {
    let semaphore = DispatchSemaphore(value: 0)
    _ = semaphore.wait(timeout: .now() + .milliseconds(ms))
}
