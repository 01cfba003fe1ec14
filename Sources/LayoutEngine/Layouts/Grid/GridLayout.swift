/// A fixed "N per line" grid (other-layouts.md §4): side margins m, spacing s, items of a fixed
/// aspect ratio, laid out by the flow layout.
public struct GridConfiguration: Hashable, Sendable {
    public var collectionView: CollectionViewMetrics
    /// N: items per line.
    public var itemsPerLine: Int
    /// m: `sectionInset.left` and `.right`.
    public var sideMargin: Double
    /// s: `minimumInteritemSpacing`.
    public var spacing: Double
    /// `minimumLineSpacing`; nil means `spacing`.
    public var lineSpacing: Double?
    /// Item height / width (3/4 for the scenario's 4:3 items).
    public var aspectRatio: Double
    public var topInset: Double
    public var bottomInset: Double
    /// Items per section.
    public var itemCounts: [Int]
    /// Each section's header and footer reference sizes (`referenceSizeForHeaderInSection` /
    /// `ForFooterInSection`, else the layout's `headerReferenceSize` / `footerReferenceSize`),
    /// resolved; as in the flow layout only the height is used, and 0 means no element. Empty
    /// when no section has either (the common grid); otherwise one per section.
    public var supplementarySizes: [GridSupplementarySizes]
    public var sectionHeadersPinToVisibleBounds: Bool
    public var sectionFootersPinToVisibleBounds: Bool

    public init(collectionView: CollectionViewMetrics, itemsPerLine: Int = 3, sideMargin: Double = 0,
                spacing: Double = 10, lineSpacing: Double? = nil, aspectRatio: Double = 0.75,
                topInset: Double = 0, bottomInset: Double = 0, itemCounts: [Int],
                supplementarySizes: [GridSupplementarySizes] = [],
                sectionHeadersPinToVisibleBounds: Bool = false, sectionFootersPinToVisibleBounds: Bool = false) {
        self.collectionView = collectionView
        self.itemsPerLine = itemsPerLine
        self.sideMargin = sideMargin
        self.spacing = spacing
        self.lineSpacing = lineSpacing
        self.aspectRatio = aspectRatio
        self.topInset = topInset
        self.bottomInset = bottomInset
        self.itemCounts = itemCounts
        self.supplementarySizes = supplementarySizes
        self.sectionHeadersPinToVisibleBounds = sectionHeadersPinToVisibleBounds
        self.sectionFootersPinToVisibleBounds = sectionFootersPinToVisibleBounds
    }
}

/// One grid section's header and footer reference sizes (`.zero`: none).
public struct GridSupplementarySizes: Hashable, Sendable {
    public var header: Size
    public var footer: Size

    public init(header: Size = .zero, footer: Size = .zero) {
        self.header = header
        self.footer = footer
    }
}

/// The N-per-line grid: `w = (D − 2m − s·(N − 1)) / N` floored to the pixel, `h = w · ratio`,
/// in a flow layout with `sectionInset.left = right = m` (D is the width inside the content insets).
///
/// Why floor: N raw widths plus spacing can add up to more than D by ~1e-14 in Double (W = 375,
/// N = 3, m = s = 10), and UIKit's `floor((s + avail) / (s + w))` then fits only N − 1 per line.
/// Flooring to a pixel fixes most cases; where a floored width still fails that test (or the
/// positions summed one by one exceed D by more than rounding noise), the width drops one more
/// pixel, so the grid never wraps early. The flow layout then justifies full lines, spreading the leftover into the
/// gaps (the last, partial line keeps the grid's columns, flow-layout.md §4.6).
public enum GridLayout {
    /// The unrounded width `(D − 2m − s·(N − 1)) / N` (the §4 table's "raw w").
    public static func rawItemWidth(_ configuration: GridConfiguration) -> Double {
        let columns = Double(max(configuration.itemsPerLine, 1))
        return (available(configuration) - 2 * configuration.sideMargin - configuration.spacing * (columns - 1)) / columns
    }

    /// The item size the flow layout gets: the floored width (see the type's comment) and
    /// `width · aspectRatio`, which is not rounded (UIKit never rounds sizes).
    public static func itemSize(_ configuration: GridConfiguration) -> Size {
        let scale = configuration.collectionView.scale > 0 ? configuration.collectionView.scale : 1
        var pixels = max(0, PointRounding.floor(rawItemWidth(configuration) * scale))
        var attempts = 0
        while attempts < 4, pixels > 0, !fits(pixels / scale, configuration) {
            pixels -= 1
            attempts += 1
        }
        let width = pixels / scale
        return Size(width: width, height: width * configuration.aspectRatio)
    }

