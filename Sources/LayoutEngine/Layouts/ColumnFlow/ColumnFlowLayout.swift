/// The input of Apple's `ColumnFlowLayout` sample (other-layouts.md §1.3): the collection view's
/// metrics and the item count per section. The sample's private constants are parameters here,
/// defaulting to its values.
public struct ColumnFlowConfiguration: Hashable, Sendable {
    /// Bounds width, scale, safe area and layout margins (the columns fit inside the margins).
    public var collectionView: CollectionViewMetrics
    /// Items per section.
    public var itemCounts: [Int]
    /// The sample's `minColumnWidth`.
    public var minColumnWidth: Double
    /// The sample's `cellHeight`.
    public var cellHeight: Double
    /// The flow layout's defaults, which the sample leaves unchanged.
    public var minimumLineSpacing: Double
    public var minimumInteritemSpacing: Double

    public init(collectionView: CollectionViewMetrics, itemCounts: [Int], minColumnWidth: Double = 300,
                cellHeight: Double = 70, minimumLineSpacing: Double = 10, minimumInteritemSpacing: Double = 10) {
        self.collectionView = collectionView
        self.itemCounts = itemCounts
        self.minColumnWidth = minColumnWidth
        self.cellHeight = cellHeight
        self.minimumLineSpacing = minimumLineSpacing
        self.minimumInteritemSpacing = minimumInteritemSpacing
    }
}

/// Apple's `ColumnFlowLayout` (WWDC18 session 225 sample): a `UICollectionViewFlowLayout` whose
/// `prepare()` picks as many columns of at least `minColumnWidth` as fit in the bounds inset by
/// the layout margins, sizes items `floor(available / columns) × cellHeight`, sets
/// `sectionInset.top = minimumInteritemSpacing` and `sectionInsetReference = .fromSafeArea`.
/// The rest is ordinary flow layout, so this builds a `FlowLayoutConfiguration`.
///
/// Deviation: when less than one column fits (e.g. 320 pt with 16 pt margins: 288 < 300) the
/// sample divides by zero and gets an infinitely wide item; this uses one column of the whole
/// available width instead (CF5).
public enum ColumnFlowLayout {
    /// `Int(available / minColumnWidth)`, at least 1 (and never from NaN or an overflow).
    public static func columnCount(availableWidth: Double, minColumnWidth: Double) -> Int {
        let ratio = availableWidth / minColumnWidth
        guard ratio.isFinite, ratio >= 1 else { return 1 }
        return Int(min(ratio, 1_000_000))
    }

    /// The item size: `floor(available / columns) × cellHeight`, where available is the bounds
    /// width inside the layout margins (not the safe area).
    public static func itemSize(_ configuration: ColumnFlowConfiguration) -> Size {
        let metrics = configuration.collectionView
        let available = metrics.width - metrics.layoutMargins.left - metrics.layoutMargins.right
        let columns = columnCount(availableWidth: available, minColumnWidth: configuration.minColumnWidth)
        return Size(width: PointRounding.floor(available / Double(columns)), height: configuration.cellHeight)
    }

    /// The flow layout the sample configures in `prepare()`.
    public static func configuration(_ configuration: ColumnFlowConfiguration) -> FlowLayoutConfiguration {
        let size = itemSize(configuration)
        let inset = Insets(top: configuration.minimumInteritemSpacing, left: 0, bottom: 0, right: 0)
        let sections = configuration.itemCounts.map { count in
            FlowSection(items: .uniform(count: max(0, count), size: size), inset: inset,
                        minimumLineSpacing: configuration.minimumLineSpacing,
                        minimumInteritemSpacing: configuration.minimumInteritemSpacing)
        }
        return FlowLayoutConfiguration(collectionView: configuration.collectionView,
                                       sectionInsetReference: .fromSafeArea, sections: sections)
    }

    /// `FlowLayout.layout(configuration(configuration))`. O(n).
    public static func layout(_ configuration: ColumnFlowConfiguration) -> Layout {
        FlowLayout.layout(self.configuration(configuration))
    }
}

/// A flow layout subclass: the flow rule decides bounds changes.
extension ColumnFlowConfiguration: LayoutDefinition {
    public func layout() -> Layout { ColumnFlowLayout.layout(self) }

    public var viewSize: Size { Size(width: collectionView.width, height: collectionView.height) }

    public var layoutDirection: LayoutDirection { collectionView.layoutDirection }

    public func resized(to size: Size) -> ColumnFlowConfiguration {
        var c = self
        c.collectionView.width = size.width
        c.collectionView.height = size.height
        return c
    }

    public var boundsInvalidationRule: BoundsInvalidationRule { .flow }
}
