/// A compositional layout UIKit refuses or cannot lay out. `path` names the offending field from
/// the input's root, as a field identity (`InputField`), e.g. layout → sections → 0 → group →
/// subitems → 1 → group → layoutSize → width; the service maps it to the request's JSON pointer.
public struct CompositionalError: Error, Hashable, Sendable {
    public typealias PathComponent = InputPathStep

    /// Stable machine-readable code, e.g. `GROUP_CANNOT_FIT_ITEM`.
    public var code: String
    public var path: [PathComponent]
    /// UIKit's message where UIKit has one, then how to fix the input.
    public var message: String

    public init(code: String, path: [PathComponent], message: String) {
        self.code = code
        self.path = path
        self.message = message
    }
}
