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
    /// `id` as the cache's key.
    let key: LayoutKey
    let spec: LayoutSpec
    let layout: Layout
    /// The index once built: read without a lock; `building` makes it built once.
    private let builtBox = AtomicLazyReference<IndexBox>()
    private let building = Mutex(())
    /// The opening bytes of its supplementary and decoration elements, made once.
    let kindPrefixes: KindPrefixes
    /// The full `POST /layout` / `GET /layout/{id}` body, encoded by the first answer that sends
    /// it (a `Prefer: return=minimal` miss encodes only the minimal body), and its compressed
    /// forms once asked for; never stored when `retainsFull` is false. See `fullBody()`.
    private let lazyFull = AtomicLazyReference<EncodedBody>()
    /// Whether the full body is kept once made: for layouts of at most `--cached-body-elements`
    /// elements. A larger layout's full body (about 100 bytes per element, more than its
    /// attributes and index together) is encoded for each answer that sends it, off the I/O loop,
    /// and freed once sent.
    let retainsFull: Bool
    /// The `Prefer: return=minimal` body and its compressed forms, made by the first answer that
    /// sends it (its counts are a pass over the elements: 5% of a computed 1,000-item flow answer
    /// that never sends it). See `minimalBody()`.
    private let lazyMinimal = AtomicLazyReference<EncodedBody>()
    /// Honest heap estimate at insertion: attributes, sections, warnings and index. The full and
    /// minimal bodies and their compressed forms are added to the cache's count as they are made
    /// (`LayoutCache.grow`, `LayoutApplication.full(_:)`, `LayoutApplication.minimal(_:)`).
    let bytes: Int

    /// The strong validator for `GET /layout/{id}` (the id is derived from the content), made
    /// once like `location` so that a hit allocates no strings.
    let etag: String
    /// The validators of the gzip and deflate forms: a different representation, so a different
    /// strong validator (RFC 9110 §8.8.3), `"{id}-gzip"` and `"{id}-deflate"`.
    let gzipETag: String
    let deflateETag: String
    /// The validator of the binary representation (`"{id}.pb"`).
    let protobufETag: String
    /// The scale the binary answers write frames at (the compact store's, else the one at which
    /// the first frames are whole pixels: `CompactElements.chooseScale`), found by the first
    /// binary answer: probing 256 frames at up to four scales cost a computed 1,000-item
    /// `POST /layout` more than encoding its JSON answer. Its bits, 0 until found (a scale is
    /// at least 1); two first answers find the same value.
    private let scaleBits = Atomic<UInt64>(0)
    var protobufScale: Double {
        let bits = scaleBits.load(ordering: .relaxed)
        if bits != 0 { return Double(bitPattern: bits) }
        let scale = layout.attributes.pixelScale
            ?? CompactElements.chooseScale(layout.attributes.prefix(256), preferred: layout.pinning.scale)
        scaleBits.store(scale.bitPattern, ordering: .relaxed)
        return scale
    }
    /// `/layout/{id}`.
    let location: String
    /// With a shared store: whether it holds this layout's row (committed here, or read from
    /// it). Until then a request that would hand out the id waits for the commit
    /// (`LayoutApplication+Store.swift`).
    let stored = Atomic<Bool>(false)

    init(id: String, spec: LayoutSpec, layout: Layout,
         cachedBodyElements: Int = ServiceConfiguration.defaultCachedBodyElements) {
        self.id = id
        self.retainsFull = layout.attributes.count <= cachedBodyElements
        self.key = LayoutKey(id)
        self.etag = "\"\(id)\""
        self.gzipETag = "\"\(id)-gzip\""
        self.deflateETag = "\"\(id)-deflate\""
        self.protobufETag = "\"\(id).pb\""
        self.location = "/layout/\(id)"
        self.spec = spec
        // Kept compact (about 16 bytes an element instead of 56); small layouts stay as computed,
        // where the pass would cost more than the bytes are worth.
        var layout = layout
        if layout.attributes.count >= Self.compactFromElements { layout.compactElements() }
        self.layout = layout
        self.kindPrefixes = KindPrefixes.for(layout.elementKinds)
        var bytes = 256 + id.utf8.count
        bytes += layout.attributes.memoryBytes
        bytes += layout.sections.capacity * MemoryLayout<SectionGeometry>.stride
        bytes += layout.warnings.reduce(0) { $0 + MemoryLayout<LayoutWarning>.stride + $1.message.utf8.count + $1.code.utf8.count }
        bytes += SpatialIndex.estimatedMemoryBytes(count: layout.attributes.count)
        bytes += spec.approximateBytes
        bytes += kindPrefixes.approximateBytes
        self.bytes = bytes
    }

    /// Layouts of this many elements or more are kept in compact form (`Layout.compactElements()`).
    static let compactFromElements = 4096

    /// The rect/point index, built by the first query that needs it (O(n log n) once; queries
    /// arriving meanwhile wait for it rather than build it again). No lock once built.
    var index: SpatialIndex {
        if let box = builtBox.load() { return box.index }
        return building.withLock { _ in
            if let box = builtBox.load() { return box.index }
            let index = builtBox.storeIfNil(IndexBox(SpatialIndex(layout))).index
            // The build's sort items (40 bytes per element) are freed now: give them back.
            if layout.attributes.count >= Self.trimAfterIndexElements { FreedMemory.release() }
            return index
        }
    }

    /// Building an index over this many elements or more is followed by `FreedMemory.release()`.
    static let trimAfterIndexElements = 100_000

    /// The index if built (a query can then run without building it first, and so inline).
    var builtIndex: SpatialIndex? { builtBox.load()?.index }

    /// Whether a query can run without building the index first (and so inline).
    var hasIndex: Bool { builtBox.load() != nil }

    /// The full body if an answer made it already.
    var fullIfMade: EncodedBody? { lazyFull.load() }

    /// The full body, encoded now (O(elements), off the I/O loop for large layouts: see the
    /// route costs) if no answer made it yet; `added` is what this call made, for the cache's count
    /// (0 when the body is not kept: `retainsFull`).
    func fullBody() -> (body: EncodedBody, added: Int) {
        if let made = lazyFull.load() { return (made, 0) }
        let mine = EncodedBody(encodeFull())
        guard retainsFull else { return (mine, 0) }
        let stored = lazyFull.storeIfNil(mine)
        return (stored, stored === mine ? mine.identity.capacity : 0)
    }

    /// The full body (tests; answers go through `LayoutApplication.full(_:)`, which counts it).
    var full: EncodedBody { fullBody().body }

    /// The full body's bytes, encoded now and never stored (a layout that does not keep it).
    func encodeFull() -> [UInt8] {
        LayoutEncoder.full(id: id, layout: layout, kinds: kindPrefixes, estimates: spec.estimates)
    }

    /// The full body, or nil once it passes `limit` bytes (never built whole past it).
    func encodeFull(limit: Int) -> [UInt8]? {
        LayoutEncoder.full(id: id, layout: layout, kinds: kindPrefixes, estimates: spec.estimates, limit: limit)
    }

    /// Whether an answer may have to encode the full body on the I/O loop: it is not made yet and
    /// the layout has more than `limit` elements.
    func fullPending(limit: Int) -> Bool {
        fullIfMade == nil && layout.attributes.count > limit
    }

    /// The full body's size in bytes, or `Int.max` when it is not made yet and surely larger than
    /// `atLeast` (over 32 elements: every element writes more than 32 bytes); small bodies are
    /// encoded to know.
    func fullSize(atLeast: Int) -> Int? {
        if let made = fullIfMade { return made.identity.count }
        return layout.attributes.count * 32 > atLeast ? Int.max : nil
    }
    /// The minimal body if an answer made it already.
    var minimalIfMade: EncodedBody? { lazyMinimal.load() }

    /// The minimal body, encoded now if no answer made it yet (O(elements), off the I/O loops:
    /// `postCost`); `added` is what this call made, for the cache's count.
    func minimalBody() -> (body: EncodedBody, added: Int) {
        if let made = lazyMinimal.load() { return (made, 0) }
        let mine = EncodedBody(LayoutEncoder.minimal(id: id, layout: layout))
        let stored = lazyMinimal.storeIfNil(mine)
        return (stored, stored === mine ? mine.identity.capacity : 0)
    }

    /// The validator of the representation in `coding`.
    func etag(_ coding: ContentCoding) -> String {
        switch coding {
        case .identity: etag
        case .gzip: gzipETag
        case .deflate: deflateETag
        }
    }
}

/// A built index, stored once in its layout's `AtomicLazyReference`.
private final class IndexBox: Sendable {
    let index: SpatialIndex
    init(_ index: SpatialIndex) { self.index = index }
}
