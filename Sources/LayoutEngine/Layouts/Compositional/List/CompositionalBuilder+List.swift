/// Writing one list section (docs/uikit-rules/list-layout.md §2): the background decoration
/// (L14), the header (L3, L11, L12), the rows in item order (L5, L10, L16), their separators
/// (L15) and the footer, contiguous. Rows are one vertical stack, so each is O(1).
extension CompositionalBuilder {
    /// The element kinds of list sections, as UIKit names them.
    enum ListKind {
        static let header = Layout.sectionHeaderKind
        static let footer = Layout.sectionFooterKind
        static let background = "_UICollectionViewListLayoutSectionBackgroundColorDecorationElementKind"
        static let bottomSeparator = "UICollectionViewListLayoutElementKindBottomSeparator"
        static let topSeparator = "UICollectionViewListLayoutElementKindTopSeparator"
    }

    /// The layout's kind for a list element kind, named once per layout (not hashed per section).
    mutating func listKind(_ k: ListElementKind) -> SupplementaryKind {
        if let known = listKinds[k.rawValue] { return known }
        let name: String
        switch k {
        case .header: name = ListKind.header
        case .footer: name = ListKind.footer
        case .background: name = ListKind.background
        case .bottomSeparator: name = ListKind.bottomSeparator
        case .topSeparator: name = ListKind.topSeparator
        }
        let made = kind(name)
        listKinds[k.rawValue] = made
        return made
    }

    /// zIndex UIKit gives list elements (`_enrichLayoutAttributes:`, `_createSeparatorForBottom:`).
    enum ListZIndex {
        static let background = 0
        static let cell = 10
        static let separator = 100
        static let supplementary = 200
        /// Pinned list headers and footers over rows: 210 (`_setPinningZIndex:` [D26]).
        static let pinnedRaise = 10
    }

    mutating func emitListSection(_ plan: ListSectionPlan, y0: Double, metrics m: ListMetrics) {
        let s = plan.section
        let cv = config.collectionView
        let env = config.listEnvironment
        let sectionIP = IndexPath(section: s, item: 0)
        let appearance = plan.list.appearance
        if env.includeBackgroundDecorations {
            // L14: the whole section, widened by its insets, overhanging 2H at the list's ends.
            let top = y0 - (plan.isFirst ? 2 * cv.height : 0)
            let bottom = y0 + plan.extent + (plan.isLast ? 2 * cv.height : 0)
            emit(.decorationView, listKind(.background), sectionIP,
                 Rect(x: -plan.leading, y: top, width: cv.width + plan.leading + plan.trailing, height: bottom - top),
                 zIndex: ListZIndex.background)
        }
        // L11: supplementaries follow the insets for grouped-like styles, else span the width.
        let follows = appearance.supplementariesFollowInsets
        let supplementaryX = follows ? plan.leading : 0
        let supplementaryWidth = follows ? plan.rowWidth : cv.width
        let pins = appearance.pinsSupplementaries
        var headerIndex: Int?
        var y = y0 + plan.padding
        if let header = plan.header {
            headerIndex = attributes.count
            emit(.supplementaryView, listKind(.header), sectionIP,
                 Rect(x: supplementaryX, y: y, width: supplementaryWidth, height: header.height),
                 zIndex: ListZIndex.supplementary, estimated: header.estimated, pins: pins)
            y += header.height
        }
        let contentTop = y + plan.top
        let cellStart = attributes.count
        var rows = ListRows(plan: plan, contentTop: contentTop)
        // L9: a sidebarPlain header item with chrome moves up by min(top inset, 8).
        let headerItemLift = appearance == .sidebarPlain && plan.hasHeaderItem && !plan.list.headersAreChromeless
            ? min(plan.top, ListMetrics.sidebarPlainChromePadding) : 0
        var first = 0
        if plan.hasHeaderItem && plan.count > 0 {
            let (rowY, height, measured) = rows.next()
            let frame = headerItemFrame(Rect(x: plan.rowX, y: rowY, width: plan.rowWidth, height: height), plan: plan, lift: headerItemLift)
            attributes.append(LayoutAttributes(category: .cell, indexPath: IndexPath(section: s, item: 0), frame: grid.round(frame),
                                               zIndex: ListZIndex.cell, isEstimated: plan.estimatedRows && !measured))
            first = 1
        }
        // The other rows in one append (no per-row capacity check).
        attributes.append(contentsOf: ListRowRun(plan: plan, rows: rows, first: first, grid: grid))
        let cellEnd = attributes.count
        if appearance == .insetGrouped { noteRoundedRows(plan, contentTop: contentTop, metrics: m) }
        if env.includeSeparators && plan.list.effectiveShowsSeparators && plan.count > 0 {
            emitSeparators(plan, contentTop: contentTop, metrics: m)
        }
        var footerIndex: Int?
        if let footer = plan.footer {
            footerIndex = attributes.count
            let fy = contentTop + plan.contentHeight + plan.bottom
            emit(.supplementaryView, listKind(.footer), sectionIP,
                 Rect(x: supplementaryX, y: fy, width: supplementaryWidth, height: footer.height),
                 zIndex: ListZIndex.supplementary, estimated: footer.estimated, pins: pins)
        }
        sections.append(SectionGeometry(minScroll: y0, maxScroll: y0 + plan.extent, headerIndex: headerIndex,
                                        footerIndex: footerIndex, cells: cellStart..<cellEnd))
    }

