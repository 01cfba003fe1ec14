import JSON
import LayoutEngine

/// Bounds the layout tree a request may describe, counted while decoding (before solving).
struct CompositionalNodeCount {
    /// Groups, items, supplementary, boundary and decoration items in the whole layout.
    static let maximum = 10_000
    static let maximumDepth = 32
    static let maximumCount = 10_000
    private(set) var used = 0

    mutating func add(_ n: Int, at pointer: JSONPointer) throws(FieldError) {
        used += n
        guard used <= Self.maximum else {
            throw FieldError.invalidValue(pointer: pointer, detail: "The layout at \(pointer) describes more than \(Self.maximum) groups, items and supplementary items; this server accepts at most \(Self.maximum). Reuse sections: the last layout section repeats for later data sections.")
        }
    }
}

/// Items, their supplementaries, boundary items and the value types of the compositional wire format.
extension WireReader {
    mutating func compositionalItem(_ field: JSONField, nodes: inout CompositionalNodeCount) throws(FieldError) -> CompositionalItem {
        let o = try field.object()
        try o.rejectUnknownKeys(allowed: Self.compositionalItemKeys)
        try nodes.add(1, at: field.pointer)
        var item = CompositionalItem(layoutSize: try layoutSize(try o.required("layoutSize")))
        item.contentInsets = try o.value("contentInsets", default: .zero) { f throws(FieldError) in try directionalInsets(f) }
        item.edgeSpacing = try o.value("edgeSpacing", default: .none) { f throws(FieldError) in try edgeSpacing(f) }
        item.supplementaryItems = try o.value("supplementaryItems", default: []) { f throws(FieldError) in
            var out: [CompositionalSupplementaryItem] = []
            for s in try f.array(maxCount: Self.maximumListLength) {
                let so = try s.object()
                try so.rejectUnknownKeys(allowed: Self.supplementaryItemKeys)
                try nodes.add(1, at: s.pointer)
                var sup = CompositionalSupplementaryItem(elementKind: try elementKind(try so.required("elementKind")),
                                                         layoutSize: try layoutSize(try so.required("layoutSize")),
                                                         containerAnchor: try anchor(try so.required("containerAnchor")))
                sup.itemAnchor = try so.member("itemAnchor").map { f throws(FieldError) in try anchor(f) }
                sup.zIndex = try so.value("zIndex", default: 1) { f throws(FieldError) in try zIndex(f) }
                sup.contentInsets = try so.value("contentInsets", default: .zero) { f throws(FieldError) in try directionalInsets(f) }
                out.append(sup)
            }
            return out
        }
        return item
    }

    mutating func boundaryItems(_ field: JSONField, nodes: inout CompositionalNodeCount) throws(FieldError) -> [BoundarySupplementaryItem] {
        var out: [BoundarySupplementaryItem] = []
        for b in try field.array(maxCount: Self.maximumListLength) {
            let o = try b.object()
            try o.rejectUnknownKeys(allowed: Self.boundaryItemKeys)
            try nodes.add(1, at: b.pointer)
            var item = BoundarySupplementaryItem(elementKind: try elementKind(try o.required("elementKind")),
                                                 alignment: try o.required("alignment").enumValue(BoundaryAlignment.self),
                                                 layoutSize: try layoutSize(try o.required("layoutSize")))
            item.absoluteOffset = try o.value("absoluteOffset", default: .zero) { f throws(FieldError) in try offset(f) }
            item.extendsBoundary = try o.value("extendsBoundary", default: true) { f throws(FieldError) in try f.bool() }
            item.pinToVisibleBounds = try o.value("pinToVisibleBounds", default: false) { f throws(FieldError) in try f.bool() }
            item.zIndex = try o.value("zIndex", default: 1) { f throws(FieldError) in try zIndex(f) }
            item.contentInsets = try o.value("contentInsets", default: .zero) { f throws(FieldError) in try directionalInsets(f) }
            out.append(item)
        }
        return out
    }

    /// `{"edges": [...], "absoluteOffset"|"fractionalOffset": {"x","y"}}`.
    mutating func anchor(_ field: JSONField) throws(FieldError) -> CompositionalAnchor {
        let o = try field.object()
        try o.rejectUnknownKeys(allowed: WireKeys.anchor)
        var edges: AnchorEdges = []
        for e in try o.required("edges").array(maxCount: 4) {
            switch try e.enumValue(AnchorEdgeName.self) {
            case .top: edges.insert(.top)
            case .leading: edges.insert(.leading)
            case .bottom: edges.insert(.bottom)
            case .trailing: edges.insert(.trailing)
            }
        }
        if try o.member("absoluteOffset") != nil, let f = try o.member("fractionalOffset") {
            throw FieldError.invalidValue(pointer: f.pointer, detail: "\(o.pointer) has both absoluteOffset and fractionalOffset; an NSCollectionLayoutAnchor has one kind of offset. Keep one.")
        }
        if let f = try o.member("fractionalOffset") {
            return CompositionalAnchor(edges: edges, offset: try offset(f), isFractionalOffset: true)
        }
        return CompositionalAnchor(edges: edges, offset: try o.value("absoluteOffset", default: .zero) { f throws(FieldError) in try offset(f) })
    }

