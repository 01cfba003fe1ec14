import LayoutEngine

/// The legend (one swatch per kind of element drawn, bands, viewport) and the note that says
/// when not every element is drawn. Drawn in pixels (the group is scaled by 1 / scale) in the
/// top-right corner of the content, or of the visible rect when only the rect is drawn.
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

    func writeLegend(_ selection: Selection, bands: Bool, into w: inout SVGWriter) {
        let entries = legendEntries(selection, bands: bands)
        let note = capNote(selection)
        guard !entries.isEmpty || !note.isEmpty else { return }
        let row = 16.0, pad = 6.0, swatch = 12.0
        let longest = (entries.map { $0.label.unicodeScalars.count + 3 } + note.map(\.unicodeScalars.count)).max() ?? 0
        let boxWidth = Double(longest) * Self.fontPixels * 0.56 + 2 * pad
        let boxHeight = Double(entries.count + note.count) * row + 2 * pad - 2
        let focus = selection.onlyQuery ? options.rect ?? Rect(origin: .zero, size: layout.contentSize)
                                        : Rect(origin: .zero, size: layout.contentSize)
        let origin = legendOrigin(in: focus, width: boxWidth / options.scale, height: boxHeight / options.scale, selection.shapes)
        let (x, y) = (origin.x, origin.y)
        w.raw("<g class=\"ld-legend\" pointer-events=\"none\" transform=\"translate(")
        w.number(x); w.raw(" "); w.number(y); w.raw(") scale("); w.number(1 / options.scale); w.raw(")\"")
        w.attribute("font-size", Self.fontPixels)
        w.raw(">\n<rect class=\"ld-legend-box\" x=\"0\" y=\"0\" rx=\"3\"")
        w.attribute("width", boxWidth); w.attribute("height", boxHeight); w.raw("/>\n")
        var top = pad
        for entry in entries {
            w.raw("<rect"); w.attribute("class", entry.classes)
            w.frame(Rect(x: pad, y: top + 1, width: swatch, height: swatch - 2)); w.raw("/>")
            w.raw("<text"); w.attribute("x", pad + swatch + 5); w.attribute("y", top + swatch - 2); w.raw(">")
            w.text(entry.label); w.raw("</text>\n")
            top += row
        }
        for line in note {
            w.raw("<text class=\"ld-note\""); w.attribute("x", pad); w.attribute("y", top + swatch - 2); w.raw(">")
            w.text(line); w.raw("</text>\n")
            top += row
        }
        w.raw("</g>\n")
    }

    /// The corner of `focus` (top-right first, then bottom-right, top-left, bottom-left) where the
    /// legend covers the least element area. O(4 d).
    func legendOrigin(in focus: Rect, width: Double, height: Double, _ shapes: [Shape]) -> Point {
        let margin = 4 / options.scale
        let right = max(focus.minX, focus.maxX - width - margin), left = focus.minX + margin
        let top = focus.minY + margin, bottom = max(focus.minY, focus.maxY - height - margin)
        let corners = [Point(x: right, y: top), Point(x: right, y: bottom), Point(x: left, y: top), Point(x: left, y: bottom)]
        var best = corners[0], bestArea = Double.infinity
        for corner in corners {
            let box = Rect(origin: corner, size: Size(width: width, height: height))
            var area = 0.0
            for shape in shapes where shape.role != .natural {
                let f = shape.attributes.frame
                let w = min(f.maxX, box.maxX) - max(f.minX, box.minX), h = min(f.maxY, box.maxY) - max(f.minY, box.minY)
                if w > 0, h > 0 { area += w * h }
            }
            if area < bestArea { (best, bestArea) = (corner, area) }
        }
        return best
    }
}
