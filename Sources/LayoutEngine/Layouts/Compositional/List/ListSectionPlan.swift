/// One data section laid out by a list configuration, measured before any element is made:
/// insets (L7-L10), header padding (L12), estimated or measured heights (L5, L6, L16) and the
/// horizontal geometry (L10, L11). Positions are relative to the section's start.
struct ListSectionPlan {
    let section: Int
    let list: ListSectionConfiguration
    let count: Int
    let isFirst: Bool
    let isLast: Bool
    /// The section's absolute leading and trailing insets (`contentInsetsReference` none, L10).
    let leading: Double
    let trailing: Double
    let width: Double
    /// Top and bottom content insets (L7-L9).
    let top: Double
    let bottom: Double
    /// Padding above a supplementary header (L12), part of the section.
    let padding: Double
    /// Supplementary header / footer heights (estimate or measured), nil when absent (L3, L6).
    let header: (height: Double, estimated: Bool)?
    let footer: (height: Double, estimated: Bool)?
    let rowEstimate: Double
    let estimatedRows: Bool
    /// Measured row heights by item, sorted (only the rows a cell measured; L5, L16).
    let measured: [(item: Int, height: Double)]
    let spacing: Double
    /// Rows plus the spacing between them.
    let contentHeight: Double
    /// Padding, header, insets, rows and footer.
    let extent: Double
    /// Background, header, rows and footer; then the separators (`withSeparators`).
    private(set) var elementCount: Int

    init(section s: Int, sectionCount: Int, list: ListSectionConfiguration, count: Int, metrics m: ListMetrics,
         environment env: ListEnvironment, collectionView cv: CollectionViewMetrics,
         preferredRows: [(item: Int, size: Size)], headerHeight: Double?, footerHeight: Double?) {
        section = s
        self.list = list
        self.count = count
        isFirst = s == 0
        isLast = s == sectionCount - 1
        width = cv.width
        let appearance = list.appearance
        let supplementaryHeader = list.headerMode == .supplementary
        let headerItem = list.headerMode == .firstItemInSection
        let hasFooter = list.footerMode == .supplementary
        let explicitPadding = list.explicitHeaderTopPadding
        let chromeless = list.headersAreChromeless
        let collapsedFirst = env.collapsedTopSpacing && isFirst

        // L10: plain and grouped rows span the width; the others are inset by the table margin,
        // at least the collection view's layout margins.
        if let insets = list.contentInsets {
            leading = insets.leading
            trailing = insets.trailing
        } else if appearance.insetsRows {
            let margin = m.tableMargin(width: cv.width)
            leading = max(cv.layoutMargins.left, margin + cv.safeAreaInsets.left)
            trailing = max(cv.layoutMargins.right, margin + cv.safeAreaInsets.right)
        } else {
            leading = 0
            trailing = 0
        }

        // L8, L9: top and bottom insets by appearance and position.
        let g = m.groupedSpacing
        // L9 + L12: the plain-like padding above a first-item header; collapsed top spacing zeroes
        // it in the first section on iOS 26 only (iOS 17/18 `_topContentInsetForPaddingAboveHeader`
        // never reads the collapsed flag).
        let itemHeaderPadding = collapsedFirst && m.generation == .ios26 ? 0 : ListMetrics.plainHeaderPadding
        var top = 0.0, bottom = 0.0
        switch appearance {
        case .plain:
            if headerItem { top = explicitPadding ?? itemHeaderPadding }
        case .grouped, .insetGrouped:
            if headerItem {
                top = explicitPadding ?? 0
            } else if !supplementaryHeader {
                top = isFirst ? (env.collapsedTopSpacing ? 0 : ListMetrics.firstGroupedSectionTop) : g
            }
            bottom = hasFooter ? 0 : (isLast ? ListMetrics.lastGroupedSectionBottom : g)
        case .sidebar:
            if headerItem { top = explicitPadding ?? 0 }
            bottom = hasFooter ? 0 : ListMetrics.sidebarBottom
        case .sidebarPlain:
            if headerItem { top = explicitPadding ?? itemHeaderPadding }
        }
        // L9 (iOS 26): an explicit headerTopPadding is the whole top inset of every section
        // without a supplementary header; collapsed top spacing zeroes the first one.
        if m.generation == .ios26, !supplementaryHeader, let p = explicitPadding {
            top = collapsedFirst ? 0 : p
        }
        // L9: sidebarPlain's +8 with non-chromeless headers comes after the padding above
        // (`_defaultSectionContentInsetsForSectionMetrics:` sets top = headerTopPadding, then adds 8).
        if appearance == .sidebarPlain && !chromeless && (supplementaryHeader || headerItem || hasFooter) {
            top += ListMetrics.sidebarPlainChromePadding
            bottom += ListMetrics.sidebarPlainChromePadding
        }
        if let insets = list.contentInsets {
            top = insets.top
            bottom = insets.bottom
        }
        self.top = top
        self.bottom = bottom

        // L12: padding above a supplementary header.
        if supplementaryHeader {
            if let p = explicitPadding {
                padding = p
            } else if collapsedFirst && m.generation == .ios26 {
                padding = 0
            } else {
                padding = appearance.isPlainLike ? ListMetrics.plainHeaderPadding : 0
            }
        } else {
            padding = 0
        }

        // L5, L6: estimates, replaced by measured heights.
        let estimate = m.supplementaryEstimate(appearance)
        header = supplementaryHeader ? (headerHeight ?? estimate, headerHeight == nil) : nil
        footer = hasFooter ? (footerHeight ?? estimate, footerHeight == nil) : nil
        estimatedRows = list.rowHeight == nil
        rowEstimate = list.rowHeight ?? m.rowEstimate
        spacing = list.interGroupSpacing
        var rows = 0.0
        var measured: [(item: Int, height: Double)] = []
        if estimatedRows {
            for p in preferredRows where p.item >= 0 && p.item < count && p.size.height > 0 {
                measured.append((p.item, p.size.height))
            }
            measured.sort { $0.item < $1.item }
            for p in measured { rows += p.height - rowEstimate }
        }
        self.measured = measured
        if count > 0 { rows += Double(count) * rowEstimate + Double(count - 1) * spacing }
        contentHeight = rows
        extent = padding + (header?.height ?? 0) + top + rows + bottom + (footer?.height ?? 0)

        var elements = count + (header == nil ? 0 : 1) + (footer == nil ? 0 : 1)
        if env.includeBackgroundDecorations { elements += 1 }
        elementCount = elements  // separators: `withSeparators`
    }

    /// The plan with its reported separators counted (L15), when the list reports them.
    func withSeparators(metrics m: ListMetrics, environment env: ListEnvironment, collectionView cv: CollectionViewMetrics) -> ListSectionPlan {
        guard env.includeSeparators && list.effectiveShowsSeparators else { return self }
        var p = self
        let n = ListSeparatorRules(plan: self, metrics: m, collectionView: cv).separatorCount
        p.elementCount = p.elementCount > Int.max - n ? Int.max : p.elementCount + n
        return p
    }

    /// The row frame's x and width (L10), and for a first-item header of a style whose
    /// supplementaries do not follow the insets, the full width (L11).
    var rowX: Double { leading }
    var rowWidth: Double { width - leading - trailing }
    var hasHeaderItem: Bool { list.headerMode == .firstItemInSection }
}
