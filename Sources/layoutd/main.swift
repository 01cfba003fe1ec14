#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HTTP
import LayoutAPI
import LayoutdCLI

// layoutd: parse the launch options, serve until SIGTERM/SIGINT, drain, exit 0.
// Exit status: 0 after a clean stop or --help, 1 when the port cannot be bound, 2 for bad options.

/// Only the variables layoutd reads, via getenv (no Foundation in the binary).
func launchEnvironment() -> [String: String] {
    var environment: [String: String] = [:]
    for name in LaunchOptions.environmentVariables {
        if let value = getenv(name) { environment[name] = String(cString: value) }
    }
    return environment
}

/// `host:port` as it goes in a URL: IPv6 literals in brackets.
func urlAuthority(host: String, port: Int) -> String {
    host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
}

// `layoutd explain < crash.txt`: the crash explainer for a shell; no server is started.
if CommandLine.arguments.count >= 2, CommandLine.arguments[1] == "explain" {
    var input: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while input.count <= CrashLimits.maxTextBytes {
        let n = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
        if n < 0, errno == EINTR { continue }
        guard n > 0 else { break }
        input.append(contentsOf: chunk[0..<n])
    }
    let result = ExplainCommand.run(arguments: Array(CommandLine.arguments.dropFirst(2)), input: input)
    if !result.output.isEmpty { Logger(level: .info).standardOutput(result.output) }
    if !result.error.isEmpty { Logger(level: .info).standardError(result.error) }
    exit(result.status)
}

let options: LaunchOptions
do {
    options = try LaunchOptions.parse(arguments: Array(CommandLine.arguments.dropFirst()), environment: launchEnvironment())
} catch .helpRequested {
    Logger(level: .info).standardOutput(LaunchOptions.usage)
    exit(0)
} catch {
    Logger(level: .info).standardError("layoutd: \(error)\n\n\(LaunchOptions.usage)")
    exit(2)
}

// A closed stdout must not kill the server through SIGPIPE; writes then fail with EPIPE.
signal(SIGPIPE, SIG_IGN)
// SIGTERM/SIGINT handlers go in before anything starts, so an early signal still drains and exits 0.
Server.installShutdownSignalHandlers()

let logger = Logger(level: options.logLevel)
let http = options.http
logger.debug("""
    options: host=\(http.host) port=\(http.port) loops=\(http.loopCount) max-connections=\(http.maxConnections) \
    max-head-bytes=\(http.maxHeadBytes) max-body-bytes=\(http.maxBodyBytes) idle-timeout=\(http.idleTimeout)s \
    request-timeout=\(http.requestTimeout)s drain-timeout=\(http.drainTimeout)s cache-bytes=\(options.service.cacheBytes) \
    max-elements=\(options.service.maxElements) max-batch-operations=\(options.service.maxBatchOperations) \
    access-log=\(options.accessLog ? "on" : "off") store=\(options.store.redactedURL ?? "none")
    """)

let store = makeStoreClient(options.store, logger: logger)
let app = LayoutApplication(configuration: options.service, store: store)
let accessLog = options.accessLog
let server = Server(configuration: http, responder: app, observer: { record in
    app.record(record)
    if accessLog { logger.access(record) }
    if record.unsentBytes > 0 {
        // Never a silent truncation: the answer's status line went out, its end did not.
        logger.warning("answer cut short: \(record.method) \(record.target) \(record.status), \(record.unsentBytes) bytes not sent (the connection closed: a reader that stopped reading, a write timeout or the drain deadline)")
    }
})
app.attach(serverStats: { server.stats })

let port: Int
do {
    port = try server.start()
} catch {
    var line = "cannot listen on \(urlAuthority(host: http.host, port: http.port)): \(error)"
    if let socket = error as? SocketError, socket.errno == EADDRINUSE {
        // The one start-up failure a new user meets: say how to pick another port.
        line += "; port \(http.port) is already in use (another layoutd?): pick another with --port 9000 or PORT=9000 (--port 0 picks a free one)"
    }
    logger.error(line)
    exit(1)
}

logger.standardOutput("""
    layoutd \(layoutdVersion) listening on http://\(urlAuthority(host: http.host, port: port)) \
    (loops=\(http.loopCount), max body=\(http.maxBodyBytes) bytes, cache=\(options.service.cacheBytes) bytes)
    """)

server.waitForShutdownSignal()
stopStore(store, waitingAtMost: options.store.timeout, logger: logger)
logger.flushAccessLog()
logger.info("layoutd stopped")
exit(0)
