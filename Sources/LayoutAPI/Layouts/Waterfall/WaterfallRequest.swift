import JSON
import LayoutEngine

/// Decodes `"type": "waterfall"` (field names are CHTCollectionViewWaterfallLayout's,
/// other-layouts.md §2.1) into a resolved `WaterfallConfiguration`: every section carries every
/// section-level value (its override or the layout's), and the inputs the engine does not read
/// are dropped (the content inset without pinning), so requests meaning the same layout resolve
/// to the same value and the same id.
extension WireReader {
    static let waterfallLayoutKeys: KeySet = [
        "type", "columnCount", "minimumColumnSpacing", "minimumInteritemSpacing", "sectionInset", "headerHeight",
        "footerHeight", "headerInset", "footerInset", "itemRenderDirection", "minimumContentHeight",
        "sectionHeadersPinToVisibleBounds", "sectionFootersPinToVisibleBounds",
    ]
    static let waterfallSectionKeys: KeySet = [
        "numberOfItems", "itemSize", "itemSizes", "columnCount", "minimumColumnSpacing", "minimumInteritemSpacing",
        "sectionInset", "headerHeight", "footerHeight", "headerInset", "footerInset",
    ]
    /// CHT requires `sizeForItemAt`; with `numberOfItems` and no `itemSize` items are square.
    static let waterfallDefaultItemSize = Size(width: 1, height: 1)

    mutating func waterfallConfiguration(collectionView cv: CollectionViewMetrics, layout: JSONFieldObject?,
                                         sections: [JSONField], budget: inout ElementBudget) throws(FieldError) -> WaterfallConfiguration {
        var c = WaterfallConfiguration(width: cv.width, scale: cv.scale, sections: [])
        if let l = layout {
            try l.rejectUnknownKeys(allowed: Self.waterfallLayoutKeys)
            c.columnCount = try l.value("columnCount", default: 2) { f throws(FieldError) in try columnCount(f) }
            c.minimumColumnSpacing = try l.value("minimumColumnSpacing", default: 10) { f throws(FieldError) in try length(f) }
            c.minimumInteritemSpacing = try l.value("minimumInteritemSpacing", default: 10) { f throws(FieldError) in try length(f) }
            c.sectionInset = try l.value("sectionInset", default: .zero) { f throws(FieldError) in try insets(f) }
            c.headerHeight = try l.value("headerHeight", default: 0) { f throws(FieldError) in try length(f) }
            c.footerHeight = try l.value("footerHeight", default: 0) { f throws(FieldError) in try length(f) }
            c.headerInset = try l.value("headerInset", default: .zero) { f throws(FieldError) in try insets(f) }
            c.footerInset = try l.value("footerInset", default: .zero) { f throws(FieldError) in try insets(f) }
            c.itemRenderDirection = try l.value("itemRenderDirection", default: .shortestFirst) { f throws(FieldError) in
                try f.enumValue(WaterfallItemRenderDirection.self)
            }
            c.minimumContentHeight = try l.value("minimumContentHeight", default: 0) { f throws(FieldError) in try length(f) }
            c.sectionHeadersPinToVisibleBounds = try l.value("sectionHeadersPinToVisibleBounds", default: false) { f throws(FieldError) in try f.bool() }
            c.sectionFootersPinToVisibleBounds = try l.value("sectionFootersPinToVisibleBounds", default: false) { f throws(FieldError) in try f.bool() }
        }
        // The content inset only places pinned views (WaterfallLayout.pinning).
        if c.sectionHeadersPinToVisibleBounds || c.sectionFootersPinToVisibleBounds { c.contentInset = cv.contentInset }
        c.sections.reserveCapacity(sections.count)
        for s in sections {
            c.sections.append(try waterfallSection(s, layout: c, budget: &budget))
        }
        // The layout-level values now live in every section; reset them so equal layouts are equal values.
        let defaults = WaterfallConfiguration(width: 0, sections: [])
        c.columnCount = defaults.columnCount
        c.minimumColumnSpacing = defaults.minimumColumnSpacing
        c.minimumInteritemSpacing = defaults.minimumInteritemSpacing
        c.sectionInset = defaults.sectionInset
        c.headerHeight = defaults.headerHeight
        c.footerHeight = defaults.footerHeight
        c.headerInset = defaults.headerInset
        c.footerInset = defaults.footerInset
        return c
    }

