/// A store shared by replicas: how to recompute every computed layout (`StoreRecipe`), by id, so
/// any replica can recompute a layout another one computed (`LAYOUTD_STORE`; `StoreFactory` picks
/// the implementation by the URL's scheme).
///
/// Calls report through `done`, at most once, on any thread; `timeout` is the time the call may
/// take, after which it should give up (the caller stops waiting then anyway). `write` reports
/// success only once the rows are durably committed: the service hands out their ids then. The
/// PostgreSQL implementation lives in its own target (trait `PostgresStore`); `MemoryLayoutStore`
/// is `memory:`; tests use a fake.
package protocol LayoutStore: Sendable {
    /// Creates the schema when missing and checks its version; also the health probe.
    func prepare(timeout: Duration, _ done: @escaping @Sendable (Result<StoreSchema, StoreFailure>) -> Void)
    /// The row of `id`, nil when there is none.
    func read(_ id: String, timeout: Duration, _ done: @escaping @Sendable (Result<StoredLayout?, StoreFailure>) -> Void)
    /// Inserts rows whose id is not stored yet (`ON CONFLICT DO NOTHING`); the count inserted.
    func write(_ rows: [StoredLayout], timeout: Duration, _ done: @escaping @Sendable (Result<Int, StoreFailure>) -> Void)
    /// Marks rows as used now (batched `last_used` updates).
    func touch(_ ids: [String], timeout: Duration, _ done: @escaping @Sendable (Result<Void, StoreFailure>) -> Void)
    /// Deletes at most `limit` rows unused for `unusedFor`, only if this replica holds the
    /// retention lock (one replica at a time); nil when another replica holds it.
    func expire(unusedFor: Duration, limit: Int, timeout: Duration,
                _ done: @escaping @Sendable (Result<Int?, StoreFailure>) -> Void)
    /// The size bound (`--store-max-bytes`): when the rows' bytes (`StoredLayout.storedBytes`,
    /// summed) are over `over`, deletes least recently used rows, at most `limit`, until they are
    /// at most `downTo`; reports what it deleted and the bytes left. Nil when another replica
    /// holds the eviction lock (one at a time) or the backend keeps no count.
    func evict(over: Int, downTo: Int, limit: Int, timeout: Duration,
               _ done: @escaping @Sendable (Result<StoreEviction?, StoreFailure>) -> Void)
}

extension LayoutStore {
    /// A backend that keeps no byte count has no size bound.
    package func evict(over: Int, downTo: Int, limit: Int, timeout: Duration,
                       _ done: @escaping @Sendable (Result<StoreEviction?, StoreFailure>) -> Void) {
        done(.success(nil))
    }
}

/// What one eviction round did: rows deleted, their bytes, and the bytes stored after it.
package struct StoreEviction: Sendable, Equatable {
    package var evicted: Int
    package var evictedBytes: Int
    package var bytes: Int
    package init(evicted: Int, evictedBytes: Int, bytes: Int) {
        self.evicted = evicted
        self.evictedBytes = evictedBytes
        self.bytes = bytes
    }
}

/// One stored layout: its id, the row format and its recipe.
package struct StoredLayout: Sendable, Hashable {
    package var id: String
    /// `StoredLayout.currentFormat` for rows this version writes; a replica reads only formats it
    /// knows, so an older replica never misreads a newer row.
    package var format: Int
    package var body: [UInt8]

    package init(id: String, format: Int = StoredLayout.currentFormat, body: [UInt8]) {
        self.id = id
        self.format = format
        self.body = body
    }

    /// Format 1: a `StoreRecipe` (compact JSON; PostgreSQL compresses it in TOAST).
    package static let currentFormat = 1

    /// What a row counts against `--store-max-bytes`: its recipe, its id twice (the row and the
    /// primary-key index) and 100 bytes of tuple header, timestamps and index overhead. The
    /// PostgreSQL store computes the same sum in a generated column (`size`).
    package static func storedBytes(id: String, body: Int) -> Int { body + 2 * id.utf8.count + 100 }
    package var storedBytes: Int { Self.storedBytes(id: id, body: body.count) }
}

/// What `prepare` found: the schema version in the database and the one this code writes.
package struct StoreSchema: Sendable, Equatable {
    package var version: Int
    package init(version: Int) { self.version = version }
    /// The schema this code creates and reads.
    package static let current = 1
}

/// A failed store call, with words for the log.
package struct StoreFailure: Error, Sendable, Equatable, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}
