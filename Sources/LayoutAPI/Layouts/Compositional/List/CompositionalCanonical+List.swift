import LayoutEngine

/// The canonical form of list sections, the list environment and measured headers/footers:
/// fixed member order, every default spelled out (`"type": "list"` and the compositional
/// form of the same list write the same bytes, so they share an id).
extension JSONWriter {
    mutating func canonicalList(_ c: CompositionalConfiguration) {
        let e = c.listEnvironment
        raw(",\"listEnv\":["); string(e.generation.rawValue); raw(","); string(e.contentSizeCategory.rawValue); raw(",")
        if let w = e.wideContentMargins { bool(w) } else { raw("null") }
        raw(","); bool(e.collapsedTopSpacing); raw(","); bool(e.includeBackgroundDecorations); raw(","); bool(e.includeSeparators); raw("]")
        raw(",\"supplementaryHeights\":[")
        for (j, key) in c.preferredSupplementaryHeights.keys.sorted().enumerated() {
            if j > 0 { raw(",") }
            raw("["); string(key.elementKind); raw(","); int(key.indexPath.section); raw(",")
            number(c.preferredSupplementaryHeights[key] ?? 0); raw("]")
        }
        raw("]")
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
