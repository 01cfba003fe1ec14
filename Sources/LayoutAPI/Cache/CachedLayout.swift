import LayoutEngine

import Synchronization

/// What the cache keeps per layout: the layout and its index for queries, and the response
/// bytes exactly as sent, so a hit is answered without recomputing or re-encoding.
///
/// The spatial index is built on the first query, not with the layout: building it costs more
/// than laying out and encoding together (~200 ns per element), and many clients never query.
final class CachedLayout: Sendable {
    let id: String
    let spec: LayoutSpec
    let layout: Layout
    private let lazyIndex = Mutex<SpatialIndex?>(nil)
    /// The opening bytes of its supplementary and decoration elements, made once.
    let kindPrefixes: KindPrefixes
    /// The full `POST /layout` / `GET /layout/{id}` body.
    let body: [UInt8]
    /// The `Prefer: return=minimal` body.
    let minimalBody: [UInt8]
    /// Honest heap estimate: attributes, sections, warnings, index and both bodies.
    let bytes: Int

    /// The strong validator for `GET /layout/{id}` (the id is derived from the content), made
    /// once like `location` so that a hit allocates no strings.
    let etag: String
    /// `/layout/{id}`.
    let location: String

    init(id: String, spec: LayoutSpec, layout: Layout) {
        self.id = id
        self.etag = "\"\(id)\""
        self.location = "/layout/\(id)"
        self.spec = spec
        self.layout = layout
        self.kindPrefixes = KindPrefixes.for(layout.elementKinds)
        self.body = LayoutEncoder.full(id: id, layout: layout, kinds: kindPrefixes, estimates: spec.estimates)
        self.minimalBody = LayoutEncoder.minimal(id: id, layout: layout)
        var bytes = 256 + id.utf8.count
        bytes += layout.attributes.capacity * MemoryLayout<LayoutAttributes>.stride
        bytes += layout.sections.capacity * MemoryLayout<SectionGeometry>.stride
        bytes += layout.warnings.reduce(0) { $0 + MemoryLayout<LayoutWarning>.stride + $1.message.utf8.count + $1.code.utf8.count }
        bytes += SpatialIndex.estimatedMemoryBytes(count: layout.attributes.count)
        bytes += body.capacity + minimalBody.capacity
        bytes += spec.approximateBytes
        bytes += kindPrefixes.approximateBytes
        self.bytes = bytes
    }

    /// The rect/point index, built by the first query that needs it. O(n log n) once.
    var index: SpatialIndex {
        lazyIndex.withLock { index in
            if let built = index { return built }
            let built = SpatialIndex(layout)
            index = built
            return built
        }
    }

    /// Whether a query can run without building the index first (and so inline).
    var hasIndex: Bool { lazyIndex.withLock { $0 != nil } }

}
