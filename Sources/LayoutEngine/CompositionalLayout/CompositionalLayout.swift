/// `UICollectionViewCompositionalLayout` (../shared/spec/compositional-layout.md).
public enum CompositionalLayout {
    /// The layout: content size plus attributes, section by section (decorations, boundary
    /// items, cells in item order, item supplementaries), global top items first and the other
    /// global items last. The root group of each layout section is solved once.
    public static func layout(_ configuration: CompositionalConfiguration) throws(CompositionalError) -> Layout {
        throw CompositionalError(code: "NOT_IMPLEMENTED", path: [.key("layout")], message: "not yet")
    }
}