    /// Whether N items of `width` fit on a line: UIKit's count `floor((s + avail) / (s + w)) >= N`
    /// and the positions summed one by one (`m + w + s + w … + m <= D`, with the flow engine's
    /// 1e-9 tolerance, since `375.00000000000006` for W = 375, N = 3, m = s = 10 at @3x is no wrap
    /// in UIKit, whose count formula gives exactly 3 there).
    static func fits(_ width: Double, _ configuration: GridConfiguration) -> Bool {
        let count = max(configuration.itemsPerLine, 1)
        let spacing = configuration.spacing
        let inner = available(configuration) - 2 * configuration.sideMargin
        let perLine = PointRounding.floor((spacing + inner) / (spacing + width))
        var edge = configuration.sideMargin
        for column in 0..<min(count, 10_000) {
            if column > 0 { edge += spacing }
            edge += width
        }
        return perLine >= Double(count) && edge + configuration.sideMargin <= available(configuration) + 1e-9
    }

    /// The x of each column of a full line, as the flow layout's justified fixed path places them
    /// (first at m, last flush with the right margin; one item centred), origins rounded to the
    /// screen scale (flow-layout.md §4, §6).
    public static func lineOrigins(_ configuration: GridConfiguration) -> [Double] {
        let count = min(max(configuration.itemsPerLine, 1), 10_000)
        let width = itemSize(configuration).width
        let margin = configuration.sideMargin
        let inner = available(configuration) - 2 * margin
        let scale = configuration.collectionView.scale
        guard count > 1 else { return [PointRounding.roundToPixel(margin + (inner - width) / 2, scale: scale)] }
        let gap = (inner - width * Double(count)) / Double(count - 1)
        return (0..<count).map { PointRounding.roundToPixel(margin + (width + gap) * Double($0), scale: scale) }
    }

    public static func configuration(_ configuration: GridConfiguration) -> FlowLayoutConfiguration {
        let size = itemSize(configuration)
        let inset = Insets(top: configuration.topInset, left: configuration.sideMargin,
                           bottom: configuration.bottomInset, right: configuration.sideMargin)
        let supplementary = configuration.supplementarySizes
        let sections = configuration.itemCounts.enumerated().map { index, count in
            let sizes = index < supplementary.count ? supplementary[index] : GridSupplementarySizes()
            return FlowSection(items: .uniform(count: max(0, count), size: size), inset: inset,
                               minimumLineSpacing: configuration.lineSpacing ?? configuration.spacing,
                               minimumInteritemSpacing: configuration.spacing,
                               headerReferenceSize: sizes.header, footerReferenceSize: sizes.footer)
        }
        // Headers sit above `topInset` and footers below `bottomInset`, full width, and pin as the
        // flow layout pins them (flow-layout.md §3, §10): a grid is a flow layout underneath.
        return FlowLayoutConfiguration(collectionView: configuration.collectionView,
                                       sectionHeadersPinToVisibleBounds: configuration.sectionHeadersPinToVisibleBounds,
                                       sectionFootersPinToVisibleBounds: configuration.sectionFootersPinToVisibleBounds,
                                       sections: sections)
    }

    /// `FlowLayout.layout(configuration(configuration))`. O(n).
    public static func layout(_ configuration: GridConfiguration) -> Layout {
        FlowLayout.layout(self.configuration(configuration))
    }

    /// D: the collection view width inside the content insets.
    static func available(_ configuration: GridConfiguration) -> Double {
        let metrics = configuration.collectionView
        return metrics.width - metrics.contentInset.left - metrics.contentInset.right
    }
}

/// A flow layout subclass (other-layouts.md §4): the flow rule decides bounds changes.
extension GridConfiguration: LayoutDefinition {
    public func layout() -> Layout { GridLayout.layout(self) }

    public var viewSize: Size { Size(width: collectionView.width, height: collectionView.height) }

    public var layoutDirection: LayoutDirection { collectionView.layoutDirection }

    public func resized(to size: Size) -> GridConfiguration {
        var c = self
        c.collectionView.width = size.width
        c.collectionView.height = size.height
        return c
    }

    public var boundsInvalidationRule: BoundsInvalidationRule { .flow }
}
