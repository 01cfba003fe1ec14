/// The store backends by URL scheme: the one place that maps a `LAYOUTD_STORE` URL to a
/// `LayoutStore`. `memory:` is built in; the executable adds `postgres` and `postgresql` (built
/// with the `PostgresStore` trait, or a maker that says how to get them). A scheme nobody
/// registered is a start-up error naming the known ones.
package struct StoreFactory: Sendable {
    package typealias Maker = @Sendable (_ url: String) throws(StoreFactoryError) -> any LayoutStore
    private var makers: [String: Maker] = [:]

    /// A factory that knows `memory:`.
    package init() {
        register("memory") { _ throws(StoreFactoryError) in MemoryLayoutStore() }
    }

    package mutating func register(_ scheme: String, _ maker: @escaping Maker) {
        makers[scheme.lowercased()] = maker
    }

    /// Known schemes, sorted, as a user writes them (`memory:`, `postgres://`).
    package var schemes: [String] {
        makers.keys.sorted().map { $0 == "memory" ? "memory:" : "\($0)://" }
    }

    /// The backend for `url`, by its scheme.
    package func make(_ url: String) throws(StoreFactoryError) -> any LayoutStore {
        guard let scheme = Self.scheme(of: url) else {
            throw StoreFactoryError("it has no scheme; use one of \(schemes.joined(separator: ", "))")
        }
        guard let maker = makers[scheme] else {
            throw StoreFactoryError("unknown scheme \"\(scheme)\"; this build knows \(schemes.joined(separator: ", "))")
        }
        return try maker(url)
    }

    /// The scheme of `url` lowercased (RFC 3986: a letter, then letters, digits, `+`, `-`, `.`,
    /// before the first `:`), nil when it has none.
    package static func scheme(of url: String) -> String? {
        guard let colon = url.firstIndex(of: ":") else { return nil }
        let scheme = url.utf8[..<colon]
        func letter(_ c: UInt8) -> Bool { (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A }
        guard let first = scheme.first, letter(first) else { return nil }
        let ok = scheme.allSatisfy { letter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E }
        return ok ? String(decoding: scheme, as: UTF8.self).lowercased() : nil
    }
}

/// Why a store URL gives no backend (the message never repeats the URL, so never its password).
package struct StoreFactoryError: Error, Sendable, Equatable, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}
