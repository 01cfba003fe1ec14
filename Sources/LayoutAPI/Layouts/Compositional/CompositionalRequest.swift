import JSON
import LayoutEngine

/// Decodes `"type": "compositional"` (`UICollectionViewCompositionalLayout`; the request schema
/// of docs/uikit-rules/compositional-layout.md extended with the issue's fields) into a
/// `CompositionalConfiguration`. Shape errors throw (400); values UIKit refuses are collected
/// (one 422 naming each field). What only solving can find (a subitem that does not fit, a
/// group with no room) is the engine's `CompositionalError`, whose path is the same pointer.
extension WireReader {
    static let compositionalLayoutKeys: KeySet = ["type", "sections", "configuration", "list", "listEnvironment"]
    static let compositionalConfigurationKeys: KeySet = [
        "scrollDirection", "interSectionSpacing", "boundarySupplementaryItems", "contentInsetsReference",
        "uikitGeneration", "readableContentInsets",
    ]
    static let compositionalSectionKeys: KeySet = [
        "group", "contentInsets", "interGroupSpacing", "contentInsetsReference", "supplementariesFollowContentInsets",
        "boundarySupplementaryItems", "decorationItems", "orthogonalScrollingBehavior",
    ]
    static let compositionalGroupKeys: KeySet = [
        "orientation", "layoutSize", "subitems", "count", "countKind", "interItemSpacing", "contentInsets", "edgeSpacing",
    ]
    static let compositionalItemKeys: KeySet = ["layoutSize", "contentInsets", "edgeSpacing", "supplementaryItems"]
    static let boundaryItemKeys: KeySet = [
        "elementKind", "alignment", "layoutSize", "absoluteOffset", "extendsBoundary", "pinToVisibleBounds", "zIndex", "contentInsets",
    ]
    static let supplementaryItemKeys: KeySet = ["elementKind", "layoutSize", "containerAnchor", "itemAnchor", "zIndex", "contentInsets"]
    static let dimensionKeys: KeySet = ["absolute", "fractionalWidth", "fractionalHeight", "estimated", "uniformAcrossSiblings"]
    /// Layout sections (and their boundary/decoration lists) accepted in one request.
    static let maximumLayoutSections = 1_000
    static let maximumListLength = 1_000

