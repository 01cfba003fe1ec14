import JSON
import LayoutEngine

/// One layout type on the wire: how `POST /layout` names it, reads it, writes its canonical form
/// (the content id) and accounts its cached bytes. A layout type is its engine input
/// (`LayoutDefinition`, next to the layout), this conformance (next to its decoder) and one line
/// in `LayoutTypes.all`; nothing else in LayoutAPI switches over types.
protocol WireLayout: LayoutDefinition {
    /// `layout.type`.
    static var typeName: String { get }

    /// Other names `layout.type` accepts for this type (same canonical form, same ids).
    static var typeAliases: [String] { get }

    /// Whether `POST /layout` accepts top-level `preferredSizes` (self-sizing types).
    static var acceptsPreferredSizes: Bool { get }

    /// Whether `POST /layout` accepts top-level `preferredSupplementarySizes` (list headers/footers).
    static var acceptsPreferredSupplementarySizes: Bool { get }

    /// Reads the request (the collection view is already read). Shape errors are thrown with
    /// the field's JSON pointer; values UIKit refuses are collected in `reader.problems` (422).
    /// Every loop over client counts draws on `budget` (the element cap) before allocating.
    static func decode(_ request: LayoutRequestFields, reader: inout WireReader,
                       budget: inout ElementBudget) throws(FieldError) -> Self

    /// The members after `{"v":N` of the canonical form, starting with `,"type":`: fixed member
    /// order, the members the type shipped with always spelled out. Equal inputs give equal bytes,
    /// and nothing else does. A member added later is written only when it differs from its
    /// default (`JSONWriter.memberIfNotDefault` and siblings), so ids already handed out never
    /// change; `ContentIDPinTests` pins one id of every type.
    func writeCanonical(into w: inout JSONWriter)

    /// Heap held by the resolved input (per-item sizes dominate), for the cache's budget.
    var approximateBytes: Int { get }

    /// The input with the sizes cells measured (`POST /layout/{id}/invalidate`), or nil when the
    /// type does not self-size. Problems go to `reader`, as in `decode`.
    func applyingPreferredSizes(_ field: JSONField, reader: inout WireReader) throws(FieldError) -> Self?
}

extension WireLayout {
    static var typeAliases: [String] { [] }

    static var acceptsPreferredSizes: Bool { false }

    static var acceptsPreferredSupplementarySizes: Bool { false }

    func applyingPreferredSizes(_ field: JSONField, reader: inout WireReader) throws(FieldError) -> Self? { nil }
}

/// The parts of a `POST /layout` body every type reads.
struct LayoutRequestFields {
    var collectionView: CollectionViewMetrics
    /// The `layout` object (nil when absent: a flow layout with every default).
    var layout: JSONFieldObject?
    /// `sections[]`, already bounded by the element cap.
    var sections: [JSONField]
    /// Top-level `preferredSizes`; only set for types that accept it.
    var preferredSizes: JSONField?
    /// Top-level `preferredSupplementarySizes` (measured list headers and footers); only set for
    /// types that accept it.
    var preferredSupplementarySizes: JSONField? = nil
}

/// The registry: one line per layout type. The first is the default when `layout.type` is absent;
/// the order is the order the contract and error messages list them in.
enum LayoutTypes {
    static let all: [any WireLayout.Type] = [
        FlowLayoutConfiguration.self,
        WaterfallDefinition.self,
        ColumnFlowConfiguration.self,
        GridConfiguration.self,
        MosaicConfiguration.self,
        CompositionalConfiguration.self,
        TableDefinition.self,
    ]

    static func named(_ name: String) -> (any WireLayout.Type)? {
        all.first { $0.typeName == name || $0.typeAliases.contains(name) }
    }
}
