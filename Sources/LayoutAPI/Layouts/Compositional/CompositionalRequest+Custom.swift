import LayoutEngine

/// `{"custom": {…}}` groups: `NSCollectionLayoutGroup.custom(layoutSize:itemProvider:)` with the
/// frames its item provider returns (compositional-next.md N1–N12).
extension WireReader {
    static let customGroupKeys: KeySet = ["layoutSize", "frames", "fractionalFrames", "contentInsets", "edgeSpacing"]
    static let customFrameKeys: KeySet = ["x", "y", "width", "height", "zIndex"]

    /// `{"layoutSize", "frames": [{x, y, width, height, zIndex?}] | "fractionalFrames": […],
    /// "contentInsets"?, "edgeSpacing"?}`. Exactly one of `frames` (points, relative to the
    /// group's origin) and `fractionalFrames` (fractions of the environment the provider sees);
    /// each frame counts as a node of the layout tree. Widths and heights are ≥ 0 (UIKit refuses a
    /// frame whose rounded size is negative, R45); an empty list is the solver's 422 (N3).
    mutating func customGroup(_ field: JSONField, nodes: inout CompositionalNodeCount) throws(FieldError) -> CompositionalGroup {
        let o = try field.object()
        try o.rejectUnknownKeys(allowed: Self.customGroupKeys)
        let size = try layoutSize(try o.required("layoutSize"))
        let points = try o.member("frames"), fractions = try o.member("fractionalFrames")
        if points != nil, let both = fractions {
            throw FieldError.invalidValue(pointer: both.pointer, detail: "\(o.pointer) has both frames and fractionalFrames; the item provider's output is one list: frames in points or fractions of its environment. Keep one.")
        }
        guard let list = points ?? fractions else { throw FieldError.missing(pointer: o.pointer.appending("frames")) }
        let entries = try list.array(maxCount: CompositionalNodeCount.maximum)
        try nodes.add(entries.count, at: list.pointer)
        var items: [CustomGroupItem] = []
        items.reserveCapacity(entries.count)
        for e in entries {
            let f = try e.object()
            try f.rejectUnknownKeys(allowed: Self.customFrameKeys)
            let frame = Rect(x: try finite(try f.required("x")), y: try finite(try f.required("y")),
                             width: try length(try f.required("width")), height: try length(try f.required("height")))
            items.append(CustomGroupItem(frame: frame, zIndex: try f.value("zIndex", default: 0) { v throws(FieldError) in try zIndex(v) }))
        }
        return .custom(size, CustomGroupProvider(items: items, fractional: points == nil),
                       contentInsets: try o.value("contentInsets", default: .zero) { f throws(FieldError) in try directionalInsets(f) },
                       edgeSpacing: try o.value("edgeSpacing", default: .none) { f throws(FieldError) in try edgeSpacing(f) })
    }
}
