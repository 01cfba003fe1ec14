// swift-tools-version:6.1
// LayoutdClient: a Swift client for layoutd, generated from the repo's openapi.yaml at build time
// (swift-openapi-generator's build plugin) plus a thin typed facade. Its own package, so the
// server's build does not grow. See ../../README.md ("A Swift client").
import PackageDescription

let package = Package(
    name: "LayoutdClient",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "LayoutdClient", targets: ["LayoutdClient"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3"),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
        .package(url: "https://github.com/apple/swift-openapi-urlsession", from: "1.4.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    ],
    targets: [
        .target(
            name: "LayoutdClient",
            dependencies: [
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "OpenAPIURLSession", package: "swift-openapi-urlsession"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")],
            plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
        ),
        .testTarget(
            name: "LayoutdClientTests",
            dependencies: ["LayoutdClient"],
            swiftSettings: [.enableUpcomingFeature("ExistentialAny")]
        ),
    ]
)
