/// Rect and point queries over any computed `Layout` in O(log n + k).
///
/// UIKit's layouts answer `layoutAttributesForElements(in:)` with tricks that assume frames sorted
/// along the scroll axis (the flow layout's per-section rects, CHT's 20-item union rects, Apple's
/// Mosaic sample's binary search, which misses items, other-layouts.md §1.1). Those assumptions fail
/// for waterfall columns, mosaic bands whose tall item precedes short ones, horizontal scrolling or
/// one huge item among small ones. This index makes no assumption about order: it is a bulk-loaded
/// packed R-tree (Sort-Tile-Recursive with slab counts scaled to the data's aspect ratio, fan-out 16)
/// kept in flat arrays, with no per-node objects.
///
/// Memory: the tree's leaves are runs of 16 entries, each leaf with a `Float32` bounding box
/// rounded outward; inner nodes likewise. When the layout's own element order is spatially
/// coherent (it nearly always is: UIKit's layouts place elements along the scroll axis in order),
/// the entries are the elements in that order and cost nothing: about 1.3 bytes per element for
/// the nodes. Otherwise the entries are sorted (Sort-Tile-Recursive) and each costs its 4-byte
/// element index more. Leaf entries are tested exactly with `Rect.intersects` / `Rect.contains`
/// against the layout's own frames, which the index reads from the layout's `ElementStore`
/// (shared, not copied; in its compact form a frame is read from its pixels). Results are
/// therefore identical to a brute-force scan.
///
/// Complexity: build O(n) for coherent layouts, O(n log n) otherwise; a query O(log n + k) plus
/// O(k log k) to sort the k results.
public struct SpatialIndex: Sendable {
    /// Children per node.
    static let fanOut = 16

    /// The layout's elements, for the exact test (shared storage, not a copy).
    let elements: ElementStore
    /// For each entry in tree order, its index in `elements`; empty when the entries are the
    /// elements themselves in their order (`entryCount == elements.count`).
    let entryIndex: [UInt32]
    /// Entries in the leaves.
    let entryCount: Int
    /// Number of elements that can match a query (positive width and height, no NaN).
    public let indexedCount: Int
    /// Node boxes (4 floats each), level 0 (leaves, whose children are entries) first, root last.
    let nodeBoxes: [Float]
    /// For each node, the index of its first child within the level below (entries for level 0).
    let nodeFirst: [Int32]
    /// `levelStart[l]` is the offset of level `l`'s first node; the last value is the node count.
    let levelStart: [Int]

    /// Builds the index over `layout.attributes`. Elements with an empty or negative size (or a NaN
    /// coordinate) can never intersect or contain anything: they are left out of the sorted
    /// entries and out of every box. O(n) or O(n log n).
    public init(_ layout: Layout) {
        let packed = SpatialIndex.pack(layout.attributes)
        self.elements = layout.attributes
        self.entryIndex = packed.entryIndex
        self.entryCount = packed.entryCount
        self.indexedCount = packed.indexedCount
        self.nodeBoxes = packed.nodeBoxes
        self.nodeFirst = packed.nodeFirst
        self.levelStart = packed.levelStart
    }

    /// Whether the entries are the elements in their own order (no entry index is kept).
    public var entriesInElementOrder: Bool { entryIndex.isEmpty && entryCount > 0 }

    /// An upper bound of `memoryBytes` for an index over `count` frames, known before building
    /// it: 4 bytes of entry index (when the order is not the layout's own) and about 1.4 bytes of
    /// nodes per element, rounded up to 6, plus the array headers.
    public static func estimatedMemoryBytes(count: Int) -> Int {
        max(0, count) * 6 + 1024
    }

    /// Heap bytes the index owns: its entry index and node arrays. The elements it tests against
    /// belong to the `Layout` (shared, copy-on-write) and are not counted here.
    public var memoryBytes: Int {
        entryIndex.capacity * MemoryLayout<UInt32>.stride
            + nodeBoxes.capacity * MemoryLayout<Float>.stride
            + nodeFirst.capacity * MemoryLayout<Int32>.stride
            + levelStart.capacity * MemoryLayout<Int>.stride
            + 4 * 32  // array headers
    }

