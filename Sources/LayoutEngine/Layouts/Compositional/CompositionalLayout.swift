/// `UICollectionViewCompositionalLayout` (docs/uikit-rules/compositional-layout.md).
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
        try layout(configuration, referenceCells: false)
    }

    /// `referenceCells`: write cells one at a time through `SectionCellRun.next()`, the
    /// element-by-element path the bulk writer must match byte for byte (tests compare them).
    static func layout(_ configuration: CompositionalConfiguration, referenceCells: Bool) throws(CompositionalError) -> Layout {
        try CompositionalValidation.validate(configuration)
        // One copy of the input, changed in place and moved into the builder (each copy of a
        // configuration retains every array in it).
        var config = configuration
        let rightToLeft = config.collectionView.layoutDirection == .rightToLeft
        config.moveToLeadingCoordinates()
        let transposed = config.scrollDirection == .horizontal
        if transposed { config = config.transposedForSolving }
        var builder = CompositionalBuilder(consume config, transposed: transposed)
        builder.referenceCells = referenceCells
        builder.mirrorsCustomItems = rightToLeft
        return try builder.build()
    }
}

extension CompositionalConfiguration {
    /// The input with its physical insets read as leading/trailing: right to left, the layout
    /// container's leading inset is the collection view's right safe-area inset or margin
    /// (`NSDirectionalEdgeInsets`), so left and right swap before solving; the seam then mirrors
    /// the solved layout (RightToLeft.swift). Left to right it is unchanged. The readable-content
    /// insets default to the collection view's (a device profile fills them).
    mutating func moveToLeadingCoordinates() {
        if readableContentInsets == nil { readableContentInsets = collectionView.readableContentInsets }
        guard collectionView.layoutDirection == .rightToLeft else { return }
        collectionView.contentInset = collectionView.contentInset.horizontallySwapped
        collectionView.safeAreaInsets = collectionView.safeAreaInsets.horizontallySwapped
        collectionView.layoutMargins = collectionView.layoutMargins.horizontallySwapped
        collectionView.readableContentInsets = collectionView.readableContentInsets?.horizontallySwapped
        readableContentInsets = readableContentInsets?.horizontallySwapped
    }
}
