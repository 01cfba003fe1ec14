/// A computed layout: what a `UICollectionViewLayout` knows after `prepare()`.
///
/// Every layout type produces this value. `attributes` are in a fixed order: section by section,
/// the header, the cells in item order, the footer (a compositional layout may add other kinds
/// and decorations, but a section's elements stay contiguous; global elements lie outside every
/// section). `sections[s]` says where each section's elements are in `attributes`, which the
/// spatial index and pinned headers use.
public struct Layout: Sendable, Hashable {
    public var scrollDirection: ScrollDirection
    public var contentSize: Size
    /// An array while the layout is computed; compact once it is cached (`compactElements()`).
    public var attributes: ElementStore
    public var sections: [SectionGeometry]
    /// Hazards UIKit tolerates (and logs) but that the client should hear about.
    public var warnings: [LayoutWarning]
    /// Pinned (sticky) headers and footers, applied at query time for a visible rect.
    public var pinning: Pinning
    /// The names of the element kinds, indexed by `SupplementaryKind.rawValue`: always starts
    /// with `defaultElementKinds` (`header`, `footer`), so flow-family answers are unchanged.
    public var elementKinds: [String]
    /// The rounded groups of rows UIKit draws for insetGrouped list sections (list-layout.md
    /// L17): corner radius and the rect the rounded corners enclose. Empty for other layouts.
    public var roundedSections: [RoundedSection] = []
    /// Laid out right to left: frames are the mirror image of the left-to-right layout across
    /// `contentSize.width` (`mirrorForRightToLeft()`); a horizontal scroll axis runs from the right.
    public var isRightToLeft: Bool = false
    /// The orthogonal scrollers of compositional sections that scroll orthogonally, by data
    /// section (`orthogonalGeometry(ofSection:)`); empty for other layouts (no allocation).
    public var orthogonalScrolling: [Int: OrthogonalScrollGeometry] = [:]

    /// `UICollectionView.elementKindSectionHeader` / `Footer`, as the wire names them.
    public static let defaultElementKinds = ["header", "footer"]
    /// UIKit's names of the section header and footer kinds, as list and compositional layouts
    /// name them (`UICollectionView.elementKindSectionHeader` / `…Footer`).
    public static let sectionHeaderKind = "UICollectionElementKindSectionHeader"
    public static let sectionFooterKind = "UICollectionElementKindSectionFooter"

    public init(scrollDirection: ScrollDirection = .vertical, contentSize: Size,
                attributes: [LayoutAttributes], sections: [SectionGeometry],
                warnings: [LayoutWarning] = [], pinning: Pinning = .none,
                elementKinds: [String] = Layout.defaultElementKinds) {
        self.scrollDirection = scrollDirection
        self.contentSize = contentSize
        self.attributes = ElementStore(attributes)
        self.sections = sections
        self.warnings = warnings
        self.pinning = pinning
        self.elementKinds = elementKinds
    }

    /// Keeps the elements in their compact form (`CompactElements`: about 16 bytes each instead of
    /// 56) when that saves memory; the same elements either way. O(n). For a layout that is kept.
    public mutating func compactElements() {
        attributes = attributes.compacted(scale: pinning.scale)
    }

    /// The name of `kind` (`"kind#N"` for an index outside the table, which no layout produces).
    public func name(of kind: SupplementaryKind) -> String {
        let i = Int(kind.rawValue)
        return i < elementKinds.count ? elementKinds[i] : "kind#\(i)"
    }
}

/// Where one section lies, along the scroll axis, and where its elements sit in `Layout.attributes`.
public struct SectionGeometry: Hashable, Sendable {
    /// The section's start and end along the scroll axis (y when vertical), header and footer
    /// included. Horizontally they are x left to right and distances from the right edge of the
    /// content right to left (`Layout.isRightToLeft`; `Layout.rect(of:)` gives the physical rect).
    public var minScroll: Double
    public var maxScroll: Double
    /// Index in `Layout.attributes` of the header, if the section has one.
    public var headerIndex: Int?
    /// Index in `Layout.attributes` of the footer, if the section has one.
    public var footerIndex: Int?
    /// Indices in `Layout.attributes` of the section's cells, in item order.
    public var cells: Range<Int>
    /// The scrollable content size of a section that scrolls orthogonally to the layout (a
    /// compositional `orthogonalScrollingBehavior` other than `.none`); nil otherwise.
    public var orthogonalContentSize: Size?

