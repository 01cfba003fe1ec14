import LayoutAPI
import LayoutdCLI
import Testing

/// `--store`, `--store-ttl`, `--store-timeout` and their variables (the store itself: LayoutAPITests/StoreTests).
@Suite struct StoreOptionsTests {
    @Test func storeFlagsAndVariables() throws {
        let o = try LaunchOptions.parse(arguments: ["--store", "postgres://u:p%40ss@db:5433/layouts", "--store-ttl", "12h", "--store-timeout", "0.5"], environment: [:])
        #expect(o.store.url == "postgres://u:p%40ss@db:5433/layouts")
        #expect(o.store.ttl == 43_200)
        #expect(o.store.timeout == 0.5)
        #expect(o.store.redactedURL == "postgres://u:***@db:5433/layouts")
        let e = try LaunchOptions.parse(arguments: [], environment: ["LAYOUTD_STORE": "postgresql://db/x", "LAYOUTD_STORE_TTL": "30d"])
        #expect(e.store.url == "postgresql://db/x")
        #expect(e.store.ttl == 2_592_000)
        #expect(LaunchOptions().store.url == nil)
        #expect(LaunchOptions().store.ttl == 2_592_000)
    }

    @Test func theSizeBoundIsBytesAndOffByDefault() throws {
        #expect(LaunchOptions().store.maxBytes == 0)
        #expect(try LaunchOptions.parse(arguments: ["--store-max-bytes", "8589934592"], environment: [:]).store.maxBytes == 8_589_934_592)
        #expect(try LaunchOptions.parse(arguments: [], environment: ["LAYOUTD_STORE_MAX_BYTES": "1000000"]).store.maxBytes == 1_000_000)
        #expect(throws: LaunchError.self) { try LaunchOptions.parse(arguments: ["--store-max-bytes", "8G"], environment: [:]) }
        #expect(throws: LaunchError.self) { try LaunchOptions.parse(arguments: ["--store-max-bytes", "-1"], environment: [:]) }
        #expect(LaunchOptions.usage.contains("--store-max-bytes BYTES"))
    }

    @Test func badStoreValuesAreRefusedWithoutThePassword() {
        // Not a URL at all; an unknown scheme (mysql://) passes here and is refused at start-up by
        // the store factory (StoreFactoryTests), which knows the backends this build has.
        #expect(throws: LaunchError.invalidValue(source: "--store", value: "db.example.com/layouts", expected: "a URL such as postgres://user:password@host:port/database or memory:")) {
            try LaunchOptions.parse(arguments: ["--store", "db.example.com/layouts"], environment: [:])
        }
        #expect(throws: LaunchError.self) { try LaunchOptions.parse(arguments: ["--store-ttl", "3w"], environment: [:]) }
        #expect(throws: LaunchError.self) { try LaunchOptions.parse(arguments: ["--store-ttl", "-1d"], environment: [:]) }
    }
}
