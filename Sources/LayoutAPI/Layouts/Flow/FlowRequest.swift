import JSON
import LayoutEngine

/// Decodes the flow layout's wire form (field names are UIKit's) into a resolved
/// `FlowLayoutConfiguration`: every default filled in, every section override applied, so two
/// requests that mean the same layout resolve to the same value (and the same id).
extension WireReader {
    static let flowLayoutKeys: KeySet = [
        "type", "scrollDirection", "itemSize", "minimumLineSpacing", "minimumInteritemSpacing", "sectionInset",
        "headerReferenceSize", "footerReferenceSize", "sectionInsetReference", "sectionHeadersPinToVisibleBounds",
        "sectionFootersPinToVisibleBounds", "rowAlignment", "roundsToScreenScale", "estimatedItemSize",
        "swapsSpacingForMixedHorizontalSections",
    ]
    static let flowSectionKeys: KeySet = [
        "numberOfItems", "itemSizes", "itemSize", "sectionInset", "minimumLineSpacing", "minimumInteritemSpacing",
        "headerReferenceSize", "footerReferenceSize",
    ]

    /// The section-level properties of the layout object, which each section may override.
    struct FlowDefaults {
        var itemSize = Size(width: 50, height: 50)
        var minimumLineSpacing = 10.0
        var minimumInteritemSpacing = 10.0
        var sectionInset = Insets.zero
        var headerReferenceSize = Size.zero
        var footerReferenceSize = Size.zero
    }

    mutating func flowConfiguration(collectionView: CollectionViewMetrics, layout: JSONFieldObject?,
                                    sections: [JSONField], budget: inout ElementBudget) throws(FieldError) -> FlowLayoutConfiguration {
        var config = FlowLayoutConfiguration(collectionView: collectionView, sections: [])
        var d = FlowDefaults()
        if let l = layout {
            try l.rejectUnknownKeys(allowed: Self.flowLayoutKeys)
            config.scrollDirection = try l.value("scrollDirection", default: .vertical) { f throws(FieldError) in try f.enumValue(ScrollDirection.self) }
            d.itemSize = try l.value("itemSize", default: d.itemSize) { f throws(FieldError) in try size(f) }
            d.minimumLineSpacing = try l.value("minimumLineSpacing", default: 10) { f throws(FieldError) in try length(f) }
            d.minimumInteritemSpacing = try l.value("minimumInteritemSpacing", default: 10) { f throws(FieldError) in try length(f) }
            d.sectionInset = try l.value("sectionInset", default: .zero) { f throws(FieldError) in try insets(f) }
            d.headerReferenceSize = try l.value("headerReferenceSize", default: .zero) { f throws(FieldError) in try size(f) }
            d.footerReferenceSize = try l.value("footerReferenceSize", default: .zero) { f throws(FieldError) in try size(f) }
            config.sectionInsetReference = try l.value("sectionInsetReference", default: .fromContentInset) { f throws(FieldError) in
                try f.enumValue(SectionInsetReference.self)
            }
            config.sectionHeadersPinToVisibleBounds = try l.value("sectionHeadersPinToVisibleBounds", default: false) { f throws(FieldError) in try f.bool() }
            config.sectionFootersPinToVisibleBounds = try l.value("sectionFootersPinToVisibleBounds", default: false) { f throws(FieldError) in try f.bool() }
            config.roundsToScreenScale = try l.value("roundsToScreenScale", default: true) { f throws(FieldError) in try f.bool() }
            config.swapsSpacingForMixedHorizontalSections = try l.value("swapsSpacingForMixedHorizontalSections", default: true) { f throws(FieldError) in try f.bool() }
            config.rowAlignment = try l.value("rowAlignment", default: .uikit) { f throws(FieldError) in try rowAlignment(f) }
            config.estimatedItemSize = try l.value("estimatedItemSize", default: nil) { f throws(FieldError) in try estimatedItemSize(f) }
        }
        config.sections.reserveCapacity(sections.count)
        for s in sections {
            config.sections.append(try flowSection(s, defaults: d, budget: &budget))
        }
        return config
    }

    private mutating func flowSection(_ field: JSONField, defaults d: FlowDefaults, budget: inout ElementBudget) throws(FieldError) -> FlowSection {
        let o = try field.object()
        try o.rejectUnknownKeys(allowed: Self.flowSectionKeys)
        var section = FlowSection(items: .uniform(count: 0, size: d.itemSize))
        section.inset = try o.value("sectionInset", default: d.sectionInset) { f throws(FieldError) in try insets(f) }
        section.minimumLineSpacing = try o.value("minimumLineSpacing", default: d.minimumLineSpacing) { f throws(FieldError) in try length(f) }
        section.minimumInteritemSpacing = try o.value("minimumInteritemSpacing", default: d.minimumInteritemSpacing) { f throws(FieldError) in try length(f) }
        section.headerReferenceSize = try o.value("headerReferenceSize", default: d.headerReferenceSize) { f throws(FieldError) in try size(f) }
        section.footerReferenceSize = try o.value("footerReferenceSize", default: d.footerReferenceSize) { f throws(FieldError) in try size(f) }
        budget.add(section.headerReferenceSize != .zero ? 1 : 0)
        budget.add(section.footerReferenceSize != .zero ? 1 : 0)
        section.items = try items(o, defaultSize: d.itemSize, budget: &budget)
        return section
    }

