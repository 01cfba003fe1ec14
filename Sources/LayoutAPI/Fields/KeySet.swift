/// The member names an object type accepts (`JSONFieldObject.rejectUnknownKeys`), looked up
/// without hashing: each name's length and first byte are kept as one integer, and a key is
/// compared in full only with the names whose integer matches. A `Set<String>` hashed every
/// member key of every object read (SipHash, about a fifth of decoding a compositional layout).
package struct KeySet: Sendable, Sequence, ExpressibleByArrayLiteral {
    private var names: [String]
    private var signatures: [UInt64]

    package init(arrayLiteral names: String...) {
        self.init(names)
    }

    package init(_ names: [String]) {
        self.names = names
        signatures = names.map(Self.signature)
    }

    @inline(__always)
    private static func signature(_ name: String) -> UInt64 {
        let utf8 = name.utf8
        return UInt64(truncatingIfNeeded: utf8.count) << 8 | UInt64(utf8.first ?? 0)
    }

    package func contains(_ key: String) -> Bool {
        let wanted = Self.signature(key)
        for (i, signature) in signatures.enumerated() where signature == wanted && names[i] == key {
            return true
        }
        return false
    }

    /// The names in alphabetical order, for messages.
    package func sorted() -> [String] { names.sorted() }

    package func makeIterator() -> IndexingIterator<[String]> { names.makeIterator() }
}
