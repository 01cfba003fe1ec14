import JSON
import LayoutEngine

/// The compositional shape `LayoutFastPath` reads (`UICollectionViewCompositionalLayout` as
/// `WireReader.compositionalConfiguration` decodes it, for these members only):
/// - `layout`: `"type": "compositional"`, `sections` (1 to 1,000), optional `configuration`
///   with `scrollDirection` and `interSectionSpacing`;
/// - a layout section: `group`, optional `contentInsets`, `interGroupSpacing`,
///   `orthogonalScrollingBehavior`;
/// - a group: `orientation`, `layoutSize`, `subitems` (each one `item` or `group`), optional
///   `count`, `interItemSpacing` and `contentInsets`; nested at most 16 deep;
/// - an item: `layoutSize`, optional `contentInsets`;
/// - data sections: `numberOfItems` only.
extension FastBodyReader {
    /// Groups nested deeper than this take the general path (which accepts 32 and says so past it).
    static let maximumCompositionalDepth = 16

    /// A compositional layout object's members (besides `type`).
    struct CompositionalLayoutFields {
        var sections: [CompositionalSection]?
        var configuration: Configuration?
    }

    struct Configuration {
        var scrollDirection = ScrollDirection.vertical
        var interSectionSpacing = 0.0
    }

    /// `key` of a compositional layout object read into `fields`: its bit, or nil.
    mutating func compositionalLayoutMember(_ key: UnsafeBufferPointer<UInt8>, _ fields: inout CompositionalLayoutFields) -> UInt32? {
        if JSONScanner.equals(key, "sections") {
            var sections: [CompositionalSection] = []
            let read = array(limit: WireReader.maximumLayoutSections) { r in
                guard let section = r.section() else { return false }
                sections.append(section)
                return true
            }
            guard let read, read > 0 else { return nil }
            fields.sections = sections
            return 1
        }
        if JSONScanner.equals(key, "configuration") {
            guard let configuration = configuration() else { return nil }
            fields.configuration = configuration
            return 2
        }
        return nil
    }

    /// The configuration as `WireReader.compositionalConfiguration` builds it; data sections
    /// with `numberOfItems` only, within the element cap in order (`WireReader.itemCounts`).
    func compositional(_ collectionView: CollectionViewMetrics, _ fields: CompositionalLayoutFields,
                       _ sections: [DataSectionFields], budget: inout ElementBudget) -> CompositionalConfiguration? {
        guard let layoutSections = fields.sections else { return nil }
        var c = CompositionalConfiguration(collectionView: collectionView, sections: [], itemCounts: [])
        if let configuration = fields.configuration {
            c.scrollDirection = configuration.scrollDirection
            c.interSectionSpacing = configuration.interSectionSpacing
            c.contentInsetsReference = .safeArea
            c.generation = .modern
            c.readableContentInsets = nil
            c.boundarySupplementaryItems = []
        }
        c.listEnvironment = ListEnvironment()
        c.sections = layoutSections
        var counts: [Int] = []
        counts.reserveCapacity(sections.count)
        for section in sections {
            guard section.members == 1, let n = section.numberOfItems, n <= budget.remaining else { return nil }
            budget.add(n)
            counts.append(n)
        }
        c.itemCounts = counts
        c.elementLimit = budget.limit
        return c
    }

    mutating func configuration() -> Configuration? {
        var c = Configuration()
        guard object({ r, key in
            if JSONScanner.equals(key, "scrollDirection") {
                guard let v = r.enumValue(ScrollDirection.self, LayoutFastPath.Names.scrollDirection) else { return nil }
                c.scrollDirection = v
                return 1
            }
            if JSONScanner.equals(key, "interSectionSpacing") {
                guard let v = r.finite() else { return nil }
                c.interSectionSpacing = v
                return 2
            }
            return nil
        }) != nil else { return nil }
        return c
    }

    mutating func section() -> CompositionalSection? {
        var group: CompositionalGroup?
        var insets = DirectionalInsets.zero, spacing = 0.0, orthogonal = OrthogonalScrollingBehavior.none
        guard let seen = object({ r, key in
            if JSONScanner.equals(key, "group") { group = r.group(depth: 1); return group == nil ? nil : 1 }
            if JSONScanner.equals(key, "contentInsets") { guard let v = r.insets() else { return nil }; insets = v; return 2 }
            if JSONScanner.equals(key, "interGroupSpacing") { guard let v = r.finite() else { return nil }; spacing = v; return 4 }
            if JSONScanner.equals(key, "orthogonalScrollingBehavior") {
                guard let v = r.enumValue(OrthogonalScrollingBehavior.self, LayoutFastPath.Names.orthogonal) else { return nil }
                orthogonal = v
                return 8
            }
            return nil
        }), seen & 1 == 1, let group else { return nil }
        // As `WireReader.compositionalSection` sets it.
        var s = CompositionalSection(group: group)
        s.contentInsets = insets
        s.interGroupSpacing = spacing
        s.contentInsetsReference = .automatic
        s.supplementariesFollowContentInsets = true
        s.orthogonalScrollingBehavior = orthogonal
        s.boundarySupplementaryItems = []
        s.decorationItems = []
        return s
    }

