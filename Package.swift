// swift-tools-version:6.1
// layoutd: UIKit-exact collection-view layouts as an HTTP/1.1 service.
// See docs/ARCHITECTURE.md: layoutd (its command line in LayoutdCLI) -> LayoutAPI -> {LayoutEngine, UpdateEngine, HTTP, JSON};
// the engine is two modules over IndexPaths (see below) so that a release build compiles them side by side.
import PackageDescription

/// Strict settings for every Swift target (Swift 6 language mode is the tools-version default).
let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

/// `Double.rounded()` and friends call libm's round/floor, which debug test builds on Linux do not
/// always link by themselves.
let libm: [LinkerSetting] = [.linkedLibrary("m", .when(platforms: [.linux]))]

/// One product of each pinned package that postgres-nio brings (see `dependencies`): a package
/// nothing depends on is "not used by any target" (a warning), so PostgresStore names one product
/// of each, under the same trait. All of them are built for postgres-nio anyway.
let pinnedTransitiveProducts: [Target.Dependency] = [
    ("SwiftASN1", "swift-asn1"), ("AsyncAlgorithms", "swift-async-algorithms"), ("Atomics", "swift-atomics"),
    ("DequeModule", "swift-collections"), ("Crypto", "swift-crypto"), ("Logging", "swift-log"),
    ("Metrics", "swift-metrics"), ("NIOCore", "swift-nio"), ("NIOSSL", "swift-nio-ssl"),
    ("NIOTransportServices", "swift-nio-transport-services"), ("ServiceLifecycle", "swift-service-lifecycle"),
    ("SystemPackage", "swift-system"),
].map { .product(name: $0.0, package: $0.1, condition: .when(traits: ["PostgresStore"])) }

