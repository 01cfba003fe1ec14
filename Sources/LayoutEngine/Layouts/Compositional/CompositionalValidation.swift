/// What UIKit refuses before solving (R7, R15) and the server's bounds on the work a request
/// may ask for, checked before anything is laid out.
enum CompositionalValidation {
    typealias Path = [CompositionalError.PathComponent]

    /// Deepest group nesting accepted (the root group is depth 1).
    static let maximumDepth = 32
    /// Most nodes (groups, items, supplementary, boundary and decoration items) in all layout sections.
    static let maximumTreeNodes = 10_000
    /// Largest `count` of a group.
    static let maximumCount = 10_000

    static func validate(_ c: CompositionalConfiguration) throws(CompositionalError) {
        let cv = c.collectionView
        // No array literal: this runs on every layout.
        for name in 0..<3 {
            let v = name == 0 ? cv.width : (name == 1 ? cv.height : cv.scale)
            guard !(v.isFinite && v > 0) else { continue }
            let key = name == 0 ? "width" : (name == 1 ? "height" : "scale")
            let field: InputField = name == 0 ? .width : (name == 1 ? .height : .scale)
            throw CompositionalErrors.structure("INVALID_COLLECTION_VIEW", "The collection view's \(key) is \(UIKitFormat.number(v)); it must be a finite number greater than 0.", path: [.field(.collectionView), .field(field)])
        }
        if c.sections.isEmpty, !c.itemCounts.isEmpty {
            throw CompositionalErrors.structure("NO_LAYOUT_SECTIONS", "A compositional layout needs at least one section (NSCollectionLayoutSection) for its \(c.itemCounts.count) data section\(c.itemCounts.count == 1 ? "" : "s"); add one to layout.sections (the last one repeats for later data sections).", path: [.field(.layout), .field(.sections)])
        }
        var nodes = c.boundarySupplementaryItems.count
        for (j, b) in c.boundarySupplementaryItems.enumerated() {
            try size(b.layoutSize) { [.field(.layout), .field(.configuration), .field(.boundarySupplementaryItems), .index(j), .field(.layoutSize)] }
        }
        // By index: an array's iterator copies each section (a retain per array in it).
        for i in c.sections.indices {
            func path() -> Path { [.field(.layout), .field(.sections), .index(i)] }
            if c.sections[i].list != nil {
                // List sections stack rows vertically (UICollectionLayoutListConfiguration).
                guard c.scrollDirection == .vertical else {
                    throw CompositionalErrors.structure("LIST_NEEDS_VERTICAL_SCROLLING", "List sections (UICollectionLayoutListConfiguration) lay out rows vertically; this layout scrolls horizontally. Remove layout.configuration.scrollDirection or set it to \"vertical\".", path: [.field(.layout), .field(.configuration), .field(.scrollDirection)])
                }
                continue
            }
            nodes += c.sections[i].boundarySupplementaryItems.count + c.sections[i].decorationItems.count
            for (j, b) in c.sections[i].boundarySupplementaryItems.enumerated() {
                try size(b.layoutSize) { path().appending(.boundarySupplementaryItems, j).appending(.layoutSize) }
            }
            try group(c.sections[i].group, depth: 1, nodes: &nodes) { path().appending(.group) }
        }
    }

    /// `path` builds the group's path only when an error needs it (no arrays per valid layout).
    static func group(_ g: CompositionalGroup, depth: Int, nodes: inout Int, path: () -> Path) throws(CompositionalError) {
        guard depth <= maximumDepth else {
            throw CompositionalErrors.structure("GROUP_TOO_DEEP", "Groups are nested \(depth) deep here; this server accepts at most \(maximumDepth) levels. Flatten the nesting.", path: path())
        }
        nodes += 1
        try checkNodes(nodes, path: path)
        if let provider = g.custom {
            func customPath() -> Path { path().appending(.custom) }
            try size(g.layoutSize) { customPath().appending(.layoutSize) }
            nodes += provider.items.count
            let framesKey: InputField = provider.fractional ? .fractionalFrames : .frames
            try checkNodes(nodes) { customPath().appending(framesKey) }
            // N3: the section solver asks the root group for item i mod n; with n = 0 UIKit asserts.
            if provider.items.isEmpty, depth == 1 {
                throw CompositionalErrors.structure("CUSTOM_GROUP_WITHOUT_ITEMS", "This custom group's item provider returned no items: UIKit asserts \"itemCount\" in -[_UICollectionLayoutItemSolver _frameForAbsoluteIndex:…] when the section asks it for an item. Return at least one NSCollectionLayoutGroupCustomItem (send at least one frame).", path: customPath().appending(framesKey))
            }
            return
        }
        try size(g.layoutSize) { path().appending(.layoutSize) }
        guard !g.subitems.isEmpty else {
            throw CompositionalErrors.structure("GROUP_WITHOUT_SUBITEMS", "This NSCollectionLayoutGroup has no subitems; UIKit requires at least one. Add an item or group to subitems.", path: path().appending(.subitems))
        }
        if let count = g.count {
            guard count >= 1, count <= maximumCount else {
                throw CompositionalErrors.structure("INVALID_COUNT", "count is \(count); UIKit requires a count greater than 0 (this server accepts up to \(maximumCount)).", path: path().appending(.count))
            }
            guard g.subitems.count == 1 else {
                let initializer = g.countKind == .repeating ? "repeatingSubitem:count:" : "subitem:count:"
                throw CompositionalErrors.structure("COUNT_NEEDS_ONE_SUBITEM", "A group made with \(initializer) has exactly one subitem, this one has \(g.subitems.count). Send one subitem, or drop count to repeat the subitems until the group is full.", path: path().appending(.subitems))
            }
        }
        for k in g.subitems.indices {
            switch g.subitems[k] {
            case .item(let item):
                func p() -> Path { path().appending(.subitems, k).appending(.item) }
                nodes += 1 + item.supplementaryItems.count
                try checkNodes(nodes, path: p)
                try size(item.layoutSize) { p().appending(.layoutSize) }
                for (j, s) in item.supplementaryItems.enumerated() {
                    try size(s.layoutSize) { p().appending(.supplementaryItems, j).appending(.layoutSize) }
                }
            case .group(let child):
                try group(child, depth: depth + 1, nodes: &nodes) { path().appending(.subitems, k).appending(.group) }
            }
        }
    }

    static func checkNodes(_ nodes: Int, path: () -> Path) throws(CompositionalError) {
        guard nodes <= maximumTreeNodes else {
            throw CompositionalErrors.structure("LAYOUT_TREE_TOO_LARGE", "The layout describes more than \(maximumTreeNodes) groups, items and supplementary items; this server accepts at most \(maximumTreeNodes). Reuse one section (the last layout section repeats for later data sections).", path: path())
        }
    }

    /// R7: both dimensions finite and > 0.
    static func size(_ s: CompositionalSize, path: () -> Path) throws(CompositionalError) {
        if !(s.width.value.isFinite && s.width.value > 0) { throw CompositionalErrors.invalidDimension(s.width, path: path().appending(.width)) }
        if !(s.height.value.isFinite && s.height.value > 0) { throw CompositionalErrors.invalidDimension(s.height, path: path().appending(.height)) }
    }
}