    /// L17: the rows an insetGrouped section rounds (after a first-item header): one group
    /// without row spacing, each row on its own with it.
    private mutating func noteRoundedRows(_ plan: ListSectionPlan, contentTop: Double, metrics m: ListMetrics) {
        let first = plan.hasHeaderItem ? 1 : 0
        guard plan.count > first else { return }
        if plan.spacing > 0 {
            var rows = ListRows(plan: plan, contentTop: contentTop)
            for i in 0..<plan.count {
                let (y, h, _) = rows.next()
                guard i >= first else { continue }
                roundedSections.append(RoundedSection(section: plan.section, frame: grid.round(Rect(x: plan.rowX, y: y, width: plan.rowWidth, height: h)),
                                                      cornerRadius: m.cornerRadius))
            }
            return
        }
        // One group: from below the header row (if any) to the last row's end.
        var top = contentTop
        if first == 1 {
            var rows = ListRows(plan: plan, contentTop: contentTop)
            let (y, h, _) = rows.next()
            top = y + h
        }
        let bottom = contentTop + plan.contentHeight
        roundedSections.append(RoundedSection(section: plan.section, frame: grid.round(Rect(x: plan.rowX, y: top, width: plan.rowWidth, height: bottom - top)),
                                              cornerRadius: m.cornerRadius))
    }

    /// L9, L11: the first-item header row of a style whose supplementaries do not follow the
    /// insets spans the full width (`_configureLayoutAttributesForPlainCell:`), and in a
    /// sidebarPlain section with chrome it is lifted (`_configureLayoutAttributesForSidebarPlainCell:`).
    func headerItemFrame(_ row: Rect, plan: ListSectionPlan, lift: Double) -> Rect {
        var f = row
        if !plan.list.appearance.supplementariesFollowInsets {
            f.origin.x -= plan.leading
            f.size.width += plan.leading + plan.trailing
        }
        f.origin.y -= lift
        return f
    }

