@testable import LayoutEngine

/// Fixtures for the flow-layout tests: `.make()` factories with UIKit's defaults.
extension FlowLayoutConfiguration {
    static func make(
        width: Double = 320, height: Double = 1000, scale: Double = 2, contentInset: Insets = .zero,
        safeArea: Insets = .zero, layoutMargins: Insets = .zero, direction: ScrollDirection = .vertical,
        insetReference: SectionInsetReference = .fromContentInset, alignment: RowAlignment = .uikit,
        rounds: Bool = true, estimated: EstimatedItemSize? = nil, swapsSpacing: Bool = true,
        pinHeaders: Bool = false, pinFooters: Bool = false, sections: [FlowSection]
    ) -> FlowLayoutConfiguration {
        FlowLayoutConfiguration(
            collectionView: CollectionViewMetrics(width: width, height: height, scale: scale,
                                                  contentInset: contentInset, safeAreaInsets: safeArea,
                                                  layoutMargins: layoutMargins),
            scrollDirection: direction, sectionInsetReference: insetReference, rowAlignment: alignment,
            sectionHeadersPinToVisibleBounds: pinHeaders, sectionFootersPinToVisibleBounds: pinFooters,
            roundsToScreenScale: rounds, estimatedItemSize: estimated,
            swapsSpacingForMixedHorizontalSections: swapsSpacing, sections: sections)
    }
}

extension FlowSection {
    static func make(count: Int, size: Size = sz(50, 50), inset: Insets = .zero, line: Double = 10,
                     interitem: Double = 10, header: Size = .zero, footer: Size = .zero,
                     preferred: [Int: Size] = [:]) -> FlowSection {
        FlowSection(items: .uniform(count: count, size: size), inset: inset, minimumLineSpacing: line,
                    minimumInteritemSpacing: interitem, headerReferenceSize: header,
                    footerReferenceSize: footer, preferredSizes: preferred)
    }

    static func make(sizes: [Size], inset: Insets = .zero, line: Double = 10, interitem: Double = 10,
                     header: Size = .zero, footer: Size = .zero) -> FlowSection {
        FlowSection(items: .sizes(sizes), inset: inset, minimumLineSpacing: line,
                    minimumInteritemSpacing: interitem, headerReferenceSize: header, footerReferenceSize: footer)
    }
}

func sz(_ width: Double, _ height: Double) -> Size { Size(width: width, height: height) }

func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Rect {
    Rect(x: x, y: y, width: width, height: height)
}

func ins(_ top: Double, _ left: Double, _ bottom: Double, _ right: Double) -> Insets {
    Insets(top: top, left: left, bottom: bottom, right: right)
}

/// Cell frames only, in item order.
func cellFrames(_ layout: Layout) -> [Rect] {
    layout.attributes.filter { $0.category == .cell }.map(\.frame)
}

/// `count` frames of one size on a grid given by `xs` columns, starting at `y0` with `pitch`.
func grid(count: Int, xs: [Double], y0: Double = 0, pitch: Double, size: Size) -> [Rect] {
    (0..<count).map { i in
        rect(xs[i % xs.count], y0 + Double(i / xs.count) * pitch, size.width, size.height)
    }
}
