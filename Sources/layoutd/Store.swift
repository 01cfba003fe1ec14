#if canImport(Glibc)
import Glibc
#endif
import LayoutAPI
#if PostgresStore
import PostgresStore
#endif

/// The shared layout store named by `--store`, connected (or retrying in the background), or nil
/// for memory only. A URL given to a binary built without the `PostgresStore` trait is an error.
func makeStoreClient(_ options: StoreOptions, logger: Logger) -> StoreClient? {
    guard let url = options.url else { return nil }
    #if PostgresStore
    let store: PostgresLayoutStore
    do {
        store = try PostgresLayoutStore(url: url)
    } catch {
        logger.standardError("layoutd: --store \(options.redactedURL ?? ""): \(error)")
        exit(2)
    }
    let client = StoreClient(store: store, options: options) { level, message in
        switch level {
        case .info: logger.info(message)
        case .warning: logger.warning(message)
        }
    }
    if client.start() {
        logger.info("store: \(options.redactedURL ?? "") (ttl \(Int(options.ttl)) s, timeout \(options.timeout) s)")
    } else {
        logger.warning("store: \(options.redactedURL ?? "") not reachable at start-up: POST /layout works, ids not cached here answer 503 until it is")
    }
    return client
    #else
    logger.standardError("layoutd: --store needs a build with the PostgresStore trait (swift build -c release --traits PostgresStore); this one keeps layouts in memory only")
    exit(2)
    #endif
}
