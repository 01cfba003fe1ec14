import Dispatch

/// The store's size bound (`--store-max-bytes`, issue 29): retention by age alone lets one client
/// posting distinct layouts fill the database's disk within the retention window. Off the request
/// path, on the maintenance queue: after a commit (coalesced) and every `boundCheckInterval`
/// seconds, the store is asked to delete least recently used rows once they count more than
/// `evictionHighWater` of the bound, down to `evictionTarget` of it. One replica evicts at a
/// time (the store's lock); a round deletes at most `evictionBatch` rows, and rounds repeat while
/// a round was full. Ids evicted answer 404 afterwards, like ids retention deleted: the bound
/// trades the oldest unused layouts for the disk.
extension StoreClient {
    var highWater: Int { Int(Double(options.maxBytes) * options.evictionHighWater) }
    var evictionTarget: Int { Int(Double(options.maxBytes) * options.evictionTarget) }

    /// After a commit: one check on the maintenance queue, however many commits ask meanwhile.
    func requestBoundCheck() {
        guard options.maxBytes > 0 else { return }
        let first = state.withLock { s -> Bool in
            defer { s.boundCheckQueued = true }
            return !s.boundCheckQueued && !s.stopped
        }
        guard first else { return }
        queue.async { [self] in
            state.withLock { $0.boundCheckQueued = false }
            enforceBound(now: DispatchTime.now().uptimeNanoseconds)
        }
    }

    func boundCheckDue(now: UInt64) -> Bool {
        guard options.maxBytes > 0 else { return false }
        return state.withLock { now &- $0.lastBoundCheck >= UInt64(options.boundCheckInterval * 1e9) }
    }

    /// Eviction rounds until the rows count at most the high-water mark (or another replica is
    /// evicting, or the store fails). At most 100 rounds per call, so the queue moves on.
    func enforceBound(now: UInt64) {
        guard options.maxBytes > 0, isUp else { return }
        state.withLock { $0.lastBoundCheck = now }
        for _ in 0..<100 {
            let result = call(.evict) { store.evict(over: highWater, downTo: evictionTarget, limit: options.evictionBatch, timeout: timeout, $0) }
            switch result {
            case .success(nil):
                return  // another replica is evicting, or the backend keeps no count
            case .success(let round?):
                state.withLock { $0.storedBytes = round.bytes }
                guard round.evicted > 0 else { return }
                metrics.count(.evicted, by: round.evicted)
                log(.info, "store: evicted \(round.evicted) least recently used layouts (\(round.evictedBytes) bytes) to stay under --store-max-bytes \(options.maxBytes); \(round.bytes) bytes stored")
                if round.bytes <= highWater { return }
            case .failure(let failure):
                markDown(failure, during: "eviction")
                return
            }
        }
    }
}
