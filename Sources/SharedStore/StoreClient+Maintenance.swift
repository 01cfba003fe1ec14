import Dispatch

/// The store's background work, on one serial queue and never on the request path: reconnecting
/// with backoff, batched `last_used` updates and retention. Ticks every 0.25 s.
extension StoreClient {
    /// Connects (creating the schema when missing), waiting at most the timeout, then starts the
    /// maintenance ticks. Whether the store was reachable; when not, the ticks keep trying.
    @discardableResult
    package func start() -> Bool {
        let first = state.withLock { s -> Bool in
            defer { s.running = true }
            return !s.running
        }
        guard first else { return isUp }
        let up = queue.sync { probe() }
        schedule()
        return up
    }

    /// Stops the ticks (tests; the process just exits).
    package func stop() {
        state.withLock { $0.stopped = true }
    }

    private func schedule() {
        queue.asyncAfter(deadline: .now() + .milliseconds(250)) { [self] in
            guard !state.withLock({ $0.stopped }) else { return }
            tick()
            schedule()
        }
    }

    /// One round of background work; `now` is injectable for tests.
    func tick(now: UInt64 = DispatchTime.now().uptimeNanoseconds) {
        let (up, retryAt, touchDue, expiryDue) = state.withLock { s in
            (s.up, s.retryAt,
             now &- s.lastTouchFlush >= UInt64(options.touchInterval * 1e9),
             now &- s.lastExpiry >= UInt64(options.expiryInterval * 1e9))
        }
        guard up else {
            if now >= retryAt { probe() }
            return
        }
        if touchDue { flushTouched(now: now) }
        if expiryDue { expire(now: now) }
        if boundCheckDue(now: now) { enforceBound(now: now) }
    }

    /// One reconnection attempt: `prepare` (schema check) succeeds or the next wait doubles.
    @discardableResult
    func probe() -> Bool {
        switch call(.prepare, { store.prepare(timeout: timeout, $0) }) {
        case .success(let schema):
            state.withLock { s in
                s.up = true
                s.failures = 0
            }
            metrics.count(.connect)
            var line = "store: reachable (schema version \(schema.version))"
            if schema.version > StoreSchema.current {
                line += "; newer than this replica's \(StoreSchema.current): rows of formats it does not know are treated as not stored"
            }
            log(.info, line)
            return true
        case .failure(let failure):
            let (failures, wait) = state.withLock { s -> (Int, Double) in
                s.up = false
                s.failures += 1
                let wait = min(options.maxBackoff, 0.1 * Double(1 << min(s.failures, 20)))
                // ±20 % jitter so replicas do not reconnect in step.
                let jittered = wait * Double.random(in: 0.8...1.2)
                s.retryAt = DispatchTime.now().uptimeNanoseconds + UInt64(jittered * 1e9)
                return (s.failures, jittered)
            }
            if failures == 1 || failures % 20 == 0 {
                log(.warning, "store: unreachable (\(failure)); attempt \(failures), next in \(Int((wait * 1000).rounded())) ms")
            }
            return false
        }
    }

    /// One batched `last_used` update for the ids used since the last one (lost on failure:
    /// the timestamp only steers retention).
    func flushTouched(now: UInt64) {
        let ids = state.withLock { s -> [String] in
            s.lastTouchFlush = now
            defer { s.touched.removeAll(keepingCapacity: true) }
            return Array(s.touched)
        }
        guard !ids.isEmpty else { return }
        switch call(.touch, { store.touch(ids, timeout: timeout, $0) }) {
        case .success: metrics.count(.touch, by: ids.count)
        case .failure(let failure): markDown(failure, during: "last_used update")
        }
    }

    /// Retention: bounded batches while this replica holds the lock and rows are old enough.
    func expire(now: UInt64) {
        state.withLock { $0.lastExpiry = now }
        let ttl = Duration.milliseconds(Int64(options.ttl * 1000))
        for _ in 0..<max(1, options.expiryBatchesPerRun) {
            switch call(.expire, { store.expire(unusedFor: ttl, limit: options.expiryBatch, timeout: timeout, $0) }) {
            case .success(nil):
                return  // another replica is expiring
            case .success(let deleted?):
                metrics.count(.expired, by: deleted)
                if deleted > 0 { log(.info, "store: deleted \(deleted) layouts unused for \(options.ttl) s") }
                if deleted < options.expiryBatch { return }
            case .failure(let failure):
                markDown(failure, during: "retention")
                return
            }
        }
    }

    /// Gauges for `/metrics`.
    var gauges: (up: Bool, waiting: Int) {
        state.withLock { ($0.up, $0.queue.count + $0.committing.count) }
    }
}

extension StoreClient {
    /// The store's lines of `/metrics`.
    package func renderMetrics() -> String {
        let g = gauges
        return metrics.render(up: g.up, waiting: g.waiting, bytes: state.withLock { $0.storedBytes }, maxBytes: options.maxBytes)
    }
}
