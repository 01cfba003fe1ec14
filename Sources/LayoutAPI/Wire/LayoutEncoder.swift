import LayoutEngine

/// Writes layouts as response bytes directly (no Codable): ~100x faster than JSONEncoder, which
/// matters when a response holds a million frames.
package enum LayoutEncoder {
    /// `POST /layout` and `GET /layout/{id}`: id, content size, every element, warnings.
    package static func full(id: String, layout: Layout, estimates: Bool) -> [UInt8] {
        full(id: id, layout: layout, kinds: KindPrefixes.for(layout.elementKinds), estimates: estimates)
    }

    static func full(id: String, layout: Layout, kinds: KindPrefixes, estimates: Bool) -> [UInt8] {
        var w = JSONWriter(capacity: 96 + ElementEncoder.initialCapacity(for: layout.attributes.count))
        w.raw("{\"id\":"); w.string(id)
        w.raw(",\"contentSize\":"); w.size(layout.contentSize)
        w.raw(",\"elements\":[")
        var elements = ElementEncoder(prefixes: kinds)
        elements.write(layout.attributes, estimates: estimates, into: &w)
        w.raw("]")
        w.orthogonalSections(layout)
        w.roundedSections(layout)
        w.raw(",\"warnings\":"); w.warnings(layout.warnings)
        w.raw("}")
        return w.bytes
    }

    /// `Prefer: return=minimal`: what a client that will only query rects needs. Layouts with
    /// kinds beyond header and footer (compositional) also count elements by kind name.
    static func minimal(id: String, layout: Layout) -> [UInt8] {
        var cells = 0, headers = 0, footers = 0
        var byKind = [Int](repeating: 0, count: layout.elementKinds.count)
        for a in layout.attributes {
            switch (a.category, a.kind) {
            case (.cell, _): cells += 1
            case (.supplementaryView, .header?) where !a.isGlobal: headers += 1
            case (.supplementaryView, .footer?) where !a.isGlobal: footers += 1
            default: break
            }
            if a.category != .cell, let k = a.kind, Int(k.rawValue) < byKind.count { byKind[Int(k.rawValue)] += 1 }
        }
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
        w.raw("}")
        w.orthogonalSections(layout)
        w.roundedSections(layout)
        w.raw(",\"warnings\":"); w.warnings(layout.warnings)
        w.raw("}")
        return w.bytes
    }

    /// Query answers: `{"id":…,"elements":[…]}`.
    static func elements(id: String, _ list: some Collection<LayoutAttributes>, kinds: KindPrefixes, estimates: Bool) -> [UInt8] {
        var w = JSONWriter()
        elements(id: id, list, kinds: kinds, estimates: estimates, into: &w)
        return w.bytes
    }

    /// The same, appended to `w` (the I/O loop's reused buffer: `LayoutApplication.respondInline`).
    static func elements(id: String, _ list: some Collection<LayoutAttributes>, kinds: KindPrefixes, estimates: Bool,
                         into w: inout JSONWriter) {
        w.bytes.reserveCapacity(w.bytes.count + 64 + ElementEncoder.capacity(for: list.count))
        w.raw("{\"id\":"); w.string(id)
        w.raw(",\"elements\":[")
        var elements = ElementEncoder(prefixes: kinds)
        elements.write(list, estimates: estimates, into: &w)
        w.raw("]}")
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
    mutating func orthogonalSections(_ layout: Layout) {
        var first = true
        for (s, section) in layout.sections.enumerated() {
            guard let size = section.orthogonalContentSize else { continue }
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
    mutating func roundedSections(_ layout: Layout) {
        guard !layout.roundedSections.isEmpty else { return }
        raw(",\"roundedSections\":[")
        for (i, r) in layout.roundedSections.enumerated() {
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

    mutating func warnings(_ list: [LayoutWarning]) {
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