    /// `numberOfItems` (with `itemSize`) or `itemSizes`; exactly one of them. Breaking that rule
    /// is a 422 (collected like a bad value), not a 400: the contract states it in words, as
    /// JSON Schema's `not` does not survive client generators.
    mutating func items(_ o: JSONFieldObject, defaultSize: Size, budget: inout ElementBudget) throws(FieldError) -> FlowItems {
        let count = try o.member("numberOfItems"), sizes = try o.member("itemSizes")
        switch (count, sizes) {
        case (let c?, nil):
            let n = try self.count(c, budget: budget)
            budget.add(n)
            let size = try o.value("itemSize", default: defaultSize) { f throws(FieldError) in try self.size(f) }
            return .uniform(count: n, size: size)
        case (nil, let s?):
            if let itemSize = try o.member("itemSize") {
                _ = try size(itemSize)
                reject(itemSize.pointer, "\(itemSize.pointer) cannot be combined with itemSizes; give every size in itemSizes, or use numberOfItems with itemSize.")
            }
            guard case .array(let raw) = s.value else { _ = try s.array(); return .sizes([]) }
            guard raw.count <= budget.remaining else { _ = try s.array(maxCount: budget.remaining); return .sizes([]) }
            budget.add(raw.count)
            var out: [Size] = []
            out.reserveCapacity(raw.count)
            for (i, value) in raw.enumerated() {
                if let fast = Self.plainSize(value) {
                    out.append(fast)
                } else {
                    out.append(try size(JSONField(value, pointer: s.pointer.appending(i))))
                }
            }
            return .sizes(out)
        case (nil, nil):
            let pointer = o.pointer.appending("numberOfItems")
            reject(pointer, "\(o.pointer) has neither numberOfItems nor itemSizes; add \"numberOfItems\" (items of one size) or \"itemSizes\" (one size per item) to the section.")
            _ = try o.member("itemSize").map { f throws(FieldError) in try size(f) }
            return .uniform(count: 0, size: defaultSize)
        case (let c?, let s?):
            _ = try c.int()
            _ = try s.array()
            reject(s.pointer, "\(o.pointer) has both numberOfItems and itemSizes; send numberOfItems for items of one size, or itemSizes for one size per item.")
            return .uniform(count: 0, size: defaultSize)
        }
    }

    mutating func rowAlignment(_ field: JSONField) throws(FieldError) -> RowAlignment {
        let o = try field.object()
        try o.rejectUnknownKeys(allowed: WireKeys.alignmentRows)
        return RowAlignment(
            commonRow: try o.value("commonRow", default: .justify) { f throws(FieldError) in try f.enumValue(LineAlignment.self) },
            lastRow: try o.value("lastRow", default: .left) { f throws(FieldError) in try f.enumValue(LineAlignment.self) },
            vertical: try o.value("vertical", default: .center) { f throws(FieldError) in try f.enumValue(CrossAlignment.self) })
    }

    /// A size, `"automatic"` (`UICollectionViewFlowLayout.automaticSize`), or `{0,0}` (= not estimating).
    mutating func estimatedItemSize(_ field: JSONField) throws(FieldError) -> EstimatedItemSize? {
        if case .string(let s) = field.value {
            guard s == "automatic" else {
                throw FieldError.invalidValue(pointer: field.pointer,
                    detail: "\(field.pointer) must be a size {\"width\":…,\"height\":…} or the string \"automatic\".")
            }
            return .automatic
        }
        let size = try size(field)
        return size == .zero ? nil : .fixed(size)
    }
}

/// Counts elements as they are decoded, so a request over the cap is refused before anything
/// large is allocated or laid out.
struct ElementBudget {
    let limit: Int
    private(set) var used = 0
    init(limit: Int) { self.limit = limit }
    var remaining: Int { max(0, limit - used) }
    mutating func add(_ n: Int) { used = used > Int.max - n ? Int.max : used + n }
}

/// `UICollectionViewFlowLayout` on the wire: the default type; self-sizing with `preferredSizes`.
extension FlowLayoutConfiguration: WireLayout {
    static var typeName: String { "flow" }
    static var acceptsPreferredSizes: Bool { true }

    static func decode(_ request: LayoutRequestFields, reader: inout WireReader,
                       budget: inout ElementBudget) throws(FieldError) -> FlowLayoutConfiguration {
        var config = try reader.flowConfiguration(collectionView: request.collectionView, layout: request.layout,
                                                  sections: request.sections, budget: &budget)
        if let p = request.preferredSizes {
            try reader.applyPreferredSizes(p, to: &config)
        }
        return config
    }

    func writeCanonical(into w: inout JSONWriter) { w.canonicalFlow(self) }

    var approximateBytes: Int {
        sections.reduce(MemoryLayout<FlowLayoutConfiguration>.size) { total, s in
            var b = total + MemoryLayout<FlowSection>.stride + s.preferredSizes.count * 48
            if case .sizes(let sizes) = s.items { b += sizes.capacity * MemoryLayout<Size>.stride }
            return b
        }
    }

    func applyingPreferredSizes(_ field: JSONField, reader: inout WireReader) throws(FieldError) -> FlowLayoutConfiguration? {
        var config = self
        try reader.applyPreferredSizes(field, to: &config)
        return config
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
            memberIfNotDefault("preferred", s.preferredSizes, default: [:]) { w, preferred in
                w.raw("[")
                for (j, item) in preferred.keys.sorted().enumerated() {
                    if j > 0 { w.raw(",") }
                    let z = preferred[item] ?? .zero
                    w.int(item); w.raw(","); w.number(z.width); w.raw(","); w.number(z.height)
                }
                w.raw("]")
            }
            raw("}")
        }
        raw("]")
    }
}
