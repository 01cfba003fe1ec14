/// L15: which rows show a bottom or top separator and with which insets, before any cell
/// reports its `separatorLayoutGuide` (`_shouldHideBottomSeparatorAtIndexPath:…`,
/// `_shouldHideTopSeparatorAtIndexPath:…`, `_separatorInsetBehaviorAtBottom:…` [D26, D?]).
struct ListSeparatorRules {
    let appearance: ListAppearance
    let configuration: ListSeparatorConfiguration
    let count: Int
    /// The first row that is not a first-item header.
    let firstRow: Int
    let hasHeaderItem: Bool
    /// The section's inside margin: the automatic leading inset of non-boundary separators.
    let insideMargin: Double
    /// Plain-like: a top separator under a chromeless header (L15).
    let plainTopSeparator: Bool

    init(plan: ListSectionPlan, metrics m: ListMetrics, collectionView cv: CollectionViewMetrics) {
        let list = plan.list
        appearance = list.appearance
        configuration = list.separatorConfiguration
        count = plan.count
        hasHeaderItem = plan.hasHeaderItem
        firstRow = hasHeaderItem ? 1 : 0
        switch appearance {
        case .plain, .grouped:
            insideMargin = max(cv.layoutMargins.left - cv.safeAreaInsets.left, m.tableMargin(width: cv.width))
        case .insetGrouped:
            insideMargin = m.tableMargin(width: plan.rowWidth)
        case .sidebar, .sidebarPlain:
            insideMargin = ListMetrics.sidebarSeparatorInset
        }
        let hasHeader = list.headerMode != .none
        plainTopSeparator = appearance.isPlainLike && hasHeader && list.headersAreChromeless
            && (plan.top == 0 || hasHeaderItem)
    }

    /// Whether any row can show a bottom (top) separator: their kinds are named only then.
    var mayShowBottom: Bool { count > 0 && configuration.bottomSeparatorVisibility != .hidden }
    var mayShowTop: Bool {
        switch configuration.topSeparatorVisibility {
        case .visible: count > 0
        case .hidden: false
        case .automatic: firstRow < count && (appearance == .grouped || plainTopSeparator)
        }
    }

    /// How many separators the section shows, counted without walking its rows (O(1)), so the
    /// element cap is checked exactly before anything is made.
    var separatorCount: Int {
        guard count > 0 else { return 0 }
        var bottom: Int
        switch configuration.bottomSeparatorVisibility {
        case .visible: bottom = count
        case .hidden: bottom = 0
        case .automatic:
            bottom = count - (hasHeaderItem ? 1 : 0)
            let lastHidden = appearance == .insetGrouped || appearance == .sidebar
            if lastHidden && !(hasHeaderItem && count == 1) { bottom -= 1 }
        }
        let top: Int
        switch configuration.topSeparatorVisibility {
        case .visible: top = count
        case .hidden: top = 0
        case .automatic: top = mayShowTop ? 1 : 0
        }
        return bottom + top
    }

    /// The bottom separator's (leading, trailing) insets for row `i`, nil when hidden.
    func bottom(_ i: Int) -> ListSeparatorInsets? {
        let isLast = i == count - 1
        let boundary = isLast && appearance == .grouped
        let shown: Bool
        switch configuration.bottomSeparatorVisibility {
        case .visible: shown = true
        case .hidden: shown = false
        case .automatic:
            shown = !(hasHeaderItem && i == 0) && !(isLast && (appearance == .insetGrouped || appearance == .sidebar))
        }
        guard shown else { return nil }
        if boundary { return ListSeparatorInsets() }
        return configuration.bottomSeparatorInsets ?? ListSeparatorInsets(leading: insideMargin, trailing: 0)
    }

    /// The top separator's insets for row `i`, nil when hidden.
    func top(_ i: Int) -> ListSeparatorInsets? {
        let isFirstRow = i == firstRow
        let boundary = isFirstRow && appearance == .grouped
        let shown: Bool
        switch configuration.topSeparatorVisibility {
        case .visible: shown = true
        case .hidden: shown = false
        case .automatic:
            guard isFirstRow else { return nil }
            switch appearance {
            case .grouped: shown = true
            case .insetGrouped, .sidebar: shown = false
            case .plain, .sidebarPlain: shown = plainTopSeparator
            }
        }
        guard shown else { return nil }
        if boundary { return ListSeparatorInsets() }
        return configuration.topSeparatorInsets ?? ListSeparatorInsets(leading: insideMargin, trailing: 0)
    }
}
