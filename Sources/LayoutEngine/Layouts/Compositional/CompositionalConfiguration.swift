/// The input of `CompositionalLayout.layout(_:)`: a `UICollectionViewCompositionalLayout`
/// (its sections and `UICollectionViewCompositionalLayoutConfiguration`), the collection view it
/// lays out and the data source's item counts.
public struct CompositionalConfiguration: Hashable, Sendable {
    /// Bounds size, scale, safe area and layout margins (`contentInset` is not read).
    public var collectionView: CollectionViewMetrics
    /// The readable-content insets (`.readableContent`); nil means the layout margins.
    public var readableContentInsets: Insets?
    public var scrollDirection: ScrollDirection
    /// Added between two consecutive sections that both have items (R40).
    public var interSectionSpacing: Double
    /// Default `.safeArea` (R1); `.automatic` here means `.safeArea`.
    public var contentInsetsReference: ContentInsetsReference
    /// Layout header and footer (R41), index path `[0]`.
    public var boundarySupplementaryItems: [BoundarySupplementaryItem]
    public var generation: UIKitGeneration
    /// The layout sections; data section `s` uses `sections[min(s, sections.count − 1)]` (a section
    /// provider returning one section repeats it).
    public var sections: [CompositionalSection]
    /// `numberOfItems(inSection:)` of the data source, one per data section.
    public var itemCounts: [Int]
    /// Self-sizing: what cells measured (`preferredLayoutAttributesFitting`), applied on their
    /// estimated axes only (R4, R5).
    public var preferredSizes: [IndexPath: Size]
    /// The most elements (cells, item supplementaries, boundary items, decorations) the layout
    /// may have; counted exactly from the solutions before any element is made.
    public var elementLimit: Int
    /// What list sections read from their environment (generation, Dynamic Type, ...).
    public var listEnvironment: ListEnvironment
    /// Measured heights of list headers and footers (`preferredLayoutAttributesFitting` of a
    /// supplementary view), by kind and index path `[s, 0]` (L6, L16).
    public var preferredSupplementaryHeights: [SupplementaryKey: Double]

    public init(collectionView: CollectionViewMetrics, readableContentInsets: Insets? = nil,
                scrollDirection: ScrollDirection = .vertical, interSectionSpacing: Double = 0,
                contentInsetsReference: ContentInsetsReference = .safeArea,
                boundarySupplementaryItems: [BoundarySupplementaryItem] = [], generation: UIKitGeneration = .modern,
                sections: [CompositionalSection], itemCounts: [Int], preferredSizes: [IndexPath: Size] = [:], elementLimit: Int = 10_000_000,
                listEnvironment: ListEnvironment = ListEnvironment(), preferredSupplementaryHeights: [SupplementaryKey: Double] = [:]) {
        self.listEnvironment = listEnvironment
        self.preferredSupplementaryHeights = preferredSupplementaryHeights
        self.collectionView = collectionView
        self.readableContentInsets = readableContentInsets
        self.scrollDirection = scrollDirection
        self.interSectionSpacing = interSectionSpacing
        self.contentInsetsReference = contentInsetsReference
        self.boundarySupplementaryItems = boundarySupplementaryItems
        self.generation = generation
        self.sections = sections
        self.itemCounts = itemCounts
        self.preferredSizes = preferredSizes
        self.elementLimit = elementLimit
    }

    /// The layout section data section `section` uses (the last one repeats).
    public func layoutSectionIndex(forDataSection section: Int) -> Int {
        min(section, sections.count - 1)
    }

    /// Whether any dimension in the layout is estimated: self-sizing applies (preferred sizes).
    public var estimates: Bool {
        sections.contains { s in
            if let list = s.list { return list.rowHeight == nil || list.headerMode == .supplementary || list.footerMode == .supplementary }
            return s.group.containsEstimatedItem
        }
    }

    /// Whether any section is a list section.
    public var hasListSections: Bool {
        // By index: an array's iterator copies each section (a retain per array in it).
        for i in sections.indices where sections[i].list != nil { return true }
        return false
    }
}

extension CompositionalGroup {
    /// Some item (at any depth) has an estimated dimension.
    var containsEstimatedItem: Bool {
        subitems.contains { sub in
            switch sub {
            case .item(let i): i.layoutSize.width.isEstimated || i.layoutSize.height.isEstimated
            case .group(let g): g.containsEstimatedItem
            }
        }
    }
}
