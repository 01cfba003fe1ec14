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
        case .waterfall(let c, let height): w.canonicalWaterfall(c, viewHeight: height)
        case .columnFlow(let c): w.canonicalColumnFlow(c)
        case .grid(let c): w.canonicalGrid(c)
        case .mosaic(let c): w.canonicalMosaic(c)
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

    /// Sections as the decoder resolved them (every override set), item sizes as runs
    /// `[count, width, height]`, so `numberOfItems` + `itemSize` and the same sizes listed one
    /// by one give the same bytes.
    mutating func canonicalWaterfall(_ c: WaterfallConfiguration, viewHeight: Double) {
        raw(",\"type\":\"waterfall\",\"w\":"); number(c.width)
        raw(",\"h\":"); number(viewHeight)
        raw(",\"scale\":"); number(c.scale)
        raw(",\"dir\":"); string(c.itemRenderDirection.rawValue)
        raw(",\"minH\":"); number(c.minimumContentHeight)
        raw(",\"pin\":["); bool(c.sectionHeadersPinToVisibleBounds); raw(","); bool(c.sectionFootersPinToVisibleBounds); raw("]")
        raw(",\"ci\":"); canonical(c.contentInset)
        raw(",\"sections\":[")
        for (i, s) in c.sections.enumerated() {
            if i > 0 { raw(",") }
            raw("{\"cols\":"); int(s.columnCount ?? c.columnCount)
            raw(",\"colSp\":"); number(s.minimumColumnSpacing ?? c.minimumColumnSpacing)
            raw(",\"inter\":"); number(s.minimumInteritemSpacing ?? c.minimumInteritemSpacing)
            raw(",\"inset\":"); canonical(s.inset ?? c.sectionInset)
            raw(",\"header\":"); number(s.headerHeight ?? c.headerHeight)
            raw(",\"footer\":"); number(s.footerHeight ?? c.footerHeight)
            raw(",\"hInset\":"); canonical(s.headerInset ?? c.headerInset)
            raw(",\"fInset\":"); canonical(s.footerInset ?? c.footerInset)
            raw(",\"runs\":[")
            var j = 0, first = true
            while j < s.itemSizes.count {
                let z = s.itemSizes[j]
                var end = j + 1
                while end < s.itemSizes.count, s.itemSizes[end] == z { end += 1 }
                if !first { raw(",") }
                first = false
                int(end - j); raw(","); number(z.width); raw(","); number(z.height)
                j = end
            }
            raw("]}")
        }
        raw("]")
    }

    mutating func canonicalColumnFlow(_ c: ColumnFlowConfiguration) {
        raw(",\"type\":\"columnFlow\",\"cv\":"); canonical(c.collectionView)
        raw(",\"minCol\":"); number(c.minColumnWidth)
        raw(",\"cell\":"); number(c.cellHeight)
        raw(",\"line\":"); number(c.minimumLineSpacing)
        raw(",\"inter\":"); number(c.minimumInteritemSpacing)
        raw(",\"counts\":"); canonicalCounts(c.itemCounts)
    }

    mutating func canonicalGrid(_ c: GridConfiguration) {
        raw(",\"type\":\"grid\",\"cv\":"); canonical(c.collectionView)
        raw(",\"n\":"); int(c.itemsPerLine)
        raw(",\"margin\":"); number(c.sideMargin)
        raw(",\"spacing\":"); number(c.spacing)
        raw(",\"line\":"); number(c.lineSpacing ?? c.spacing)
        raw(",\"ratio\":"); number(c.aspectRatio)
        raw(",\"top\":"); number(c.topInset)
        raw(",\"bottom\":"); number(c.bottomInset)
        raw(",\"counts\":"); canonicalCounts(c.itemCounts)
    }

    mutating func canonicalMosaic(_ c: MosaicConfiguration) {
        raw(",\"type\":\"mosaic\",\"w\":"); number(c.width)
        raw(",\"h\":"); number(c.height)
        raw(",\"count\":"); int(c.itemCount)
    }

    mutating func canonicalCounts(_ counts: [Int]) {
        raw("[")
        for (i, n) in counts.enumerated() {
            if i > 0 { raw(",") }
            int(n)
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
