import LayoutEngine

/// Section bands, elements with their labels, and the viewport.
extension SVGRenderer {
    /// Label and legend text is this many pixels tall whatever the scale.
    static let fontPixels = 11.0

    /// One tinted band per section across the content, along the scroll axis from the section's
    /// start to its end (header and footer included), alternating shades, with `s<n>` in a corner.
    func writeBands(_ bands: Range<Int>, into w: inout SVGWriter) {
        guard !bands.isEmpty else { return }
        let vertical = layout.scrollDirection == .vertical
        let font = Self.fontPixels * 0.85 / options.scale
        w.raw("<g class=\"ld-sections\">\n")
        for s in bands {
            let g = layout.sections[s]
            let length = g.maxScroll - g.minScroll
            guard length > 0, length.isFinite else { continue }
            let band = layout.rect(of: g) // right to left, a horizontal layout's sections run from the right
            w.raw(s % 2 == 0 ? "<rect class=\"ld-band0\"" : "<rect class=\"ld-band1\"")
            w.frame(band)
            w.attribute("data-section", Double(s))
            w.raw("><title>")
            w.text(vertical ? "section \(s): y \(SVGWriter.format(band.minY)) to \(SVGWriter.format(band.maxY))"
                : "section \(s): x \(SVGWriter.format(band.minX)) to \(SVGWriter.format(band.maxX))")
            w.raw("</title></rect>")
            if band.height >= font * 1.2, band.width >= font * 3 {
                w.raw("<text class=\"ld-band-label\"")
                w.attribute("x", band.maxX - font * 0.3)
                w.attribute("y", band.minY + font)
                w.attribute("font-size", font)
                w.raw(" text-anchor=\"end\">s"); w.int(s); w.raw("</text>")
            }
            w.raw("\n")
        }
        w.raw("</g>\n")
    }

    /// The rounded row groups of the drawn sections: the square corners of the rows outside the
    /// radius painted over in the background colour (an even-odd path: the rect minus the
    /// rounded rect), then the rounded outline, `<rect rx>` with the corner radius.
    func writeRoundedSections(_ rounded: [RoundedSection], into w: inout SVGWriter) {
        for r in rounded {
            let f = r.frame, c = min(r.cornerRadius, f.width / 2, f.height / 2)
            w.raw("<path class=\"ld-rounded-corners\" fill-rule=\"evenodd\" d=\"M"); w.number(f.minX); w.raw(" "); w.number(f.minY)
            w.raw("H"); w.number(f.maxX); w.raw("V"); w.number(f.maxY); w.raw("H"); w.number(f.minX); w.raw("Z")
            w.raw("M"); w.number(f.minX + c); w.raw(" "); w.number(f.minY)
            w.raw("H"); w.number(f.maxX - c); w.raw("A"); w.number(c); w.raw(" "); w.number(c); w.raw(" 0 0 1 "); w.number(f.maxX); w.raw(" "); w.number(f.minY + c)
            w.raw("V"); w.number(f.maxY - c); w.raw("A"); w.number(c); w.raw(" "); w.number(c); w.raw(" 0 0 1 "); w.number(f.maxX - c); w.raw(" "); w.number(f.maxY)
            w.raw("H"); w.number(f.minX + c); w.raw("A"); w.number(c); w.raw(" "); w.number(c); w.raw(" 0 0 1 "); w.number(f.minX); w.raw(" "); w.number(f.maxY - c)
            w.raw("V"); w.number(f.minY + c); w.raw("A"); w.number(c); w.raw(" "); w.number(c); w.raw(" 0 0 1 "); w.number(f.minX + c); w.raw(" "); w.number(f.minY)
            w.raw("Z\"/>")
            w.raw("<rect class=\"ld-rounded\"")
            w.frame(r.frame)
            w.attribute("rx", r.cornerRadius)
            w.attribute("ry", r.cornerRadius)
            w.attribute("data-section", Double(r.section))
            w.attribute("data-corner-radius", r.cornerRadius)
            w.raw("><title>")
            w.text("section \(r.section): rounded rows, corner radius \(SVGWriter.format(r.cornerRadius))")
            w.raw("</title></rect>\n")
        }
    }

