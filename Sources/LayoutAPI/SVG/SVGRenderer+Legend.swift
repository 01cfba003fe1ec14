import LayoutEngine

/// The legend (one swatch per kind of element drawn, bands, viewport) and the note that says
/// when not every element is drawn. Drawn in pixels (the group is scaled by 1 / scale) in a strip
/// to the right of the drawing, beside the top of the content (or of the visible rect when only
/// the rect is drawn), so it never covers an element.
extension SVGRenderer {
    static let maxLegendKinds = 12

    struct LegendEntry {
        var classes: String
        var label: String
    }

    func legendEntries(_ selection: Selection, bands: Bool) -> [LegendEntry] {
        var entries: [LegendEntry] = []
        var seen: Set<String> = []
        var kinds = 0
        for shape in selection.shapes where shape.role != .natural {
            let a = shape.attributes
            let kind = SVGStyle.kindName(a, in: layout)
            let short = kind.map(SVGStyle.shortName)
            let label = a.category == .cell ? "cell" : a.category == .decorationView ? "decoration: \(short ?? "view")" : (short ?? "supplementary")
            guard seen.insert(label).inserted else { continue }
            kinds += 1
            guard kinds <= Self.maxLegendKinds else { continue }
            entries.append(LegendEntry(classes: "ld-el " + SVGStyle.colourClass(category: a.category, kind: kind), label: label))
        }
        if kinds > Self.maxLegendKinds {
            entries.append(LegendEntry(classes: "ld-decoration", label: "and \(kinds - Self.maxLegendKinds) more kinds"))
        }
        if selection.shapes.contains(where: { $0.attributes.isEstimated }) {
            entries.append(LegendEntry(classes: "ld-el ld-cell ld-estimated", label: "estimated size"))
        }
        if !layout.roundedSections.isEmpty {
            entries.append(LegendEntry(classes: "ld-rounded", label: "rounded rows (insetGrouped)"))
        }
        if bands { entries.append(LegendEntry(classes: "ld-band0", label: "section (band)")) }
        if options.rect != nil {
            entries.append(LegendEntry(classes: "ld-viewport", label: "visible rect"))
            entries.append(LegendEntry(classes: "ld-el ld-cell ld-hit", label: "returned by the rect query"))
            if selection.shapes.contains(where: { $0.role == .pinned }) {
                entries.append(LegendEntry(classes: "ld-el ld-header ld-pinned", label: "pinned for the rect"))
            }
        }
        return entries
    }

    /// Lines saying what is not drawn; empty when every element is.
    func capNote(_ selection: Selection) -> [String] {
        let total = layout.attributes.count
        let cap = options.maxElements
        if selection.onlyQuery {
            let returned = query?.count ?? 0
            return [returned > cap
                        ? "Drawn: the first \(cap) of the \(returned) elements in the rect"
                        : "Drawn: only the \(returned) element\(returned == 1 ? "" : "s") in the rect",
                    "(the layout has \(total); at most \(cap) are drawn)"]
        }
        guard selection.elementsDrawn < total else { return [] }
        return ["Drawn: the first \(selection.elementsDrawn) of \(total) elements",
                "(at most \(cap)); add ?rect=x,y,w,h to see a region"]
    }

    /// Pixels between the drawing and the legend, and around the legend.
    static let legendGap = 8.0

    /// The legend laid out: its entries and note lines, its size in points, and the top of its
    /// strip (the top of the content, or of the visible rect when only the rect is drawn).
    struct LegendBox {
        var entries: [LegendEntry]
        var note: [String]
        var size: Size
        var top: Double
    }

    /// Nil when there is nothing to explain.
    func legendBox(_ selection: Selection, bands: Bool) -> LegendBox? {
        let entries = legendEntries(selection, bands: bands)
        let note = capNote(selection)
        guard !entries.isEmpty || !note.isEmpty else { return nil }
        let longest = (entries.map { $0.label.unicodeScalars.count + 3 } + note.map(\.unicodeScalars.count)).max() ?? 0
        let pixels = Size(width: (Double(longest) * Self.fontPixels * 0.56 + 2 * Self.legendPad).rounded(.up),
                          height: Double(entries.count + note.count) * Self.legendRow + 2 * Self.legendPad - 2)
        let top = selection.onlyQuery ? max(0, options.rect?.minY ?? 0) : 0
        return LegendBox(entries: entries, note: note, size: Size(width: pixels.width / options.scale, height: pixels.height / options.scale), top: top)
    }

    static let legendRow = 16.0, legendPad = 6.0, legendSwatch = 12.0

    /// The legend at `origin` (points), drawn in pixels (the group is scaled by 1 / scale).
    func writeLegend(_ box: LegendBox, at origin: Point, into w: inout SVGWriter) {
        let (row, pad, swatch) = (Self.legendRow, Self.legendPad, Self.legendSwatch)
        w.raw("<g class=\"ld-legend\" pointer-events=\"none\" transform=\"translate(")
        w.number(origin.x); w.raw(" "); w.number(origin.y); w.raw(") scale("); w.number(1 / options.scale); w.raw(")\"")
        w.attribute("font-size", Self.fontPixels)
        w.raw(">\n<rect class=\"ld-legend-box\" x=\"0\" y=\"0\" rx=\"3\"")
        w.attribute("width", box.size.width * options.scale); w.attribute("height", box.size.height * options.scale); w.raw("/>\n")
        var top = pad
        for entry in box.entries {
            w.raw("<rect"); w.attribute("class", entry.classes)
            w.frame(Rect(x: pad, y: top + 1, width: swatch, height: swatch - 2)); w.raw("/>")
            w.raw("<text"); w.attribute("x", pad + swatch + 5); w.attribute("y", top + swatch - 2); w.raw(">")
            w.text(entry.label); w.raw("</text>\n")
            top += row
        }
        for line in box.note {
            w.raw("<text class=\"ld-note\""); w.attribute("x", pad); w.attribute("y", top + swatch - 2); w.raw(">")
            w.text(line); w.raw("</text>\n")
            top += row
        }
        w.raw("</g>\n")
    }
}
