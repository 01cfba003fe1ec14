import HTTP

/// Limits and sizes of the layout service (the HTTP limits live in `ServerConfiguration`).
public struct ServiceConfiguration: Sendable, Hashable {
    /// Bytes the layout cache may hold (LRU eviction past it).
    public var cacheBytes: Int
    /// Most elements (cells, headers, footers) one layout may have; more is a 422.
    public var maxElements: Int
    /// Most operations one batch-update request may hold; more is a 422.
    public var maxBatchOperations: Int
    /// Bytes of recent `POST /layout` bodies remembered to answer repeats inline (bodies of at
    /// most 16 KiB each); 0 turns the memo off. Separate from `cacheBytes`.
    public var memoBytes: Int
    /// Largest request body once decoded from gzip or deflate (the server's `maxBodyBytes` holds
    /// the bytes as sent; `--max-body-bytes` sets both): more is a 413.
    public var maxBodyBytes: Int
    /// Largest layout (in elements) whose full JSON body (`POST /layout`, `GET /layout/{id}`) the
    /// cache keeps once an answer made it, with its gzip and deflate forms. A larger layout's full
    /// body is encoded for each answer off the I/O loop and freed once sent (its queued bytes count
    /// against `--max-buffered-bytes`), so it costs only its attributes and index while cached
    /// (about 80 bytes per element instead of about 190).
    public var cachedBodyElements: Int
    /// Most elements one answer may list (a full layout body, an element query's list): a larger
    /// answer (about 100 bytes of JSON per element) is a 422 `answer-too-large` that says to ask
    /// with `Prefer: return=minimal` and query by rect. The layout itself is still computed and cached.
    public var maxAnswerElements: Int

    /// Most bytes one answer may take (JSON, SVG, problem details aside), decided before it is
    /// built from a bound on its size: a larger one is a 422 `answer-too-large` naming this
    /// limit. Answers are also held to the server's `--max-buffered-bytes` (never more, and a
    /// 503 with `Retry-After` when the budget has no room for them now).
    public var maxAnswerBytes: Int
    /// Heavy requests (layouts, invalidations and answers of at least `heavyElements` elements,
    /// bodies of at least `heavyBodyBytes`) run at once on the heavy lane; the rest wait there,
    /// so that cheap requests always find a thread (`WorkLanes`).
    public var heavyLaneWidth: Int

    public static let defaultCachedBodyElements = 100_000
    public static let defaultMaxAnswerElements = 2_000_000
    public static let defaultMaxAnswerBytes = 256 * 1024 * 1024
    public static var defaultHeavyLaneWidth: Int { max(1, ServerConfiguration.coreCount - 1) }

    public init(cacheBytes: Int = 256 * 1024 * 1024, maxElements: Int = 1_000_000, maxBatchOperations: Int = 100_000,
                memoBytes: Int = 16 * 1024 * 1024, maxBodyBytes: Int = ServerConfiguration().maxBodyBytes,
                cachedBodyElements: Int = ServiceConfiguration.defaultCachedBodyElements,
                maxAnswerElements: Int = ServiceConfiguration.defaultMaxAnswerElements,
                maxAnswerBytes: Int = ServiceConfiguration.defaultMaxAnswerBytes,
                heavyLaneWidth: Int = ServiceConfiguration.defaultHeavyLaneWidth) {
        self.maxAnswerBytes = maxAnswerBytes
        self.heavyLaneWidth = heavyLaneWidth
        self.cacheBytes = cacheBytes
        self.cachedBodyElements = cachedBodyElements
        self.maxAnswerElements = maxAnswerElements
        self.memoBytes = memoBytes
        self.maxElements = maxElements
        self.maxBatchOperations = maxBatchOperations
        self.maxBodyBytes = maxBodyBytes
    }
}
