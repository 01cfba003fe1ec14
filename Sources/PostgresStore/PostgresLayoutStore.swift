#if PostgresStore
import SharedStore
import Logging
import NIOCore
import PostgresNIO
import Synchronization

/// `LayoutStore` on PostgreSQL through postgres-nio's `PostgresClient` (a connection pool that
/// reconnects by itself). Everything runs on the store's own event-loop thread: its sockets, and
/// its Swift tasks too (`StoreExecutor`), never on Dispatch's worker threads; each call reports
/// through its callback within its timeout.
///
/// Why its own thread: on Linux, Swift's global concurrent executor runs tasks on Dispatch's
/// global worker threads. The service's request handlers also run there and wait (blocked) for
/// store reads; right after a start, under load, every worker could be blocked waiting for a
/// store task that needed a worker to run, until Dispatch grew its pool (about one thread a
/// second) or the wait timed out: the "2 s store timeouts every 2.3 s for 10-30 s after a start"
/// of issue 22. Each timeout also replaced the pool with a cold one, feeding the next.
///
/// Schema (version 1), created at start-up when missing, under an advisory lock so replicas
/// starting together do not race:
///
///     layoutd_schema(version integer)
///     layoutd_layouts(id text primary key, format smallint, body bytea,
///                     created_at timestamptz, last_used timestamptz,
///                     size integer generated from body and id)  + index on last_used
///     layoutd_usage(shard integer primary key, bytes bigint)
///
/// `size` is what a row counts against `--store-max-bytes` (`StoredLayout.storedBytes`);
/// `layoutd_usage` holds their sum in 16 shards (a connection adds to the shard of its backend
/// pid), changed by the same statement that inserts or deletes rows, so reading the total is
/// 16 rows, and concurrent commits of different replicas do not wait for one counter row. Tables
/// of an earlier layoutd get the column and a first count at the first start of this one.
///
/// `body` is the layout's recipe (`StoreRecipe`, compact JSON); PostgreSQL compresses values over ~2 kB in
/// TOAST. A replica reads only rows whose `format` it knows.
package final class PostgresLayoutStore: LayoutStore {
    private let configuration: PostgresClient.Configuration
    /// The pool and the task running it. Replaced by the first `prepare` after a failure: the
    /// pool's own reconnection backoff grows to a minute, and `StoreClient` already probes with
    /// its own (≤ 5 s), so a fresh pool reconnects as soon as the database is back.
    private let pool: Mutex<(client: PostgresClient, runner: Task<Void, Never>)>
    private let failed = Atomic<Bool>(false)
    /// The store's event loop (its sockets) and the executor its tasks run on (the same thread).
    private let loop: any EventLoop
    private let executor: StoreExecutor

    /// Advisory lock keys: schema creation and retention.
    static let schemaLock: Int64 = 0x6c61_796f_7574_0001
    static let retentionLock: Int64 = 0x6c61_796f_7574_0002
    static let evictionLock: Int64 = 0x6c61_796f_7574_0003
    /// The `WITH` member that adds the sizes of the rows `cte` returned to the count (or takes
    /// them off), in the shard of this connection's backend (`pg_backend_pid() % 16`). A
    /// data-modifying `WITH` runs whether or not the statement reads it.
    static func counted(adding cte: String) -> String { counted(cte, sign: "") }
    static func counted(subtracting cte: String) -> String { counted(cte, sign: "-") }
    private static func counted(_ cte: String, sign: String) -> String {
        """
        counted AS (
            INSERT INTO layoutd_usage (shard, bytes)
            SELECT pg_backend_pid() % 16, \(sign)coalesce(sum(size), 0)::int8 FROM \(cte)
            ON CONFLICT (shard) DO UPDATE SET bytes = layoutd_usage.bytes + EXCLUDED.bytes
            RETURNING 1)
        """
    }

    package init(url: String) throws(StoreURLError) {
        let configuration = try StoreURL.parse(url)
        var pool = PostgresClient.Configuration(
            host: configuration.host, port: configuration.port, username: configuration.user,
            password: configuration.password, database: configuration.database, tls: configuration.tls)
        pool.options.connectTimeout = .seconds(2)
        pool.options.maximumConnections = 8
        // Two connections open from the start (kept alive): the first requests after a start do
        // not wait for connection set-up (TCP, SCRAM) on top of their query.
        pool.options.minimumConnections = 2
        // Commits wait for the WAL flush (`synchronous_commit` on, PostgreSQL's default, set here
        // so a server default of off does not apply): an id is handed out only once its row
        // survives a PostgreSQL crash. Group commit (`StoreClient.commit`) pays one flush for
        // the rows of all concurrent requests.
        pool.options.additionalStartupParameters = [("synchronous_commit", "on")]
        self.configuration = pool
        // One loop of postgres-nio's default group (NIO's own threads, not Dispatch's).
        let loop = PostgresClient.defaultEventLoopGroup.next()
        let executor = StoreExecutor(loop)
        self.loop = loop
        self.executor = executor
        self.pool = Mutex(Self.start(pool, loop: loop, executor: executor))
    }

    deinit { pool.withLock { $0.runner.cancel() } }

    private static func start(_ configuration: PostgresClient.Configuration, loop: any EventLoop,
                              executor: StoreExecutor) -> (client: PostgresClient, runner: Task<Void, Never>) {
        let client = PostgresClient(configuration: configuration, eventLoopGroup: loop)
        return (client, Task.detached(executorPreference: executor) { await client.run() })
    }

    private var client: PostgresClient { pool.withLock { $0.client } }

    package func prepare(timeout: Duration, _ done: @escaping @Sendable (Result<StoreSchema, StoreFailure>) -> Void) {
        if failed.exchange(false, ordering: .relaxed) {
            let fresh = Self.start(configuration, loop: loop, executor: executor)
            let old = pool.withLock { current in
                defer { current = fresh }
                return current.runner
            }
            old.cancel()
        }
        run(timeout, done) { [client] in
            try await client.withTransaction(logger: Self.quiet) { db in
                try await db.query("SELECT pg_advisory_xact_lock(\(Self.schemaLock))", logger: Self.quiet)
                try await db.query("CREATE TABLE IF NOT EXISTS layoutd_schema (version integer NOT NULL)", logger: Self.quiet)
                try await db.query("""
                    CREATE TABLE IF NOT EXISTS layoutd_layouts (
                        id text PRIMARY KEY,
                        format smallint NOT NULL,
                        body bytea NOT NULL,
                        created_at timestamptz NOT NULL DEFAULT now(),
                        last_used timestamptz NOT NULL DEFAULT now())
                    """, logger: Self.quiet)
                try await db.query("CREATE INDEX IF NOT EXISTS layoutd_layouts_last_used ON layoutd_layouts (last_used)", logger: Self.quiet)
                // The size bound's accounting (see the type's comment); the generated column
                // is `StoredLayout.storedBytes`.
                try await db.query("""
                    ALTER TABLE layoutd_layouts ADD COLUMN IF NOT EXISTS size integer
                    GENERATED ALWAYS AS (octet_length(body) + 2 * octet_length(id) + 100) STORED
                    """, logger: Self.quiet)
                try await db.query("CREATE TABLE IF NOT EXISTS layoutd_usage (shard integer PRIMARY KEY, bytes bigint NOT NULL)", logger: Self.quiet)
                try await db.query("""
                    INSERT INTO layoutd_usage (shard, bytes)
                    SELECT 0, (SELECT coalesce(sum(size), 0)::int8 FROM layoutd_layouts)
                    WHERE NOT EXISTS (SELECT 1 FROM layoutd_usage)
                    ON CONFLICT (shard) DO NOTHING
                    """, logger: Self.quiet)
                try await db.query("""
                    INSERT INTO layoutd_schema (version) SELECT \(StoreSchema.current)
                    WHERE NOT EXISTS (SELECT 1 FROM layoutd_schema)
                    """, logger: Self.quiet)
                let rows = try await db.query("SELECT max(version) FROM layoutd_schema", logger: Self.quiet)
                var version = StoreSchema.current
                for try await v in rows.decode(Int32.self) { version = Int(v) }
                return StoreSchema(version: version)
            }
        }
    }

    package func read(_ id: String, timeout: Duration, _ done: @escaping @Sendable (Result<StoredLayout?, StoreFailure>) -> Void) {
        run(timeout, done) { [client] in
            let rows = try await client.query("SELECT format, body FROM layoutd_layouts WHERE id = \(id)", logger: Self.quiet)
            var found: StoredLayout?
            for try await (format, body) in rows.decode((Int16, ByteBuffer).self) {
                found = StoredLayout(id: id, format: Int(format), body: Array(body.readableBytesView))
            }
            return found
        }
    }

    package func write(_ rows: [StoredLayout], timeout: Duration, _ done: @escaping @Sendable (Result<Int, StoreFailure>) -> Void) {
        let ids = rows.map(\.id)
        let formats = rows.map { Int16(clamping: $0.format) }
        let bodies = rows.map { ByteBuffer(bytes: $0.body) }
        run(timeout, done) { [client] in
            let result = try await client.query("""
                WITH inserted AS (
                    INSERT INTO layoutd_layouts (id, format, body)
                    SELECT * FROM unnest(\(ids)::text[], \(formats)::int2[], \(bodies)::bytea[])
                    ON CONFLICT (id) DO NOTHING RETURNING size),
                \(unescaped: Self.counted(adding: "inserted"))
                SELECT count(*) FROM inserted
                """, logger: Self.quiet)
            var inserted = 0
            for try await n in result.decode(Int64.self) { inserted = Int(n) }
            return inserted
        }
    }

    package func touch(_ ids: [String], timeout: Duration, _ done: @escaping @Sendable (Result<Void, StoreFailure>) -> Void) {
        run(timeout, done) { [client] in
            try await client.query("""
                UPDATE layoutd_layouts SET last_used = now()
                WHERE id = ANY(\(ids)::text[]) AND last_used < now() - interval '1 minute'
                """, logger: Self.quiet)
        }
    }

    package func expire(unusedFor: Duration, limit: Int, timeout: Duration,
                        _ done: @escaping @Sendable (Result<Int?, StoreFailure>) -> Void) {
        let seconds = Double(unusedFor.components.seconds)
        run(timeout, done) { [client] in
            try await client.withTransaction(logger: Self.quiet) { db -> Int? in
                let lock = try await db.query("SELECT pg_try_advisory_xact_lock(\(Self.retentionLock))", logger: Self.quiet)
                var held = false
                for try await got in lock.decode(Bool.self) { held = got }
                guard held else { return nil }
                let deleted = try await db.query("""
                    WITH gone AS (
                        DELETE FROM layoutd_layouts WHERE id IN (
                            SELECT id FROM layoutd_layouts
                            WHERE last_used < now() - make_interval(secs => \(seconds))
                            ORDER BY last_used LIMIT \(limit))
                        RETURNING size),
                    \(unescaped: Self.counted(subtracting: "gone"))
                    SELECT count(*) FROM gone
                    """, logger: Self.quiet)
                var n = 0
                for try await count in deleted.decode(Int64.self) { n = Int(count) }
                return n
            }
        }
    }

    /// The size bound, under a lock one replica holds at a time: least recently used rows (ties
    /// by id) whose running sum of sizes covers the excess over `downTo`, at most `limit`, deleted
    /// in one statement that also takes their bytes off the count.
    package func evict(over: Int, downTo: Int, limit: Int, timeout: Duration,
                       _ done: @escaping @Sendable (Result<StoreEviction?, StoreFailure>) -> Void) {
        run(timeout, done) { [client] in
            try await client.withTransaction(logger: Self.quiet) { db -> StoreEviction? in
                let lock = try await db.query("SELECT pg_try_advisory_xact_lock(\(Self.evictionLock))", logger: Self.quiet)
                var held = false
                for try await got in lock.decode(Bool.self) { held = got }
                guard held else { return nil }
                var total = 0
                for try await n in try await db.query("SELECT coalesce(sum(bytes), 0)::int8 FROM layoutd_usage", logger: Self.quiet).decode(Int64.self) {
                    total = Int(n)
                }
                guard total > over else { return StoreEviction(evicted: 0, evictedBytes: 0, bytes: total) }
                let excess = total - downTo
                let deleted = try await db.query("""
                    WITH oldest AS (
                        SELECT id, size, sum(size) OVER (ORDER BY last_used, id) AS running
                        FROM (SELECT id, size, last_used FROM layoutd_layouts ORDER BY last_used, id LIMIT \(limit)) candidates),
                    gone AS (
                        DELETE FROM layoutd_layouts WHERE id IN (SELECT id FROM oldest WHERE running - size < \(excess))
                        RETURNING size),
                    \(unescaped: Self.counted(subtracting: "gone"))
                    SELECT count(*), coalesce(sum(size), 0)::int8 FROM gone
                    """, logger: Self.quiet)
                var evicted = 0, freed = 0
                for try await (n, bytes) in deleted.decode((Int64, Int64).self) { (evicted, freed) = (Int(n), Int(bytes)) }
                return StoreEviction(evicted: evicted, evictedBytes: freed, bytes: total - freed)
            }
        }
    }

    /// Runs `body` on the store's thread, racing it against `timeout` (the loser is cancelled),
    /// and reports once.
    private func run<T: Sendable>(_ timeout: Duration, _ done: @escaping @Sendable (Result<T, StoreFailure>) -> Void,
                                  _ body: @escaping @Sendable () async throws -> T) {
        Task.detached(executorPreference: executor) {
            do {
                let value = try await withThrowingTaskGroup(of: T.self) { group in
                    group.addTask { try await body() }
                    group.addTask {
                        try await Task.sleep(for: timeout)
                        throw StoreFailure("no answer within \(timeout)")
                    }
                    defer { group.cancelAll() }
                    guard let first = try await group.next() else { throw StoreFailure("no result") }
                    return first
                }
                done(.success(value))
            } catch {
                self.failed.store(true, ordering: .relaxed)
                done(.failure(Self.failure(error)))
            }
        }
    }

    /// Words for the log: PSQLError's description hides everything on purpose; its code and the
    /// server's message are safe (no bind values).
    static func failure(_ error: any Error) -> StoreFailure {
        if let failure = error as? StoreFailure { return failure }
        if let e = error as? PSQLError {
            var text = "\(e.code)"
            if let message = e.serverInfo?[.message] { text += ": \(message)" }
            if let underlying = e.underlying { text += " (\(underlying))" }
            return StoreFailure(text)
        }
        if error is CancellationError { return StoreFailure("cancelled") }
        return StoreFailure("\(error)")
    }

    static let quiet = Logger(label: "layoutd.store", factory: { _ in SwiftLogNoOpLogHandler() })
}

/// Runs Swift tasks on one NIO event loop (the thread the store's sockets use), so they never
/// compete with the service's handlers for Dispatch's worker threads.
final class StoreExecutor: TaskExecutor {
    let loop: any EventLoop
    init(_ loop: any EventLoop) { self.loop = loop }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
#endif
