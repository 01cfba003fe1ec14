import JSON
import LayoutEngine

/// The common shape of a compositional `POST /layout`, read straight from the body's bytes: no
/// JSON tree, no field pointers, no strings. For a 1,000-item Nested Groups body, parsing into
/// a tree, the typed pass over it and freeing it were a fifth of the server's CPU for a
/// computed answer (docs/performance.md, stop 44).
///
/// What it reads is a strict subset of what the typed pass (`WireReader.compositionalConfiguration`)
/// accepts, and it builds the same value:
/// - top level: `collectionView`, `layout`, `sections`, each exactly once;
/// - `collectionView`: `width` and `height`, optional `scale`, `safeAreaInsets`, `contentInset`,
///   `layoutMargins`, `readableContentInsets` and `layoutDirection` (no device profile);
/// - `layout`: `"type": "compositional"`, `sections` (1 to 1,000), optional `configuration`
///   with `scrollDirection` and `interSectionSpacing`;
/// - a layout section: `group`, optional `contentInsets`, `interGroupSpacing`,
///   `orthogonalScrollingBehavior`;
/// - a group: `orientation`, `layoutSize`, `subitems` (each one `item` or `group`), optional
///   `count`, `interItemSpacing` and `contentInsets`; nested at most 16 deep;
/// - an item: `layoutSize`, optional `contentInsets`;
/// - data sections: `numberOfItems` only.
///
/// Keys and enum values are plain ASCII without escapes, every value is in range, numbers are
/// ones the parser holds as a `Double`. Anything else, valid or not (another field, a duplicate
/// key, an escape, a number out of range, a value the typed pass would refuse), returns nil and
/// the body takes the general path: one parse, one typed pass, every error with its pointer. So
/// this decoder is never the one that answers an error. `CompositionalFastPathTests` checks
/// that it gives the typed pass's value, or nil, on every fixture and on thousands of variants.
enum CompositionalFastPath {
    /// The spec the typed pass would give for `body`, or nil when `body` is not of this shape.
    static func decode(_ body: [UInt8], maxElements: Int) -> LayoutSpec? {
        body.withUnsafeBufferPointer { bytes in
            var reader = Reader(scanner: JSONScanner(bytes), maxElements: maxElements)
            return reader.document()
        }
    }

    /// Groups nested deeper than this take the general path (which accepts 32 and says so past it).
    static let maximumDepth = 16

    private struct Reader {
        var scanner: JSONScanner
        let maxElements: Int
        /// Groups and items so far (`CompositionalNodeCount`).
        var nodes = 0

        init(scanner: JSONScanner, maxElements: Int) {
            self.scanner = scanner
            self.maxElements = maxElements
        }

        /// The members of an object, each key given to `member`, which reads its value and
        /// returns the bit that key sets (nil: not a key of this shape); a key seen twice is nil.
        /// An empty object is read as such.
        @inline(__always)
        mutating func object(_ member: (inout Reader, UnsafeBufferPointer<UInt8>) -> UInt32?) -> UInt32? {
            guard scanner.take(UInt8(ascii: "{")) else { return nil }
            var seen: UInt32 = 0
            if scanner.take(UInt8(ascii: "}")) { return seen }
            repeat {
                guard let key = scanner.key(), let bit = member(&self, key), seen & bit == 0 else { return nil }
                seen |= bit
            } while scanner.take(UInt8(ascii: ","))
            return scanner.take(UInt8(ascii: "}")) ? seen : nil
        }

        /// The elements of an array, at most `limit`, each read by `element` (false: give up).
        @inline(__always)
        mutating func array(limit: Int, _ element: (inout Reader) -> Bool) -> Int? {
            guard scanner.take(UInt8(ascii: "[")) else { return nil }
            if scanner.take(UInt8(ascii: "]")) { return 0 }
            var count = 0
            repeat {
                count += 1
                guard count <= limit, element(&self) else { return nil }
            } while scanner.take(UInt8(ascii: ","))
            return scanner.take(UInt8(ascii: "]")) ? count : nil
        }

        // MARK: values, with the typed pass's ranges (`WireReader.length`, `finite`, `positive`)

        mutating func length() -> Double? {
            guard let v = scanner.number(), v.isFinite, v >= 0, v <= WireReader.maxLength else { return nil }
            return v
        }

        mutating func finite() -> Double? {
            guard let v = scanner.number(), v.isFinite, abs(v) <= WireReader.maxLength else { return nil }
            return v
        }

        /// A whole number as `JSONField.int` reads one (within ±2^53, no fraction).
        mutating func int() -> Int? {
            guard let v = scanner.number(), v >= -9_007_199_254_740_992.0, v <= 9_007_199_254_740_992.0,
                  Double(Int(v)) == v else { return nil }
            return Int(v)
        }

