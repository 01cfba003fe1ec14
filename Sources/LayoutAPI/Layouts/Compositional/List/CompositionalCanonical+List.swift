import JSON
import LayoutEngine

/// The canonical form of list sections, the list environment and measured headers/footers:
/// fixed member order, every default spelled out (`"type": "list"` and the compositional
/// form of the same list write the same bytes, so they share an id).
extension JSONWriter {
    /// Both members or neither: a compositional layout without list sections or measured
    /// headers (`isDefault`) writes neither, as before lists existed.
    mutating func canonicalList(_ c: CompositionalConfiguration, isDefault: Bool) {
        memberUnlessDefault("listEnv", isDefault: isDefault) { w in
            let e = c.listEnvironment
            w.raw("["); w.string(e.generation.rawValue); w.raw(","); w.string(e.contentSizeCategory.rawValue); w.raw(",")
            if let wide = e.wideContentMargins { w.bool(wide) } else { w.raw("null") }
            w.raw(","); w.bool(e.collapsedTopSpacing); w.raw(","); w.bool(e.includeBackgroundDecorations); w.raw(","); w.bool(e.includeSeparators); w.raw("]")
        }
        memberUnlessDefault("supplementaryHeights", isDefault: isDefault) { w in
            w.raw("[")
            for (j, key) in c.preferredSupplementaryHeights.keys.sorted().enumerated() {
                if j > 0 { w.raw(",") }
                w.raw("["); w.string(key.elementKind); w.raw(","); w.int(key.indexPath.section); w.raw(",")
                w.number(c.preferredSupplementaryHeights[key] ?? 0); w.raw("]")
            }
            w.raw("]")
        }
    }

    mutating func canonical(_ l: ListSectionConfiguration) {
        raw("["); string(l.appearance.rawValue); raw(","); string(l.headerMode.rawValue); raw(","); string(l.footerMode.rawValue)
        raw(","); optionalNumber(l.headerTopPadding)
        raw(","); if let v = l.showsSeparators { bool(v) } else { raw("null") }
        let sc = l.separatorConfiguration
        raw(","); string(sc.topSeparatorVisibility.rawValue); raw(","); string(sc.bottomSeparatorVisibility.rawValue)
        raw(","); canonical(sc.topSeparatorInsets); raw(","); canonical(sc.bottomSeparatorInsets)
        raw(","); optionalNumber(l.rowHeight)
        raw(",")
        if let i = l.contentInsets {
            raw("["); number(i.top); raw(","); number(i.leading); raw(","); number(i.bottom); raw(","); number(i.trailing); raw("]")
        } else {
            raw("null")
        }
        raw(","); number(l.interGroupSpacing); raw("]")
    }

    private mutating func canonical(_ i: ListSeparatorInsets?) {
        guard let i else { raw("null"); return }
        raw("["); number(i.leading); raw(","); number(i.trailing); raw("]")
    }

    private mutating func optionalNumber(_ v: Double?) {
        if let v { number(v) } else { raw("null") }
    }
}
