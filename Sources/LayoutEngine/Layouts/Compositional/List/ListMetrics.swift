/// The numbers UIKit sizes lists with (docs/uikit-rules/list-layout.md L5-L17), per generation,
/// Dynamic Type size and screen. Evidence tags as in the spec: [V] real UIKit output, [D26]
/// the iOS 26.1 decompilation, [D?] iOS 17/18-era decompilations, [Doc] Apple, [I] inferred.
struct ListMetrics: Hashable {
    let generation: ListGeneration
    let category: ContentSizeCategory
    let scale: Double
    /// `UIScreen._wantsWideContentMargins` (L10).
    let wideMargins: Bool

    init(environment e: ListEnvironment, collectionView cv: CollectionViewMetrics) {
        generation = e.generation
        category = e.contentSizeCategory
        scale = cv.scale
        // The list's own setting, else the screen's (a device profile sets it), else [I] the
        // request default: iPhone Plus/Max-class widths and wider want wide margins.
        wideMargins = e.wideContentMargins ?? cv.wideContentMargins ?? (cv.width >= 414)
    }

    /// `UIPixelBoundaryOffset(1, v, scale)`: up to the next device pixel.
    func ceilPixel(_ v: Double) -> Double {
        scale > 0 ? PointRounding.ceil(v * scale) / scale : v
    }

    /// L5: the row estimate. iOS 15-18: 44 at every size (`defaultRowHeightForTableView:` [D?, V]).
    /// iOS 26: body leading + 30 (`minimumContentViewHeightForFont:` [D26, V 52]), sizes past
    /// xxxLarge capped at xxxLarge [D26 + Doc HIG].
    var rowEstimate: Double {
        switch generation {
        case .ios15to18: return 44
        case .ios26: return Self.bodyLeading(category) + 30
        }
    }

    /// L6: the estimated header/footer height. Grouped-like table styles: 17.5 ceiled to the pixel
    /// [D26, D?, V]. Plain-like: 28 scaled like the header font (emphasized subheadline on
    /// iOS 15-18, emphasized body on iOS 26) from its Large size, ceiled [D26, D?; other sizes I].
    func supplementaryEstimate(_ appearance: ListAppearance) -> Double {
        guard appearance.isPlainLike else { return ceilPixel(17.5) }
        let sizes = generation == .ios26 ? Self.bodySizes : Self.subheadlineSizes
        let large = sizes[ContentSizeCategory.L.index]
        return ceilPixel(28 * sizes[category.index] / large)
    }

    /// L8: G, the spacing a grouped section keeps above and below itself: 17.5, ceiled to the pixel
    /// on iOS 15-18 [D?, V 17.6667 @3x], not snapped on iOS 26 [D26, V partial].
    var groupedSpacing: Double { generation == .ios26 ? 17.5 : ceilPixel(17.5) }

    /// L8: above the first grouped section without a header (`defaultPaddingAboveFirstSectionWithoutHeaderTableStyle:` [D?]).
    static let firstGroupedSectionTop = 35.0
    /// L8: below the last grouped section without a footer [D?, V].
    static let lastGroupedSectionBottom = 20.0
    /// L9: below a sidebar section without a footer [D?].
    static let sidebarBottom = 10.0
    /// L9: above and below a sidebarPlain section with non-chromeless headers [D26, D?].
    static let sidebarPlainChromePadding = 8.0
    /// L12: above plain-like (chromeless) headers (`defaultPaddingAboveSectionHeadersForTableStyle:` [D?];
    /// the first section's constant is assumed the same [I]).
    static let plainHeaderPadding = 22.0
    /// L15: the sidebars' separator inset.
    static let sidebarSeparatorInset = 8.0

    /// L10: the table margin for a container `width` wide: 20 on screens that want wide content
    /// margins when wider than 320, else 16 [D?; V 16 at 300].
    func tableMargin(width: Double) -> Double {
        wideMargins && width > 320 ? 20 : 16
    }

    /// L15: separator thickness: one pixel, 1 pt at accessibility sizes [D?, D26].
    var separatorThickness: Double {
        category.isAccessibility ? 1 : (scale > 0 ? 1 / scale : 1)
    }

    /// L17: insetGrouped row corner radius: 10 on iOS 14-18 [D?], 26 in iOS 26's new design [D26].
    var cornerRadius: Double { generation == .ios26 ? 26 : 10 }

    /// Apple HIG Dynamic Type: body leading xS…xxxL [Doc]; accessibility sizes capped at xxxL [D26].
    static let bodyLeadings: [Double] = [19, 20, 21, 22, 24, 26, 29]
    static func bodyLeading(_ c: ContentSizeCategory) -> Double { bodyLeadings[min(c.index, bodyLeadings.count - 1)] }
    /// HIG point sizes xS…AX5 [Doc].
    static let bodySizes: [Double] = [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53]
    static let subheadlineSizes: [Double] = [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49]
}

extension ContentSizeCategory {
    /// 0 for XS … 11 for AX5.
    var index: Int {
        switch self {
        case .XS: 0
        case .S: 1
        case .M: 2
        case .L: 3
        case .XL: 4
        case .XXL: 5
        case .XXXL: 6
        case .AX1: 7
        case .AX2: 8
        case .AX3: 9
        case .AX4: 10
        case .AX5: 11
        }
    }
}