let package = Package(
    name: "layoutd",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "layoutd", targets: ["layoutd"]),
    ],
    // The shared PostgreSQL layout store (`--store postgres://…`) is built in only with this trait:
    // postgres-nio brings BoringSSL, minutes of cold build that `swift run` and the tests skip.
    //   swift build -c release --traits PostgresStore --product layoutd
    traits: [
        .trait(name: "PostgresStore", description: "Build the PostgreSQL layout store (vapor/postgres-nio) into layoutd."),
    ],
    // Every package the PostgresStore trait brings, at an exact version: Package.resolved is not
    // committed, so these lines are what makes a build reproducible (postgres-nio's own requirements
    // are ranges). Raise them together, after a trait build and scripts/ci-cluster pass. Without
    // the trait none of them is fetched or built.
    dependencies: [
        .package(url: "https://github.com/vapor/postgres-nio", exact: "1.33.2"),
        .package(url: "https://github.com/apple/swift-asn1.git", exact: "1.7.4"),
        .package(url: "https://github.com/apple/swift-async-algorithms.git", exact: "1.1.4"),
        .package(url: "https://github.com/apple/swift-atomics.git", exact: "1.3.0"),
        .package(url: "https://github.com/apple/swift-collections.git", exact: "1.6.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", exact: "4.5.2"),
        .package(url: "https://github.com/apple/swift-log.git", exact: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics.git", exact: "2.13.0"),
        .package(url: "https://github.com/apple/swift-nio.git", exact: "2.101.3"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", exact: "2.37.6"),
        .package(url: "https://github.com/apple/swift-nio-transport-services.git", exact: "1.28.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", exact: "2.13.0"),
        .package(url: "https://github.com/apple/swift-system.git", exact: "1.8.1"),
    ],
    targets: [
        // The engine is three modules so that its two halves, which share nothing but `IndexPath`,
        // compile side by side on two cores (release builds optimize one module per process: as one
        // module the engine was half of a fresh `swift build -c release`'s critical path).
        // IndexPath alone; LayoutEngine and UpdateEngine re-export it.
        // Names matter here: among modules ready to compile, SwiftPM's scheduler (llbuild) starts the
        // one whose name sorts last first, so the longest one, UpdateEngine, starts as soon as
        // IndexPaths is done instead of after HTTP; renaming it to sort before LayoutEngine costs
        // a fresh release build about its own compile time again.
        .target(name: "IndexPaths", swiftSettings: strict),
        // Pure layout engine: standard library only, no I/O. Geometry, the layouts, spatial queries.
        .target(name: "LayoutEngine", dependencies: ["IndexPaths"], swiftSettings: strict, linkerSettings: libm),
        // Pure too: batch updates (UIKit's validation rules and messages, the ordered steps) and
        // diffable snapshots. Knows nothing about layouts.
        .target(name: "UpdateEngine", dependencies: ["IndexPaths"], swiftSettings: strict, linkerSettings: libm),
        // C shim exposing epoll, eventfd and accept4 (Glibc's module does not), header-only, and
        // SHA-256 blocks with the x86 SHA instructions (CSHA256.c, for content ids).
        // (Not named CSystem: swift-system, under postgres-nio, has a target of that name.)
        .target(name: "CLayoutd"),
        // RFC 8259 without Foundation: the strict parser, the `JSON` value, `JSONPointer`, the
        // writers (numbers in their shortest round-trip form). Knows nothing of HTTP or layouts, so
        // the JSON fuzzer builds it alone; HTTP writes its problem details with it.
        .target(name: "JSON", swiftSettings: strict),
        // HTTP/1.1 server on BSD sockets, epoll and Dispatch; knows nothing about layouts.
        .target(name: "HTTP", dependencies: ["CLayoutd", "JSON"], swiftSettings: strict),
        // zlib (Debian: zlib1g-dev) for gzip/deflate bodies.
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // Content codings: Accept-Encoding negotiation, one-shot deflate, capped streaming inflate.
        .target(name: "HTTPCompression", dependencies: ["CZlib"], swiftSettings: strict),
        // The shared layout store client: the LayoutStore protocol, group commit, health and
        // retention, backends by URL scheme, the memory: backend. No engine, so a release build
        // compiles it beside the engine instead of inside LayoutAPI. LayoutAPI re-exports it.
        .target(name: "SharedStore", dependencies: ["Prometheus"], swiftSettings: strict),
        // The Prometheus text format's histogram and sample lines, for the service's and the
        // store's metrics (one histogram type for both).
        .target(name: "Prometheus", swiftSettings: strict),
        // Routes, JSON wire types, problem details, the layout cache.
        // Playground/playground.html is embedded as Generated/Playground/PlaygroundPage.swift (scripts/gen-playground),
        // openapi.yaml as Generated/OpenAPIDocument.swift (scripts/gen-openapi).
        .target(name: "LayoutAPI", dependencies: ["LayoutEngine", "UpdateEngine", "SharedStore", "Prometheus", "JSON", "HTTP", "HTTPCompression", "CLayoutd"], exclude: ["Playground/playground.html"],
                swiftSettings: strict, linkerSettings: libm),
        // The LayoutStore protocol on PostgreSQL (postgres-nio). Without the trait it is an empty
        // module (its sources are `#if PostgresStore`) and postgres-nio is not built at all.
        // It needs the store protocol only (SharedStore), not LayoutAPI, so a trait build
        // compiles it beside LayoutAPI instead of after it.
        .target(
            name: "PostgresStore",
            dependencies: [
                "SharedStore",
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["PostgresStore"])),
            ] + pinnedTransitiveProducts,
            swiftSettings: strict),
        // The command line: flags and LAYOUTD_* variables read into the configurations LayoutAPI and
        // HTTP take, and the --help text. A library so its tests can import it.
        .target(name: "LayoutdCLI", dependencies: ["LayoutAPI", "HTTP"], swiftSettings: strict),
        .executableTarget(
            name: "layoutd",
            dependencies: [
                "LayoutdCLI", "LayoutAPI", "HTTP",
                .target(name: "PostgresStore", condition: .when(traits: ["PostgresStore"])),
            ],
            swiftSettings: strict),
        // Engine and codec benchmarks (not tests): `swift run -c release LayoutBench`.
        .executableTarget(
            name: "LayoutBench", dependencies: ["LayoutEngine", "UpdateEngine", "JSON", "LayoutAPI", "HTTP"],
            path: "Benchmarks/LayoutBench", swiftSettings: strict),
        // libcurl for the integration tests only (Debian: libcurl4-openssl-dev, which scripts/test
        // installs). No pkgConfig: its flags are the compiler's defaults on Debian, and a pkgConfig
        // name makes every `swift build`/`swift run` warn twice when libcurl is not installed,
        // although only the tests use it.
        .systemLibrary(name: "CCurl"),

        // What several test targets share: the seeded generator, the raw-socket client.
        .target(name: "TestSupport", path: "Tests/TestSupport", swiftSettings: strict),
        .testTarget(name: "LayoutEngineTests", dependencies: ["LayoutEngine", "TestSupport"], swiftSettings: strict),
        // UpdateEngine's own tests (batch updates, diffable and section snapshots, crash reasons):
        // no LayoutEngine, as the module has none.
        .testTarget(name: "UpdateEngineTests", dependencies: ["UpdateEngine", "TestSupport"], swiftSettings: strict),
        .testTarget(name: "HTTPTests", dependencies: ["HTTP", "TestSupport"], swiftSettings: strict),
        .testTarget(name: "HTTPCompressionTests", dependencies: ["HTTPCompression"], swiftSettings: strict),
        .testTarget(name: "LayoutAPITests", dependencies: ["LayoutAPI", "SharedStore", "Prometheus", "JSON", "HTTP", "LayoutEngine", "HTTPCompression", "TestSupport"], swiftSettings: strict),
        .testTarget(name: "LayoutdCLITests", dependencies: ["LayoutdCLI", "LayoutAPI", "HTTP"], swiftSettings: strict),
        .testTarget(name: "IntegrationTests", dependencies: ["LayoutAPI", "LayoutdCLI", "HTTP", "CCurl", "HTTPCompression", "TestSupport"], swiftSettings: strict),
    ]
)
