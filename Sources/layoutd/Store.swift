#if canImport(Glibc)
import Glibc
#endif
import LayoutAPI
#if PostgresStore
import PostgresStore
#endif

/// The store backends this build has, by URL scheme (`memory:` is built into LayoutAPI).
func storeFactory() -> StoreFactory {
    var factory = StoreFactory()
    for scheme in ["postgres", "postgresql"] {
        #if PostgresStore
        factory.register(scheme) { url throws(StoreFactoryError) in
            do { return try PostgresLayoutStore(url: url) } catch { throw StoreFactoryError("\(error)") }
        }
        #else
        factory.register(scheme) { _ throws(StoreFactoryError) in
            throw StoreFactoryError("PostgreSQL needs a build with the PostgresStore trait (swift build -c release --traits PostgresStore); this one has memory: only")
        }
        #endif
    }
    return factory
}

/// The shared layout store named by `LAYOUTD_STORE` (or `--store`), connected (or retrying in the
/// background), or nil for none. A URL no backend takes stops the start with exit status 2.
func makeStoreClient(_ options: StoreOptions, logger: Logger) -> StoreClient? {
    guard let url = options.url else { return nil }
    let shown = options.redactedURL ?? ""
    let store: any LayoutStore
    do {
        store = try storeFactory().make(url)
    } catch {
        logger.standardError("layoutd: store \(shown): \(error)")
        exit(2)
    }
    // A password on the command line shows in `ps` to every user of the machine.
    if shown != url, CommandLine.arguments.contains(where: { $0 == "--store" || $0.hasPrefix("--store=") }) {
        logger.warning("store: the URL's password is on the command line, where ps shows it; pass it in LAYOUTD_STORE instead")
    }
    let client = StoreClient(store: store, options: options) { level, message in
        switch level {
        case .info: logger.info(message)
        case .warning: logger.warning(message)
        }
    }
    if client.start() {
        let bound = options.maxBytes > 0 ? "max \(options.maxBytes) bytes, least recently used evicted first" : "no size bound"
        logger.info("store: \(shown) (ttl \(Int(options.ttl)) s, \(bound), timeout \(options.timeout) s; a new id is answered once its row is committed)")
    } else {
        logger.warning("store: \(shown) not reachable at start-up: new layouts answer 503 with Retry-After (their ids would not be found elsewhere), cached ids answer, others 503, until it is")
    }
    return client
}

/// After the server's drain: waits (at most `seconds`) for the group commit on its way and says
/// in the log what, if anything, was not committed. Nothing acknowledged is ever waiting here:
/// a request is answered 200 only after its commit.
func stopStore(_ client: StoreClient?, waitingAtMost seconds: Double, logger: Logger) {
    guard let client else { return }
    let left = client.shutdown(waitingAtMost: seconds)
    if left == 0 {
        logger.info("store: stopped; every id this replica handed out is committed (0 lost)")
    } else {
        logger.warning("store: stopped with \(left) layout\(left == 1 ? "" : "s") still waiting for their commit; their requests were not answered 200, so no id handed out is lost (0 lost)")
    }
}