    private mutating func waterfallSection(_ field: JSONField, layout c: WaterfallConfiguration,
                                           budget: inout ElementBudget) throws(FieldError) -> WaterfallSection {
        let o = try field.object()
        try o.rejectUnknownKeys(allowed: Self.waterfallSectionKeys)
        var s = WaterfallSection(itemSizes: [])
        let columns = try o.value("columnCount", default: c.columnCount) { f throws(FieldError) in try columnCount(f) }
        let columnSpacing = try o.value("minimumColumnSpacing", default: c.minimumColumnSpacing) { f throws(FieldError) in try length(f) }
        s.columnCount = columns
        s.minimumColumnSpacing = columnSpacing
        s.minimumInteritemSpacing = try o.value("minimumInteritemSpacing", default: c.minimumInteritemSpacing) { f throws(FieldError) in try length(f) }
        let inset = try o.value("sectionInset", default: c.sectionInset) { f throws(FieldError) in try insets(f) }
        s.inset = inset
        let headerHeight = try o.value("headerHeight", default: c.headerHeight) { f throws(FieldError) in try length(f) }
        let footerHeight = try o.value("footerHeight", default: c.footerHeight) { f throws(FieldError) in try length(f) }
        let headerInset = try o.value("headerInset", default: c.headerInset) { f throws(FieldError) in try insets(f) }
        let footerInset = try o.value("footerInset", default: c.footerInset) { f throws(FieldError) in try insets(f) }
        (s.headerHeight, s.footerHeight, s.headerInset, s.footerInset) = (headerHeight, footerHeight, headerInset, footerInset)
        for (name, height, inset) in [("header", headerHeight, headerInset), ("footer", footerHeight, footerInset)]
        where height > 0 && inset.left + inset.right > c.width {
            reject(o.pointer, "\(o.pointer) has a \(name) inset of \(Self.show(inset.left + inset.right)) pt across a collection view \(Self.show(c.width)) pt wide; the \(name) would have a negative width. Make \(name)Inset left + right at most the width.")
        }
        let supplementary = (headerHeight > 0 ? 1 : 0) + (footerHeight > 0 ? 1 : 0)
        if supplementary > budget.remaining {
            reject(o.pointer, "\(o.pointer) brings the layout to \(budget.used + supplementary) elements with its header and footer, over this server's cap of \(budget.limit) elements per request (--max-elements).")
        }
        budget.add(supplementary)
        switch try items(o, defaultSize: Self.waterfallDefaultItemSize, budget: &budget) {
        case .uniform(let count, let size): s.itemSizes = [Size](repeating: size, count: count)
        case .sizes(let sizes): s.itemSizes = sizes
        }
        // CHT's column width: floorPx((W − left − right − (cols − 1)·spacing) / cols).
        let room = c.width - inset.left - inset.right - Double(columns - 1) * columnSpacing
        if room >= 0, let tall = tooTall(s.itemSizes, columnWidth: room / Double(columns)) {
            let pointer = try o.member("itemSizes") != nil ? o.pointer.appending("itemSizes").appending(tall) : o.pointer.appending("itemSize")
            reject(pointer, "\(pointer) is so much taller than wide that the item would be more than \(Self.show(Self.maxLength)) pt tall at the column width of \(Self.show(room / Double(columns))) pt; send the item's real aspect ratio.")
        }
        if room < 0, !s.itemSizes.isEmpty {
            reject(o.pointer, "\(o.pointer) has \(columns) column\(columns == 1 ? "" : "s") that do not fit: the collection view is \(Self.show(c.width)) pt wide but the section insets and \(columns - 1) column spacing\(columns == 2 ? "" : "s") take \(Self.show(c.width - room)) pt. Use fewer columns, less spacing or smaller insets.")
        }
        return s
    }

    /// The first item whose height at `columnWidth` (`h · columnWidth / w`) would pass
    /// `maxLength`, so no frame or sum of frames overflows to infinity.
    private func tooTall(_ sizes: [Size], columnWidth: Double) -> Int? {
        var last = Size.zero
        for (i, z) in sizes.enumerated() where z != last {
            last = z
            if z.width > 0, z.height > 0, z.height * columnWidth / z.width > Self.maxLength { return i }
        }
        return nil
    }

    /// A whole number of columns, 1 through `WaterfallLayout.maximumColumnCount`.
    mutating func columnCount(_ field: JSONField) throws(FieldError) -> Int {
        let v = try field.int()
        guard v >= 1, v <= WaterfallLayout.maximumColumnCount else {
            reject(field.pointer, "\(field.pointer) is \(v); a waterfall needs 1 to \(WaterfallLayout.maximumColumnCount) columns.")
            return 1
        }
        return v
    }
}

/// CHTCollectionViewWaterfallLayout on the wire.
extension WaterfallDefinition: WireLayout {
    static var typeName: String { "waterfall" }

    static func decode(_ request: LayoutRequestFields, reader: inout WireReader,
                       budget: inout ElementBudget) throws(FieldError) -> WaterfallDefinition {
        WaterfallDefinition(
            configuration: try reader.waterfallConfiguration(collectionView: request.collectionView, layout: request.layout,
                                                             sections: request.sections, budget: &budget),
            viewHeight: request.collectionView.height,
            layoutDirection: request.collectionView.layoutDirection)
    }

    func writeCanonical(into w: inout JSONWriter) {
        w.canonicalWaterfall(configuration, viewHeight: viewHeight)
        w.canonicalDirectionMember(layoutDirection)
    }

    var approximateBytes: Int {
        configuration.sections.reduce(MemoryLayout<WaterfallConfiguration>.size) {
            $0 + MemoryLayout<WaterfallSection>.stride + $1.itemSizes.capacity * MemoryLayout<Size>.stride
        }
    }
}

extension JSONWriter {
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
}