        mutating func enumValue<E: RawRepresentable & CaseIterable>(_: E.Type) -> E? where E.RawValue == String {
            guard let text = scanner.plainString() else { return nil }
            for value in E.allCases where value.rawValue.utf8.elementsEqual(text) { return value }
            return nil
        }

        // MARK: the document

        mutating func document() -> LayoutSpec? {
            var collectionView: CollectionViewMetrics?
            var layout: Layout?
            var counts: [Int] = []
            var budget = ElementBudget(limit: maxElements)
            guard let seen = object({ r, key in
                if JSONScanner.equals(key, "collectionView") {
                    collectionView = r.collectionView()
                    return collectionView == nil ? nil : 1
                }
                if JSONScanner.equals(key, "layout") {
                    layout = r.layout()
                    return layout == nil ? nil : 2
                }
                if JSONScanner.equals(key, "sections") {
                    return r.dataSections(&counts, budget: &budget) ? 4 : nil
                }
                return nil
            }), seen == 7, scanner.atEnd(), let collectionView, let layout else { return nil }
            // As `WireReader.compositionalConfiguration` builds it.
            var c = CompositionalConfiguration(collectionView: collectionView, sections: [], itemCounts: [])
            if let configuration = layout.configuration {
                c.scrollDirection = configuration.scrollDirection
                c.interSectionSpacing = configuration.interSectionSpacing
                c.contentInsetsReference = .safeArea
                c.generation = .modern
                c.readableContentInsets = nil
                c.boundarySupplementaryItems = []
            }
            c.listEnvironment = ListEnvironment()
            c.sections = layout.sections
            c.itemCounts = counts
            c.elementLimit = budget.limit
            var spec = LayoutSpec(c)
            spec.requestedElements = budget.used
            return spec
        }

        /// `collectionView` as `WireReader.collectionView` builds it with no device profile.
        mutating func collectionView() -> CollectionViewMetrics? {
            var width = 0.0, height = 0.0, scale = 2.0
            var contentInset = Insets.zero, safeArea = Insets.zero, margins = Insets.zero, readable: Insets?
            var direction = LayoutDirection.leftToRight
            guard let seen = object({ r, key in
                if JSONScanner.equals(key, "width") { guard let v = r.length() else { return nil }; width = v; return 1 }
                if JSONScanner.equals(key, "height") { guard let v = r.length() else { return nil }; height = v; return 2 }
                if JSONScanner.equals(key, "scale") {
                    guard let v = r.scanner.number(), v.isFinite, v > 0, v <= WireReader.maxScale else { return nil }
                    scale = v
                    return 4
                }
                if JSONScanner.equals(key, "safeAreaInsets") { guard let v = r.edgeInsets() else { return nil }; safeArea = v; return 8 }
                if JSONScanner.equals(key, "contentInset") { guard let v = r.edgeInsets() else { return nil }; contentInset = v; return 16 }
                if JSONScanner.equals(key, "layoutMargins") { guard let v = r.edgeInsets() else { return nil }; margins = v; return 32 }
                if JSONScanner.equals(key, "readableContentInsets") { readable = r.edgeInsets(); return readable == nil ? nil : 64 }
                if JSONScanner.equals(key, "layoutDirection") {
                    guard let v = r.enumValue(LayoutDirection.self) else { return nil }
                    direction = v
                    return 128
                }
                return nil
            }), seen & 3 == 3 else { return nil }
            return CollectionViewMetrics(width: width, height: height, scale: scale, contentInset: contentInset,
                                         safeAreaInsets: safeArea, layoutMargins: margins, layoutDirection: direction,
                                         readableContentInsets: readable, wideContentMargins: nil)
        }

        /// `UIEdgeInsets` (`WireReader.insets`), each edge a length (0 when absent).
        mutating func edgeInsets() -> Insets? {
            var insets = Insets.zero
            guard object({ r, key in
                guard let v = r.length() else { return nil }
                if JSONScanner.equals(key, "top") { insets.top = v; return 1 }
                if JSONScanner.equals(key, "left") { insets.left = v; return 2 }
                if JSONScanner.equals(key, "bottom") { insets.bottom = v; return 4 }
                if JSONScanner.equals(key, "right") { insets.right = v; return 8 }
                return nil
            }) != nil else { return nil }
            return insets
        }