    public init(minScroll: Double, maxScroll: Double, headerIndex: Int?, footerIndex: Int?, cells: Range<Int>,
                orthogonalContentSize: Size? = nil) {
        self.minScroll = minScroll
        self.maxScroll = maxScroll
        self.headerIndex = headerIndex
        self.footerIndex = footerIndex
        self.cells = cells
        self.orthogonalContentSize = orthogonalContentSize
    }
}

/// `sectionHeadersPinToVisibleBounds` / `sectionFootersPinToVisibleBounds`, plus what placing
/// them needs: the screen scale for rounding and the content inset on the leading scroll edge.
public struct Pinning: Hashable, Sendable {
    public var headers: Bool
    public var footers: Bool
    public var scale: Double
    public var roundsToScreenScale: Bool
    /// The adjusted content inset (`adjustedContentInset`): a header pins at `visible.minY + top`
    /// and a footer at `visible.maxY − bottom` (left/right when scrolling horizontally), spec §12.
    public var contentInset: Insets
    /// Some element pins itself (`LayoutAttributes.pinsToVisibleBounds`, compositional
    /// `pinToVisibleBounds`): a section's header or footer slot, or a leading (trailing) global
    /// element, which pins over the whole content. Set with `Layout.notePinnedElements()`.
    public var elements: Bool
    /// Added to the zIndex of an element pinning itself while it is drawn away from its frame:
    /// list headers and footers (zIndex 200) are drawn at 210 while pinned over rows
    /// (`_setPinningZIndex:`, list-layout.md L13); 0 for other layouts (R31 changes only the frame).
    public var selfPinnedZIndexRaise = 0
    /// A plain `UITableView`'s floating headers and footers (table-layout.md T16): where they
    /// float follows `UITableViewRowData`'s `floatingRectFor…` in this behaviour, not the flow
    /// layout's rule; nil for every collection-view layout.
    public var table: TablePinningBehavior? = nil

    public init(headers: Bool, footers: Bool, scale: Double = 2, roundsToScreenScale: Bool = true,
                contentInset: Insets = .zero, elements: Bool = false) {
        self.headers = headers
        self.footers = footers
        self.scale = scale
        self.roundsToScreenScale = roundsToScreenScale
        self.contentInset = contentInset
        self.elements = elements
    }

    /// Whether anything is drawn pinned for some visible rect.
    public var isActive: Bool { headers || footers || elements }
    public static let none = Pinning(headers: false, footers: false)
}

/// A condition UIKit logs but lays out anyway.
public struct LayoutWarning: Hashable, Sendable {
    /// Stable machine-readable code, e.g. `ITEM_TOO_WIDE`.
    public var code: String
    /// UIKit's exact console text where UIKit has one.
    public var message: String
    public var indexPath: IndexPath?

    public init(code: String, message: String, indexPath: IndexPath?) {
        self.code = code
        self.message = message
        self.indexPath = indexPath
    }
}

/// An insetGrouped list section's rounded rows (L17): the rows from the first (after a
/// first-item header) to the last, whose outer corners UIKit rounds with `cornerRadius`
/// (`_configureLayoutAttributesWithInsetGroupedMasking:…`). With row spacing every row is
/// rounded on its own and has its own entry.
public struct RoundedSection: Hashable, Sendable {
    public var section: Int
    public var frame: Rect
    public var cornerRadius: Double

    public init(section: Int, frame: Rect, cornerRadius: Double) {
        self.section = section
        self.frame = frame
        self.cornerRadius = cornerRadius
    }
}