    /// Indices into `layout.attributes` of the frames that intersect `rect` (`Rect.intersects`:
    /// a positive-area overlap; touching edges and empty rects never intersect), ascending, which
    /// is the layout's element order. O(log n + k log k).
    public func elements(in rect: Rect) -> [Int] {
        guard rect.size.width > 0, rect.size.height > 0, let root = rootNode else { return [] }
        let query = FloatBox(
            minX: roundedDown(rect.minX), minY: roundedDown(rect.minY),
            maxX: roundedUp(rect.maxX), maxY: roundedUp(rect.maxY))
        return run(RectQuery(rect: rect, box: query), root: root)
    }
    /// Indices into `layout.attributes` of the frames that contain `point` (`Rect.contains`: min
    /// edges inside, max edges outside), ascending. O(log n + k log k).
    public func elements(containing point: Point) -> [Int] {
        guard !point.x.isNaN, !point.y.isNaN, let root = rootNode else { return [] }
        let lowX = roundedDown(point.x), highX = roundedUp(point.x)
        let lowY = roundedDown(point.y), highY = roundedUp(point.y)
        return run(PointQuery(point: point, lowX: lowX, highX: highX, lowY: lowY, highY: highY), root: root)
    }

    /// Runs one query from the root and sorts the hits into element order.
    private func run<Query: IndexQuery>(_ query: Query, root: Int) -> [Int] {
        guard query.prune(box(nodeBoxes, root)) else { return [] }
        var result: [Int] = []
        result.reserveCapacity(64)
        switch elements.storage {
        case .full(let attributes):
            attributes.withUnsafeBufferPointer { search(ArrayFrames(attributes: $0), query, root: root, into: &result) }
        case .compact(let compact) where compact.pixels.isEmpty:
            compact.wholeFrames.withUnsafeBufferPointer { search(WholeFrames(frames: $0), query, root: root, into: &result) }
        case .compact(let compact):
            compact.pixels.withUnsafeBufferPointer {
                search(PixelFrames(pixels: $0, scale: compact.scale, compact: compact), query, root: root, into: &result)
            }
        }
        result.sort()
        return result
    }

    private func search<Frames: FrameSource, Query: IndexQuery>(_ frames: Frames, _ query: Query, root: Int,
                                                                 into result: inout [Int]) {
        entryIndex.withUnsafeBufferPointer { entryIndex in
            nodeBoxes.withUnsafeBufferPointer { nodeBoxes in
                nodeFirst.withUnsafeBufferPointer { nodeFirst in
                    levelStart.withUnsafeBufferPointer { levelStart in
                        let context = QueryContext(frames: frames, entryIndex: entryIndex, entryCount: entryCount,
                                                   nodeBoxes: nodeBoxes, nodeFirst: nodeFirst, levelStart: levelStart)
                        context.collect(level: levelStart.count - 2, node: root, query: query, result: &result)
                    }
                }
            }
        }
    }

    private func box(_ boxes: [Float], _ index: Int) -> FloatBox {
        FloatBox(minX: boxes[index * 4], minY: boxes[index * 4 + 1], maxX: boxes[index * 4 + 2], maxY: boxes[index * 4 + 3])
    }

    /// The root's absolute node index, nil for an empty index.
    var rootNode: Int? { nodeFirst.isEmpty ? nil : nodeFirst.count - 1 }
}

/// Where the exact test reads an element's frame.
protocol FrameSource {
    func frame(_ element: Int) -> Rect
}

/// The array form of `ElementStore`.
struct ArrayFrames: FrameSource {
    let attributes: UnsafeBufferPointer<LayoutAttributes>
    @inline(__always) func frame(_ element: Int) -> Rect { attributes[element].frame }
}

/// The compact form with its frames kept whole.
struct WholeFrames: FrameSource {
    let frames: UnsafeBufferPointer<Rect>
    @inline(__always) func frame(_ element: Int) -> Rect { frames[element] }
}

