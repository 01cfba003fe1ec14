/// The shared layout store's settings (`--store`, `--store-ttl`, `--store-timeout`); without a
/// URL layouts live in this process's memory only, exactly as without a store.
public struct StoreOptions: Sendable, Hashable {
    /// `postgres://user:password@host:port/database`, or `memory:` (an in-process store, for
    /// tests and one replica); nil: no store. The scheme picks the backend (`layoutd/Store.swift`).
    public var url: String?
    /// Rows not used for this long (seconds) are deleted, in bounded batches, by one replica at a time.
    public var ttl: Double
    /// Most time one store call may take (seconds); longer counts as a failure.
    public var timeout: Double
    /// The size bound: once the stored rows count more than this many bytes
    /// (`StoredLayout.storedBytes`), least recently used rows are deleted until they count at
    /// most `evictionTarget` of it. 0: no bound (retention by age only).
    public var maxBytes: Int = 0
    /// Evictions start above this share of `maxBytes` and go down to `evictionTarget` of it, so a
    /// flood of new rows between two checks stays under the bound.
    public var evictionHighWater = 0.9
    public var evictionTarget = 0.8
    /// Rows one eviction round deletes at most, and seconds between checks when nothing is written.
    public var evictionBatch = 10_000
    public var boundCheckInterval: Double = 5

    /// Seconds between batched `last_used` updates.
    public var touchInterval: Double = 10
    /// Seconds between retention runs.
    public var expiryInterval: Double = 60
    /// Rows one retention batch deletes at most, and batches per run.
    public var expiryBatch = 1_000
    public var expiryBatchesPerRun = 10
    /// Longest wait between reconnection attempts (seconds); waits double from 0.1 s up to it.
    /// Short: while the store is down new layouts are refused, so the outage a client sees is
    /// the store's plus at most this (one cheap connection attempt a second per replica).
    public var maxBackoff: Double = 1
    /// Distinct ids whose `last_used` update waits for the next batch at most.
    public var maxTouched = 65_536

    public init(url: String? = nil, ttl: Double = 30 * 86_400, timeout: Double = 2) {
        self.url = url
        self.ttl = ttl
        self.timeout = timeout
    }

    /// The URL with its password replaced by `***`, for logs.
    public var redactedURL: String? {
        guard let url else { return nil }
        guard let scheme = url.firstRange(of: "://"), let at = url[scheme.upperBound...].lastIndex(of: "@") else { return url }
        let userinfo = url[scheme.upperBound..<at]
        guard let colon = userinfo.firstIndex(of: ":") else { return url }
        return String(url[..<colon]) + ":***" + String(url[at...])
    }
}
