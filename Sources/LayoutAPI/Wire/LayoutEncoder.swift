import JSON
import LayoutEngine

/// Writes layouts as response bytes directly (no Codable): ~100x faster than JSONEncoder, which
/// matters when a response holds a million frames.
package enum LayoutEncoder {
    /// `POST /layout` and `GET /layout/{id}`: id, content size, every element, warnings.
    package static func full(id: String, layout: Layout, estimates: Bool) -> [UInt8] {
        full(id: id, layout: layout, kinds: KindPrefixes.for(layout.elementKinds), estimates: estimates)
    }

    static func full(id: String, layout: Layout, kinds: KindPrefixes, estimates: Bool) -> [UInt8] {
        full(id: id, layout: layout, kinds: kinds, estimates: estimates, limit: .max) ?? []
    }

    /// The full body, or nil once it passes `limit` bytes (encoding stops there).
    static func full(id: String, layout: Layout, kinds: KindPrefixes, estimates: Bool, limit: Int) -> [UInt8]? {
        var w = JSONWriter(capacity: 96 + ElementEncoder.initialCapacity(for: layout.attributes.count))
        w.raw("{\"id\":"); w.string(id)
        w.raw(",\"contentSize\":"); w.size(layout.contentSize)
        w.raw(",\"elements\":[")
        var elements = ElementEncoder(prefixes: kinds)
        guard elements.write(layout.attributes, estimates: estimates, into: &w, limit: limit) else { return nil }
        w.raw("]")
        w.orthogonalSections(layout)
        w.roundedSections(layout)
        w.raw(",\"warnings\":"); w.warnings(layout.warnings)
        w.raw("}")
        return w.bytes.count > limit ? nil : w.bytes
    }

    /// Bounds on the full body's bytes without encoding it: (at least, at most). O(sections +
    /// warnings): what follows the elements is weighed exactly or by its longest entry.
    static func fullBounds(id: String, layout: Layout, kinds: KindPrefixes) -> (low: Int, high: Int) {
        let n = layout.attributes.count
        var text = 0
        for w in layout.warnings { text += JSONWriter.quotedLength(w.code) + JSONWriter.quotedLength(w.message) }
        let orthogonal = layout.sections.lazy.filter { $0.orthogonalContentSize != nil }.count
        let low = n * ElementEncoder.minElementBytes + layout.roundedSections.count * 64 + orthogonal * 48
            + layout.warnings.count * 20 + text
        let high = n * ElementEncoder(prefixes: kinds).maxBytesPerElement + 160 + id.utf8.count
            + layout.roundedSections.count * 160 + orthogonal * 96 + layout.warnings.count * 96 + text
        return (low, high)
    }

    /// Lists a summary writes whole up to this many entries (`orthogonalSections`,
    /// `roundedSections`, `warnings`); a longer one is cut to its first `summaryListLimit`
    /// entries and its length given in `counts` (`GET /layout/{id}` has them all). A summary
    /// stays small whatever the layout: an insetGrouped list with row spacing rounds every row,
    /// and its "minimal" answer was 84 MB (issue 33).
    static let summaryListLimit = 100

    /// `Prefer: return=minimal`: what a client that will only query rects needs. Layouts with
    /// kinds beyond header and footer (compositional) also count elements by kind name. Section
    /// headers and footers are counted whatever their kind's name (`header`, or UIKit's
    /// `UICollectionElementKindSectionHeader` in list and compositional layouts).
    /// Cells, section headers and footers (of any kind named as UIKit's), and elements per kind.
    private static func tally(_ elements: some Sequence<LayoutAttributes>,
                              kinds: [String]) -> (cells: Int, headers: Int, footers: Int, byKind: [Int]) {
        var cells = 0, headers = 0, footers = 0
        var byKind = [Int](repeating: 0, count: kinds.count)
        let headerKinds = kinds.indices.filter { kinds[$0] == Layout.sectionHeaderKind }
        let footerKinds = kinds.indices.filter { kinds[$0] == Layout.sectionFooterKind }
        for a in elements {
            switch (a.category, a.kind) {
            case (.cell, _): cells += 1
            case (.supplementaryView, .header?) where !a.isGlobal: headers += 1
            case (.supplementaryView, .footer?) where !a.isGlobal: footers += 1
            case (.supplementaryView, let k?) where !a.isGlobal && headerKinds.contains(Int(k.rawValue)): headers += 1
            case (.supplementaryView, let k?) where !a.isGlobal && footerKinds.contains(Int(k.rawValue)): footers += 1
            default: break
            }
            if a.category != .cell, let k = a.kind, Int(k.rawValue) < byKind.count { byKind[Int(k.rawValue)] += 1 }
        }
        return (cells, headers, footers, byKind)
    }

    static func minimal(id: String, layout: Layout) -> [UInt8] {
        // A computed layout's array is read in place (its reads inline here); the store's
        // iterator is a call into LayoutEngine per element.
        let (cells, headers, footers, byKind) = layout.attributes.isCompact
            ? tally(layout.attributes, kinds: layout.elementKinds) : tally(layout.attributes.array, kinds: layout.elementKinds)
        let orthogonal = layout.sections.lazy.filter { $0.orthogonalContentSize != nil }.count
        let limit = summaryListLimit
        var w = JSONWriter(capacity: 256)
        w.raw("{\"id\":"); w.string(id)
        w.raw(",\"contentSize\":"); w.size(layout.contentSize)
        w.raw(",\"counts\":{\"elements\":"); w.int(layout.attributes.count)
        w.raw(",\"cells\":"); w.int(cells)
        w.raw(",\"headers\":"); w.int(headers)
        w.raw(",\"footers\":"); w.int(footers)
        w.raw(",\"sections\":"); w.int(layout.sections.count)
        if layout.elementKinds != Layout.defaultElementKinds {
            w.raw(",\"byKind\":{")
            for (i, name) in layout.elementKinds.enumerated() {
                if i > 0 { w.raw(",") }
                w.string(name); w.raw(":"); w.int(byKind[i])
            }
            w.raw("}")
        }
        if orthogonal > limit { w.raw(",\"orthogonalSections\":"); w.int(orthogonal) }
        if layout.roundedSections.count > limit { w.raw(",\"roundedSections\":"); w.int(layout.roundedSections.count) }
        if layout.warnings.count > limit { w.raw(",\"warnings\":"); w.int(layout.warnings.count) }
        w.raw("}")
        w.orthogonalSections(layout, limit: limit)
        w.roundedSections(layout, limit: limit)
        w.raw(",\"warnings\":"); w.warnings(layout.warnings.prefix(limit))
        w.raw("}")
        return w.bytes
    }

    /// Query answers: `{"id":…,"elements":[…]}`.
    static func elements(id: String, _ list: some Collection<LayoutAttributes>, kinds: KindPrefixes, estimates: Bool) -> [UInt8] {
        var w = JSONWriter()
        elements(id: id, list, kinds: kinds, estimates: estimates, into: &w)
        return w.bytes
    }

    /// The same, or nil once the answer passes `limit` bytes (encoding stops there).
    static func elements(id: String, _ list: some Collection<LayoutAttributes>, kinds: KindPrefixes, estimates: Bool, limit: Int) -> [UInt8]? {
        var w = JSONWriter()
        guard elements(id: id, list, kinds: kinds, estimates: estimates, into: &w, limit: limit) else { return nil }
        return w.bytes.count > limit ? nil : w.bytes
    }

    /// The same, appended to `w` (the I/O loop's reused buffer: `LayoutApplication.respondInline`).
    @discardableResult
    static func elements(id: String, _ list: some Collection<LayoutAttributes>, kinds: KindPrefixes, estimates: Bool,
                         into w: inout JSONWriter, limit: Int = .max) -> Bool {
        w.bytes.reserveCapacity(w.bytes.count + 64 + min(ElementEncoder.capacity(for: list.count), limit))
        w.raw("{\"id\":"); w.string(id)
        w.raw(",\"elements\":[")
        var elements = ElementEncoder(prefixes: kinds)
        guard elements.write(list, estimates: estimates, into: &w, limit: limit) else { return false }
        w.raw("]}")
        return true
    }

    /// One element alone (index-path queries).
    static func element(id: String, _ a: LayoutAttributes, kinds: KindPrefixes, estimates: Bool) -> [UInt8] {
        var w = JSONWriter(capacity: 64 + ElementEncoder.capacity(for: 1))
        w.raw("{\"id\":"); w.string(id)
        w.raw(",\"element\":")
        var elements = ElementEncoder(prefixes: kinds)
        elements.write(CollectionOfOne(a), estimates: estimates, into: &w)
        w.raw("}")
        return w.bytes
    }
}