    /// `{"width": dimension, "height": dimension}`.
    mutating func layoutSize(_ field: JSONField) throws(FieldError) -> CompositionalSize {
        let o = try field.object()
        try o.rejectUnknownKeys(allowed: WireKeys.size)
        return CompositionalSize(width: try dimension(try o.required("width")), height: try dimension(try o.required("height")))
    }

    /// Exactly one of `absolute`, `fractionalWidth`, `fractionalHeight`, `estimated`,
    /// `uniformAcrossSiblings`, a finite number > 0 (R7: UIKit logs "Invalid … dimension, must be > 0.0").
    mutating func dimension(_ field: JSONField) throws(FieldError) -> CompositionalDimension {
        let o = try field.object()
        try o.rejectUnknownKeys(allowed: Self.dimensionKeys)
        guard let member = o.onlyMember else {
            throw FieldError.invalidValue(pointer: field.pointer, detail: "\(field.pointer) must have exactly one of \"absolute\", \"fractionalWidth\", \"fractionalHeight\", \"estimated\", \"uniformAcrossSiblings\", such as {\"fractionalWidth\": 1}.")
        }
        let v = try member.field.double()
        if !(v.isFinite && v > 0 && v <= Self.maxLength) {
            reject(member.field.pointer, "\(member.field.pointer) is \(Self.show(v)): UIKit logs \"Invalid \(member.key) dimension, must be > 0.0\". Send a number greater than 0 (at most 1000000000).")
        }
        let value = v.isFinite && v > 0 ? min(v, Self.maxLength) : 1
        // The five names differ in length, so only the one that can match is compared (a
        // `switch` compared each in turn, through the runtime's general string comparison for
        // names of 16 bytes or more).
        let key = member.key, length = key.utf8.count
        if length == 15, key == "fractionalWidth" { return .fractionalWidth(value) }
        if length == 16, key == "fractionalHeight" { return .fractionalHeight(value) }
        if length == 8, key == "absolute" { return .absolute(value) }
        if length == 9, key == "estimated" { return .estimated(value) }
        return .uniformAcrossSiblings(value)
    }

    /// `NSDirectionalEdgeInsets`: lengths ≥ 0. A group's insets below 0.5 are fractions of the
    /// group's size, as in UIKit (spec R12).
    mutating func directionalInsets(_ field: JSONField) throws(FieldError) -> DirectionalInsets {
        let o = try field.object()
        try o.rejectUnknownKeys(allowed: WireKeys.directionalEdges)
        return DirectionalInsets(top: try o.value("top", default: 0) { f throws(FieldError) in try length(f) },
                                 leading: try o.value("leading", default: 0) { f throws(FieldError) in try length(f) },
                                 bottom: try o.value("bottom", default: 0) { f throws(FieldError) in try length(f) },
                                 trailing: try o.value("trailing", default: 0) { f throws(FieldError) in try length(f) })
    }

    /// `{"fixed": v}` or `{"flexible": v}`, v ≥ 0.
    mutating func spacing(_ field: JSONField) throws(FieldError) -> CompositionalSpacing {
        let o = try field.object()
        try o.rejectUnknownKeys(allowed: WireKeys.spacing)
        guard let member = o.onlyMember else {
            throw FieldError.invalidValue(pointer: field.pointer, detail: "\(field.pointer) must be {\"fixed\": points} or {\"flexible\": points}.")
        }
        let v = try length(member.field)
        return member.key == "fixed" ? .fixed(v) : .flexible(v)
    }

    mutating func edgeSpacing(_ field: JSONField) throws(FieldError) -> EdgeSpacing {
        let o = try field.object()
        try o.rejectUnknownKeys(allowed: WireKeys.directionalEdges)
        return EdgeSpacing(leading: try o.member("leading").map { f throws(FieldError) in try spacing(f) },
                           top: try o.member("top").map { f throws(FieldError) in try spacing(f) },
                           trailing: try o.member("trailing").map { f throws(FieldError) in try spacing(f) },
                           bottom: try o.member("bottom").map { f throws(FieldError) in try spacing(f) })
    }

    mutating func offset(_ field: JSONField) throws(FieldError) -> Point {
        let o = try field.object()
        try o.rejectUnknownKeys(allowed: WireKeys.point)
        return Point(x: try o.value("x", default: 0) { f throws(FieldError) in try finite(f) },
                     y: try o.value("y", default: 0) { f throws(FieldError) in try finite(f) })
    }

    /// A non-empty element kind of at most 256 bytes.
    mutating func elementKind(_ field: JSONField) throws(FieldError) -> String {
        let s = try field.string()
        if s.isEmpty || s.utf8.count > 256 {
            reject(field.pointer, "\(field.pointer) must be an element kind name of 1 to 256 bytes, such as \"section-header-element-kind\".")
        }
        return s
    }

    mutating func zIndex(_ field: JSONField) throws(FieldError) -> Int {
        let v = try field.int()
        guard v >= -2_147_483_648, v <= 2_147_483_647 else {
            reject(field.pointer, "\(field.pointer) is \(v); a zIndex is a 32-bit integer.")
            return 0
        }
        return v
    }
}

/// `NSDirectionalRectEdge` names on the wire.
enum AnchorEdgeName: String, CaseIterable {
    case top, leading, bottom, trailing
}