    func writeElement(_ shape: Shape, into w: inout SVGWriter) {
        let a = shape.attributes
        let kind = SVGStyle.kindName(a, in: layout)
        w.raw("<rect class=\"ld-el ")
        w.text(SVGStyle.colourClass(category: a.category, kind: kind))
        if a.isEstimated { w.raw(" ld-estimated") }
        switch shape.role {
        case .plain: break
        case .hit: w.raw(" ld-hit")
        case .pinned: w.raw(" ld-pinned")
        case .natural: w.raw(" ld-natural")
        }
        w.raw("\"")
        w.frame(a.frame)
        switch a.category {
        case .cell: w.raw(" data-category=\"cell\"")
        case .supplementaryView: w.raw(" data-category=\"supplementaryView\"")
        case .decorationView: w.raw(" data-category=\"decorationView\"")
        }
        if let kind { w.attribute("data-kind", kind) }
        w.raw(" data-index-path=\""); w.indexPath(a); w.raw("\"")
        if a.zIndex != 0 { w.raw(" data-z-index=\""); w.int(a.zIndex); w.raw("\"") }
        if a.isEstimated { w.raw(" data-estimated=\"true\"") }
        switch shape.role {
        case .plain: break
        case .hit: w.raw(" data-in-rect=\"true\"")
        case .pinned: w.raw(" data-in-rect=\"true\" data-pinned=\"true\"")
        case .natural: w.raw(" data-natural-of-pinned=\"true\"")
        }
        w.raw("><title>")
        writeTooltip(a, kind: kind, role: shape.role, into: &w)
        w.raw("</title></rect>")
        writeLabel(a, kind: kind.map(SVGStyle.shortName), into: &w)
        w.raw("\n")
    }

    /// `header 0,0` or `0,3` centred in the element, when the element is big enough for it
    /// (text about 0.62 em wide per character, plus half an em). Decoration views (section
    /// backgrounds) get none: their centre is under the cells they hold.
    func writeLabel(_ a: LayoutAttributes, kind: String?, into w: inout SVGWriter) {
        let font = Self.fontPixels / options.scale
        guard a.category != .decorationView, a.frame.height >= font * 1.3 else { return }
        let pathLength = Self.digits(a.indexPath.section) + (a.isGlobal ? 0 : 1 + Self.digits(a.indexPath.item))
        func fits(_ characters: Int) -> Bool { Double(characters) * font * 0.62 + font * 0.5 <= a.frame.width }
        let withKind = kind.map { fits($0.unicodeScalars.count + 1 + pathLength) } ?? false
        guard withKind || fits(pathLength) else { return }
        w.raw("<text class=\"ld-label\"")
        w.attribute("x", a.frame.minX + a.frame.width / 2)
        w.attribute("y", a.frame.minY + a.frame.height / 2)
        w.attribute("font-size", font)
        w.raw(">")
        if withKind, let kind { w.text(kind); w.raw(" ") }
        w.indexPath(a)
        w.raw("</text>")
    }

    static func digits(_ v: Int) -> Int {
        var n = v < 0 ? 2 : 1, x = v.magnitude
        while x >= 10 { x /= 10; n += 1 }
        return n
    }

    /// `header [0,0]: x 0, y 0, 320 × 40` and what the rect query did with it.
    func writeTooltip(_ a: LayoutAttributes, kind: String?, role: Role, into w: inout SVGWriter) {
        let f = a.frame
        if let kind { w.text(kind) } else { w.raw("cell") }
        w.raw(" ["); w.indexPath(a); w.raw("]: x "); w.number(f.minX)
        w.raw(", y "); w.number(f.minY)
        w.raw(", "); w.number(f.width); w.raw(" × "); w.number(f.height)
        if a.zIndex != 0 { w.raw(", zIndex "); w.int(a.zIndex) }
        if a.isEstimated { w.raw(", estimated size") }
        switch role {
        case .plain: break
        case .hit: w.raw(" (in the rect query)")
        case .pinned: w.raw(" (pinned: where the rect query puts it)")
        case .natural: w.raw(" (natural frame; pinned elsewhere for this rect)")
        }
    }

    /// The visible rect, dashed, on top of the elements.
    func writeViewport(_ r: Rect, returned: Int, into w: inout SVGWriter) {
        w.raw("<rect class=\"ld-viewport\"")
        w.frame(r)
        w.attribute("data-rect", "\(SVGWriter.format(r.minX)),\(SVGWriter.format(r.minY)),\(SVGWriter.format(r.width)),\(SVGWriter.format(r.height))")
        w.raw("><title>")
        w.text("visible rect x \(SVGWriter.format(r.minX)), y \(SVGWriter.format(r.minY)), \(SVGWriter.format(r.width)) × \(SVGWriter.format(r.height)): the rect query returns \(returned) element\(returned == 1 ? "" : "s")")
        w.raw("</title></rect>\n")
    }
}