/// The compact form: pixels divided by the scale (`CompactElements.frame(at:)`).
struct PixelFrames: FrameSource {
    let pixels: UnsafeBufferPointer<Int32>
    let scale: Double
    let compact: CompactElements
    @inline(__always) func frame(_ element: Int) -> Rect {
        CompactElements.frame(pixels, at: element, scale: scale, exceptions: compact)
    }
}

/// A box with `Float32` bounds.
struct FloatBox {
    var minX: Float
    var minY: Float
    var maxX: Float
    var maxY: Float
}

/// The largest `Float` not above `value` (so a box stays a superset of the exact frame).
@inline(__always)
func roundedDown(_ value: Double) -> Float {
    let rounded = Float(value)
    return Double(rounded) > value ? rounded.nextDown : rounded
}

/// The smallest `Float` not below `value`.
@inline(__always)
func roundedUp(_ value: Double) -> Float {
    let rounded = Float(value)
    return Double(rounded) < value ? rounded.nextUp : rounded
}

/// The tree's arrays as unsafe buffers for the duration of one query.
struct QueryContext<Frames: FrameSource>: ~Copyable {
    let frames: Frames
    let entryIndex: UnsafeBufferPointer<UInt32>
    let entryCount: Int
    let nodeBoxes: UnsafeBufferPointer<Float>
    let nodeFirst: UnsafeBufferPointer<Int32>
    let levelStart: UnsafeBufferPointer<Int>

    @inline(__always)
    private func box(_ boxes: UnsafeBufferPointer<Float>, _ index: Int) -> FloatBox {
        let base = index &* 4
        return FloatBox(minX: boxes[base], minY: boxes[base &+ 1], maxX: boxes[base &+ 2], maxY: boxes[base &+ 3])
    }

    /// Visits the children of `node` (absolute index, at `level`) whose boxes pass `prune`, down
    /// to the entries, and appends the element indices whose exact frames pass `exact`. The node
    /// itself has already passed `prune`.
    func collect<Query: IndexQuery>(level: Int, node: Int, query: Query, result: inout [Int]) {
        let first = Int(nodeFirst[node])
        if level == 0 {
            let end = min(first &+ SpatialIndex.fanOut, entryCount)
            if entryIndex.isEmpty {
                for element in first..<end where query.exact(frames.frame(element)) { result.append(element) }
            } else {
                for entry in first..<end {
                    let element = Int(entryIndex[entry])
                    if query.exact(frames.frame(element)) { result.append(element) }
                }
            }
            return
        }
        let base = levelStart[level &- 1]
        let end = min(first &+ SpatialIndex.fanOut, levelStart[level] &- base)
        for child in first..<end where query.prune(box(nodeBoxes, base &+ child)) {
            collect(level: level &- 1, node: base &+ child, query: query, result: &result)
        }
    }
}

/// A query shape: a conservative test on `Float32` boxes, then the exact test on a frame.
protocol IndexQuery {
    /// False only if no frame inside `box` can match.
    func prune(_ box: FloatBox) -> Bool
    func exact(_ frame: Rect) -> Bool
}

/// `Rect.intersects`, pruned with the rect rounded outward to `Float32`.
struct RectQuery: IndexQuery {
    let rect: Rect
    let box: FloatBox

    @inline(__always)
    func prune(_ other: FloatBox) -> Bool {
        other.minX < box.maxX && box.minX < other.maxX && other.minY < box.maxY && box.minY < other.maxY
    }

    @inline(__always)
    func exact(_ frame: Rect) -> Bool { frame.intersects(rect) }
}

/// `Rect.contains`, pruned with the point widened to the enclosing `Float32` values.
struct PointQuery: IndexQuery {
    let point: Point
    let lowX: Float, highX: Float, lowY: Float, highY: Float

    @inline(__always)
    func prune(_ box: FloatBox) -> Bool {
        box.minX <= highX && lowX <= box.maxX && box.minY <= highY && lowY <= box.maxY
    }

    @inline(__always)
    func exact(_ frame: Rect) -> Bool { frame.contains(point) }
}
