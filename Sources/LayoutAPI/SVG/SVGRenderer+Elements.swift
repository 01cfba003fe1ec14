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
            let band = vertical
                ? Rect(x: 0, y: g.minScroll, width: layout.contentSize.width, height: length)
                : Rect(x: g.minScroll, y: 0, width: length, height: layout.contentSize.height)
            w.raw(s % 2 == 0 ? "<rect class=\"ld-band0\"" : "<rect class=\"ld-band1\"")
            w.frame(band)
            w.attribute("data-section", Double(s))
            w.raw("><title>")
            w.text("section \(s): \(vertical ? "y" : "x") \(SVGWriter.format(g.minScroll)) to \(SVGWriter.format(g.maxScroll))")
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

    func writeElement(_ shape: Shape, into w: inout SVGWriter) {
        let a = shape.attributes
        let kind = SVGStyle.kindName(a, in: layout)
        var classes = "ld-el " + SVGStyle.colourClass(category: a.category, kind: kind)
        if a.isEstimated { classes += " ld-estimated" }
        switch shape.role {
        case .plain: break
        case .hit: classes += " ld-hit"
        case .pinned: classes += " ld-pinned"
        case .natural: classes += " ld-natural"
        }
        let path = SVGStyle.indexPathText(a)
        w.raw("<rect")
        w.attribute("class", classes)
        w.frame(a.frame)
        w.attribute("data-category", SVGStyle.categoryName(a.category))
        if let kind { w.attribute("data-kind", kind) }
        w.attribute("data-index-path", path)
        if a.zIndex != 0 { w.attribute("data-z-index", Double(a.zIndex)) }
        if a.isEstimated { w.raw(" data-estimated=\"true\"") }
        switch shape.role {
        case .plain: break
        case .hit: w.raw(" data-in-rect=\"true\"")
        case .pinned: w.raw(" data-in-rect=\"true\" data-pinned=\"true\"")
        case .natural: w.raw(" data-natural-of-pinned=\"true\"")
        }
        w.raw("><title>")
        w.text(tooltip(a, kind: kind, path: path, role: shape.role))
        w.raw("</title></rect>")
        writeLabel(a, kind: kind, path: path, into: &w)
        w.raw("\n")
    }

    /// `header 0,0` or `0,3` centred in the element, when the element is big enough for it.
    func writeLabel(_ a: LayoutAttributes, kind: String?, path: String, into w: inout SVGWriter) {
        let font = Self.fontPixels / options.scale
        guard a.frame.height >= font * 1.3 else { return }
        func fits(_ text: String) -> Bool { Double(text.unicodeScalars.count) * font * 0.62 + font * 0.5 <= a.frame.width }
        let long = kind.map { "\($0) \(path)" } ?? path
        let label = fits(long) ? long : fits(path) ? path : nil
        guard let label else { return }
        w.raw("<text class=\"ld-label\"")
        w.attribute("x", a.frame.minX + a.frame.width / 2)
        w.attribute("y", a.frame.minY + a.frame.height / 2)
        w.attribute("font-size", font)
        w.raw(">"); w.text(label); w.raw("</text>")
    }

    func tooltip(_ a: LayoutAttributes, kind: String?, path: String, role: Role) -> String {
        let f = a.frame
        var text = "\(kind ?? "cell") [\(path)]: x \(SVGWriter.format(f.minX)), y \(SVGWriter.format(f.minY)), \(SVGWriter.format(f.width)) × \(SVGWriter.format(f.height))"
        if a.zIndex != 0 { text += ", zIndex \(a.zIndex)" }
        if a.isEstimated { text += ", estimated size" }
        switch role {
        case .plain: break
        case .hit: text += " (in the rect query)"
        case .pinned: text += " (pinned: where the rect query puts it)"
        case .natural: text += " (natural frame; pinned elsewhere for this rect)"
        }
        return text
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