    mutating func compositionalConfiguration(collectionView cv: CollectionViewMetrics, layout: JSONFieldObject?,
                                             sections: [JSONField], budget: inout ElementBudget) throws(FieldError) -> CompositionalConfiguration {
        var c = CompositionalConfiguration(collectionView: cv, sections: [], itemCounts: [])
        guard let l = layout else { throw FieldError.missing(pointer: JSONPointer.root.appending("layout").appending("sections")) }
        try l.rejectUnknownKeys(allowed: Self.compositionalLayoutKeys)
        var nodes = CompositionalNodeCount()
        if let conf = try l.member("configuration")?.object() {
            try conf.rejectUnknownKeys(allowed: Self.compositionalConfigurationKeys)
            c.scrollDirection = try conf.value("scrollDirection", default: .vertical) { f throws(FieldError) in try f.enumValue(ScrollDirection.self) }
            c.interSectionSpacing = try conf.value("interSectionSpacing", default: 0) { f throws(FieldError) in try finite(f) }
            c.contentInsetsReference = try conf.value("contentInsetsReference", default: .safeArea) { f throws(FieldError) in try f.enumValue(ContentInsetsReference.self) }
            if c.contentInsetsReference == .automatic { c.contentInsetsReference = .safeArea }
            c.generation = try conf.value("uikitGeneration", default: .modern) { f throws(FieldError) in try f.enumValue(UIKitGeneration.self) }
            c.readableContentInsets = try conf.member("readableContentInsets").map { f throws(FieldError) in try insets(f) }
            c.boundarySupplementaryItems = try conf.value("boundarySupplementaryItems", default: []) { f throws(FieldError) in
                try boundaryItems(f, nodes: &nodes)
            }
        }
        c.listEnvironment = try l.value("listEnvironment", default: ListEnvironment()) { f throws(FieldError) in try listEnvironment(f) }
        let listField = try l.member("list")
        let isListType = try l.member("type")?.string() == ListLayoutType.alias
        if let listField {
            // UICollectionViewCompositionalLayout.list(using:): one configuration for every section.
            if let s = try l.member("sections") {
                throw FieldError.invalidValue(pointer: s.pointer, detail: "\(l.pointer) has both list and sections; list is one configuration for every section (UICollectionViewCompositionalLayout.list(using:)), sections are per-section layouts (a section may be {\"list\": {…}}). Keep one.")
            }
            c.sections = [CompositionalSection.listSection(try listConfiguration(listField, scale: cv.scale))]
        } else if isListType, try l.member("sections") == nil {
            // "type": "list" with no configuration: UIKit's defaults (a plain list).
            c.sections = [CompositionalSection.listSection(ListSectionConfiguration())]
        } else {
            // Neither sections nor list: UIKit has no compositional layout without a section (its
            // initialisers take one or a provider); the contract says so in words, so a 422.
            let sectionsField = try l.member("sections")
            if sectionsField == nil {
                reject(l.pointer.appending("sections"), "\(l.pointer) has neither sections nor list; a compositional layout needs its sections (\"sections\": [{\"group\": …}], NSCollectionLayoutSection) or one list configuration for every section (\"list\": {}, or \"type\": \"list\").")
            }
            let layoutSections = try sectionsField?.array(maxCount: Self.maximumLayoutSections) ?? []
            if sectionsField != nil, layoutSections.isEmpty, !sections.isEmpty {
                reject(l.pointer.appending("sections"), "\(l.pointer.appending("sections")) is empty; a compositional layout needs at least one section (NSCollectionLayoutSection). Add one: the last layout section repeats for later data sections.")
            }
            c.sections.reserveCapacity(layoutSections.count)
            for s in layoutSections {
                let o = try s.object()
                if try o.member("list") != nil {
                    try nodes.add(1, at: s.pointer)
                    c.sections.append(try listSection(o, scale: cv.scale))
                } else {
                    c.sections.append(try compositionalSection(s, nodes: &nodes))
                }
            }
        }
        if c.scrollDirection == .horizontal, c.hasListSections, let conf = try l.member("configuration") {
            reject(conf.pointer.appending("scrollDirection"), "List sections (UICollectionLayoutListConfiguration) lay out rows vertically, and this layout scrolls horizontally. Remove scrollDirection or set it to \"vertical\".")
        }
        c.itemCounts = try itemCounts(sections, budget: &budget)
        c.elementLimit = budget.limit
        return c
    }

    private mutating func compositionalSection(_ field: JSONField, nodes: inout CompositionalNodeCount) throws(FieldError) -> CompositionalSection {
        let o = try field.object()
        try o.rejectUnknownKeys(allowed: Self.compositionalSectionKeys)
        let group = try compositionalGroup(try o.required("group"), depth: 1, nodes: &nodes)
        var s = CompositionalSection(group: group)
        s.contentInsets = try o.value("contentInsets", default: .zero) { f throws(FieldError) in try directionalInsets(f) }
        s.interGroupSpacing = try o.value("interGroupSpacing", default: 0) { f throws(FieldError) in try finite(f) }
        s.contentInsetsReference = try o.value("contentInsetsReference", default: .automatic) { f throws(FieldError) in try f.enumValue(ContentInsetsReference.self) }
        s.supplementariesFollowContentInsets = try o.value("supplementariesFollowContentInsets", default: true) { f throws(FieldError) in try f.bool() }
        s.orthogonalScrollingBehavior = try o.value("orthogonalScrollingBehavior", default: .none) { f throws(FieldError) in try f.enumValue(OrthogonalScrollingBehavior.self) }
        s.boundarySupplementaryItems = try o.value("boundarySupplementaryItems", default: []) { f throws(FieldError) in try boundaryItems(f, nodes: &nodes) }
        s.decorationItems = try o.value("decorationItems", default: []) { f throws(FieldError) in
            var out: [DecorationItem] = []
            for d in try f.array(maxCount: Self.maximumListLength) {
                let dobj = try d.object()
                try dobj.rejectUnknownKeys(allowed: WireKeys.decorationItem)
                try nodes.add(1, at: d.pointer)
                out.append(DecorationItem(elementKind: try elementKind(try dobj.required("elementKind")),
                                          contentInsets: try dobj.value("contentInsets", default: .zero) { f throws(FieldError) in try directionalInsets(f) },
                                          zIndex: try dobj.value("zIndex", default: 0) { f throws(FieldError) in try zIndex(f) }))
            }
            return out
        }
        return s
    }

