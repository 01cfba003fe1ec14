/// One layout type's whole input, and what UIKit's layout class of that type does with it: lay
/// out (`prepare()`), the bounds it was laid out for, the same input for new bounds, and
/// `shouldInvalidateLayout(forBoundsChange:)`. Every layout type conforms next to its layout
/// (`FlowLayoutConfiguration`, `WaterfallDefinition`, ...), so code that serves layouts (cache,
/// queries, pinning, invalidation) is written once against this protocol, never per type.
public protocol LayoutDefinition: Hashable, Sendable {
    /// Lays the input out: content size plus attributes in the layout's documented order.
    /// O(elements); the caller has checked the element cap. Throws only for input UIKit refuses
    /// after solving (an invalid frame); the flow family never throws.
    func layout() throws(LayoutRefusal) -> Layout

    /// The collection view's `effectiveUserInterfaceLayoutDirection`: right to left,
    /// `directedLayout()` mirrors `layout()` (RightToLeft.swift). Every type says it.
    var layoutDirection: LayoutDirection { get }

    /// The collection view's bounds size the input was laid out for.
    var viewSize: Size { get }

    /// The same input for a collection view of `size` (rotation, split view, window resize).
    /// Everything else is kept, measured sizes included (flow-layout.md §12).
    func resized(to size: Size) -> Self

    /// The class's own `shouldInvalidateLayout(forBoundsChange:)` rule, before pinning.
    var boundsInvalidationRule: BoundsInvalidationRule { get }

    /// UIKit's decision for the bounds going from `old` to `new` of `layout` (laid out from this
    /// input): pinned elements invalidate on every scroll that shows them, then the rule decides.
    func shouldInvalidateLayout(forBoundsChange new: Rect, from old: Rect, layout: Layout) -> Bool

    /// True when cells carry an `estimated` flag: the layout self-sizes (estimated sizes) and
    /// accepts measured sizes.
    var reportsEstimates: Bool { get }
}

extension LayoutDefinition {
    public func shouldInvalidateLayout(forBoundsChange new: Rect, from old: Rect, layout: Layout) -> Bool {
        BoundsChange.shouldInvalidate(old: old, new: new, layout: layout, rule: boundsInvalidationRule)
    }

    public var reportsEstimates: Bool { false }
}

/// Input a layout type refuses only once solved (UIKit raises or logs and lays out nothing):
/// `path` names the input field to fix (field identities: the service maps them to the
/// request's JSON pointer), `message` quotes UIKit where UIKit has words for it and says how to
/// fix the input.
public struct LayoutRefusal: Error, Hashable, Sendable {
    /// Stable machine-readable code, e.g. `INVALID_FRAME`.
    public var code: String
    public var path: [InputPathStep]
    public var message: String

    public init(code: String, path: [InputPathStep], message: String) {
        self.code = code
        self.path = path
        self.message = message
    }
}
