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
    /// Number of epoll loops (threads), each with its own `SO_REUSEPORT` listener.
    public var loopCount: Int
    /// Connections beyond this are accepted and closed at once.
    public var maxConnections: Int
    public var serverHeader: String

    public init(
        host: String = "0.0.0.0", port: Int = 8080,
        maxHeadBytes: Int = 16 * 1024, maxBodyBytes: Int = 32 * 1024 * 1024,
        idleTimeout: Double = 60, requestTimeout: Double = 30, drainTimeout: Double = 10,
        loopCount: Int = ServerConfiguration.coreCount, maxConnections: Int = 10_000,
        serverHeader: String = "layoutd/0.1.0"
    ) {
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

    /// Online processors, at least 1.
    public static var coreCount: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }
}
