import JSON
import LayoutEngine

/// The compositional shape `LayoutFastPath` reads (`UICollectionViewCompositionalLayout` as
/// `WireReader.compositionalConfiguration` decodes it, for these members only):
/// - `layout`: `"type": "compositional"`, `sections` (1 to 1,000), optional `configuration`
///   with `scrollDirection`, `interSectionSpacing` and `boundarySupplementaryItems`;
/// - a layout section: `group`, optional `contentInsets`, `interGroupSpacing`,
///   `orthogonalScrollingBehavior`, `supplementariesFollowContentInsets`,
///   `boundarySupplementaryItems` (headers and footers: `elementKind`, `alignment`, `layoutSize`,
///   optional `absoluteOffset`, `extendsBoundary`, `pinToVisibleBounds`, `zIndex`,
///   `contentInsets`) and `decorationItems` (`elementKind`, optional `contentInsets`, `zIndex`);
/// - a group: `orientation`, `layoutSize`, `subitems` (each one `item` or `group`), optional
///   `count`, `interItemSpacing` and `contentInsets`; nested at most 16 deep;
/// - an item: `layoutSize`, optional `contentInsets`;
/// - data sections: `numberOfItems` only;
/// - a list (`UICollectionViewCompositionalLayout.list(using:)`): `"type": "list"` with no
///   sections, or `list` in place of `sections` with `appearance`, `headerMode`, `footerMode`,
///   `headerTopPadding` and `showsSeparators` (no `separatorConfiguration` or `rowHeight`);
///   and for every compositional layout `listEnvironment` with all its members.
extension FastBodyReader {
    /// Groups nested deeper than this take the general path (which accepts 32 and says so past it).
    static let maximumCompositionalDepth = 16

    /// A compositional layout object's members (besides `type`).
    struct CompositionalLayoutFields {
        var sections: [CompositionalSection]?
        var configuration: Configuration?
        /// `layout.list`: one list configuration for every section.
        var list: ListSectionConfiguration?
        var listEnvironment: ListEnvironment?
        /// `"type": "list"`.
        var isListType = false
    }

    struct Configuration {
        var scrollDirection = ScrollDirection.vertical
        var interSectionSpacing = 0.0
        var boundarySupplementaryItems: [BoundarySupplementaryItem] = []
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
        if JSONScanner.equals(key, "list") {
            guard let list = listConfiguration() else { return nil }
            fields.list = list
            return 4
        }
        if JSONScanner.equals(key, "listEnvironment") {
            guard let environment = listEnvironment() else { return nil }
            fields.listEnvironment = environment
            return 8
        }
        return nil
    }

    /// `layout.list` as `WireReader.listConfiguration` reads it, for the members listed above
    /// (any other, `rowHeight` among them, takes the general path).
    mutating func listConfiguration() -> ListSectionConfiguration? {
        var list = ListSectionConfiguration()
        guard object({ r, key in
            if JSONScanner.equals(key, "appearance") {
                guard let v = r.enumValue(ListAppearance.self, LayoutFastPath.Names.listAppearance) else { return nil }
                list.appearance = v
                return 1
            }
            if JSONScanner.equals(key, "headerMode") {
                guard let v = r.enumValue(ListHeaderMode.self, LayoutFastPath.Names.listHeaderMode) else { return nil }
                list.headerMode = v
                return 2
            }
            if JSONScanner.equals(key, "footerMode") {
                guard let v = r.enumValue(ListFooterMode.self, LayoutFastPath.Names.listFooterMode) else { return nil }
                list.footerMode = v
                return 4
            }
            if JSONScanner.equals(key, "headerTopPadding") {
                // Negative means automatic (UICollectionViewListSectionHeaderTopPaddingAutomatic).
                guard let v = r.finite() else { return nil }
                list.headerTopPadding = v < 0 ? nil : v
                return 8
            }
            if JSONScanner.equals(key, "showsSeparators") {
                guard let v = r.bool() else { return nil }
                list.showsSeparators = v
                return 16
            }
            return nil
        }) != nil else { return nil }
        return list
    }

