import JSON
import LayoutEngine

/// The opening bytes of every supplementary and decoration element of one layout, one per
/// (category, kind): `{"category":"supplementaryView","kind":"badge","indexPath":[`. Kind names
/// come from the request, so they are JSON-escaped once here rather than per element.
struct KindPrefixes: Sendable {
    /// The flow family's table (`header`, `footer`), built once.
    static let standard = KindPrefixes(Layout.defaultElementKinds)

    /// The standard table for the flow family's kinds, a new one otherwise. O(kinds).
    static func `for`(_ kinds: [String]) -> KindPrefixes {
        kinds == Layout.defaultElementKinds ? standard : KindPrefixes(kinds)
    }

    private var bytes: [UInt8] = []
    /// `starts[2k]` / `starts[2k+1]`: supplementary / decoration prefix of kind `k`; one extra end.
    private var starts: [Int] = [0]
    /// The longest prefix, for the encoder's per-element bound.
    private(set) var longest = 0

    init(_ kinds: [String]) {
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
