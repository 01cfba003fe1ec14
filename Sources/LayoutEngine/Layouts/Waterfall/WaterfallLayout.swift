/// `CHTCollectionViewWaterfallLayout` (Objective-C `prepareLayout`) as a pure function
/// (other-layouts.md §2.2).
///
/// Per section: equal columns `floorPx((W − left − right − (cols − 1)·colSpacing) / cols)` wide;
/// the header (`headerInset` around it, full bounds width minus its insets); then each item, in
/// index order, goes to a column chosen by `itemRenderDirection`, is `floorPx(h · itemWidth / w)`
/// tall (0 if the given size is not positive) and advances its column by that plus the interitem
/// spacing; the footer starts at the tallest column − interitem spacing + bottom inset (so an
/// empty section subtracts a spacing it never added, as CHT does); the next section starts where
/// this one ends. Content size is `(W, max(end, minimumContentHeight))`, `.zero` with no sections.
///
/// Deviations: column heights are kept in Double, where ObjC stores them as `NSNumber` floats
/// (Float32): at @3x CHT's y values can differ from these by ~1e-5 pt (§2.3). Pinned headers and
/// footers (`sectionHeadersPinToVisibleBounds`, not in CHT) use UIKit's flow-layout rules at query
/// time through `Layout.pinning`. `columnCount` is clamped to 1...`maximumColumnCount`.
///
/// Attributes per section: header, cells in item order, footer. Complexity O(n · columns) for
/// shortest-first, O(n) otherwise.
public enum WaterfallLayout {
    /// Defensive cap on a section's column count (the API validates tighter limits).
    public static let maximumColumnCount = 1_024

    public static func layout(_ configuration: WaterfallConfiguration) -> Layout {
        guard !configuration.sections.isEmpty else {
            return Layout(contentSize: .zero, attributes: [], sections: [], pinning: pinning(configuration))
        }
        var attributes: [LayoutAttributes] = []
        attributes.reserveCapacity(configuration.sections.reduce(0) { $0 + $1.itemSizes.count + 2 })
        var sections: [SectionGeometry] = []
        sections.reserveCapacity(configuration.sections.count)
        var top = 0.0
        for (index, section) in configuration.sections.enumerated() {
            sections.append(layoutSection(index, section, configuration, top: &top, into: &attributes))
        }
        let height = max(top, configuration.minimumContentHeight)
        return Layout(contentSize: Size(width: configuration.width, height: height), attributes: attributes,
                      sections: sections, pinning: pinning(configuration))
    }

    static func pinning(_ configuration: WaterfallConfiguration) -> Pinning {
        Pinning(headers: configuration.sectionHeadersPinToVisibleBounds,
                footers: configuration.sectionFootersPinToVisibleBounds,
                scale: configuration.scale, roundsToScreenScale: true, contentInset: configuration.contentInset)
    }

    /// Lays out one section starting at `top`, appends its attributes and moves `top` to its end.
    static func layoutSection(_ sectionIndex: Int, _ section: WaterfallSection, _ configuration: WaterfallConfiguration,
                              top: inout Double, into attributes: inout [LayoutAttributes]) -> SectionGeometry {
        let width = configuration.width, scale = configuration.scale
        let columns = min(max(section.columnCount ?? configuration.columnCount, 1), maximumColumnCount)
        let columnSpacing = section.minimumColumnSpacing ?? configuration.minimumColumnSpacing
        let interitem = section.minimumInteritemSpacing ?? configuration.minimumInteritemSpacing
        let inset = section.inset ?? configuration.sectionInset
        let headerHeight = section.headerHeight ?? configuration.headerHeight
        let footerHeight = section.footerHeight ?? configuration.footerHeight
        let headerInset = section.headerInset ?? configuration.headerInset
        let footerInset = section.footerInset ?? configuration.footerInset

        let sectionStart = top
        let contentWidth = width - inset.left - inset.right
        let itemWidth = PointRounding.floorToPixel(
            (contentWidth - Double(columns - 1) * columnSpacing) / Double(columns), scale: scale)

        top += headerInset.top
        var headerIndex: Int?
        if headerHeight > 0 {
            headerIndex = attributes.count
            let frame = Rect(x: headerInset.left, y: top, width: width - headerInset.left - headerInset.right,
                             height: headerHeight)
            attributes.append(.header(section: sectionIndex, frame))
            top = frame.maxY + headerInset.bottom
        }
        top += inset.top

        let firstCell = attributes.count
        var columnHeights = [Double](repeating: top, count: min(columns, max(section.itemSizes.count, 1)))
        let offset = columns - columnHeights.count  // right-to-left uses the last columns
        for (item, size) in section.itemSizes.enumerated() {
            let column: Int
            switch configuration.itemRenderDirection {
            case .shortestFirst: column = shortestColumn(columnHeights)
            case .leftToRight: column = item % columns
            case .rightToLeft: column = columns - 1 - item % columns
            }
            let slot = configuration.itemRenderDirection == .rightToLeft ? column - offset : column
            let y = columnHeights[slot]
            let height = size.width > 0 && size.height > 0
                ? PointRounding.floorToPixel(size.height * itemWidth / size.width, scale: scale) : 0
            let x = inset.left + (itemWidth + columnSpacing) * Double(column)
            attributes.append(.cell(IndexPath(section: sectionIndex, item: item),
                                    Rect(x: x, y: y, width: itemWidth, height: height)))
            columnHeights[slot] = y + height + interitem
        }
        let cells = firstCell..<attributes.count

        top = (columnHeights.max() ?? top) - interitem + inset.bottom
        top += footerInset.top
        var footerIndex: Int?
        if footerHeight > 0 {
            footerIndex = attributes.count
            let frame = Rect(x: footerInset.left, y: top, width: width - footerInset.left - footerInset.right,
                             height: footerHeight)
            attributes.append(.footer(section: sectionIndex, frame))
            top = frame.maxY + footerInset.bottom
        }
        return SectionGeometry(minScroll: sectionStart, maxScroll: top, headerIndex: headerIndex,
                               footerIndex: footerIndex, cells: cells)
    }

    /// The first column with the strictly smallest height (CHT scans with `<`: ties go left).
    static func shortestColumn(_ heights: [Double]) -> Int {
        var best = 0
        for column in heights.indices where heights[column] < heights[best] { best = column }
        return best
    }
}

/// CHTCollectionViewWaterfallLayout's input on the layout seam: the configuration, which reads
/// no height, plus the collection view's height, kept for bounds changes.
public struct WaterfallDefinition: LayoutDefinition {
    public var configuration: WaterfallConfiguration
    public var viewHeight: Double
    public var layoutDirection: LayoutDirection

    public init(configuration: WaterfallConfiguration, viewHeight: Double, layoutDirection: LayoutDirection = .leftToRight) {
        self.configuration = configuration
        self.viewHeight = viewHeight
        self.layoutDirection = layoutDirection
    }

    public func layout() -> Layout { WaterfallLayout.layout(configuration) }

    public var viewSize: Size { Size(width: configuration.width, height: viewHeight) }

    public func resized(to size: Size) -> WaterfallDefinition {
        var d = self
        d.configuration.width = size.width
        d.viewHeight = size.height
        return d
    }

    /// CHT invalidates on a width change only (other-layouts.md §2.2).
    public var boundsInvalidationRule: BoundsInvalidationRule { .widthChange }
}
