import LayoutEngine

/// Draws a cached layout as an SVG document in points. The drawing is a nested `<svg
/// class="ld-drawing">` whose `viewBox` is the content size, at the top left of the canvas (so a
/// point of the layout is a point of the picture, and what lies outside the content is clipped
/// as before); the legend sits in a strip to its right, never over the drawing: the canvas
/// (the root `viewBox`) is the content size plus that strip, and taller than the content when
/// the legend is. `width` and `height` are the canvas times the scale. Every drawn element is
/// one `<rect>` at its exact frame with `data-category`, `data-kind` (supplementary and decoration views),
/// `data-index-path="s,i"` and a `<title>` (the browser's tooltip); index paths are written
/// inside elements big enough for the text; sections are tinted bands; a legend names the
/// colours.
///
/// With a visible rect, the rect is drawn as a viewport and the elements the rect query returns
/// (`query`, from `Layout.attributes(in:index:)`, the code behind `/elements?rect=`) are
/// outlined, pinned headers and footers drawn where that query puts them (their natural place
/// faded).
///
/// Bounded: at most `options.maxElements` elements and as many section bands are drawn; over
/// that, a layout is drawn from its first element, or only what the rect query returns, and the
/// picture says so. O(d log d) for d drawn elements (drawn in zIndex order, as UIKit stacks them).
struct SVGRenderer {
    let id: String
    let layout: Layout
    let options: SVGOptions
    /// What `/elements?rect=` answers for `options.rect`; nil without a rect.
    let query: [LayoutAttributes]?

    enum Role: Equatable {
        case plain
        /// Returned by the rect query at its natural frame.
        case hit
        /// Returned by the rect query at another (pinned) frame: drawn there.
        case pinned
        /// The natural place of a pinned element, faded.
        case natural
    }

    struct Shape {
        var attributes: LayoutAttributes
        var role: Role
    }

    /// What is drawn: the shapes, in drawing order, and how many layout elements they show.
    struct Selection {
        var shapes: [Shape]
        var elementsDrawn: Int
        /// Only the rect query's elements are drawn (the layout is over the cap).
        var onlyQuery: Bool
    }

    func selection() -> Selection {
        let cap = max(0, options.maxElements)
        var shapes: [Shape] = []
        if let query, layout.attributes.count > cap {
            shapes.reserveCapacity(min(query.count, cap))
            for a in query.prefix(cap) {
                shapes.append(Shape(attributes: a, role: naturalFrame(of: a).map { $0 == a.frame } == false ? .pinned : .hit))
            }
            return Selection(shapes: Self.stacked(shapes), elementsDrawn: shapes.count, onlyQuery: true)
        }
        var queried: [ElementKey: Rect] = [:]
        for a in query ?? [] { queried[ElementKey(a)] = a.frame }
        let drawn = min(layout.attributes.count, cap)
        shapes.reserveCapacity(drawn + 2 * min(drawn, layout.sections.count))
        for a in layout.attributes.prefix(drawn) {
            guard let frame = queried[ElementKey(a)] else {
                shapes.append(Shape(attributes: a, role: .plain))
                continue
            }
            if frame == a.frame {
                shapes.append(Shape(attributes: a, role: .hit))
            } else {
                shapes.append(Shape(attributes: a, role: .natural))
                var moved = a
                moved.frame = frame
                moved.zIndex = Layout.pinnedZIndex
                shapes.append(Shape(attributes: moved, role: .pinned))
            }
        }
        return Selection(shapes: Self.stacked(shapes), elementsDrawn: drawn, onlyQuery: false)
    }

    /// Ascending zIndex, layout order among equals (UIKit draws higher zIndex on top).
    static func stacked(_ shapes: [Shape]) -> [Shape] {
        guard shapes.contains(where: { $0.attributes.zIndex != shapes[0].attributes.zIndex }) else { return shapes }
        return shapes.enumerated().sorted {
            ($0.element.attributes.zIndex, $0.offset) < ($1.element.attributes.zIndex, $1.offset)
        }.map(\.element)
    }

    /// The element's frame in the layout itself (before pinning), for the elements a query can
    /// move (pinned headers and footers, `pinToVisibleBounds` items); nil for the others, which
    /// a rect query returns where they lie. Found by the engine's element lookup.
    func naturalFrame(of a: LayoutAttributes) -> Rect? {
        let movable = a.pinsToVisibleBounds
            || (a.kind == .header && layout.pinning.headers) || (a.kind == .footer && layout.pinning.footers)
        guard movable, let i = layout.index(of: a.category, kind: a.kind, at: a.indexPath, isGlobal: a.isGlobal),
              i < layout.attributes.count else { return nil }
        return layout.attributes[i].frame
    }

