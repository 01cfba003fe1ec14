import JSON
import LayoutEngine

/// Decodes `"type": "mosaic"`: Apple's MosaicLayout sample (other-layouts.md §1.1) has no
/// properties and reads only the bounds size and the item count of section 0, so the layout
/// object holds only `type` and `sections` must be exactly one `{"numberOfItems": n}`.
extension WireReader {
    static let mosaicLayoutKeys: KeySet = ["type"]
    /// Below this width a band's thirds and 1 pt gaps give items of negative width (refused
    /// whatever the item count, so the contract can say it as a minimum).
    static let mosaicMinimumWidth = 3.0

    mutating func mosaicConfiguration(collectionView cv: CollectionViewMetrics, layout: JSONFieldObject?,
                                      sections: [JSONField], budget: inout ElementBudget) throws(FieldError) -> MosaicConfiguration {
        try layout?.rejectUnknownKeys(allowed: Self.mosaicLayoutKeys)
        guard sections.count == 1 else {
            let pointer = JSONPointer.root.appending("sections")
            reject(pointer, "\(pointer) has \(sections.count) section\(sections.count == 1 ? "" : "s"); the mosaic layout lays out exactly one section: send \"sections\": [{\"numberOfItems\": n}].")
            return MosaicConfiguration(width: cv.width, height: cv.height, itemCount: 0, layoutDirection: cv.layoutDirection)
        }
        let count = try itemCounts(sections, budget: &budget)[0]
        if cv.width < Self.mosaicMinimumWidth {
            let pointer = JSONPointer.root.appending("collectionView").appending("width")
            reject(pointer, "\(pointer) is \(Self.show(cv.width)); mosaic bands split into halves and thirds with 1 pt gaps need a collection view at least \(Self.show(Self.mosaicMinimumWidth)) pt wide.")
        }
        return MosaicConfiguration(width: cv.width, height: cv.height, itemCount: count, layoutDirection: cv.layoutDirection)
    }
}

/// Apple's MosaicLayout sample on the wire.
extension MosaicConfiguration: WireLayout {
    static var typeName: String { "mosaic" }

    static func decode(_ request: LayoutRequestFields, reader: inout WireReader,
                       budget: inout ElementBudget) throws(FieldError) -> MosaicConfiguration {
        try reader.mosaicConfiguration(collectionView: request.collectionView, layout: request.layout,
                                       sections: request.sections, budget: &budget)
    }

    func writeCanonical(into w: inout JSONWriter) { w.canonicalMosaic(self) }

    var approximateBytes: Int { MemoryLayout<MosaicConfiguration>.size }
}

extension JSONWriter {
    mutating func canonicalMosaic(_ c: MosaicConfiguration) {
        raw(",\"type\":\"mosaic\",\"w\":"); number(c.width)
        raw(",\"h\":"); number(c.height)
        raw(",\"count\":"); int(c.itemCount)
        canonicalDirectionMember(c.layoutDirection)
    }
}
