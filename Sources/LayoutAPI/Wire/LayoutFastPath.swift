import JSON
import LayoutEngine

/// The commonest `POST /layout` bodies, read straight from their bytes: no JSON tree, no field
/// pointers, no strings. Parsing a body into a tree, the typed pass over it and freeing the tree
/// were a seventh of the server's CPU for a computed 1,000-item compositional answer and a fifth
/// of a 10-item one (docs/performance.md, stops 43 and 44).
///
/// What it reads is a strict subset of what the typed pass accepts, and it builds the same value
/// (`LayoutSpec`, equal, with the same id and element count):
/// - top level: `collectionView`, `sections`, and `layout` (optional for flow), each once;
/// - `collectionView`: `width` and `height`, optional `scale`, `safeAreaInsets`, `contentInset`,
///   `layoutMargins`, `readableContentInsets` and `layoutDirection` (no device profile);
/// - the flow layout (no `type`, or `"flow"`): `scrollDirection`, `itemSize`,
///   `minimumLineSpacing`, `minimumInteritemSpacing`, `sectionInset`, `headerReferenceSize`,
///   `footerReferenceSize`, `sectionHeadersPinToVisibleBounds`, `sectionFootersPinToVisibleBounds`;
///   its sections `numberOfItems` (with `itemSize`) or `itemSizes`, and the same overrides;
/// - the compositional layout and the list (`"type": "list"`, or `layout.list`): see
///   `Layouts/Compositional/CompositionalFastPath.swift`; their sections `numberOfItems` only.
///
/// Keys and enum values are plain ASCII without escapes, every value is in range, numbers are
/// ones the parser holds as a `Double`. Anything else, valid or not (another field or layout type,
/// a duplicate key, an escape, a number out of range, a value the typed pass would refuse) makes
/// it return nil, and the body takes the general path: one parse, one typed pass, every error
/// with its pointer. So it never answers an error. `LayoutFastPathTests` checks that it gives
/// the typed pass's value, or nil, on every fixture, thousands of generated bodies and byte
/// mutations.
enum LayoutFastPath {
    /// The spec the typed pass would give for `body`, or nil when `body` is not of these shapes.
    static func decode(_ body: [UInt8], maxElements: Int) -> LayoutSpec? {
        body.withUnsafeBufferPointer { bytes in
            var reader = FastBodyReader(scanner: JSONScanner(bytes), maxElements: maxElements)
            return reader.document()
        }
    }

    /// The raw values of the enums it reads, in case order (`LayoutFastPathTests` checks them).
    enum Names {
        static let scrollDirection: [StaticString] = ["vertical", "horizontal"]
        static let layoutDirection: [StaticString] = ["leftToRight", "rightToLeft"]
        static let orientation: [StaticString] = ["horizontal", "vertical"]
        static let orthogonal: [StaticString] = [
            "none", "continuous", "continuousGroupLeadingBoundary", "paging", "groupPaging", "groupPagingCentered",
        ]
        static let boundaryAlignment: [StaticString] = [
            "top", "topLeading", "leading", "bottomLeading", "bottom", "bottomTrailing", "trailing", "topTrailing",
        ]
        static let listAppearance: [StaticString] = ["plain", "grouped", "insetGrouped", "sidebar", "sidebarPlain"]
        static let listHeaderMode: [StaticString] = ["none", "supplementary", "firstItemInSection"]
        static let listFooterMode: [StaticString] = ["none", "supplementary"]
        static let listGeneration: [StaticString] = ["ios15to18", "ios26"]
        static let contentSizeCategory: [StaticString] = ["XS", "S", "M", "L", "XL", "XXL", "XXXL", "AX1", "AX2", "AX3", "AX4", "AX5"]
    }
}

/// The reader behind `LayoutFastPath`: each read returns nil (or false) for anything but the
/// shape it expects.
struct FastBodyReader {
    var scanner: JSONScanner
    let maxElements: Int
    /// Compositional groups and items so far (`CompositionalNodeCount`).
    var nodes = 0

    init(scanner: JSONScanner, maxElements: Int) {
        self.scanner = scanner
        self.maxElements = maxElements
    }

