/// Cells as one sequence: cell `first + i` at leaf (i mod n) of repetition (i div n) (R22), each
/// repetition `stride` further along than the one before, so a section with no self-sized
/// repetition is a single `append(contentsOf:)` with no per-repetition call, closure or capacity
/// check (a self-sized section appends one repetition at a time). Leaf frames move by their
/// repetition's offset on the repetition axis and are rounded (R45), the repeating coordinate
/// once per row; sizes and the other coordinate come rounded in `fixed`; frames are swapped back
/// when the layout was solved transposed. A cell's zIndex is the section's (1 above a background
/// decoration, R32) plus its leaf's (a custom group item's, N9).
struct SectionCellRun: Sequence, IteratorProtocol {
    let leaves: UnsafeBufferPointer<GroupSolution.Leaf>
    let fixed: UnsafeBufferPointer<Rect>
    let count: Int
    let section: Int
    let first: Int
    let start: Double
    let stride: Double
    let alongX: Bool
    let zIndex: Int
    let grid: PixelGrid
    let transposed: Bool
    /// Cells written so far (the item is `first + item`), leaf index in the repetition and repetition.
    var item = 0
    var k = 0
    var r = 0
    var along: Double
    var lastRaw = Double.nan
    var lastRounded = 0.0

    init(leaves: UnsafeBufferPointer<GroupSolution.Leaf>, fixed: UnsafeBufferPointer<Rect>, count: Int, section: Int,
         first: Int, start: Double, stride: Double, alongX: Bool, zIndex: Int, grid: PixelGrid, transposed: Bool) {
        self.leaves = leaves
        self.fixed = fixed
        // No leaves: no cell can be placed (the solver never returns an empty solution).
        self.count = Swift.min(leaves.count, fixed.count) == 0 ? 0 : count
        self.section = section
        self.first = first
        self.start = start
        self.stride = stride
        self.alongX = alongX
        self.zIndex = zIndex
        self.grid = grid
        self.transposed = transposed
        // As emitSection: start + (r · stride + customDelta), customDelta 0 without self-sizing.
        along = start + (Double(0) * stride + 0.0)
    }

    var underestimatedCount: Int { count }

    @inline(__always)
    mutating func next() -> LayoutAttributes? {
        guard item < count else { return nil }
        if k == leaves.count || k == fixed.count {
            k = 0
            r += 1
            along = start + (Double(r) * stride + 0.0)
            lastRaw = .nan
        }
        var f = fixed[k]
        let leaf = leaves[k]
        let raw = alongX ? leaf.cell.origin.x : leaf.cell.origin.y
        if raw != lastRaw {
            lastRaw = raw
            lastRounded = grid.round(raw + along)
        }
        if alongX { f.origin.x = lastRounded } else { f.origin.y = lastRounded }
        if transposed { f = Rect(x: f.origin.y, y: f.origin.x, width: f.size.height, height: f.size.width) }
        let attributes = LayoutAttributes(category: .cell, kind: nil, indexPath: IndexPath(section: section, item: first + item),
                                          frame: f, zIndex: zIndex &+ Int(leaf.zIndex), isEstimated: leaf.isEstimated)
        item += 1
        k += 1
        return attributes
    }

    /// `Array.append(contentsOf:)`'s bulk path: the same cells as `next()` (same expressions, so
    /// the same bytes), written straight into the array's free capacity one repetition at a time,
    /// with no `Optional` per element. Returns the iterator positioned after the cells written
    /// (the array appends any rest through `next()`).
    __consuming func _copyContents(initializing buffer: UnsafeMutableBufferPointer<LayoutAttributes>)
        -> (SectionCellRun, UnsafeMutableBufferPointer<LayoutAttributes>.Index) {
        var rest = self
        let n = Swift.min(leaves.count, fixed.count)
        let total = Swift.min(count - item, buffer.count)
        guard total > 0, n > 0, k == 0, item == 0, let out = buffer.baseAddress,
              let leafBase = leaves.baseAddress, let fixedBase = fixed.baseAddress else { return (rest, 0) }
        Self.copy(leafBase, fixedBase, n: n, total: total, section: section, first: first, start: start, stride: stride,
                  alongX: alongX, transposed: transposed, zIndex: zIndex, grid: grid, into: out)
        // Position the iterator after `total` cells (as `next()` would have left it).
        rest.item = total
        rest.r = (total - 1) / n
        rest.k = total - rest.r * n
        rest.along = start + (Double(rest.r) * stride + 0.0)
        rest.lastRaw = .nan
        return (rest, total)
    }

    /// Most cells one call writes with the bulk block copy (about 14.7 MB of attributes).
    static let bulkCellLimit = 1 << 18

