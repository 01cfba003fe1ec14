import HTTPCompression
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
    /// The full `POST /layout` / `GET /layout/{id}` body, and its compressed forms once asked for.
    let full: EncodedBody
    /// The `Prefer: return=minimal` body, and its compressed forms once asked for.
    let minimal: EncodedBody
    /// Honest heap estimate at insertion: attributes, sections, warnings, index and both bodies.
    /// Compressed forms are added to the cache's count as they are made (`LayoutCache.grow`).
    let bytes: Int

    /// The strong validator for `GET /layout/{id}` (the id is derived from the content), made
    /// once like `location` so that a hit allocates no strings.
    let etag: String
    /// The validators of the gzip and deflate forms: a different representation, so a different
    /// strong validator (RFC 9110 §8.8.3), `"{id}-gzip"` and `"{id}-deflate"`.
    let gzipETag: String
    let deflateETag: String
    /// `/layout/{id}`.
    let location: String
    /// With a shared store: whether it holds this layout's row (committed here, or read from
    /// it). Until then a request that would hand out the id waits for the commit
    /// (`LayoutApplication+Store.swift`).
    let stored = Atomic<Bool>(false)

    init(id: String, spec: LayoutSpec, layout: Layout) {
        self.id = id
        self.etag = "\"\(id)\""
        self.gzipETag = "\"\(id)-gzip\""
        self.deflateETag = "\"\(id)-deflate\""
        self.location = "/layout/\(id)"
        self.spec = spec
        self.layout = layout
        self.kindPrefixes = KindPrefixes.for(layout.elementKinds)
        self.full = EncodedBody(LayoutEncoder.full(id: id, layout: layout, kinds: kindPrefixes, estimates: spec.estimates))
        self.minimal = EncodedBody(LayoutEncoder.minimal(id: id, layout: layout))
        var bytes = 256 + id.utf8.count
        bytes += layout.attributes.capacity * MemoryLayout<LayoutAttributes>.stride
        bytes += layout.sections.capacity * MemoryLayout<SectionGeometry>.stride
        bytes += layout.warnings.reduce(0) { $0 + MemoryLayout<LayoutWarning>.stride + $1.message.utf8.count + $1.code.utf8.count }
        bytes += SpatialIndex.estimatedMemoryBytes(count: layout.attributes.count)
        bytes += full.identity.capacity + minimal.identity.capacity
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

    /// The full body as sent without content coding.
    var body: [UInt8] { full.identity }
    /// The minimal body as sent without content coding.
    var minimalBody: [UInt8] { minimal.identity }

    /// The validator of the representation in `coding`.
    func etag(_ coding: ContentCoding) -> String {
        switch coding {
        case .identity: etag
        case .gzip: gzipETag
        case .deflate: deflateETag
        }
    }
}
