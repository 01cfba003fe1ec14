/// `UITableView`'s geometry (table-layout.md T1-T21) as a `Layout`: the table header view, the
/// sections in order (each its header, rows, separators when asked for, footer), the table
/// footer view. Frames are UIKit's raw values: the table does not round them to pixels.
///
/// Offsets are accumulated as `UITableViewRowData` does, so the sums match UIKit's to the bit:
/// `offsetForSection(0) = topPadding + tableHeaderHeight`, each next section starts where the
/// previous one's height ends (`_ensureSectionOffsetIsValidForSection:`), and inside a section
/// every offset is relative to its start, built up row by row from the float row heights
/// (`refreshWithSection:`). O(elements).
public enum TableLayout {
    /// Kind names of the table's own elements (the section header and footer are `header` and
    /// `footer`, as for every layout). A kind is named only when the layout has such an element.
    public static let tableHeaderKind = "tableHeader"
    public static let tableFooterKind = "tableFooter"
    public static let bottomSeparatorKind = "bottomSeparator"
    public static let topSeparatorKind = "topSeparator"

    public static func layout(_ configuration: TableConfiguration) -> Layout {
        var c = configuration
        // Right to left: lay out in leading coordinates (the physical insets read the other way
        // round), then `directedLayout()` mirrors the frames.
        if c.collectionView.layoutDirection == .rightToLeft {
            c.collectionView.safeAreaInsets = c.collectionView.safeAreaInsets.horizontallySwapped
            c.collectionView.layoutMargins = c.collectionView.layoutMargins.horizontallySwapped
            c.collectionView.readableContentInsets = c.collectionView.readableContentInsets?.horizontallySwapped
        }
        var builder = TableBuilder(c)
        return builder.build()
    }
}

/// One pass over the sections, writing elements as it goes.
struct TableBuilder {
    let c: TableConfiguration
    let m: TableMetrics
    var attributes: [LayoutAttributes] = []
    var sections: [SectionGeometry] = []
    var kinds = Layout.defaultElementKinds
    /// Rows' x and width; headers and footers take the same (T18).
    let rowX: Double
    let rowWidth: Double
    let separators: TableSeparators?

    init(_ c: TableConfiguration) {
        self.c = c
        m = TableMetrics(c)
        (rowX, rowWidth) = Self.rowSpan(c, m)
        separators = c.environment.includeSeparators ? TableSeparators(c, metrics: m) : nil
    }

    /// T18: plain and grouped rows span the table. insetGrouped rows sit inside
    /// `_sectionContentInset`, the table's layout margins: the table margin (16, or 20 on wide
    /// screens) plus the safe area, or the margins the request gives if larger [D constants,
    /// I composition]; with `cellLayoutMarginsFollowReadableWidth`, at least the readable insets [I].
    static func rowSpan(_ c: TableConfiguration, _ m: TableMetrics) -> (x: Double, width: Double) {
        let cv = c.collectionView
        guard c.style == .insetGrouped else { return (0, cv.width) }
        let margin = m.tableMargin(width: cv.width)
        var left = max(cv.layoutMargins.left, margin + cv.safeAreaInsets.left)
        var right = max(cv.layoutMargins.right, margin + cv.safeAreaInsets.right)
        if c.cellLayoutMarginsFollowReadableWidth, let readable = cv.readableContentInsets {
            left = max(left, readable.left)
            right = max(right, readable.right)
        }
        return (left, max(0, cv.width - left - right))
    }

    mutating func build() -> Layout {
        attributes.reserveCapacity(c.elementCount)
        sections.reserveCapacity(c.sections.count)
        let width = c.collectionView.width
        let grouped = c.style.isGroupedLike
        let firstPlan = c.sections.first.map { TableSectionPlan($0, index: 0, in: c, metrics: m) }
        let headerHeight = c.tableHeaderHeight ?? 0
        let footerHeight = c.tableFooterHeight ?? 0
        // T15 `_updateTopAndBottomPadding`.
        let topPadding = grouped && !(headerHeight > 0) && !(firstPlan?.occupiesTop ?? false) ? TableMetrics.groupedTopPadding : 0
        let bottomPadding = grouped && !(footerHeight > 0) ? TableMetrics.groupedBottomPadding : 0
        if let h = c.tableHeaderHeight {
            attributes.append(.global(kind(TableLayout.tableHeaderKind), index: 0, Rect(x: 0, y: topPadding, width: width, height: h)))
        }
        // T17: the table footer view sits at the maxY of the last footer rect, or below the
        // table header view when there are no sections.
        var end = topPadding + headerHeight
        var offset = end
        for (s, section) in c.sections.enumerated() {
            let plan = s == 0 ? firstPlan ?? TableSectionPlan(section, index: 0, in: c, metrics: m)
                : TableSectionPlan(section, index: s, in: c, metrics: m)
            let (height, footerMaxY) = emitSection(s, section, plan, offset: offset)
            end = footerMaxY
            offset += height
        }
        if let h = c.tableFooterHeight {
            attributes.append(.global(kind(TableLayout.tableFooterKind), index: 0, Rect(x: 0, y: end, width: width, height: h)))
        }
        // T19 `-heightForTable`.
        var layout = Layout(contentSize: Size(width: width, height: end + footerHeight + bottomPadding),
                            attributes: attributes, sections: sections, elementKinds: kinds)
        // Plain tables float their headers and footers (T16); every table keeps its adjusted
        // content inset, which also bounds the content offset after a bounds change.
        var pinning = Pinning(headers: !grouped, footers: !grouped, scale: c.collectionView.scale, roundsToScreenScale: false,
                              contentInset: c.collectionView.contentInset)
        pinning.table = grouped ? nil : c.pinningBehavior
        layout.pinning = pinning
        return layout
    }