    /// L15: each row's bottom then top separator, after the section's cells (so cells stay
    /// contiguous for index-path lookups). Anchored to the row's own frame: the widening and lift
    /// of a first-item header row change only the cell (`_configureLayoutAttributesForPlainCell:`
    /// and `_configureLayoutAttributesForSidebarPlainCell:` run after the separator frames are set).
    private mutating func emitSeparators(_ plan: ListSectionPlan, contentTop: Double, metrics m: ListMetrics) {
        let rules = ListSeparatorRules(plan: plan, metrics: m, collectionView: config.collectionView)
        // Kinds named only when some separator of the kind can show, so a list without top
        // separators does not list their kind.
        let bottomKind = rules.mayShowBottom ? listKind(.bottomSeparator) : SupplementaryKind.footer
        let topKind = rules.mayShowTop ? listKind(.topSeparator) : SupplementaryKind.footer
        let t = m.separatorThickness
        let grid = grid
        var rows = ListRows(plan: plan, contentTop: contentTop)
        var out = attributes
        attributes = []
        // Rows strictly between the first row (or a first-item header) and the last take the
        // same rules (`ListSeparatorRules`: only the first, the header item and the last row
        // differ): their separators' x, width and height are rounded once, only y per row.
        let middle = (rules.firstRow + 1)..<max(rules.firstRow + 1, plan.count - 1)
        let middleBottom = middle.isEmpty ? nil : rules.bottom(middle.lowerBound)
            .map { Self.separatorBox($0, plan: plan, thickness: t, grid: grid) }
        let middleTop = middle.isEmpty ? nil : rules.top(middle.lowerBound)
            .map { Self.separatorBox($0, plan: plan, thickness: t, grid: grid) }
        var i = 0
        while i < plan.count {
            if i == middle.lowerBound, !middle.isEmpty {
                // The middle rows in one append (no per-separator capacity check).
                var run = ListMiddleSeparators(rows: rows, section: plan.section, items: middle, thickness: t, grid: grid,
                                               bottom: middleBottom, top: middleTop, bottomKind: bottomKind, topKind: topKind)
                out.append(contentsOf: run)
                run.skipRows()
                rows = run.rows
                i = middle.upperBound
                continue
            }
            defer { i += 1 }
            let (rowY, height, _) = rows.next()
            let ip = IndexPath(section: plan.section, item: i)
            // The first row (or header item) and the last: their own rules, anchored to the row.
            if let insets = rules.bottom(i) {
                out.append(ListMiddleSeparators.separator(bottomKind, ip, Self.separatorBox(insets, plan: plan, thickness: t, grid: grid),
                                                          y: grid.round(rowY + height - t)))
            }
            if let insets = rules.top(i) {
                out.append(ListMiddleSeparators.separator(topKind, ip, Self.separatorBox(insets, plan: plan, thickness: t, grid: grid),
                                                          y: grid.round(rowY)))
            }
        }
        attributes = out
    }

    /// A separator's rounded x, width and height for `insets`, anchored to the row frame (`rowX`, `rowWidth`).
    private static func separatorBox(_ insets: ListSeparatorInsets, plan: ListSectionPlan, thickness t: Double,
                                     grid: PixelGrid) -> (x: Double, width: Double, height: Double) {
        (grid.round(plan.rowX + insets.leading), grid.round(max(0, plan.rowWidth - insets.leading - insets.trailing)), grid.round(t))
    }
}

/// The list element kinds, as indices into `CompositionalBuilder.listKinds`.
enum ListElementKind: Int {
    case header, footer, background, bottomSeparator, topSeparator
}

/// Row origins and heights in item order: row i at `contentTop + i·(estimate + spacing)` plus
/// what the measured rows before it added (L16), computed without accumulating error.
struct ListRows {
    let contentTop: Double
    let estimate: Double
    let stride: Double
    let measured: [(item: Int, height: Double)]
    var item = 0
    var nextMeasured = 0
    var delta = 0.0

    init(plan: ListSectionPlan, contentTop: Double) {
        self.contentTop = contentTop
        estimate = plan.rowEstimate
        stride = plan.rowEstimate + plan.spacing
        measured = plan.measured
    }

    @inline(__always)
    mutating func next() -> (y: Double, height: Double, measured: Bool) {
        let i = item
        item += 1
        let y = contentTop + Double(i) * stride + delta
        if nextMeasured < measured.count, measured[nextMeasured].item == i {
            let h = measured[nextMeasured].height
            nextMeasured += 1
            delta += h - estimate
            return (y, h, true)
        }
        return (y, estimate, false)
    }
}

