import JSON
import LayoutEngine

/// `UICollectionViewCompositionalLayout` on the wire: `"type": "compositional"`, decoded by
/// `WireReader.compositionalConfiguration` (CompositionalRequest.swift); self-sizing with
/// `preferredSizes` like the flow layout (PreferredSizes.swift).
extension CompositionalConfiguration: WireLayout {
    static var typeName: String { "compositional" }
    static var acceptsPreferredSizes: Bool { true }
    static var acceptsPreferredSupplementarySizes: Bool { true }
    /// `"type": "list"`: a compositional layout whose sections are `layout.list` (plain when
    /// absent); the same canonical form as `"type": "compositional"`, so the same id.
    static var typeAliases: [String] { [ListLayoutType.alias] }

    static func decode(_ request: LayoutRequestFields, reader: inout WireReader,
                       budget: inout ElementBudget) throws(FieldError) -> CompositionalConfiguration {
        var config = try reader.compositionalConfiguration(collectionView: request.collectionView, layout: request.layout,
                                                           sections: request.sections, budget: &budget)
        if let p = request.preferredSizes {
            try reader.applyPreferredSizes(p, to: &config)
        }
        if let p = request.preferredSupplementarySizes {
            try reader.applyPreferredSupplementarySizes(p, to: &config)
        }
        return config
    }

    func writeCanonical(into w: inout JSONWriter) { w.canonicalCompositional(self) }

    /// The group trees (bounded by the decoder's tree cap), counts and measured sizes.
    var approximateBytes: Int {
        var bytes = MemoryLayout<CompositionalConfiguration>.size + itemCounts.capacity * MemoryLayout<Int>.stride
        bytes += preferredSizes.count * 64 + preferredSupplementaryHeights.count * 96
        for s in sections { bytes += MemoryLayout<CompositionalSection>.stride + s.group.approximateBytes }
        bytes += boundarySupplementaryItems.count * (MemoryLayout<BoundarySupplementaryItem>.stride + 32)
        return bytes
    }

    func applyingPreferredSizes(_ field: JSONField, reader: inout WireReader) throws(FieldError) -> CompositionalConfiguration? {
        var config = self
        try reader.applyPreferredSizes(field, to: &config)
        return config
    }
}

extension CompositionalGroup {
    var approximateBytes: Int {
        let customBytes = (custom?.items.count ?? 0) * MemoryLayout<CustomGroupItem>.stride
        return subitems.reduce(MemoryLayout<CompositionalGroup>.size + customBytes) { total, sub in
            switch sub {
            case .item(let i): total + MemoryLayout<CompositionalSubitem>.stride
                + i.supplementaryItems.count * (MemoryLayout<CompositionalSupplementaryItem>.stride + 32)
            case .group(let g): total + MemoryLayout<CompositionalSubitem>.stride + g.approximateBytes
            }
        }
    }
}
