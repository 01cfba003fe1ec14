/// The fields of a layout's input a refusal can name, by what they are in the engine's
/// configuration, not by how a wire format spells them: the service maps each to its JSON key
/// (`LayoutAPI`'s `InputField.wireKey`), so the engine never writes a request's JSON paths.
public enum InputField: Hashable, Sendable, CaseIterable {
    /// The collection view's metrics (its width, height, margins).
    case collectionView
    case layoutMargins
    /// The layout object (`UICollectionViewCompositionalLayout`).
    case layout
    /// `layout.configuration` (`UICollectionViewCompositionalLayoutConfiguration`).
    case configuration
    case scrollDirection
    /// The layout's sections (`NSCollectionLayoutSection`s) under `layout`, or the data
    /// sections (item counts) at the root.
    case sections
    case boundarySupplementaryItems
    case decorationItems
    case supplementaryItems
    case contentInsets
    case group
    case item
    case subitems
    /// `NSCollectionLayoutGroup.custom`'s frames: absolute or as fractions of the group.
    case custom
    case frames
    case fractionalFrames
    /// A group's repeated-subitem count.
    case count
    case layoutSize
    case width
    case height
    /// The screen scale (pixels per point).
    case scale
}

/// One step of the path to a refused field: a field, or an index into a list field.
public enum InputPathStep: Hashable, Sendable {
    case field(InputField)
    case index(Int)
}

/// Building paths without noise at the call sites.
extension Array where Element == InputPathStep {
    func appending(_ field: InputField) -> [InputPathStep] { self + [.field(field)] }
    func appending(_ index: Int) -> [InputPathStep] { self + [.index(index)] }
    func appending(_ field: InputField, _ index: Int) -> [InputPathStep] { self + [.field(field), .index(index)] }
}