    private mutating func compositionalGroup(_ field: JSONField, depth: Int, nodes: inout CompositionalNodeCount) throws(FieldError) -> CompositionalGroup {
        guard depth <= CompositionalNodeCount.maximumDepth else {
            throw FieldError.invalidValue(pointer: field.pointer, detail: "\(field.pointer) nests groups \(depth) deep; this server accepts at most \(CompositionalNodeCount.maximumDepth) levels. Flatten the nesting.")
        }
        let o = try field.object()
        if let custom = try o.member("custom") {
            try o.rejectUnknownKeys(allowed: WireKeys.customOnly)
            try nodes.add(1, at: field.pointer)
            return try customGroup(custom, nodes: &nodes)
        }
        try o.rejectUnknownKeys(allowed: Self.compositionalGroupKeys)
        try nodes.add(1, at: field.pointer)
        let orientation = try o.required("orientation").enumValue(GroupOrientation.self)
        let size = try layoutSize(try o.required("layoutSize"))
        let list = try o.required("subitems").array(maxCount: CompositionalNodeCount.maximum)
        if list.isEmpty {
            reject(o.pointer.appending("subitems"), "\(o.pointer.appending("subitems")) is empty; an NSCollectionLayoutGroup needs at least one subitem. Add an {\"item\": …} or {\"group\": …}.")
        }
        var subitems: [CompositionalSubitem] = []
        subitems.reserveCapacity(list.count)
        for sub in list {
            let so = try sub.object()
            try so.rejectUnknownKeys(allowed: WireKeys.subitem)
            if let g = try so.member("group") {
                if try so.member("item") != nil {
                    throw FieldError.invalidValue(pointer: sub.pointer, detail: "\(sub.pointer) has both \"item\" and \"group\"; a subitem is one of them. Keep one.")
                }
                subitems.append(.group(try compositionalGroup(g, depth: depth + 1, nodes: &nodes)))
            } else {
                subitems.append(.item(try compositionalItem(try so.required("item"), nodes: &nodes)))
            }
        }
        var g = CompositionalGroup(orientation: orientation, layoutSize: size, subitems: subitems)
        if let countField = try o.member("count") {
            let count = try countField.int()
            if count < 1 || count > CompositionalNodeCount.maximumCount {
                reject(countField.pointer, "\(countField.pointer) is \(count); UIKit requires a count greater than 0 (this server accepts up to \(CompositionalNodeCount.maximumCount)).")
            }
            g.count = max(1, min(count, CompositionalNodeCount.maximumCount))
            g.countKind = try o.value("countKind", default: .subitemCount) { f throws(FieldError) in try f.enumValue(GroupCountKind.self) }
            if list.count != 1 {
                let initializer = g.countKind == .repeating ? "repeatingSubitem:count:" : "subitem:count:"
                reject(o.pointer.appending("subitems"), "\(o.pointer.appending("subitems")) has \(list.count) subitems, but a group made with \(initializer) (count) has exactly one. Send one subitem, or drop count to repeat the subitems until the group is full.")
            }
        } else if let kindField = try o.member("countKind") {
            reject(kindField.pointer, "\(kindField.pointer) is set without count; countKind says which count initializer made the group. Add count or remove countKind.")
        }
        g.interItemSpacing = try o.member("interItemSpacing").map { f throws(FieldError) in try spacing(f) }
        g.contentInsets = try o.value("contentInsets", default: .zero) { f throws(FieldError) in try directionalInsets(f) }
        g.edgeSpacing = try o.value("edgeSpacing", default: .none) { f throws(FieldError) in try edgeSpacing(f) }
        return g
    }
}
