import JSON
import LayoutEngine
import Synchronization

/// The opening bytes of every supplementary and decoration element of one layout, one per
/// (category, kind): `{"category":"supplementaryView","kind":"badge","indexPath":[`. Kind names
/// come from the request, so they are JSON-escaped once here rather than per element.
struct KindPrefixes: Sendable {
    /// The flow family's table (`header`, `footer`), built once.
    static let standard = KindPrefixes(Layout.defaultElementKinds)

    /// The standard table for the flow family's kinds; else a table built for the same kinds
    /// recently (every list names the same five, and building a table escapes each name twice:
    /// about a tenth of a computed 10-row list's handler); else a new one. O(kinds).
    static func `for`(_ kinds: [String]) -> KindPrefixes {
        if kinds == Layout.defaultElementKinds { return standard }
        let kept = recent.withLock { kept -> KindPrefixes? in
            guard let i = kept.firstIndex(where: { sameBytes($0.kinds, kinds) }) else { return nil }
            let table = kept[i]
            // To the front: the table used least recently is the one a ninth replaces.
            if i > 0 { kept.remove(at: i); kept.insert(table, at: 0) }
            return table
        }
        if let kept { return kept }
        let made = KindPrefixes(kinds)
        // Only small tables are kept: a kept table outlives the layouts that used it, and no
        // cache budget counts it (each layout still counts its own table's bytes).
        if made.bytes.count <= keptTableBytes {
            recent.withLock { kept in
                kept.insert(made, at: 0)
                if kept.count > keptTables { kept.removeLast() }
            }
        }
        return made
    }

    /// Whether a table for `kinds` is kept (tests).
    static func isKept(_ kinds: [String]) -> Bool {
        recent.withLock { $0.contains { sameBytes($0.kinds, kinds) } }
    }

    /// Names equal byte for byte: Swift's `==` on strings is canonical equivalence, under which
    /// "\u{E9}" and "e\u{301}" are equal, yet each must be answered with the bytes it was sent as.
    private static func sameBytes(_ a: [String], _ b: [String]) -> Bool {
        guard a.count == b.count else { return false }
        for i in a.indices where !a[i].utf8.elementsEqual(b[i].utf8) { return false }
        return true
    }

    /// Recently used tables, the most recent first: at most `keptTables` of at most `keptTableBytes`.
    private static let recent = Mutex<[KindPrefixes]>([])
    static let keptTables = 8
    static let keptTableBytes = 4096

    /// The kinds this table was built for.
    private(set) var kinds: [String] = []

    private var bytes: [UInt8] = []
    /// `starts[2k]` / `starts[2k+1]`: supplementary / decoration prefix of kind `k`; one extra end.
    private var starts: [Int] = [0]
    /// The longest prefix, for the encoder's per-element bound.
    private(set) var longest = 0

    init(_ kinds: [String]) {
        self.kinds = kinds
        for name in kinds {
            for category in ["supplementaryView", "decorationView"] {
                var w = JSONWriter(capacity: 64)
                w.raw("{\"category\":"); w.string(category)
                w.raw(",\"kind\":"); w.string(name)
                w.raw(",\"indexPath\":[")
                bytes.append(contentsOf: w.bytes)
                starts.append(bytes.count)
                longest = max(longest, w.bytes.count)
            }
        }
    }

    /// Heap held (none for the shared standard table).
    var approximateBytes: Int { starts.count > 5 ? bytes.capacity + starts.capacity * 8 : 0 }

    /// Writes the prefix of a supplementary or decoration element; an element without a kind,
    /// or with a kind outside the table (no layout produces one), is written without `kind`.
    func write(_ category: ElementCategory, _ kind: SupplementaryKind?, to p: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        let slot = kind.map { Int($0.rawValue) * 2 + (category == .decorationView ? 1 : 0) } ?? -1
        guard slot >= 0, slot + 1 < starts.count else {
            return category == .decorationView
                ? ElementEncoder.copy("{\"category\":\"decorationView\",\"indexPath\":[", to: p)
                : ElementEncoder.copy("{\"category\":\"supplementaryView\",\"indexPath\":[", to: p)
        }
        let start = starts[slot], count = starts[slot + 1] - start
        bytes.withUnsafeBufferPointer { p.initialize(from: $0.baseAddress.unsafelyUnwrapped + start, count: count) }
        return p + count
    }
}