        /// The data sections: `numberOfItems` each, within the element cap (`WireReader.count`).
        mutating func dataSections(_ counts: inout [Int], budget: inout ElementBudget) -> Bool {
            array(limit: maxElements) { r in
                guard let seen = r.object({ r, key in
                    guard JSONScanner.equals(key, "numberOfItems"), let n = r.int(), n >= 0, n <= budget.remaining else { return nil }
                    budget.add(n)
                    counts.append(n)
                    return 1
                }) else { return false }
                return seen == 1
            } != nil
        }

        struct Configuration {
            var scrollDirection = ScrollDirection.vertical
            var interSectionSpacing = 0.0
        }

        struct Layout {
            var sections: [CompositionalSection] = []
            var configuration: Configuration?
        }

        mutating func layout() -> Layout? {
            var layout = Layout()
            guard let seen = object({ r, key in
                if JSONScanner.equals(key, "type") {
                    guard let text = r.scanner.plainString(), JSONScanner.equals(text, "compositional") else { return nil }
                    return 1
                }
                if JSONScanner.equals(key, "sections") {
                    let read = r.array(limit: WireReader.maximumLayoutSections) { r in
                        guard let section = r.section() else { return false }
                        layout.sections.append(section)
                        return true
                    }
                    return (read ?? 0) > 0 ? 2 : nil
                }
                if JSONScanner.equals(key, "configuration") {
                    guard let configuration = r.configuration() else { return nil }
                    layout.configuration = configuration
                    return 4
                }
                return nil
            }), seen & 3 == 3 else { return nil }
            return layout
        }

        mutating func configuration() -> Configuration? {
            var c = Configuration()
            guard object({ r, key in
                if JSONScanner.equals(key, "scrollDirection") {
                    guard let v = r.enumValue(ScrollDirection.self) else { return nil }
                    c.scrollDirection = v
                    return 1
                }
                if JSONScanner.equals(key, "interSectionSpacing") {
                    guard let v = r.finite() else { return nil }
                    c.interSectionSpacing = v
                    return 2
                }
                return nil
            }) != nil else { return nil }
            return c
        }

        mutating func section() -> CompositionalSection? {
            var group: CompositionalGroup?
            var insets = DirectionalInsets.zero, spacing = 0.0, orthogonal = OrthogonalScrollingBehavior.none
            guard let seen = object({ r, key in
                if JSONScanner.equals(key, "group") { group = r.group(depth: 1); return group == nil ? nil : 1 }
                if JSONScanner.equals(key, "contentInsets") { guard let v = r.insets() else { return nil }; insets = v; return 2 }
                if JSONScanner.equals(key, "interGroupSpacing") { guard let v = r.finite() else { return nil }; spacing = v; return 4 }
                if JSONScanner.equals(key, "orthogonalScrollingBehavior") {
                    guard let v = r.enumValue(OrthogonalScrollingBehavior.self) else { return nil }
                    orthogonal = v
                    return 8
                }
                return nil
            }), seen & 1 == 1, let group else { return nil }
            // As `WireReader.compositionalSection` sets it.
            var s = CompositionalSection(group: group)
            s.contentInsets = insets
            s.interGroupSpacing = spacing
            s.contentInsetsReference = .automatic
            s.supplementariesFollowContentInsets = true
            s.orthogonalScrollingBehavior = orthogonal
            s.boundarySupplementaryItems = []
            s.decorationItems = []
            return s
        }

        mutating func group(depth: Int) -> CompositionalGroup? {
            guard depth <= CompositionalFastPath.maximumDepth else { return nil }
            nodes += 1
            var orientation: GroupOrientation?, size: CompositionalSize?, count: Int?
            var subitems: [CompositionalSubitem] = []
            var spacing: CompositionalSpacing?, insets = DirectionalInsets.zero
            guard let seen = object({ r, key in
                if JSONScanner.equals(key, "orientation") { orientation = r.enumValue(GroupOrientation.self); return orientation == nil ? nil : 1 }
                if JSONScanner.equals(key, "layoutSize") { size = r.layoutSize(); return size == nil ? nil : 2 }
                if JSONScanner.equals(key, "subitems") {
                    let read = r.array(limit: CompositionalNodeCount.maximum) { r in
                        guard let sub = r.subitem(depth: depth) else { return false }
                        subitems.append(sub)
                        return true
                    }
                    return (read ?? 0) > 0 ? 4 : nil
                }
                if JSONScanner.equals(key, "count") {
                    guard let n = r.int(), n >= 1, n <= CompositionalNodeCount.maximumCount else { return nil }
                    count = n
                    return 8
                }
                if JSONScanner.equals(key, "interItemSpacing") { spacing = r.spacing(); return spacing == nil ? nil : 16 }
                if JSONScanner.equals(key, "contentInsets") { guard let v = r.insets() else { return nil }; insets = v; return 32 }
                return nil
            }), seen & 7 == 7, nodes <= CompositionalNodeCount.maximum, let orientation, let size else { return nil }
            // As `WireReader.compositionalGroup` sets it; a count has exactly one subitem.
            var g = CompositionalGroup(orientation: orientation, layoutSize: size, subitems: subitems)
            if let count {
                guard subitems.count == 1 else { return nil }
                g.count = count
                g.countKind = .subitemCount
            }
            g.interItemSpacing = spacing
            g.contentInsets = insets
            g.edgeSpacing = .none
            return g
        }

