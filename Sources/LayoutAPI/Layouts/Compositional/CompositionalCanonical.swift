import JSON
import LayoutEngine

/// The canonical form of a compositional layout: the resolved configuration with every default
/// spelled out, in fixed member order (so omitted defaults and key order do not change the id).
/// Dimensions are `[kind, value]` with kind a=absolute, w=fractionalWidth, h=fractionalHeight,
/// e=estimated, u=uniformAcrossSiblings; spacings `[fixed?, value]`; insets `[t,l,b,r]`.
extension JSONWriter {
    mutating func canonicalCompositional(_ c: CompositionalConfiguration) {
        raw(",\"type\":\"compositional\",\"cv\":"); canonical(c.collectionView)
        raw(",\"readable\":")
        if let r = c.readableContentInsets { canonical(r) } else { raw("null") }
        raw(",\"dir\":"); string(c.scrollDirection.rawValue)
        raw(",\"gap\":"); number(c.interSectionSpacing)
        raw(",\"ref\":"); string(c.contentInsetsReference.rawValue)
        raw(",\"gen\":"); string(c.generation.rawValue)
        raw(",\"global\":"); list(c.boundarySupplementaryItems) { $0.canonical($1) }
        raw(",\"sections\":"); list(c.sections) { $0.canonical($1) }
        raw(",\"counts\":"); canonicalCounts(c.itemCounts)
        raw(",\"preferred\":[")
        for (j, ip) in c.preferredSizes.keys.sorted().enumerated() {
            if j > 0 { raw(",") }
            let z = c.preferredSizes[ip] ?? .zero
            int(ip.section); raw(","); int(ip.item); raw(","); number(z.width); raw(","); number(z.height)
        }
        raw("]")
        // List sections only: a layout without them writes what it always wrote (same ids).
        canonicalList(c, isDefault: !c.hasListSections && c.preferredSupplementaryHeights.isEmpty)
    }

    private mutating func list<T>(_ items: [T], _ write: (inout JSONWriter, T) -> Void) {
        raw("[")
        for (i, item) in items.enumerated() {
            if i > 0 { raw(",") }
            write(&self, item)
        }
        raw("]")
    }

    private mutating func canonical(_ s: CompositionalSection) {
        raw("{\"group\":"); canonical(s.group)
        raw(",\"inset\":"); canonical(s.contentInsets)
        raw(",\"gap\":"); number(s.interGroupSpacing)
        raw(",\"ref\":"); string(s.contentInsetsReference.rawValue)
        raw(",\"follow\":"); bool(s.supplementariesFollowContentInsets)
        raw(",\"boundary\":"); list(s.boundarySupplementaryItems) { $0.canonical($1) }
        raw(",\"decor\":"); list(s.decorationItems) { w, d in
            w.raw("{\"kind\":"); w.string(d.elementKind)
            w.raw(",\"inset\":"); w.canonical(d.contentInsets)
            w.raw(",\"z\":"); w.int(d.zIndex); w.raw("}")
        }
        raw(",\"ortho\":"); string(s.orthogonalScrollingBehavior.rawValue)
        memberIfSet("list", s.list) { $0.canonical($1) }
        raw("}")
    }

