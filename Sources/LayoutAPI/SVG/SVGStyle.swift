import LayoutEngine

/// How elements look in a picture: the one place that names an element's kind and picks its
/// colour, shared by the elements, the legend and the playground page (which styles by the same
/// classes). Every class starts with `ld-`: an SVG's `<style>` applies to the whole page it is
/// inlined in.
enum SVGStyle {
    /// The name of an element's kind as the wire prints it (`data-kind`, tooltips, legend); nil
    /// for cells. The only function that turns a kind into text, so new kinds (decorations,
    /// badges, a layout's own `elementKinds`) need only this.
    static func kindName(_ a: LayoutAttributes, in layout: Layout) -> String? {
        if let kind = a.kind { return layout.name(of: kind) }
        return a.category == .decorationView ? "decoration" : nil
    }

    /// A short name for labels and the legend: UIKit's long list kind names shortened
    /// (`data-kind` and tooltips keep the exact name).
    static func shortName(_ kind: String) -> String {
        switch kind {
        case "UICollectionElementKindSectionHeader": "header"
        case "UICollectionElementKindSectionFooter": "footer"
        case "_UICollectionViewListLayoutSectionBackgroundColorDecorationElementKind": "list background"
        case "tableHeader": "table header view"
        case "tableFooter": "table footer view"
        case "UICollectionViewListLayoutElementKindBottomSeparator", "bottomSeparator": "bottom separator"
        case "UICollectionViewListLayoutElementKindTopSeparator", "topSeparator": "top separator"
        default: kind
        }
    }

    static func categoryName(_ c: ElementCategory) -> String {
        switch c {
        case .cell: "cell"
        case .supplementaryView: "supplementaryView"
        case .decorationView: "decorationView"
        }
    }

    /// The colour class of an element: cells blue, headers orange, footers green, decorations
    /// (backgrounds) grey, every other supplementary kind (badges, custom kinds) one of six
    /// colours picked by its name, so a kind keeps its colour from picture to picture.
    static func colourClass(category: ElementCategory, kind: String?) -> String {
        switch (category, kind) {
        case (.cell, _): "ld-cell"
        case (.decorationView, let name?) where name.hasPrefix("UICollectionViewListLayoutElementKind"): "ld-separator"
        case (.decorationView, "bottomSeparator"?), (.decorationView, "topSeparator"?): "ld-separator"   // a table's
        case (.decorationView, "_UICollectionViewListLayoutSectionBackgroundColorDecorationElementKind"?): "ld-list-background"
        case (.decorationView, _): "ld-decoration"
        case (.supplementaryView, "header"?), (.supplementaryView, "UICollectionElementKindSectionHeader"?): "ld-header"
        case (.supplementaryView, "footer"?), (.supplementaryView, "UICollectionElementKindSectionFooter"?): "ld-footer"
        case (.supplementaryView, let name): "ld-p\(paletteSlot(name ?? ""))"
        }
    }

    /// FNV-1a of the name, modulo the palette: stable across runs and servers.
    static func paletteSlot(_ name: String) -> Int {
        var hash: UInt32 = 2_166_136_261
        for byte in name.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return Int(hash % 6)
    }

    /// The stylesheet; sizes are in pixels whatever the scale (strokes do not scale, label and
    /// legend sizes are divided by the scale where they are written).
    static let css: StaticString = """
    .ld-content{fill:#fff;stroke:#9aa3ad;stroke-width:1;vector-effect:non-scaling-stroke}\
    .ld-band0{fill:#f3f5f8}.ld-band1{fill:#e6eaf0}\
    .ld-band0,.ld-band1{stroke:#c3cad3;stroke-width:1;stroke-dasharray:2 3;vector-effect:non-scaling-stroke}\
    .ld-band-label{fill:#8a94a0}\
    .ld-el{stroke-width:1;vector-effect:non-scaling-stroke}\
    .ld-cell{fill:#d6e6ff;stroke:#2f6fce}\
    .ld-header{fill:#ffdcae;stroke:#d9822b}\
    .ld-footer{fill:#cdf0d5;stroke:#2e9e4f}\
    .ld-decoration{fill:#e3e3e3;stroke:#8a8a8a;fill-opacity:.8}\
    .ld-separator{fill:#4d5661;stroke:none}.ld-list-background{fill:#dfe3ea;fill-opacity:.55;stroke:none}\
    .ld-rounded{fill:none;stroke:#1d2a3a;stroke-width:1.5;vector-effect:non-scaling-stroke}.ld-rounded-corners{fill:#e9ecf1;stroke:none}\
    .ld-p0{fill:#e9d5f7;stroke:#8e44ad}.ld-p1{fill:#fbd3dc;stroke:#c0392b}.ld-p2{fill:#cdeff0;stroke:#16868a}\
    .ld-p3{fill:#f6ecb8;stroke:#a6870f}.ld-p4{fill:#dfe6c4;stroke:#5d7a1f}.ld-p5{fill:#f5dcc8;stroke:#a0522d}\
    .ld-estimated{stroke-dasharray:4 2}\
    .ld-hit{stroke:#1a1a1a;stroke-width:2.5}\
    .ld-natural{fill-opacity:.35;stroke-dasharray:3 3}\
    .ld-pinned{stroke:#e0245e;stroke-width:2.5}\
    .ld-viewport{fill:#e0245e;fill-opacity:.06;stroke:#e0245e;stroke-width:2;stroke-dasharray:8 4;vector-effect:non-scaling-stroke;pointer-events:none}\
    .ld-label{fill:#1d2a3a;text-anchor:middle;dominant-baseline:central;pointer-events:none}\
    .ld-legend-box{fill:#fff;fill-opacity:.92;stroke:#9aa3ad}\
    .ld-legend text{fill:#1d2a3a}.ld-note{fill:#b3261e}
    """
}
