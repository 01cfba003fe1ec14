/// `UICollectionViewCompositionalLayout` (../shared/spec/compositional-layout.md).
public enum CompositionalLayout {
    /// A layout section's solution holds at least this many items even when its sections have
    /// fewer (so R23's partial-group trimming sees whole groups), and at most the largest item
    /// count of the data sections using it when that is more. Bounds a repeat-until-full walk.
    public static let minimumSolutionItems = 1024

    /// The layout: content size plus attributes, section by section (decorations, boundary
    /// items, cells in item order, item supplementaries), the layout's top boundary items first
    /// and its other boundary items last. Each layout section's root group is solved once
    /// (plus once per self-sized repetition), then items are placed in O(1) each.
    /// Complexity O(tree + layout sections · solution + elements).
    public static func layout(_ configuration: CompositionalConfiguration) throws(CompositionalError) -> Layout {
        try CompositionalValidation.validate(configuration)
        if configuration.scrollDirection == .horizontal {
            var builder = CompositionalBuilder(configuration.transposedForSolving, transposed: true)
            return try builder.build()
        }
        var builder = CompositionalBuilder(configuration, transposed: false)
        return try builder.build()
    }
}
