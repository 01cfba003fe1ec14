/// Accumulates a flow layout's output section by section (spec §3: section geometry).
struct FlowLayoutBuilder {
    let axis: FlowAxis
    let dimension: Double
    let alignment: RowAlignment
    /// §7: horizontal per-item sections swap the two minimum spacings (UIKit's quirk).
    let swapsSpacing: Bool
    let reference: FlowInsetReference
    /// The estimated item size when the layout self-sizes (§11), nil otherwise.
    let estimate: Size?
    /// Valid only inside `FlowLayout.layout`'s `Array(unsafeUninitializedCapacity:)` closure.
    var output = FlowAttributeWriter.empty
    private(set) var sections: [SectionGeometry] = []
    var warnings: [LayoutWarning] = []
    /// Reused per line of the fixed path: the snapped origin of each column.
    var columnScratch: [Double] = []

    init(axis: FlowAxis, dimension: Double, alignment: RowAlignment, swapsSpacing: Bool,
         reference: FlowInsetReference, estimate: Size?, sectionCount: Int) {
        self.axis = axis
        self.dimension = dimension
        self.alignment = alignment
        self.swapsSpacing = swapsSpacing
        self.reference = reference
        self.estimate = estimate
        sections.reserveCapacity(sectionCount)
    }

    /// Lays out one section starting at `start` along the scroll axis; returns its extent
    /// `h + inset.start + B + inset.end + f` (§3).
    ///
    /// The header is full-width (`x = 0`, width D) above `inset.top` and exists only if its
    /// scroll-axis extent is > 0; the footer likewise, below `inset.bottom` (§3, CERTAIN).
    ///
    /// An empty section laid out while estimating takes the per-item path with no rows, which
    /// gives `B = −minimumLineSpacing`, i.e. `h + top − L + bottom + f` (§3 quirk). The decompiled
    /// `computeLayout` confirms this (the row loop ends with `y − lineSpacing`), so it is modelled;
    /// should the total go negative the section's extent is clamped to 0 (UIKit's stacking of a
    /// negative-height section frame is not known).
    mutating func appendSection(_ section: FlowSection, index: Int, start: Double) -> Double {
        let m = FlowSectionMetrics(section: section, axis: axis, dimension: dimension, reference: reference)
        var headerIndex: Int?
        if m.header > 0 {
            headerIndex = output.count
            output.append(.header(section: index, axis.frame(
                u: axis.snap(0), v: axis.snap(start), along: dimension, across: m.header)))
        }
        let linesStart = start + m.header + m.start
        let cellsStart = output.count
        let linesExtent: Double
        if let estimate {
            let (sizes, estimated) = Self.estimatedSizes(section, estimate: estimate)
            linesExtent = placeVarying(section: index, sizes: sizes, estimated: estimated, metrics: m,
                                       linesStart: linesStart)
        } else {
            switch section.items {
            case .uniform(let count, let size):
                linesExtent = placeFixed(section: index, count: count, size: size, metrics: m,
                                         linesStart: linesStart)
            case .sizes(let sizes):
                if let common = Self.commonSize(sizes) {
                    linesExtent = placeFixed(section: index, count: sizes.count, size: common, metrics: m,
                                             linesStart: linesStart)
                } else {
                    linesExtent = placeVarying(section: index, sizes: sizes, estimated: nil, metrics: m,
                                               linesStart: linesStart)
                }
            }
        }
        let cellsEnd = output.count
        let footerStart = linesStart + linesExtent + m.end
        var footerIndex: Int?
        if m.footer > 0 {
            footerIndex = output.count
            output.append(.footer(section: index, axis.frame(
                u: axis.snap(0), v: axis.snap(footerStart), along: dimension, across: m.footer)))
        }
        let extent = max(0, footerStart + m.footer - start)
        sections.append(SectionGeometry(minScroll: start, maxScroll: start + extent, headerIndex: headerIndex,
                                        footerIndex: footerIndex, cells: cellsStart..<cellsEnd))
        return extent
    }

    /// Uniform-size detection (§2, HIGH): a (0,0) size is a wildcard and the first non-zero size is
    /// the reference. Returns the common size if every size matches it (all-zero or empty sections
    /// give (0,0)), nil if the sizes differ. On a match UIKit drops the per-item sizes, so zero-size
    /// items take the common size too.
    static func commonSize(_ sizes: [Size]) -> Size? {
        var reference = Size.zero
        for size in sizes where size != .zero {
            if reference == .zero {
                reference = size
            } else if size != reference {
                return nil
            }
        }
        return reference
    }

    @inline(__always)
    mutating func appendCell(section: Int, item: Int, frame: Rect, estimated: Bool = false) {
        output.append(LayoutAttributes(category: .cell, indexPath: IndexPath(section: section, item: item),
                                           frame: frame, isEstimated: estimated))
    }
}