    /// The whole document.
    func render() -> [UInt8] {
        let selection = selection()
        let bands = bandRange(selection)
        var w = SVGWriter(capacity: 2_048 + selection.shapes.count * 420 + bands.count * 260)
        let width = max(layout.contentSize.width, 1), height = max(layout.contentSize.height, 1)
        let legend = legendBox(selection, bands: !bands.isEmpty)
        let canvas = Size(width: width + (legend.map { $0.size.width + 2 * Self.legendGap / options.scale } ?? 0),
                          height: max(height, legend.map { $0.top + $0.size.height + 2 * Self.legendGap / options.scale } ?? 0))
        w.raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"")
        w.attribute("width", canvas.width * options.scale)
        w.attribute("height", canvas.height * options.scale)
        w.raw(" viewBox=\"0 0 "); w.number(canvas.width); w.raw(" "); w.number(canvas.height); w.raw("\"")
        w.attribute("data-layout-id", id)
        w.attribute("data-elements", Double(layout.attributes.count))
        w.attribute("data-drawn", Double(selection.elementsDrawn))
        w.attribute("data-scale", options.scale)
        w.raw(" font-family=\"system-ui, -apple-system, Helvetica, Arial, sans-serif\" role=\"img\">\n<title>")
        w.text(summary(selection))
        w.raw("</title>\n<style>"); w.raw(SVGStyle.css); w.raw("</style>\n")
        w.raw("<svg class=\"ld-drawing\" x=\"0\" y=\"0\""); w.attribute("width", width); w.attribute("height", height)
        w.raw(" viewBox=\"0 0 "); w.number(width); w.raw(" "); w.number(height); w.raw("\">\n")
        w.raw("<rect class=\"ld-content\" x=\"0\" y=\"0\""); w.attribute("width", width); w.attribute("height", height); w.raw("/>\n")
        writeBands(bands, into: &w)
        w.raw("<g class=\"ld-elements\">\n")
        // insetGrouped list sections (L17): the rows' outer corners rounded, drawn over the rows
        // (zIndex 10) and under their separators (100) and headers (200).
        let rounded = roundedToDraw(bands, selection)
        var roundedDrawn = rounded.isEmpty
        for shape in selection.shapes {
            if !roundedDrawn, shape.attributes.zIndex > 10 {
                writeRoundedSections(rounded, into: &w)
                roundedDrawn = true
            }
            writeElement(shape, into: &w)
        }
        if !roundedDrawn { writeRoundedSections(rounded, into: &w) }
        w.raw("</g>\n")
        if let r = options.rect { writeViewport(r, returned: query?.count ?? 0, into: &w) }
        w.raw("</svg>\n")
        if let legend { writeLegend(legend, at: Point(x: width + Self.legendGap / options.scale, y: legend.top + Self.legendGap / options.scale), into: &w) }
        w.raw("</svg>\n")
        return w.bytes
    }

    /// The rounded row groups drawn: those of the drawn sections that meet the drawn elements
    /// (or the viewport, when only the rect query is drawn), at most `options.maxElements`, like
    /// every other kind of shape. An insetGrouped list with row spacing rounds every row: a
    /// picture of 999,990 rows drew them all (398 MB, issue 33).
    func roundedToDraw(_ bands: Range<Int>, _ selection: Selection) -> [RoundedSection] {
        guard !layout.roundedSections.isEmpty, !bands.isEmpty else { return [] }
        var extent: Rect?
        for shape in selection.shapes {
            let f = shape.attributes.frame
            guard f.minX.isFinite, f.minY.isFinite, f.width.isFinite, f.height.isFinite else { continue }
            extent = extent.map { e in
                let x = min(e.minX, f.minX), y = min(e.minY, f.minY)
                return Rect(x: x, y: y, width: max(e.maxX, f.maxX) - x, height: max(e.maxY, f.maxY) - y)
            } ?? f
        }
        if selection.onlyQuery, let r = options.rect { extent = r }
        guard let extent else { return [] }
        var out: [RoundedSection] = []
        let cap = max(0, options.maxElements)
        for r in layout.roundedSections where bands.contains(r.section) && r.frame.intersects(extent) {
            if out.count == cap { break }
            out.append(r)
        }
        return out
    }

    /// Sections drawn as bands: those of the drawn elements (all of them when every element is
    /// drawn), at most `maxElements`.
    func bandRange(_ selection: Selection) -> Range<Int> {
        let sections = layout.sections.count
        if !selection.onlyQuery, selection.elementsDrawn == layout.attributes.count {
            return 0..<min(sections, max(0, options.maxElements))
        }
        let drawn = selection.shapes.filter { !$0.attributes.isGlobal }.map(\.attributes.indexPath.section).filter { $0 >= 0 && $0 < sections }
        guard let low = drawn.min(), let high = drawn.max() else { return 0..<0 }
        return low..<min(high + 1, low + max(0, options.maxElements))
    }

    /// The root `<title>`: what the picture shows.
    func summary(_ selection: Selection) -> String {
        let size = "\(SVGWriter.format(layout.contentSize.width)) × \(SVGWriter.format(layout.contentSize.height)) pt"
        let count = layout.attributes.count
        return "layoutd layout \(id): \(count) element\(count == 1 ? "" : "s") in \(layout.sections.count) section\(layout.sections.count == 1 ? "" : "s"), content \(size)"
    }
}

/// An element's identity: what a rect query's copy shares with the layout's own attributes.
struct ElementKey: Hashable {
    var category: ElementCategory
    var kind: SupplementaryKind?
    var indexPath: IndexPath
    var isGlobal: Bool

    init(_ a: LayoutAttributes) {
        category = a.category
        kind = a.kind
        indexPath = a.indexPath
        isGlobal = a.isGlobal
    }
}
