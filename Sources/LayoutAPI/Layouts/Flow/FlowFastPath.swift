import JSON
import LayoutEngine

/// The flow shape `LayoutFastPath` reads (`UICollectionViewFlowLayout` as
/// `WireReader.flowConfiguration` decodes it, for these members only): the layout's
/// `scrollDirection`, `itemSize`, spacings, `sectionInset`, header and footer reference sizes and
/// pinning; a section's `numberOfItems` (with `itemSize`) or `itemSizes`, and the same overrides.
extension FastBodyReader {
    /// A flow layout object's members (besides `type`), nil where absent.
    struct FlowLayoutFields {
        var scrollDirection: ScrollDirection?
        /// The values every section takes unless it overrides them.
        var sectionValues = FlowSectionValues()
        var sectionHeadersPinToVisibleBounds: Bool?
        var sectionFootersPinToVisibleBounds: Bool?
    }

    /// The values a flow layout sets for its sections and a section may override, nil where
    /// absent (`WireReader.FlowDefaults`).
    struct FlowSectionValues {
        var itemSize: Size?
        var sectionInset: Insets?
        var minimumLineSpacing: Double?
        var minimumInteritemSpacing: Double?
        var headerReferenceSize: Size?
        var footerReferenceSize: Size?
    }

    /// `key` of a flow layout object read into `fields`: its bit, or nil.
    mutating func flowLayoutMember(_ key: UnsafeBufferPointer<UInt8>, _ f: inout FlowLayoutFields) -> UInt32? {
        if let bit = flowSectionMember(key, &f.sectionValues) { return bit }
        if JSONScanner.equals(key, "scrollDirection") {
            f.scrollDirection = enumValue(ScrollDirection.self, LayoutFastPath.Names.scrollDirection)
            return f.scrollDirection == nil ? nil : 64
        }
        if JSONScanner.equals(key, "sectionHeadersPinToVisibleBounds") {
            f.sectionHeadersPinToVisibleBounds = bool()
            return f.sectionHeadersPinToVisibleBounds == nil ? nil : 128
        }
        if JSONScanner.equals(key, "sectionFootersPinToVisibleBounds") {
            f.sectionFootersPinToVisibleBounds = bool()
            return f.sectionFootersPinToVisibleBounds == nil ? nil : 256
        }
        return nil
    }

    /// `key` of a flow section (or, through `flowLayoutMember`, of the layout) read into `values`:
    /// its bit (1 to 32), or nil.
    mutating func flowSectionMember(_ key: UnsafeBufferPointer<UInt8>, _ o: inout FlowSectionValues) -> UInt32? {
        if JSONScanner.equals(key, "itemSize") { o.itemSize = size(); return o.itemSize == nil ? nil : 1 }
        if JSONScanner.equals(key, "sectionInset") { o.sectionInset = edgeInsets(); return o.sectionInset == nil ? nil : 2 }
        if JSONScanner.equals(key, "minimumLineSpacing") { o.minimumLineSpacing = length(); return o.minimumLineSpacing == nil ? nil : 4 }
        if JSONScanner.equals(key, "minimumInteritemSpacing") {
            o.minimumInteritemSpacing = length()
            return o.minimumInteritemSpacing == nil ? nil : 8
        }
        if JSONScanner.equals(key, "headerReferenceSize") { o.headerReferenceSize = size(); return o.headerReferenceSize == nil ? nil : 16 }
        if JSONScanner.equals(key, "footerReferenceSize") { o.footerReferenceSize = size(); return o.footerReferenceSize == nil ? nil : 32 }
        return nil
    }

    /// The configuration as `WireReader.flowConfiguration` builds it (`layout` nil: no layout
    /// object), sections counted against the element cap in order (`WireReader.flowSection`).
    func flow(_ collectionView: CollectionViewMetrics, _ layout: FlowLayoutFields?, _ sections: [DataSectionFields],
              budget: inout ElementBudget) -> FlowLayoutConfiguration? {
        var config = FlowLayoutConfiguration(collectionView: collectionView, sections: [])
        var d = WireReader.FlowDefaults()
        if let l = layout {
            config.scrollDirection = l.scrollDirection ?? .vertical
            let v = l.sectionValues
            d.itemSize = v.itemSize ?? d.itemSize
            d.minimumLineSpacing = v.minimumLineSpacing ?? 10
            d.minimumInteritemSpacing = v.minimumInteritemSpacing ?? 10
            d.sectionInset = v.sectionInset ?? .zero
            d.headerReferenceSize = v.headerReferenceSize ?? .zero
            d.footerReferenceSize = v.footerReferenceSize ?? .zero
            config.sectionInsetReference = .fromContentInset
            config.sectionHeadersPinToVisibleBounds = l.sectionHeadersPinToVisibleBounds ?? false
            config.sectionFootersPinToVisibleBounds = l.sectionFootersPinToVisibleBounds ?? false
            config.roundsToScreenScale = true
            config.swapsSpacingForMixedHorizontalSections = true
            config.rowAlignment = .uikit
            config.estimatedItemSize = nil
        }
        config.sections.reserveCapacity(sections.count)
        for s in sections {
            let o = s.overrides
            var section = FlowSection(items: .uniform(count: 0, size: d.itemSize))
            section.inset = o.sectionInset ?? d.sectionInset
            section.minimumLineSpacing = o.minimumLineSpacing ?? d.minimumLineSpacing
            section.minimumInteritemSpacing = o.minimumInteritemSpacing ?? d.minimumInteritemSpacing
            section.headerReferenceSize = o.headerReferenceSize ?? d.headerReferenceSize
            section.footerReferenceSize = o.footerReferenceSize ?? d.footerReferenceSize
            budget.add(section.headerReferenceSize != .zero ? 1 : 0)
            budget.add(section.footerReferenceSize != .zero ? 1 : 0)
            switch (s.numberOfItems, s.itemSizes) {
            case (let n?, nil):
                guard n <= budget.remaining else { return nil }
                budget.add(n)
                section.items = .uniform(count: n, size: o.itemSize ?? d.itemSize)
            case (nil, let sizes?):
                // With itemSize, or over the cap: the typed pass's 422.
                guard o.itemSize == nil, sizes.count <= budget.remaining else { return nil }
                budget.add(sizes.count)
                section.items = .sizes(sizes)
            default:
                return nil   // neither, or both: the typed pass's 422
            }
            config.sections.append(section)
        }
        return config
    }
}