    /// The members of an object, each key given to `member`, which reads its value and returns
    /// the bit that key sets (nil: not a key of this shape); a key seen twice is nil. An empty
    /// object is read as such.
    @inline(__always)
    mutating func object(_ member: (inout FastBodyReader, UnsafeBufferPointer<UInt8>) -> UInt32?) -> UInt32? {
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
    mutating func array(limit: Int, _ element: (inout FastBodyReader) -> Bool) -> Int? {
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

    /// One of `names` (a plain string), as its index.
    @inline(__always)
    mutating func oneOf(_ names: [StaticString]) -> Int? {
        guard let text = scanner.plainString() else { return nil }
        return names.firstIndex { JSONScanner.equals(text, $0) }
    }

    /// A value of an enum whose cases are `names`, in order (`JSONField.enumValue`).
    mutating func enumValue<E: RawRepresentable & CaseIterable>(_: E.Type, _ names: [StaticString]) -> E?
    where E.RawValue == String, E.AllCases: RandomAccessCollection, E.AllCases.Index == Int {
        oneOf(names).map { E.allCases[$0] }
    }

    /// `true` or `false`.
    mutating func bool() -> Bool? {
        if scanner.take(UInt8(ascii: "t")) { return scanner.literal("rue") ? true : nil }
        if scanner.take(UInt8(ascii: "f")) { return scanner.literal("alse") ? false : nil }
        return nil
    }

    /// `{"width": w, "height": h}`, both lengths (`WireReader.size`).
    mutating func size() -> Size? {
        var width = 0.0, height = 0.0
        guard let seen = object({ r, key in
            guard let v = r.length() else { return nil }
            if JSONScanner.equals(key, "width") { width = v; return 1 }
            if JSONScanner.equals(key, "height") { height = v; return 2 }
            return nil
        }), seen == 3 else { return nil }
        return Size(width: width, height: height)
    }

    // MARK: the document

    /// The layout object's members of either type, told apart by their keys and `type`.
    struct LayoutFields {
        var type: (any WireLayout.Type)?
        var flow = FlowLayoutFields()
        var compositional = CompositionalLayoutFields()
        var hasFlowFields = false
        var hasCompositionalFields = false
    }

    mutating func document() -> LayoutSpec? {
        var collectionView: CollectionViewMetrics?
        var layout: LayoutFields?
        var sections: [DataSectionFields] = []
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
                let read = r.array(limit: r.maxElements) { r in
                    guard let section = r.dataSection() else { return false }
                    sections.append(section)
                    return true
                }
                return read == nil ? nil : 4
            }
            return nil
        }), seen & 5 == 5, scanner.atEnd(), let collectionView else { return nil }
        var budget = ElementBudget(limit: maxElements)
        let fields = layout ?? LayoutFields()
        let definition: (any WireLayout)?
        if fields.type == CompositionalConfiguration.self {
            guard !fields.hasFlowFields else { return nil }
            definition = compositional(collectionView, fields.compositional, sections, budget: &budget)
        } else if fields.type == nil || fields.type == FlowLayoutConfiguration.self {
            guard !fields.hasCompositionalFields else { return nil }
            definition = flow(collectionView, layout == nil ? nil : fields.flow, sections, budget: &budget)
        } else {
            definition = nil
        }
        guard let definition else { return nil }
        var spec = LayoutSpec(definition)
        spec.requestedElements = budget.used
        return spec
    }

    mutating func layout() -> LayoutFields? {
        var fields = LayoutFields()
        guard object({ r, key in
            if JSONScanner.equals(key, "type") {
                guard let text = r.scanner.plainString() else { return nil }
                if JSONScanner.equals(text, "flow") { fields.type = FlowLayoutConfiguration.self; return 1 << 31 }
                if JSONScanner.equals(text, "compositional") { fields.type = CompositionalConfiguration.self; return 1 << 31 }
                if JSONScanner.equals(text, "list") {
                    // Another name of the compositional layout (`ListLayoutType.alias`).
                    fields.type = CompositionalConfiguration.self
                    fields.compositional.isListType = true
                    return 1 << 31
                }
                return nil
            }
            if let bit = r.flowLayoutMember(key, &fields.flow) { fields.hasFlowFields = true; return bit }
            if let bit = r.compositionalLayoutMember(key, &fields.compositional) { fields.hasCompositionalFields = true; return bit << 16 }
            return nil
        }) != nil else { return nil }
        return fields
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
                guard let v = r.enumValue(LayoutDirection.self, LayoutFastPath.Names.layoutDirection) else { return nil }
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

    /// A data section's members (`numberOfItems`, or a flow section's).
    struct DataSectionFields {
        /// The bits of the members present (`numberOfItems` is 1).
        var members: UInt32 = 0
        var numberOfItems: Int?
        var itemSizes: [Size]?
        var overrides = FlowSectionValues()
    }

    mutating func dataSection() -> DataSectionFields? {
        var fields = DataSectionFields()
        guard let seen = object({ r, key in
            if JSONScanner.equals(key, "numberOfItems") {
                // `WireReader.count`: whole, 0 or more (the cap is checked in order, later).
                guard let n = r.int(), n >= 0 else { return nil }
                fields.numberOfItems = n
                return 1
            }
            if JSONScanner.equals(key, "itemSizes") {
                var sizes: [Size] = []
                let read = r.array(limit: r.maxElements) { r in
                    guard let size = r.size() else { return false }
                    sizes.append(size)
                    return true
                }
                fields.itemSizes = sizes
                return read == nil ? nil : 2
            }
            return r.flowSectionMember(key, &fields.overrides).map { $0 << 2 }
        }) else { return nil }
        fields.members = seen
        return fields
    }
}