    private mutating func canonical(_ g: CompositionalGroup) {
        if let custom = g.custom {
            // Custom groups are new: their form cannot collide with an existing id.
            raw("{\"custom\":{\"size\":"); canonical(g.layoutSize)
            raw(",\"fractional\":"); bool(custom.fractional)
            raw(",\"frames\":"); list(custom.items) { w, i in
                w.raw("["); w.number(i.frame.origin.x); w.raw(","); w.number(i.frame.origin.y)
                w.raw(","); w.number(i.frame.size.width); w.raw(","); w.number(i.frame.size.height)
                w.raw(","); w.int(i.zIndex); w.raw("]")
            }
            raw(",\"inset\":"); canonical(g.contentInsets)
            raw(",\"edge\":"); canonical(g.edgeSpacing)
            raw("}}")
            return
        }
        raw("{\"o\":"); string(g.orientation.rawValue)
        raw(",\"size\":"); canonical(g.layoutSize)
        raw(",\"count\":")
        if let n = g.count { int(n) } else { raw("null") }
        raw(",\"countKind\":"); string(g.countKind.rawValue)
        raw(",\"spacing\":")
        if let s = g.interItemSpacing { canonical(s) } else { raw("null") }
        raw(",\"inset\":"); canonical(g.contentInsets)
        raw(",\"edge\":"); canonical(g.edgeSpacing)
        raw(",\"sub\":"); list(g.subitems) { w, sub in
            switch sub {
            case .item(let i):
                w.raw("{\"item\":{\"size\":"); w.canonical(i.layoutSize)
                w.raw(",\"inset\":"); w.canonical(i.contentInsets)
                w.raw(",\"edge\":"); w.canonical(i.edgeSpacing)
                w.raw(",\"supp\":"); w.list(i.supplementaryItems) { $0.canonical($1) }
                w.raw("}}")
            case .group(let inner):
                w.raw("{\"group\":"); w.canonical(inner); w.raw("}")
            }
        }
        raw("}")
    }

    private mutating func canonical(_ b: BoundarySupplementaryItem) {
        raw("{\"kind\":"); string(b.elementKind)
        raw(",\"align\":"); string(b.alignment.rawValue)
        raw(",\"size\":"); canonical(b.layoutSize)
        raw(",\"offset\":["); number(b.absoluteOffset.x); raw(","); number(b.absoluteOffset.y); raw("]")
        raw(",\"extends\":"); bool(b.extendsBoundary)
        raw(",\"pin\":"); bool(b.pinToVisibleBounds)
        raw(",\"z\":"); int(b.zIndex)
        raw(",\"inset\":"); canonical(b.contentInsets)
        raw("}")
    }

    private mutating func canonical(_ s: CompositionalSupplementaryItem) {
        raw("{\"kind\":"); string(s.elementKind)
        raw(",\"size\":"); canonical(s.layoutSize)
        raw(",\"anchor\":"); canonical(s.containerAnchor)
        raw(",\"itemAnchor\":")
        if let a = s.itemAnchor { canonical(a) } else { raw("null") }
        raw(",\"z\":"); int(s.zIndex)
        raw(",\"inset\":"); canonical(s.contentInsets)
        raw("}")
    }

    private mutating func canonical(_ a: CompositionalAnchor) {
        raw("["); int(Int(a.edges.rawValue)); raw(","); number(a.offset.x); raw(","); number(a.offset.y)
        raw(","); bool(a.isFractionalOffset); raw("]")
    }

    private mutating func canonical(_ s: CompositionalSize) {
        raw("["); canonical(s.width); raw(","); canonical(s.height); raw("]")
    }

    private mutating func canonical(_ d: CompositionalDimension) {
        switch d {
        case .absolute(let v): raw("[\"a\","); number(v)
        case .fractionalWidth(let v): raw("[\"w\","); number(v)
        case .fractionalHeight(let v): raw("[\"h\","); number(v)
        case .estimated(let v): raw("[\"e\","); number(v)
        case .uniformAcrossSiblings(let v): raw("[\"u\","); number(v)
        }
        raw("]")
    }

    private mutating func canonical(_ s: CompositionalSpacing) {
        raw("["); bool(!s.isFlexible); raw(","); number(s.spacing); raw("]")
    }

    private mutating func canonical(_ e: EdgeSpacing) {
        raw("[")
        for (i, s) in [e.leading, e.top, e.trailing, e.bottom].enumerated() {
            if i > 0 { raw(",") }
            if let s { canonical(s) } else { raw("null") }
        }
        raw("]")
    }

    private mutating func canonical(_ i: DirectionalInsets) {
        raw("["); number(i.top); raw(","); number(i.leading); raw(","); number(i.bottom); raw(","); number(i.trailing); raw("]")
    }
}
