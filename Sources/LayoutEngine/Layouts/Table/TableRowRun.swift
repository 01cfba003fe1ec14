/// One section's rows as cells, for a single `append(contentsOf:)`: row i at `offset + run`,
/// the run growing by each row's height (uniform sections ask nothing per row).
struct TableRowRun: Sequence, IteratorProtocol {
    var template: LayoutAttributes
    let count: Int
    let offset: Double
    var run: Double
    var heights: TableRowHeights
    let uniform: Bool
    var item = 0

    init(template: LayoutAttributes, count: Int, offset: Double, run: Double, heights: TableRowHeights) {
        self.template = template
        self.count = count
        self.offset = offset
        self.run = run
        self.heights = heights
        if let (h, estimated) = heights.uniform {
            self.template.frame.size.height = h
            self.template.isEstimated = estimated
            uniform = true
        } else {
            uniform = false
        }
    }

    var underestimatedCount: Int { Swift.max(0, count - item) }

    @inline(__always)
    mutating func next() -> LayoutAttributes? {
        guard item < count else { return nil }
        var a = template
        a.setItem(inRange: item)
        a.frame.origin.y = offset + run
        if !uniform {
            let (h, estimated) = heights.next(item)
            a.frame.size.height = h
            a.isEstimated = estimated
        }
        run += a.frame.size.height
        item += 1
        return a
    }
}
