/// The height of each row of one section in row order (T4-T6, T12), as the row block of
/// `-[UISectionRowData refreshWithSection:tableView:tableViewRowData:]` fills its `float` array:
/// a requested height (`heightForRowAt`, else `rowHeight`) is the row's height; a self-sizing row
/// has its measured height, else its estimate. Every height is stored as a 32-bit float, as UIKit
/// stores it (`allocateArraysWithCapacity:` 4 bytes a row; `setHeight:forRowAtIndexPath:` stores
/// `(float)fmax(h, FLT_EPSILON)`).
struct TableRowHeights {
    private let section: TableSection
    private let rowHeight: Double
    private let estimating: Bool
    /// The estimate of a self-sizing row the delegate gives none for: `estimatedRowHeight` (> 0),
    /// else `rowHeight` (not automatic), else the default row height (T6).
    private let fallbackEstimate: Double
    private let defaultRowHeight: Double
    /// Measured rows in row order, walked alongside the rows (no hashing per row).
    private let measured: [(row: Int, height: Double)]
    private var nextMeasured = 0

    /// When every row of the section has the same height and flag: no per-row arrays, no
    /// measured rows. Then the caller writes the rows without asking per row.
    let uniform: (height: Double, estimated: Bool)?

    init(_ s: TableSection, in c: TableConfiguration, metrics m: TableMetrics) {
        section = s
        rowHeight = c.rowHeight
        estimating = c.estimatesRowHeights
        defaultRowHeight = m.defaultRowHeight
        // `setEstimatedRowHeight:` keeps values in (0, 1] as 2 [D].
        let e = c.estimatedRowHeight > 0 && c.estimatedRowHeight <= 1 ? 2 : c.estimatedRowHeight
        fallbackEstimate = e > 0 ? e : (c.rowHeight != TableConfiguration.automaticDimension ? c.rowHeight : m.defaultRowHeight)
        measured = s.measuredRowHeights.isEmpty ? []
            : s.measuredRowHeights.filter { $0.key >= 0 && $0.key < s.numberOfRows }.map { (row: $0.key, height: $0.value) }.sorted { $0.row < $1.row }
        if s.rowHeights == nil && measured.isEmpty && (s.estimatedRowHeights == nil || c.rowHeight != TableConfiguration.automaticDimension) {
            if c.rowHeight != TableConfiguration.automaticDimension {
                uniform = (Self.stored(c.rowHeight), false)
            } else {
                uniform = (Self.stored(estimating ? fallbackEstimate : defaultRowHeight), true)
            }
        } else {
            uniform = nil
        }
    }

    /// The height row `i` has, as the double UIKit reads back from its float, and whether it is
    /// still an estimate. Rows must be asked in increasing order.
    @inline(__always)
    mutating func next(_ i: Int) -> (height: Double, estimated: Bool) {
        var m: Double?
        while nextMeasured < measured.count, measured[nextMeasured].row <= i {
            if measured[nextMeasured].row == i { m = measured[nextMeasured].height }
            nextMeasured += 1
        }
        let requested = section.requestedHeight(i, rowHeight: rowHeight)
        if requested != TableConfiguration.automaticDimension { return (Self.stored(requested), false) }
        if let m { return (Self.stored(Swift.max(m, Self.floatEpsilon)), false) }
        guard estimating else { return (Self.stored(defaultRowHeight), true) }   // measured before layout; unknown here [I]
        if let list = section.estimatedRowHeights, i < list.count, let own = list[i], own != TableConfiguration.automaticDimension {
            return (Self.stored(own), true)
        }
        return (Self.stored(fallbackEstimate), true)
    }

    /// `FLT_EPSILON`, the least height `setHeight:forRowAtIndexPath:` stores.
    static let floatEpsilon = 1.1920928955078125e-07

    /// The height through UIKit's `float` row-height array.
    @inline(__always)
    static func stored(_ h: Double) -> Double { Double(Float(h)) }
}
