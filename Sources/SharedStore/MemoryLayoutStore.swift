import Dispatch
import Synchronization

/// `LayoutStore` in this process's memory (`--store memory:`): the store's whole path (group
/// commit, durable acknowledgement, recompute from recipes, metrics) without a database, for
/// tests and for trying it out. Rows live as long as the process; nothing is shared between
/// replicas. Answers on a queue of its own, as a remote store would, never on the caller's thread.
package final class MemoryLayoutStore: LayoutStore {
    private let rows = Mutex<[String: (row: StoredLayout, lastUsed: UInt64)]>([:])
    /// `StoredLayout.storedBytes` of every row, for the size bound.
    private let bytes = Mutex(0)
    private let queue = DispatchQueue(label: "layoutd.store.memory")

    package init() {}

    package var count: Int { rows.withLock { $0.count } }
    package var storedBytes: Int { bytes.withLock { $0 } }

    private func answer<T: Sendable>(_ done: @escaping @Sendable (Result<T, StoreFailure>) -> Void, _ body: @escaping @Sendable () -> T) {
        queue.async { done(.success(body())) }
    }

    package func prepare(timeout: Duration, _ done: @escaping @Sendable (Result<StoreSchema, StoreFailure>) -> Void) {
        answer(done) { StoreSchema(version: StoreSchema.current) }
    }

    package func read(_ id: String, timeout: Duration, _ done: @escaping @Sendable (Result<StoredLayout?, StoreFailure>) -> Void) {
        answer(done) { [self] in rows.withLock { $0[id]?.row } }
    }

    package func write(_ batch: [StoredLayout], timeout: Duration, _ done: @escaping @Sendable (Result<Int, StoreFailure>) -> Void) {
        answer(done) { [self] in
            let now = DispatchTime.now().uptimeNanoseconds
            return rows.withLock { all in
                var inserted = 0
                for row in batch where all[row.id] == nil {
                    all[row.id] = (row, now)
                    inserted += 1
                    bytes.withLock { $0 += row.storedBytes }
                }
                return inserted
            }
        }
    }

    package func touch(_ ids: [String], timeout: Duration, _ done: @escaping @Sendable (Result<Void, StoreFailure>) -> Void) {
        answer(done) { [self] in
            let now = DispatchTime.now().uptimeNanoseconds
            rows.withLock { all in for id in ids { all[id]?.lastUsed = now } }
        }
    }

    package func expire(unusedFor: Duration, limit: Int, timeout: Duration,
                        _ done: @escaping @Sendable (Result<Int?, StoreFailure>) -> Void) {
        answer(done) { [self] in
            let now = DispatchTime.now().uptimeNanoseconds
            let (s, atto) = unusedFor.components
            let age = UInt64(max(0, s)) &* 1_000_000_000 &+ UInt64(max(0, atto) / 1_000_000_000)
            return rows.withLock { all -> Int? in
                guard now > age else { return 0 }
                let old = all.filter { $0.value.lastUsed < now - age }.sorted { $0.value.lastUsed < $1.value.lastUsed }.prefix(limit)
                for (id, entry) in old {
                    all[id] = nil
                    bytes.withLock { $0 -= entry.row.storedBytes }
                }
                return old.count
            }
        }
    }

    /// Least recently used first (ties by id), as the PostgreSQL store does.
    package func evict(over: Int, downTo: Int, limit: Int, timeout: Duration,
                       _ done: @escaping @Sendable (Result<StoreEviction?, StoreFailure>) -> Void) {
        answer(done) { [self] in
            rows.withLock { all -> StoreEviction? in
                let total = bytes.withLock { $0 }
                guard total > over else { return StoreEviction(evicted: 0, evictedBytes: 0, bytes: total) }
                var left = total, evicted = 0, freed = 0
                for (id, entry) in all.sorted(by: { ($0.value.lastUsed, $0.key) < ($1.value.lastUsed, $1.key) }) {
                    guard left > downTo, evicted < limit else { break }
                    all[id] = nil
                    left -= entry.row.storedBytes
                    freed += entry.row.storedBytes
                    evicted += 1
                }
                bytes.withLock { $0 = left }
                return StoreEviction(evicted: evicted, evictedBytes: freed, bytes: left)
            }
        }
    }
}
