import LayoutEngine

/// The canonical form of a resolved request: fixed member order, every default spelled out, no
/// whitespace. Key order, whitespace and omitted defaults in the client's JSON do not reach it,
/// so it identifies the layout's content. `id` is the first 128 bits of its SHA-256, in hex.
extension LayoutSpec {
    /// Bumped only if the meaning of a resolved spec changes; part of every id.
    static let canonicalVersion = 1

    func canonicalBytes() -> [UInt8] {
        var w = JSONWriter(capacity: 256)
        w.raw("{\"v\":")
        w.int(Self.canonicalVersion)
        switch self {
        case .flow(let c): w.canonicalFlow(c)
        }
        w.raw("}")
        return w.bytes
    }

    /// The content id: 32 hex digits, the same for the same content on every server, every day.
    package func contentID() -> String {
        SHA256.hex(Array(SHA256.digest(canonicalBytes()).prefix(16)))
    }
}

extension JSONWriter {
    mutating func canonicalFlow(_ c: FlowLayoutConfiguration) {
        raw(",\"type\":\"flow\",\"cv\":")
        canonical(c.collectionView)
        raw(",\"dir\":"); string(c.scrollDirection.rawValue)
        raw(",\"ref\":"); string(c.sectionInsetReference.rawValue)
        raw(",\"align\":["); string(c.rowAlignment.commonRow.rawValue); raw(",")
        string(c.rowAlignment.lastRow.rawValue); raw(","); string(c.rowAlignment.vertical.rawValue); raw("]")
        raw(",\"pin\":["); bool(c.sectionHeadersPinToVisibleBounds); raw(","); bool(c.sectionFootersPinToVisibleBounds); raw("]")
        raw(",\"round\":"); bool(c.roundsToScreenScale)
        raw(",\"swap\":"); bool(c.swapsSpacingForMixedHorizontalSections)
        raw(",\"est\":")
        switch c.estimatedItemSize {
        case nil: raw("null")
        case .automatic: raw("\"automatic\"")
        case .fixed(let s): canonical(s)
        }
        raw(",\"sections\":[")
        for (i, s) in c.sections.enumerated() {
            if i > 0 { raw(",") }
            raw("{\"inset\":"); canonical(s.inset)
            raw(",\"line\":"); number(s.minimumLineSpacing)
            raw(",\"inter\":"); number(s.minimumInteritemSpacing)
            raw(",\"header\":"); canonical(s.headerReferenceSize)
            raw(",\"footer\":"); canonical(s.footerReferenceSize)
            switch s.items {
            case .uniform(let count, let size):
                raw(",\"count\":"); int(count); raw(",\"size\":"); canonical(size)
            case .sizes(let sizes):
                raw(",\"sizes\":[")
                for (j, z) in sizes.enumerated() {
                    if j > 0 { raw(",") }
                    number(z.width); raw(","); number(z.height)
                }
                raw("]")
            }
            if !s.preferredSizes.isEmpty {
                raw(",\"preferred\":[")
                for (j, item) in s.preferredSizes.keys.sorted().enumerated() {
                    if j > 0 { raw(",") }
                    let z = s.preferredSizes[item] ?? .zero
                    int(item); raw(","); number(z.width); raw(","); number(z.height)
                }
                raw("]")
            }
            raw("}")
        }
        raw("]")
    }

    mutating func canonical(_ cv: CollectionViewMetrics) {
        raw("["); number(cv.width); raw(","); number(cv.height); raw(","); number(cv.scale); raw(",")
        canonical(cv.contentInset); raw(","); canonical(cv.safeAreaInsets); raw(","); canonical(cv.layoutMargins); raw("]")
    }

    mutating func canonical(_ s: Size) {
        raw("["); number(s.width); raw(","); number(s.height); raw("]")
    }

    mutating func canonical(_ i: Insets) {
        raw("["); number(i.top); raw(","); number(i.left); raw(","); number(i.bottom); raw(","); number(i.right); raw("]")
    }
}