    /// `layout.listEnvironment` as `WireReader.listEnvironment` reads it.
    mutating func listEnvironment() -> ListEnvironment? {
        var e = ListEnvironment()
        guard object({ r, key in
            if JSONScanner.equals(key, "generation") {
                guard let v = r.enumValue(ListGeneration.self, LayoutFastPath.Names.listGeneration) else { return nil }
                e.generation = v
                return 1
            }
            if JSONScanner.equals(key, "contentSizeCategory") {
                guard let v = r.enumValue(ContentSizeCategory.self, LayoutFastPath.Names.contentSizeCategory) else { return nil }
                e.contentSizeCategory = v
                return 2
            }
            if JSONScanner.equals(key, "wideContentMargins") {
                guard let v = r.bool() else { return nil }
                e.wideContentMargins = v
                return 4
            }
            if JSONScanner.equals(key, "collapsedTopSpacing") {
                guard let v = r.bool() else { return nil }
                e.collapsedTopSpacing = v
                return 8
            }
            if JSONScanner.equals(key, "includeBackgroundDecorations") {
                guard let v = r.bool() else { return nil }
                e.includeBackgroundDecorations = v
                return 16
            }
            if JSONScanner.equals(key, "includeSeparators") {
                guard let v = r.bool() else { return nil }
                e.includeSeparators = v
                return 32
            }
            return nil
        }) != nil else { return nil }
        return e
    }