/// Rows `first ..< count` of a list section as cells, for one `append(contentsOf:)`: x, width
/// and the estimated height rounded once (R45), each row's y rounded as it is made.
struct ListRowRun: Sequence, IteratorProtocol {
    let section: Int
    let count: Int
    let x: Double
    let width: Double
    let estimateHeight: Double
    let estimated: Bool
    let grid: PixelGrid
    var rows: ListRows
    var item: Int

    init(plan: ListSectionPlan, rows: ListRows, first: Int, grid: PixelGrid) {
        section = plan.section
        count = plan.count
        x = grid.round(plan.rowX)
        width = grid.round(plan.rowWidth)
        estimateHeight = grid.round(plan.rowEstimate)
        estimated = plan.estimatedRows
        self.grid = grid
        self.rows = rows
        item = first
    }

    var underestimatedCount: Int { Swift.max(0, count - item) }

    @inline(__always)
    mutating func next() -> LayoutAttributes? {
        guard item < count else { return nil }
        let (y, h, measured) = rows.next()
        let frame = Rect(x: x, y: grid.round(y), width: width, height: measured ? grid.round(h) : estimateHeight)
        let a = LayoutAttributes(category: .cell, indexPath: IndexPath(section: section, item: item), frame: frame,
                                 zIndex: CompositionalBuilder.ListZIndex.cell, isEstimated: estimated && !measured)
        item += 1
        return a
    }
}

/// The separators of a list section's middle rows (`emitSeparators`), for one
/// `append(contentsOf:)`: every row has the same shown sides with the same x, width and height
/// (rounded once), so only y is computed and rounded per separator. Its length is exact.
struct ListMiddleSeparators: Sequence, IteratorProtocol {
    var rows: ListRows
    let section: Int
    let items: Range<Int>
    let thickness: Double
    let grid: PixelGrid
    let bottom: (x: Double, width: Double, height: Double)?
    let top: (x: Double, width: Double, height: Double)?
    let bottomKind: SupplementaryKind
    let topKind: SupplementaryKind
    var item: Int
    /// The current row's top separator is next (its bottom one was yielded).
    var topDue = false
    var rowY = 0.0

    init(rows: ListRows, section: Int, items: Range<Int>, thickness: Double, grid: PixelGrid,
         bottom: (x: Double, width: Double, height: Double)?, top: (x: Double, width: Double, height: Double)?,
         bottomKind: SupplementaryKind, topKind: SupplementaryKind) {
        self.rows = rows
        self.section = section
        self.items = items
        self.thickness = thickness
        self.grid = grid
        self.bottom = bottom
        self.top = top
        self.bottomKind = bottomKind
        self.topKind = topKind
        item = items.lowerBound
    }

    var underestimatedCount: Int { items.count * ((bottom == nil ? 0 : 1) + (top == nil ? 0 : 1)) }

    @inline(__always)
    mutating func next() -> LayoutAttributes? {
        if topDue, let t = top {
            topDue = false
            return Self.separator(topKind, IndexPath(section: section, item: item - 1), t, y: grid.round(rowY))
        }
        guard item < items.upperBound, bottom != nil || top != nil else { return nil }
        let (y, height, _) = rows.next()
        let ip = IndexPath(section: section, item: item)
        item += 1
        if let b = bottom {
            rowY = y
            topDue = top != nil
            return Self.separator(bottomKind, ip, b, y: grid.round(y + height - thickness))
        }
        guard let t = top else { return nil }
        return Self.separator(topKind, ip, t, y: grid.round(y))
    }

    /// A separator element: its box (rounded x, width and height) at rounded `y`.
    @inline(__always)
    static func separator(_ kind: SupplementaryKind, _ ip: IndexPath, _ box: (x: Double, width: Double, height: Double),
                          y: Double) -> LayoutAttributes {
        LayoutAttributes(category: .decorationView, kind: kind, indexPath: ip,
                         frame: Rect(x: box.x, y: y, width: box.width, height: box.height),
                         zIndex: CompositionalBuilder.ListZIndex.separator)
    }

    /// Advances `rows` past the middle rows (`append(contentsOf:)` walked a copy of this run).
    mutating func skipRows() {
        while item < items.upperBound {
            _ = rows.next()
            item += 1
        }
    }
}
