import LayoutEngine

/// A fully resolved layout request: which layout, with every input it reads. Equal specs give
/// equal layouts, so the spec's canonical bytes are the cache key and the source of the id.
/// Whatever the type, it is served through the seam (`WireLayout`): no switch over types.
package struct LayoutSpec: Hashable, Sendable {
    let definition: any WireLayout
    /// The elements the request asked for as its decoder counted them (`ElementBudget`), 0 when
    /// not decoded from a body: how heavy computing it is (`WorkLanes`). Not part of equality.
    var requestedElements = 0

    init(_ definition: any WireLayout) { self.definition = definition }

    package static func == (lhs: LayoutSpec, rhs: LayoutSpec) -> Bool {
        AnyHashable(lhs.definition) == AnyHashable(rhs.definition)
    }

    package func hash(into hasher: inout Hasher) { hasher.combine(AnyHashable(definition)) }

    /// `layout.type`.
    var typeName: String { type(of: definition).typeName }

    /// Lays it out, mirrored when the collection view is right to left (`directedLayout()`).
    /// O(elements); the caller has checked the element cap.
    package func compute() throws(LayoutRefusal) -> Layout { try definition.directedLayout() }

    /// True when elements carry an `estimated` flag (self-sizing layouts).
    var estimates: Bool { definition.reportsEstimates }

    /// The collection view's bounds size the layout was computed for.
    var viewSize: Size { definition.viewSize }

    /// The same layout for a collection view of a new size; everything else is kept.
    func resized(width: Double, height: Double) -> LayoutSpec {
        LayoutSpec(definition.resized(to: Size(width: width, height: height)))
    }

    /// The layout's `shouldInvalidateLayout(forBoundsChange:)` rule (decided in the engine).
    var boundsInvalidationRule: BoundsInvalidationRule { definition.boundsInvalidationRule }

    /// Heap held by the resolved request.
    var approximateBytes: Int { definition.approximateBytes }
}

/// A `POST /layout` body is read into a `LayoutSpec` (`JSONBody`: one parse, one typed pass).
extension LayoutSpec: JSONBody {
    static func read(_ root: JSONField, _ configuration: ServiceConfiguration, reader: inout WireReader) throws(FieldError) -> LayoutSpec {
        try LayoutRequestDecoder.decode(root, reader: &reader, maxElements: configuration.maxElements)
    }

    /// The commonest flow and compositional bodies, read without a tree (`LayoutFastPath`).
    static func shortcut(_ body: [UInt8], _ configuration: ServiceConfiguration) -> LayoutSpec? {
        LayoutFastPath.decode(body, maxElements: configuration.maxElements)
    }
}

/// The typed pass of a `POST /layout` body: the top level, then the layout type's own reader.
package enum LayoutRequestDecoder {
    static let topLevelKeys: Set<String> = ["collectionView", "layout", "sections", "preferredSizes", "preferredSupplementarySizes"]

    /// `body` decoded as `POST /layout` decodes it, with at most `maxElements` elements.
    package static func decode(_ body: [UInt8], maxElements: Int) throws(APIError) -> LayoutSpec {
        try LayoutSpec.decode(body, ServiceConfiguration(maxElements: maxElements))
    }

    static func decode(_ root: JSONField, reader: inout WireReader, maxElements: Int) throws(FieldError) -> LayoutSpec {
        let o = try root.object()
        try o.rejectUnknownKeys(allowed: topLevelKeys)
        let cv = try reader.collectionView(try o.required("collectionView"))
        let layout = try o.member("layout").map { f throws(FieldError) in try f.object() }
        let type = try layout?.member("type").map { f throws(FieldError) in try layoutType(f) } ?? LayoutTypes.all[0]
        let sections = try o.required("sections").array(maxCount: maxElements)
        var budget = ElementBudget(limit: maxElements)
        let preferred = try o.member("preferredSizes")
        let supplementary = try o.member("preferredSupplementarySizes")
        // Only self-sizing types read measured sizes.
        var allowed = topLevelKeys
        if !type.acceptsPreferredSizes { allowed.remove("preferredSizes") }
        if !type.acceptsPreferredSupplementarySizes { allowed.remove("preferredSupplementarySizes") }
        if let field = preferred, !type.acceptsPreferredSizes {
            throw FieldError.unknownKey(pointer: field.pointer, allowed: allowed.sorted())
        }
        if let field = supplementary, !type.acceptsPreferredSupplementarySizes {
            throw FieldError.unknownKey(pointer: field.pointer, allowed: allowed.sorted())
        }
        let fields = LayoutRequestFields(collectionView: cv, layout: layout, sections: sections, preferredSizes: preferred,
                                         preferredSupplementarySizes: supplementary)
        var spec = LayoutSpec(try type.decode(fields, reader: &reader, budget: &budget))
        spec.requestedElements = budget.used
        return spec
    }

    /// `layout.type`: one of the registered names.
    static func layoutType(_ field: JSONField) throws(FieldError) -> any WireLayout.Type {
        let text = try field.string()
        if let type = LayoutTypes.named(text) { return type }
        let allowed = LayoutTypes.all.flatMap { [$0.typeName] + $0.typeAliases }
        throw .invalidValue(pointer: field.pointer, detail: FieldError.unknownValue(text, at: field.pointer, allowed: allowed))
    }
}
