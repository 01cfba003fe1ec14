/// The input of `MosaicLayout`: Apple's sample has no properties, delegate or insets, only the
/// collection view's bounds and the item count of section 0 (other-layouts.md §1.1).
public struct MosaicConfiguration: Hashable, Sendable {
    /// Bounds width W: every band spans it.
    public var width: Double
    /// Bounds height H: the content is never shorter.
    public var height: Double
    /// Items in the single section.
    public var itemCount: Int
    /// Right to left the bands mirror (RightToLeft.swift).
    public var layoutDirection: LayoutDirection

    public init(width: Double, height: Double, itemCount: Int, layoutDirection: LayoutDirection = .leftToRight) {
        self.width = width
        self.height = height
        self.itemCount = itemCount
        self.layoutDirection = layoutDirection
    }
}

/// Apple's `MosaicLayout` from "Customizing Collection View Layouts" (WWDC18 session 225), as a
/// pure function (other-layouts.md §1.1).
///
/// Items fill 200 pt bands separated by 1 pt (band k at y = 1 + 201k). The first band is full
/// width; then the styles rotate 50/50 → 2/3 + two stacked thirds → two stacked thirds + 2/3 →
/// 50/50 …, except that a band is forced full width when 1 item remains and 50/50 when 2 remain
/// (without resetting the rotation). Each split rounds the first part up to a whole point and
/// leaves a 1 pt gap after it (`dividedIntegral`), computed in IEEE Double as the sample does.
///
/// Two deliberate fixes of the sample's bugs:
/// - **Content size includes the last item**: `(W, max(H, maxY of every item))`. The sample unions
///   each frame one iteration late and never the last one, so it reports `max(H, maxY of items
///   0…N−2)` and the last band can be unreachable (example M4: 320 × 603 instead of 320 × 804).
/// - Rect queries go through `SpatialIndex`, which returns every intersecting item; the sample's
///   binary search assumes y-sorted frames and misses items in the 2/3 bands.
///
/// Complexity: O(N).
public enum MosaicLayout {
    /// The sample's band height.
    public static let bandHeight = 200.0

    enum Style: CaseIterable {
        case fullWidth, fiftyFifty, twoThirdsOneThird, oneThirdTwoThirds

        /// The next style of the rotation (the sample's `switch` on the current style).
        var next: Style {
            switch self {
            case .fullWidth: .fiftyFifty
            case .fiftyFifty: .twoThirdsOneThird
            case .twoThirdsOneThird: .oneThirdTwoThirds
            case .oneThirdTwoThirds: .fiftyFifty
            }
        }
    }

    public static func layout(_ configuration: MosaicConfiguration) -> Layout {
        let width = configuration.width
        let count = max(0, configuration.itemCount)
        var attributes: [LayoutAttributes] = []
        attributes.reserveCapacity(count)
        var lastFrame = Rect.zero
        var style = Style.fullWidth
        var bottom = configuration.height
        while attributes.count < count {
            let band = Rect(x: 0, y: lastFrame.maxY + 1, width: width, height: bandHeight)
            let frames = self.frames(of: style, in: band)
            for slot in 0..<frames.count where attributes.count < count {
                let frame = frames[slot]
                attributes.append(.cell(IndexPath(section: 0, item: attributes.count), frame))
                lastFrame = frame
                bottom = max(bottom, frame.maxY)
            }
            switch count - attributes.count {
            case 1: style = .fullWidth
            case 2: style = .fiftyFifty
            default: style = style.next
            }
        }
        let contentSize = Size(width: width, height: bottom)
        let section = SectionGeometry(minScroll: 0, maxScroll: bottom, headerIndex: nil, footerIndex: nil,
                                      cells: 0..<attributes.count)
        return Layout(scrollDirection: .vertical, contentSize: contentSize, attributes: attributes, sections: [section])
    }

    /// Up to three frames of one band, without allocating.
    struct BandFrames {
        var count: Int
        var first: Rect
        var second = Rect.zero
        var third = Rect.zero

        subscript(slot: Int) -> Rect { slot == 0 ? first : slot == 1 ? second : third }
    }

    /// The frames of one band, in the sample's item order.
    static func frames(of style: Style, in band: Rect) -> BandFrames {
        switch style {
        case .fullWidth:
            return BandFrames(count: 1, first: band)
        case .fiftyFifty:
            let (left, right) = dividedIntegral(band, fraction: 1.0 / 2.0, alongX: true)
            return BandFrames(count: 2, first: left, second: right)
        case .twoThirdsOneThird:
            let (big, right) = dividedIntegral(band, fraction: 2.0 / 3.0, alongX: true)
            let (top, bottom) = dividedIntegral(right, fraction: 1.0 / 2.0, alongX: false)
            return BandFrames(count: 3, first: big, second: top, third: bottom)
        case .oneThirdTwoThirds:
            let (left, big) = dividedIntegral(band, fraction: 1.0 / 3.0, alongX: true)
            let (top, bottom) = dividedIntegral(left, fraction: 1.0 / 2.0, alongX: false)
            return BandFrames(count: 3, first: top, second: bottom, third: big)
        }
    }

    /// The sample's `CGRect.dividedIntegral(fraction:from:)`: the first slice is
    /// `ceil(dimension · fraction)` long (clamped into the rect, as `CGRect.divided` does), and
    /// the remainder starts 1 pt after it and is 1 pt shorter.
    static func dividedIntegral(_ rect: Rect, fraction: Double, alongX: Bool) -> (first: Rect, second: Rect) {
        let dimension = alongX ? rect.width : rect.height
        let distance = min(max(PointRounding.ceil(dimension * fraction), 0), max(dimension, 0))
        if alongX {
            return (Rect(x: rect.minX, y: rect.minY, width: distance, height: rect.height),
                    Rect(x: rect.minX + distance + 1, y: rect.minY, width: rect.width - distance - 1, height: rect.height))
        }
        return (Rect(x: rect.minX, y: rect.minY, width: rect.width, height: distance),
                Rect(x: rect.minX, y: rect.minY + distance + 1, width: rect.width, height: rect.height - distance - 1))
    }
}

/// Apple's MosaicLayout invalidates on any change of the bounds size (other-layouts.md §1.1).
extension MosaicConfiguration: LayoutDefinition {
    public func layout() -> Layout { MosaicLayout.layout(self) }

    public var viewSize: Size { Size(width: width, height: height) }

    public func resized(to size: Size) -> MosaicConfiguration {
        MosaicConfiguration(width: size.width, height: size.height, itemCount: itemCount, layoutDirection: layoutDirection)
    }

    public var boundsInvalidationRule: BoundsInvalidationRule { .sizeChange }
}
