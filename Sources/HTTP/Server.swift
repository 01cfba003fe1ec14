// TEMPORARY STUB (replaced by the real server from the HTTP work): the agreed public API only.
import Dispatch

public struct ServerConfiguration: Sendable {
    public var host: String = "0.0.0.0"
    public var port: Int = 8080
    public var maxHeadBytes: Int = 16 * 1024
    public var maxBodyBytes: Int = 32 * 1024 * 1024
    public var idleTimeout: Double = 60
    public var requestTimeout: Double = 30
    public var drainTimeout: Double = 10
    public var loopCount: Int = 2
    public var maxConnections: Int = 10_000
    public var serverHeader: String = "layoutd/0.1.0"
    public init() {}
}

public struct ServerStats: Sendable {
    public var openConnections: Int = 0
    public var totalConnections: Int = 0
    public var bytesIn: Int = 0
    public var bytesOut: Int = 0
}

public struct SocketError: Error, CustomStringConvertible {
    public var description: String { "stub" }
}

public final class Server: Sendable {
    public init(configuration: ServerConfiguration, responder: any HTTPResponder,
                observer: (@Sendable (RequestRecord) -> Void)? = nil) {}
    public func start() throws -> Int { 0 }
    public func shutdown() {}
    public func waitForShutdownSignal() {}
    public var stats: ServerStats { ServerStats() }
}
