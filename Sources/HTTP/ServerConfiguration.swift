#if canImport(Glibc)
import Glibc
#endif

/// Everything a `Server` can be tuned with; the defaults suit a small service behind a proxy.
public struct ServerConfiguration: Sendable {
    public var host: String
    public var port: Int
    /// Request line plus header section; more is answered with 431.
    public var maxHeadBytes: Int
    /// De-chunked body; more (declared or accumulated) is answered with 413.
    public var maxBodyBytes: Int
    /// Seconds a keep-alive connection may sit between requests before it is closed silently.
    public var idleTimeout: Double
    /// Seconds to receive a whole request once its first byte arrived (slow clients get 408);
    /// also the longest a blocked response write may go without progress.
    public var requestTimeout: Double
    /// Seconds `shutdown()` waits for in-flight requests before closing everything.
    public var drainTimeout: Double
    /// Number of epoll loops (threads); they share one listening socket (`SharedListener`).
    public var loopCount: Int
    /// Open connections at most: at the limit the loops stop accepting (connections past it wait
    /// in the listen backlog) until one closes.
    public var maxConnections: Int
    /// Bytes the server may hold for request bodies being received and answers queued for slow
    /// readers, over all connections (`MemoryBudget`). At the limit: bodies mid-way stop being
    /// read, new bodies get 503 with `Retry-After`, readers over their share are cut.
    public var maxBufferedBytes: Int
    public var serverHeader: String

    public init(
        host: String = "0.0.0.0", port: Int = 8080,
        maxHeadBytes: Int = ServerConfiguration.defaultMaxHeadBytes,
        maxBodyBytes: Int = ServerConfiguration.defaultMaxBodyBytes,
        idleTimeout: Double = 60, requestTimeout: Double = 30, drainTimeout: Double = 10,
        loopCount: Int = ServerConfiguration.coreCount, maxConnections: Int = 10_000,
        serverHeader: String = "layoutd/0.1.0", maxBufferedBytes: Int = ServerConfiguration.defaultMaxBufferedBytes
    ) {
        self.maxBufferedBytes = maxBufferedBytes
        self.host = host
        self.port = port
        self.maxHeadBytes = maxHeadBytes
        self.maxBodyBytes = maxBodyBytes
        self.idleTimeout = idleTimeout
        self.requestTimeout = requestTimeout
        self.drainTimeout = drainTimeout
        self.loopCount = loopCount
        self.maxConnections = maxConnections
        self.serverHeader = serverHeader
    }

    public static let defaultMaxHeadBytes = 16 * 1024
    public static let defaultMaxBodyBytes = 32 * 1024 * 1024

    /// The default limit: 512 MiB, or a quarter of the physical memory when that is less, so
    /// that the bytes charged plus the process's own memory stay well under 1 GiB by default.
    /// Asked of the kernel once per process (as `coreCount`): every default-made configuration
    /// reads both, and a service configuration is made per decode of some bodies (a crash
    /// report's reproductions), where the system calls cost about 20 µs each time.
    public static let defaultMaxBufferedBytes: Int = {
        let pages = sysconf(Int32(_SC_PHYS_PAGES))
        let pageSize = sysconf(Int32(_SC_PAGESIZE))
        let fixed = 512 * 1024 * 1024
        guard pages > 0, pageSize > 0 else { return fixed }
        return min(fixed, pages / 4 * pageSize)
    }()

    /// Online processors, at least 1 (read once per process).
    public static let coreCount: Int = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
}
