/// Cells as one sequence: cell `first + i` at leaf (i mod n) of repetition (i div n) (R22), each
/// repetition `stride` further along than the one before, so a section with no self-sized
/// repetition is a single `append(contentsOf:)` with no per-repetition call, closure or capacity
/// check (a self-sized section appends one repetition at a time). Leaf frames move by their
/// repetition's offset on the repetition axis and are rounded (R45), the repeating coordinate
/// once per row; sizes and the other coordinate come rounded in `fixed`; frames are swapped back
/// when the layout was solved transposed.
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
                                          frame: f, zIndex: zIndex, isEstimated: leaf.isEstimated)
        item += 1
        k += 1
        return attributes
    }
}
