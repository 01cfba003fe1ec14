/// One data section measured before any element is made: an ordinary compositional section
/// (its group solved, R21-R29) or a list section (list-layout.md L2-L12). Sections stack the
/// same way whatever they are (R40). The figures every section has are stored beside the plan:
/// reading them through a switch over the plan would copy the whole plan (its arrays retained)
/// on each read, and the stacking walks read them several times per layout.
struct MeasuredSection {
    enum Plan {
        case group(DataSectionPlan)
        case list(ListSectionPlan)
    }

    let plan: Plan
    let count: Int
    /// Along the scroll axis, boundary items (header padding) included.
    let extent: Double
    let elementCount: Int

    static func group(_ p: DataSectionPlan) -> MeasuredSection {
        MeasuredSection(plan: .group(p), count: p.count, extent: p.extent, elementCount: p.elementCount)
    }

    static func list(_ p: ListSectionPlan) -> MeasuredSection {
        MeasuredSection(plan: .list(p), count: p.count, extent: p.extent, elementCount: p.elementCount)
    }
}

extension CompositionalBuilder {
    /// Measures data section `s` laid out by `list` (layout section `l`); a row that cannot be
    /// as wide as the insets leave (R45: negative width) is refused naming the field to fix.
    func listPlan(_ s: Int, layoutSection l: Int, list: ListSectionConfiguration, count: Int, metrics: ListMetrics,
                  preferred: [(item: Int, size: Size)]) throws(CompositionalError) -> ListSectionPlan {
        let measured = config.preferredSupplementaryHeights
        let header = measured.isEmpty ? nil : measured[SupplementaryKey(elementKind: ListKind.header, indexPath: IndexPath(section: s, item: 0))]
        let footer = measured.isEmpty ? nil : measured[SupplementaryKey(elementKind: ListKind.footer, indexPath: IndexPath(section: s, item: 0))]
        let plan = ListSectionPlan(section: s, sectionCount: config.itemCounts.count, list: list, count: count, metrics: metrics,
                                   environment: config.listEnvironment, collectionView: config.collectionView,
                                   preferredRows: preferred, headerHeight: header, footerHeight: footer)
            .withSeparators(metrics: metrics, environment: config.listEnvironment, collectionView: config.collectionView)
        if grid.round(plan.rowWidth) < 0 {
            let path: [CompositionalError.PathComponent] = list.contentInsets != nil
                ? [.field(.layout), .field(.sections), .index(l), .field(.contentInsets)] : [.field(.collectionView), .field(.layoutMargins)]
            throw CompositionalError(code: "INVALID_FRAME", path: path,
                                     message: "The rows of list section \(s) would be \(UIKitFormat.number(plan.rowWidth)) points wide: the leading inset \(UIKitFormat.number(plan.leading)) and trailing inset \(UIKitFormat.number(plan.trailing)) leave no room in a collection view \(UIKitFormat.number(config.collectionView.width)) points wide. Use smaller insets (or layout margins) or a wider collection view.")
        }
        return plan
    }
}
