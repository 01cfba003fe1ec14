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