        /// `{"item": …}` or `{"group": …}`.
        mutating func subitem(depth: Int) -> CompositionalSubitem? {
            var sub: CompositionalSubitem?
            // Exactly one of them: both is the typed pass's 422, neither its 400.
            guard let seen = object({ r, key in
                if JSONScanner.equals(key, "item") { guard let i = r.item() else { return nil }; sub = .item(i); return 1 }
                if JSONScanner.equals(key, "group") { guard let g = r.group(depth: depth + 1) else { return nil }; sub = .group(g); return 2 }
                return nil
            }), seen.nonzeroBitCount == 1 else { return nil }
            return sub
        }

        mutating func item() -> CompositionalItem? {
            nodes += 1
            var size: CompositionalSize?, insets = DirectionalInsets.zero
            guard let seen = object({ r, key in
                if JSONScanner.equals(key, "layoutSize") { size = r.layoutSize(); return size == nil ? nil : 1 }
                if JSONScanner.equals(key, "contentInsets") { guard let v = r.insets() else { return nil }; insets = v; return 2 }
                return nil
            }), seen & 1 == 1, nodes <= CompositionalNodeCount.maximum, let size else { return nil }
            // As `WireReader.compositionalItem` sets it.
            var item = CompositionalItem(layoutSize: size)
            item.contentInsets = insets
            item.edgeSpacing = .none
            item.supplementaryItems = []
            return item
        }

        mutating func layoutSize() -> CompositionalSize? {
            var width: CompositionalDimension?, height: CompositionalDimension?
            guard let seen = object({ r, key in
                if JSONScanner.equals(key, "width") { width = r.dimension(); return width == nil ? nil : 1 }
                if JSONScanner.equals(key, "height") { height = r.dimension(); return height == nil ? nil : 2 }
                return nil
            }), seen == 3, let width, let height else { return nil }
            return CompositionalSize(width: width, height: height)
        }

        /// Exactly one of the five dimensions, a finite number > 0 up to `WireReader.maxLength`.
        mutating func dimension() -> CompositionalDimension? {
            var dimension: CompositionalDimension?
            guard let seen = object({ r, key in
                guard let v = r.scanner.number(), v.isFinite, v > 0, v <= WireReader.maxLength else { return nil }
                if JSONScanner.equals(key, "fractionalWidth") { dimension = .fractionalWidth(v); return 1 }
                if JSONScanner.equals(key, "fractionalHeight") { dimension = .fractionalHeight(v); return 2 }
                if JSONScanner.equals(key, "absolute") { dimension = .absolute(v); return 4 }
                if JSONScanner.equals(key, "estimated") { dimension = .estimated(v); return 8 }
                if JSONScanner.equals(key, "uniformAcrossSiblings") { dimension = .uniformAcrossSiblings(v); return 16 }
                return nil
            }), seen.nonzeroBitCount == 1 else { return nil }
            return dimension
        }

        /// `{"fixed": v}` or `{"flexible": v}`.
        mutating func spacing() -> CompositionalSpacing? {
            var spacing: CompositionalSpacing?
            guard let seen = object({ r, key in
                guard let v = r.length() else { return nil }
                if JSONScanner.equals(key, "fixed") { spacing = .fixed(v); return 1 }
                if JSONScanner.equals(key, "flexible") { spacing = .flexible(v); return 2 }
                return nil
            }), seen.nonzeroBitCount == 1 else { return nil }
            return spacing
        }

        /// `NSDirectionalEdgeInsets`, each edge a length (0 when absent).
        mutating func insets() -> DirectionalInsets? {
            var insets = DirectionalInsets.zero
            guard object({ r, key in
                guard let v = r.length() else { return nil }
                if JSONScanner.equals(key, "top") { insets.top = v; return 1 }
                if JSONScanner.equals(key, "leading") { insets.leading = v; return 2 }
                if JSONScanner.equals(key, "bottom") { insets.bottom = v; return 4 }
                if JSONScanner.equals(key, "trailing") { insets.trailing = v; return 8 }
                return nil
            }) != nil else { return nil }
            return insets
        }
    }
}
