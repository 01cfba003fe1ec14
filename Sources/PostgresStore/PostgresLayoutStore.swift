#if PostgresStore
import LayoutAPI
import Logging
import NIOCore
import PostgresNIO
import Synchronization

/// `LayoutStore` on PostgreSQL through postgres-nio's `PostgresClient` (a connection pool that
/// reconnects by itself). All I/O runs on postgres-nio's event loops and Swift concurrency's
/// threads; each call reports through its callback within its timeout.
///
/// Schema (version 1), created at start-up when missing, under an advisory lock so replicas
/// starting together do not race:
///
///     layoutd_schema(version integer)
///     layoutd_layouts(id text primary key, format smallint, body bytea,
///                     created_at timestamptz, last_used timestamptz)  + index on last_used
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

    /// Advisory lock keys: schema creation and retention.
    static let schemaLock: Int64 = 0x6c61_796f_7574_0001
    static let retentionLock: Int64 = 0x6c61_796f_7574_0002

    package init(url: String) throws(StoreURLError) {
        let configuration = try StoreURL.parse(url)
        var pool = PostgresClient.Configuration(
            host: configuration.host, port: configuration.port, username: configuration.user,
            password: configuration.password, database: configuration.database, tls: configuration.tls)
        pool.options.connectTimeout = .seconds(2)
        pool.options.maximumConnections = 8
        pool.options.minimumConnections = 0
        // Commits do not wait for the WAL flush: a row is visible to every replica as soon as the
        // INSERT returns; a PostgreSQL crash may lose the last ~0.6 s of rows, which are
        // recomputable (a later POST writes them again). Measured here: ~4 ms per write with
        // the flush on a loaded disk.
        pool.options.additionalStartupParameters = [("synchronous_commit", "off")]
        self.configuration = pool
        self.pool = Mutex(Self.start(pool))
    }

    deinit { pool.withLock { $0.runner.cancel() } }

    private static func start(_ configuration: PostgresClient.Configuration) -> (client: PostgresClient, runner: Task<Void, Never>) {
        let client = PostgresClient(configuration: configuration)
        return (client, Task.detached { await client.run() })
    }

    private var client: PostgresClient { pool.withLock { $0.client } }

    package func prepare(timeout: Duration, _ done: @escaping @Sendable (Result<StoreSchema, StoreFailure>) -> Void) {
        if failed.exchange(false, ordering: .relaxed) {
            let fresh = Self.start(configuration)
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
                    ON CONFLICT (id) DO NOTHING RETURNING 1)
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
                        RETURNING 1)
                    SELECT count(*) FROM gone
                    """, logger: Self.quiet)
                var n = 0
                for try await count in deleted.decode(Int64.self) { n = Int(count) }
                return n
            }
        }
    }

    /// Runs `body` on Swift concurrency's threads, racing it against `timeout` (the loser is
    /// cancelled), and reports once.
    private func run<T: Sendable>(_ timeout: Duration, _ done: @escaping @Sendable (Result<T, StoreFailure>) -> Void,
                                  _ body: @escaping @Sendable () async throws -> T) {
        Task.detached {
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
#endif