    mutating func group(depth: Int) -> CompositionalGroup? {
        guard depth <= Self.maximumCompositionalDepth else { return nil }
        nodes += 1
        var orientation: GroupOrientation?, size: CompositionalSize?, count: Int?
        var subitems: [CompositionalSubitem] = []
        var spacing: CompositionalSpacing?, insets = DirectionalInsets.zero
        guard let seen = object({ r, key in
            if JSONScanner.equals(key, "orientation") { orientation = r.enumValue(GroupOrientation.self, LayoutFastPath.Names.orientation); return orientation == nil ? nil : 1 }
            if JSONScanner.equals(key, "layoutSize") { size = r.layoutSize(); return size == nil ? nil : 2 }
            if JSONScanner.equals(key, "subitems") {
                let read = r.array(limit: CompositionalNodeCount.maximum) { r in
                    guard let sub = r.subitem(depth: depth) else { return false }
                    subitems.append(sub)
                    return true
                }
                return (read ?? 0) > 0 ? 4 : nil
            }
            if JSONScanner.equals(key, "count") {
                guard let n = r.int(), n >= 1, n <= CompositionalNodeCount.maximumCount else { return nil }
                count = n
                return 8
            }
            if JSONScanner.equals(key, "interItemSpacing") { spacing = r.spacing(); return spacing == nil ? nil : 16 }
            if JSONScanner.equals(key, "contentInsets") { guard let v = r.insets() else { return nil }; insets = v; return 32 }
            return nil
        }), seen & 7 == 7, nodes <= CompositionalNodeCount.maximum, let orientation, let size else { return nil }
        // As `WireReader.compositionalGroup` sets it; a count has exactly one subitem.
        var g = CompositionalGroup(orientation: orientation, layoutSize: size, subitems: subitems)
        if let count {
            guard subitems.count == 1 else { return nil }
            g.count = count
            g.countKind = .subitemCount
        }
        g.interItemSpacing = spacing
        g.contentInsets = insets
        g.edgeSpacing = .none
        return g
    }

    /// `{"item": …}` or `{"group": …}`.
    mutating func subitem(depth: Int) -> CompositionalSubitem? {
        var sub: CompositionalSubitem?
        // Exactly one of them: both is the typed pass's 422, neither its 400.
        guard let seen = object({ r, key in
            if JSONScanner.equals(key, "item") { guard let i = r.item() else { return nil }; sub = .item(i); return 1 }
            if JSONScanner.equals(key, "group") { guard let g = r.group(depth: depth + 1) else { return nil }; sub = .group(g); return 2 }
            return nil
        }), seen.nonzeroBitCount == 1 else { return nil }
        return sub
    }

    mutating func item() -> CompositionalItem? {
        nodes += 1
        var size: CompositionalSize?, insets = DirectionalInsets.zero
        guard let seen = object({ r, key in
            if JSONScanner.equals(key, "layoutSize") { size = r.layoutSize(); return size == nil ? nil : 1 }
            if JSONScanner.equals(key, "contentInsets") { guard let v = r.insets() else { return nil }; insets = v; return 2 }
            return nil
        }), seen & 1 == 1, nodes <= CompositionalNodeCount.maximum, let size else { return nil }
        // As `WireReader.compositionalItem` sets it.
        var item = CompositionalItem(layoutSize: size)
        item.contentInsets = insets
        item.edgeSpacing = .none
        item.supplementaryItems = []
        return item
    }

    mutating func layoutSize() -> CompositionalSize? {
        var width: CompositionalDimension?, height: CompositionalDimension?
        guard let seen = object({ r, key in
            if JSONScanner.equals(key, "width") { width = r.dimension(); return width == nil ? nil : 1 }
            if JSONScanner.equals(key, "height") { height = r.dimension(); return height == nil ? nil : 2 }
            return nil
        }), seen == 3, let width, let height else { return nil }
        return CompositionalSize(width: width, height: height)
    }

    /// Exactly one of the five dimensions, a finite number > 0 up to `WireReader.maxLength`.
    mutating func dimension() -> CompositionalDimension? {
        var dimension: CompositionalDimension?
        guard let seen = object({ r, key in
            guard let v = r.scanner.number(), v.isFinite, v > 0, v <= WireReader.maxLength else { return nil }
            if JSONScanner.equals(key, "fractionalWidth") { dimension = .fractionalWidth(v); return 1 }
            if JSONScanner.equals(key, "fractionalHeight") { dimension = .fractionalHeight(v); return 2 }
            if JSONScanner.equals(key, "absolute") { dimension = .absolute(v); return 4 }
            if JSONScanner.equals(key, "estimated") { dimension = .estimated(v); return 8 }
            if JSONScanner.equals(key, "uniformAcrossSiblings") { dimension = .uniformAcrossSiblings(v); return 16 }
            return nil
        }), seen.nonzeroBitCount == 1 else { return nil }
        return dimension
    }

    /// `{"fixed": v}` or `{"flexible": v}`.
    mutating func spacing() -> CompositionalSpacing? {
        var spacing: CompositionalSpacing?
        guard let seen = object({ r, key in
            guard let v = r.length() else { return nil }
            if JSONScanner.equals(key, "fixed") { spacing = .fixed(v); return 1 }
            if JSONScanner.equals(key, "flexible") { spacing = .flexible(v); return 2 }
            return nil
        }), seen.nonzeroBitCount == 1 else { return nil }
        return spacing
    }

    /// `NSDirectionalEdgeInsets`, each edge a length (0 when absent).
    mutating func insets() -> DirectionalInsets? {
        var insets = DirectionalInsets.zero
        guard object({ r, key in
            guard let v = r.length() else { return nil }
            if JSONScanner.equals(key, "top") { insets.top = v; return 1 }
            if JSONScanner.equals(key, "leading") { insets.leading = v; return 2 }
            if JSONScanner.equals(key, "bottom") { insets.bottom = v; return 4 }
            if JSONScanner.equals(key, "trailing") { insets.trailing = v; return 8 }
            return nil
        }) != nil else { return nil }
        return insets
    }
}