extension JSONWriter {
    /// `,"orthogonalSections":[{"section":s,"orthogonalContentSize":{…}}]` for the sections that
    /// scroll orthogonally (compositional R36–R39); nothing when none does, so other layouts'
    /// answers are unchanged.
    mutating func orthogonalSections(_ layout: Layout, limit: Int = .max) {
        var first = true
        var written = 0
        for (s, section) in layout.sections.enumerated() {
            guard let size = section.orthogonalContentSize else { continue }
            if written == limit { break }
            written += 1
            raw(first ? ",\"orthogonalSections\":[" : ",")
            first = false
            raw("{\"section\":"); int(s)
            raw(",\"orthogonalContentSize\":"); self.size(size)
            raw("}")
        }
        if !first { raw("]") }
    }

    /// `"roundedSections"`: insetGrouped list sections' rounded rows and corner radius (list
    /// L17), present only when there are some.
    mutating func roundedSections(_ layout: Layout, limit: Int = .max) {
        guard !layout.roundedSections.isEmpty else { return }
        raw(",\"roundedSections\":[")
        for (i, r) in layout.roundedSections.prefix(limit).enumerated() {
            if i > 0 { raw(",") }
            raw("{\"section\":"); int(r.section)
            raw(",\"frame\":"); rect(r.frame)
            raw(",\"cornerRadius\":"); number(r.cornerRadius); raw("}")
        }
        raw("]")
    }

    mutating func size(_ s: Size) {
        raw("{\"width\":"); number(s.width); raw(",\"height\":"); number(s.height); raw("}")
    }

    mutating func rect(_ r: Rect) {
        raw("{\"x\":"); number(r.origin.x)
        raw(",\"y\":"); number(r.origin.y)
        raw(",\"width\":"); number(r.size.width)
        raw(",\"height\":"); number(r.size.height)
        raw("}")
    }

    mutating func indexPath(_ ip: IndexPath) {
        raw("["); int(ip.section); raw(","); int(ip.item); raw("]")
    }

    mutating func warnings(_ list: some Collection<LayoutWarning>) {
        raw("[")
        for (i, warning) in list.enumerated() {
            if i > 0 { raw(",") }
            raw("{\"code\":"); string(warning.code)
            raw(",\"message\":"); string(warning.message)
            if let ip = warning.indexPath { raw(",\"indexPath\":"); indexPath(ip) }
            raw("}")
        }
        raw("]")
    }
}