    /// T2: padding and header, rows, footer; returns the section's height and its footer rect's maxY.
    private mutating func emitSection(_ s: Int, _ section: TableSection, _ plan: TableSectionPlan,
                                      offset: Double) -> (height: Double, footerMaxY: Double) {
        var headerIndex: Int?
        var run = 0.0
        if plan.hasHeader {
            run = plan.headerOffset
            headerIndex = attributes.count
            var header = LayoutAttributes.header(section: s, Rect(x: rowX, y: offset + run, width: rowWidth, height: plan.headerHeight))
            header.isEstimated = plan.headerEstimated
            attributes.append(header)
        }
        run += plan.headerHeight
        let cellStart = attributes.count
        run = emitRows(s, section, offset: offset, run: run)
        let cellEnd = attributes.count
        if let separators, section.numberOfRows > 0 {
            emitSeparators(separators, cells: cellStart..<cellEnd)
        }
        let footerY = offset + run
        var footerIndex: Int?
        if plan.hasFooter {
            footerIndex = attributes.count
            var footer = LayoutAttributes.footer(section: s, Rect(x: rowX, y: footerY, width: rowWidth, height: plan.footerHeight))
            footer.isEstimated = plan.footerEstimated
            attributes.append(footer)
        }
        run += plan.footerHeight
        sections.append(SectionGeometry(minScroll: offset, maxScroll: offset + run, headerIndex: headerIndex,
                                        footerIndex: footerIndex, cells: cellStart..<cellEnd))
        return (run, footerY + plan.footerHeight)
    }

    /// The section's rows from `run` on (relative to the section's `offset`); returns the run
    /// after the last row. The rows go in with one `append(contentsOf:)` (no capacity check per
    /// row); the run is then summed from the heights written, in row order, as UIKit sums it.
    private mutating func emitRows(_ s: Int, _ section: TableSection, offset: Double, run start: Double) -> Double {
        let n = section.numberOfRows
        guard n > 0 else { return start }
        let first = attributes.count
        let template = LayoutAttributes.cell(IndexPath(section: s, item: 0), Rect(x: rowX, y: 0, width: rowWidth, height: 0))
        attributes.append(contentsOf: TableRowRun(template: template, count: n, offset: offset, run: start,
                                                  heights: TableRowHeights(section, in: c, metrics: m)))
        var run = start
        attributes.withUnsafeBufferPointer { a in
            for i in first..<a.count { run += a[i].frame.size.height }
        }
        return run
    }

    /// T21: each row's bottom then top separator, after the section's cells (cells stay
    /// contiguous for index-path lookups).
    private mutating func emitSeparators(_ rules: TableSeparators, cells: Range<Int>) {
        let bottomKind = kind(TableLayout.bottomSeparatorKind)
        let topKind = c.style == .grouped ? kind(TableLayout.topSeparatorKind) : bottomKind
        let rows = cells.count
        for (i, index) in cells.enumerated() {
            let row = attributes[index].frame
            let path = attributes[index].indexPath
            if let f = rules.bottom(row, i, rows: rows) {
                attributes.append(.decoration(bottomKind, path, f))
            }
            if let f = rules.top(row, i) {
                attributes.append(.decoration(topKind, path, f))
            }
        }
    }

    /// The layout's kind named `name`, added to the table on first use.
    private mutating func kind(_ name: String) -> SupplementaryKind {
        if let i = kinds.firstIndex(of: name) { return SupplementaryKind(rawValue: UInt16(i)) }
        kinds.append(name)
        return SupplementaryKind(rawValue: UInt16(kinds.count - 1))
    }
}