    /// A block's cells as templates (frame with its fixed parts, z, estimate: cell b is leaf
    /// b mod n's) and the leaves in runs of equal repetition-axis coordinate (as `next()`
    /// caches: consecutive leaves, NaN never equal). Cells are then written in blocks of `q`
    /// repetitions (about 64 cells): per block one rounding per run and repetition, one bulk
    /// copy of the block's templates, then one flat loop setting each cell's item and rounded
    /// coordinate, so small groups pay no per-repetition loop overhead and no per-cell template
    /// lookup. Scratch is O(block), on the stack when small.
    private static func copy(_ leaves: UnsafePointer<GroupSolution.Leaf>, _ fixed: UnsafePointer<Rect>, n: Int, total: Int,
                             section: Int, first: Int, start: Double, stride: Double, alongX: Bool, transposed: Bool,
                             zIndex: Int, grid: PixelGrid, into out: UnsafeMutablePointer<LayoutAttributes>) {
        // Repetitions per block: about 64 cells, never more repetitions than the run has (a
        // self-sized section writes one repetition per call).
        let q = Swift.max(1, Swift.min(64 / n, (total + n - 1) / n))
        let block = n * q
        withUnsafeTemporaryAllocation(of: LayoutAttributes.self, capacity: block) { templates in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: n + block) { indices in
                withUnsafeTemporaryAllocation(of: Double.self, capacity: n + n * q) { runs in
                    guard let templates = templates.baseAddress, let runOfLeaf = indices.baseAddress, let runs = runs.baseAddress else { return }
                    let runOf = runOfLeaf + n
                    let rounded = runs + n
                    var runCount = 0
                    var lastRaw = Double.nan
                    for k in 0..<n {
                        let raw = alongX ? leaves[k].cell.origin.x : leaves[k].cell.origin.y
                        if raw != lastRaw {
                            lastRaw = raw
                            runs[runCount] = raw
                            runCount += 1
                        }
                        runOfLeaf[k] = runCount - 1
                        var f = fixed[k]
                        if transposed { f = Rect(x: f.origin.y, y: f.origin.x, width: f.size.height, height: f.size.width) }
                        (templates + k).initialize(to: LayoutAttributes(
                            category: .cell, kind: nil, indexPath: IndexPath(section: section, item: 0),
                            frame: f, zIndex: zIndex &+ Int(leaves[k].zIndex), isEstimated: leaves[k].isEstimated))
                    }
                    // The other repetitions of the block repeat the first one's templates.
                    // (Doubling: each copy reads only templates already written, never overlapping.)
                    var filled = n
                    while filled < block {
                        let c = Swift.min(filled, block &- filled)
                        (templates + filled).initialize(from: templates, count: c)
                        filled &+= c
                    }
                    // Cell b of a block: rounded value (b div n) · runs + its leaf's run.
                    var leaf = 0, base = 0
                    for b in 0..<block {
                        runOf[b] = base &+ runOfLeaf[leaf]
                        leaf &+= 1
                        if leaf == n { leaf = 0; base &+= runCount }
                    }
                    // The rounded coordinate lands on x when it is the repetition axis of the
                    // frame as written (swapped back when transposed).
                    let setsX = alongX != transposed
                    let scale = grid.scale, positive = grid.scale > 0
                    // Bulk copy then patch while the cells fit in cache (measured: faster at 1k-100k
                    // cells); cell by cell past that (a 1M-cell section, 56 MB, was a third slower
                    // in bulk). The same bytes either way.
                    let bulk = total <= Self.bulkCellLimit
                    var written = 0
                    var r = 0
                    while written < total {
                        var slot = 0
                        for rep in 0..<q {
                            let along = start + (Double(r &+ rep) * stride + 0.0)
                            for j in 0..<runCount {
                                // `grid.round` with one test for its rare cases: below 2^51 pixels
                                // and not a tie it is `even / scale`; otherwise it is asked.
                                let v = runs[j] + along
                                let x = v * scale
                                let even = (x + 6_755_399_441_055_744) - 6_755_399_441_055_744  // 1.5 · 2^52
                                if positive, x.magnitude < 2_251_799_813_685_248, (x - even).magnitude != 0.5 {
                                    rounded[slot &+ j] = even / scale
                                } else {
                                    rounded[slot &+ j] = grid.round(v)
                                }
                            }
                            slot &+= runCount
                        }
                        let m = Swift.min(block, total &- written)
                        let target = out + written
                        let item = first &+ written
                        if bulk {
                            // The block's templates copied in bulk (their section set), then each
                            // cell's item and rounded coordinate.
                            target.initialize(from: templates, count: m)
                            if item >= 0, item <= Int(Int32.max) &- m {
                                // Every item of the block fits 32 bits: stored as is (what clamping gives).
                                if setsX {
                                    for b in 0..<m {
                                        target[b].setItem(inRange: item &+ b)
                                        target[b].frame.origin.x = rounded[runOf[b]]
                                    }
                                } else {
                                    for b in 0..<m {
                                        target[b].setItem(inRange: item &+ b)
                                        target[b].frame.origin.y = rounded[runOf[b]]
                                    }
                                }
                            } else if setsX {
                                for b in 0..<m {
                                    target[b].setItem(item &+ b)
                                    target[b].frame.origin.x = rounded[runOf[b]]
                                }
                            } else {
                                for b in 0..<m {
                                    target[b].setItem(item &+ b)
                                    target[b].frame.origin.y = rounded[runOf[b]]
                                }
                            }
                        } else if setsX {
                            // Cell by cell: template, item and coordinate written together.
                            for b in 0..<m {
                                (target + b).initialize(to: templates[b])
                                target[b].setItem(item &+ b)
                                target[b].frame.origin.x = rounded[runOf[b]]
                            }
                        } else {
                            for b in 0..<m {
                                (target + b).initialize(to: templates[b])
                                target[b].setItem(item &+ b)
                                target[b].frame.origin.y = rounded[runOf[b]]
                            }
                        }
                        written &+= m
                        r &+= q
                    }
                    templates.deinitialize(count: block)
                }
            }
        }
    }
}
