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

    public init(cacheBytes: Int = 256 * 1024 * 1024, maxElements: Int = 1_000_000, maxBatchOperations: Int = 100_000,
                memoBytes: Int = 16 * 1024 * 1024, maxBodyBytes: Int = ServerConfiguration().maxBodyBytes) {
        self.cacheBytes = cacheBytes
        self.memoBytes = memoBytes
        self.maxElements = maxElements
        self.maxBatchOperations = maxBatchOperations
        self.maxBodyBytes = maxBodyBytes
    }
}
