/// The errors UIKit raises (or would hang or crash on) for a compositional layout, with UIKit's
/// console text where the spec has it (R7, R13, R15, R45) and then how to fix the request.
enum CompositionalErrors {
    typealias Path = [CompositionalError.PathComponent]

    /// R7/R13, real UIKit console output (LiveContainer issue 1414).
    static func noRoom(insets: DirectionalInsets, size: Size, transposed: Bool, path: Path) -> CompositionalError {
        let i = transposed ? insets.transposed : insets
        let s = transposed ? Size(width: size.height, height: size.width) : size
        return CompositionalError(
            code: "NO_ROOM_FOR_GROUP", path: path,
            message: "There is no room for this NSCollectionLayoutGroup to fit into its parent group or section, or it has no room for any subitems itself. Inspect the parent and ensure the contentInsets (\(UIKitFormat.insets(i))) do not result in a negative effectiveContentSize when applied to size: \(UIKitFormat.size(s)). Make the insets smaller than the size (leading + trailing below the width, top + bottom below the height).")
    }

    /// R13: the first subitem of a `subitems:` group does not fit.
    static func cannotFitItem(extent: Double, available: Double, horizontal: Bool, path: Path) -> CompositionalError {
        let axis = horizontal ? "width" : "height"
        return CompositionalError(
            code: "GROUP_CANNOT_FIT_ITEM", path: path,
            message: "NSCollectionLayoutItem created with invalid combination of spacing and size specified. This group cannot fit even a single item. The first subitem needs \(UIKitFormat.number(extent)) pt of \(axis) (with its edge spacing) but the group has \(UIKitFormat.number(available)) pt; make the subitem (or its edge spacing) smaller or the group larger.")
    }

    /// R15: a subitem with no extent along the group's axis would repeat forever.
    static func zeroExtent(group: CompositionalGroup, extent: Double, path: Path) -> CompositionalError {
        let axis = group.orientation == .horizontal ? "width" : "height"
        let what = group.count != nil && group.countKind == .repeating ? "repeating " : ""
        return CompositionalError(
            code: "SUBITEM_ZERO_EXTENT", path: path,
            message: "The subitem of this \(what)NSCollectionLayoutGroup resolves to \(UIKitFormat.number(extent)) pt along the group's axis (\(axis)); UIKit cannot place items with no extent along a group's axis. Give the subitem a \(axis) that resolves to more than 0 pt (a larger fraction or an absolute size).")
    }

    /// R7: `NSCollectionLayoutDimension` values must be finite and > 0.
    static func invalidDimension(_ d: CompositionalDimension, path: Path) -> CompositionalError {
        let name: String
        switch d {
        case .absolute: name = "absolute"
        case .fractionalWidth: name = "fractionalWidth"
        case .fractionalHeight: name = "fractionalHeight"
        case .estimated: name = "estimated"
        case .uniformAcrossSiblings: name = "uniformAcrossSiblings"
        }
        return CompositionalError(
            code: "INVALID_DIMENSION", path: path,
            message: "Invalid \(name) dimension, must be > 0.0 (got \(UIKitFormat.number(d.value))). Send a finite number greater than 0.")
    }

    /// R45's validation of a rounded frame.
    static func invalidFrame(rounded: Rect, frame: Rect, scale: Double, path: Path) -> CompositionalError {
        CompositionalError(
            code: "INVALID_FRAME", path: path,
            message: "UICollectionViewCompositionalLayout: Invalid frame \(UIKitFormat.rect(rounded)) generated when rounding frame \(UIKitFormat.rect(frame)) to screen scale (\(UIKitFormat.number(scale))). A frame has a negative size: make the content insets of this item (or supplementary) smaller than its size.")
    }

    static func structure(_ code: String, _ message: String, path: Path) -> CompositionalError {
        CompositionalError(code: code, path: path, message: message)
    }
}
