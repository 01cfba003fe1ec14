/// A cached layout's elements in about 16 bytes each instead of `LayoutAttributes`' 56 (32 for
/// a layout whose frames are not on the pixel grid).
///
/// - Frames are integers of device pixels: UIKit rounds frames to the pixel grid of the screen
///   (`UICollectionViewFlowLayout` rounds origins with `round(v · scale) / scale`, the
///   compositional layout floors fractional sizes to pixels, flow-layout.md §6), so `x · scale`
///   is an integer for almost every value a layout produces. A frame is stored that way only when
///   `Double(pixels) / scale` gives back the very same `Double` (bit for bit, so −0, NaN and values
///   off the grid never are); the few frames that do not round-trip (an unrounded estimate, a
///   fraction of a compositional container) are kept whole in a sorted side table, marked by
///   `Int32.min` in their `x`. A layout with many such frames (CHT's waterfall does not round;
///   self-sized cells take the sizes a client reports) keeps every frame whole instead
///   (`wholeFrames`, 32 bytes each).
/// - Everything else is stored per run: consecutive elements of the same category, kind, zIndex,
///   flags and section whose items count up by one (a section's cells, a header, a footer) share
///   one `ElementRun`, so index paths are implied by position.
///
/// `make` declines (nil) when this would not save memory: runs nearly one per element.
public final class CompactElements: Sendable {
    /// A reader's place among the runs, for reading elements in ascending order in O(1) each.
    public struct Cursor {
        var run = 0
        public init() {}
    }

    let count: Int
    /// Pixels per point.
    let scale: Double
    /// x, y, width, height of each element, in pixels; x is `Int32.min` for a frame in `exceptions`.
    /// Empty when the frames are kept whole.
    let pixels: [Int32]
    /// Every frame as computed, when too many are off the pixel grid; empty otherwise.
    let wholeFrames: [Rect]
    let runs: [ElementRun]
    /// Frames that are not whole pixels, by element index (ascending).
    let exceptionIndex: [Int32]
    let exceptionFrames: [Rect]

    public static let offGrid = Int32.min

    init(count: Int, scale: Double, pixels: [Int32], wholeFrames: [Rect], runs: [ElementRun], exceptionIndex: [Int32], exceptionFrames: [Rect]) {
        self.count = count
        self.scale = scale
        self.pixels = pixels
        self.wholeFrames = wholeFrames
        self.runs = runs
        self.exceptionIndex = exceptionIndex
        self.exceptionFrames = exceptionFrames
    }

    /// Heap bytes of the arrays (by capacity) and their headers.
    var memoryBytes: Int {
        pixels.capacity * MemoryLayout<Int32>.stride + wholeFrames.capacity * MemoryLayout<Rect>.stride
            + runs.capacity * MemoryLayout<ElementRun>.stride
            + exceptionIndex.capacity * MemoryLayout<Int32>.stride + exceptionFrames.capacity * MemoryLayout<Rect>.stride
            + 5 * 32 + 64
    }

    /// The frame of element `index`: the pixels divided by the scale, as they were checked to
    /// round-trip. O(1) (O(log exceptions) for a frame off the grid).
    @inline(__always)
    func frame(at index: Int) -> Rect {
        if pixels.isEmpty { return wholeFrames[index] }
        return pixels.withUnsafeBufferPointer { p in Self.frame(p, at: index, scale: scale, exceptions: self) }
    }

    /// `frame(at:)` over the pixel buffer (the spatial index's leaf loop).
    @inline(__always)
    static func frame(_ pixels: UnsafeBufferPointer<Int32>, at index: Int, scale: Double, exceptions: CompactElements) -> Rect {
        let base = index &* 4
        let x = pixels[base]
        if x == offGrid { return exceptions.exceptionFrame(at: index) }
        return Rect(x: Double(x) / scale, y: Double(pixels[base &+ 1]) / scale,
                    width: Double(pixels[base &+ 2]) / scale, height: Double(pixels[base &+ 3]) / scale)
    }

    /// The frame kept whole for element `index`.
    func exceptionFrame(at index: Int) -> Rect {
        var low = 0, high = exceptionIndex.count
        let key = Int32(truncatingIfNeeded: index)
        while low < high {
            let mid = (low + high) / 2
            if exceptionIndex[mid] < key { low = mid + 1 } else { high = mid }
        }
        return low < exceptionIndex.count && exceptionIndex[low] == key ? exceptionFrames[low] : .zero
    }

    /// Element `index` (in range). O(log runs).
    func element(at index: Int) -> LayoutAttributes {
        var cursor = Cursor()
        cursor.run = runIndex(of: index)
        return element(at: index, cursor: &cursor)
    }

    /// Element `index`, the run found from `cursor`: the same run or the next one in O(1),
    /// otherwise by binary search.
    func element(at index: Int, cursor: inout Cursor) -> LayoutAttributes {
        var r = cursor.run
        if r >= runs.count || Int(runs[r].start) > index {
            r = runIndex(of: index)
        } else if r + 1 < runs.count, Int(runs[r + 1].start) <= index {
            // Usually the next run (in order); a jump past several goes by binary search.
            r += 1
            if r + 1 < runs.count, Int(runs[r + 1].start) <= index { r = runIndex(of: index) }
        }
        cursor.run = r
        return runs[r].element(index - Int(runs[r].start), frame: frame(at: index))
    }

    /// The run holding element `index`: the last run starting at or before it.
    func runIndex(of index: Int) -> Int {
        var low = 0, high = runs.count
        while high - low > 1 {
            let mid = (low + high) / 2
            if Int(runs[mid].start) <= index { low = mid } else { high = mid }
        }
        return low
    }
}