    /// The configuration as `WireReader.compositionalConfiguration` builds it; data sections
    /// with `numberOfItems` only, within the element cap in order (`WireReader.itemCounts`).
    func compositional(_ collectionView: CollectionViewMetrics, _ fields: CompositionalLayoutFields,
                       _ sections: [DataSectionFields], budget: inout ElementBudget) -> CompositionalConfiguration? {
        // As the typed pass: `list` for every section (never beside `sections`), `"type": "list"`
        // alone a plain list, else the layout's sections.
        let layoutSections: [CompositionalSection]
        if let list = fields.list {
            guard fields.sections == nil else { return nil }
            layoutSections = [CompositionalSection.listSection(list)]
        } else if fields.isListType, fields.sections == nil {
            layoutSections = [CompositionalSection.listSection(ListSectionConfiguration())]
        } else {
            guard let sections = fields.sections else { return nil }
            layoutSections = sections
        }
        var c = CompositionalConfiguration(collectionView: collectionView, sections: [], itemCounts: [])
        if let configuration = fields.configuration {
            c.scrollDirection = configuration.scrollDirection
            c.interSectionSpacing = configuration.interSectionSpacing
            c.contentInsetsReference = .safeArea
            c.generation = .modern
            c.readableContentInsets = nil
            c.boundarySupplementaryItems = configuration.boundarySupplementaryItems
        }
        c.listEnvironment = fields.listEnvironment ?? ListEnvironment()
        c.sections = layoutSections
        // List rows are vertical: the typed pass refuses a horizontal configuration (a 422).
        if c.scrollDirection == .horizontal, c.hasListSections { return nil }
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
            if JSONScanner.equals(key, "boundarySupplementaryItems") {
                guard let items = r.boundaryItems() else { return nil }
                c.boundarySupplementaryItems = items
                return 4
            }
            return nil
        }) != nil else { return nil }
        return c
    }

    mutating func section() -> CompositionalSection? {
        var group: CompositionalGroup?
        var insets = DirectionalInsets.zero, spacing = 0.0, orthogonal = OrthogonalScrollingBehavior.none
        var follows = true, boundary: [BoundarySupplementaryItem] = [], decorations: [DecorationItem] = []
        guard let seen = object({ r, key in
            if JSONScanner.equals(key, "group") { group = r.group(depth: 1); return group == nil ? nil : 1 }
            if JSONScanner.equals(key, "supplementariesFollowContentInsets") {
                guard let v = r.bool() else { return nil }
                follows = v
                return 16
            }
            if JSONScanner.equals(key, "boundarySupplementaryItems") {
                guard let items = r.boundaryItems() else { return nil }
                boundary = items
                return 32
            }
            if JSONScanner.equals(key, "decorationItems") {
                guard let items = r.decorationItems() else { return nil }
                decorations = items
                return 64
            }
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
        s.supplementariesFollowContentInsets = follows
        s.orthogonalScrollingBehavior = orthogonal
        s.boundarySupplementaryItems = boundary
        s.decorationItems = decorations
        return s
    }

    /// Headers and footers (`WireReader.boundaryItems`), at most `WireReader.maximumListLength`.
    mutating func boundaryItems() -> [BoundarySupplementaryItem]? {
        var items: [BoundarySupplementaryItem] = []
        guard array(limit: WireReader.maximumListLength, { r in
            r.nodes += 1
            var kind: String?, alignment: BoundaryAlignment?, size: CompositionalSize?
            var offset = Point.zero, extends = true, pins = false, z = 1, insets = DirectionalInsets.zero
            guard let seen = r.object({ r, key in
                if JSONScanner.equals(key, "elementKind") { kind = r.elementKind(); return kind == nil ? nil : 1 }
                if JSONScanner.equals(key, "alignment") {
                    alignment = r.enumValue(BoundaryAlignment.self, LayoutFastPath.Names.boundaryAlignment)
                    return alignment == nil ? nil : 2
                }
                if JSONScanner.equals(key, "layoutSize") { size = r.layoutSize(); return size == nil ? nil : 4 }
                if JSONScanner.equals(key, "absoluteOffset") { guard let v = r.point() else { return nil }; offset = v; return 8 }
                if JSONScanner.equals(key, "extendsBoundary") { guard let v = r.bool() else { return nil }; extends = v; return 16 }
                if JSONScanner.equals(key, "pinToVisibleBounds") { guard let v = r.bool() else { return nil }; pins = v; return 32 }
                if JSONScanner.equals(key, "zIndex") { guard let v = r.zIndex() else { return nil }; z = v; return 64 }
                if JSONScanner.equals(key, "contentInsets") { guard let v = r.insets() else { return nil }; insets = v; return 128 }
                return nil
            }), seen & 7 == 7, r.nodes <= CompositionalNodeCount.maximum, let kind, let alignment, let size else { return false }
            // As `WireReader.boundaryItems` sets it.
            var item = BoundarySupplementaryItem(elementKind: kind, alignment: alignment, layoutSize: size)
            item.absoluteOffset = offset
            item.extendsBoundary = extends
            item.pinToVisibleBounds = pins
            item.zIndex = z
            item.contentInsets = insets
            items.append(item)
            return true
        }) != nil else { return nil }
        return items
    }

    /// Section backgrounds (`decorationItems` in `WireReader.compositionalSection`).
    mutating func decorationItems() -> [DecorationItem]? {
        var items: [DecorationItem] = []
        guard array(limit: WireReader.maximumListLength, { r in
            r.nodes += 1
            var kind: String?, z = 0, insets = DirectionalInsets.zero
            guard let seen = r.object({ r, key in
                if JSONScanner.equals(key, "elementKind") { kind = r.elementKind(); return kind == nil ? nil : 1 }
                if JSONScanner.equals(key, "contentInsets") { guard let v = r.insets() else { return nil }; insets = v; return 2 }
                if JSONScanner.equals(key, "zIndex") { guard let v = r.zIndex() else { return nil }; z = v; return 4 }
                return nil
            }), seen & 1 == 1, r.nodes <= CompositionalNodeCount.maximum, let kind else { return false }
            items.append(DecorationItem(elementKind: kind, contentInsets: insets, zIndex: z))
            return true
        }) != nil else { return nil }
        return items
    }

    /// An element kind of 1 to 256 bytes (`WireReader.elementKind`), plain ASCII here.
    mutating func elementKind() -> String? {
        guard let text = scanner.plainString(), !text.isEmpty, text.count <= 256 else { return nil }
        return String(decoding: text, as: UTF8.self)
    }

    /// A 32-bit zIndex (`WireReader.zIndex`).
    mutating func zIndex() -> Int? {
        guard let v = int(), v >= -2_147_483_648, v <= 2_147_483_647 else { return nil }
        return v
    }

    /// `{"x": v, "y": v}`, each finite and 0 when absent (`WireReader.offset`).
    mutating func point() -> Point? {
        var point = Point.zero
        guard object({ r, key in
            guard let v = r.finite() else { return nil }
            if JSONScanner.equals(key, "x") { point.x = v; return 1 }
            if JSONScanner.equals(key, "y") { point.y = v; return 2 }
            return nil
        }) != nil else { return nil }
        return point
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
