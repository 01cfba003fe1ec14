/// The member names of the small wire objects read in many places (sizes, insets, points, …),
/// made once: a `Set` literal at the call was built, and each of its names hashed, every time
/// an object was read (a 1,000-item compositional request reads a dozen such objects).
enum WireKeys {
    static let alignmentRows: KeySet = ["commonRow", "lastRow", "vertical"]
    static let decorationItem: KeySet = ["elementKind", "contentInsets", "zIndex"]
    static let customOnly: KeySet = ["custom"]
    static let subitem: KeySet = ["item", "group"]
    static let leadingTrailing: KeySet = ["leading", "trailing"]
    static let anchor: KeySet = ["edges", "absoluteOffset", "fractionalOffset"]
    static let size: KeySet = ["width", "height"]
    /// `NSDirectionalEdgeInsets` and `NSCollectionLayoutEdgeSpacing`.
    static let directionalEdges: KeySet = ["top", "leading", "bottom", "trailing"]
    static let spacing: KeySet = ["fixed", "flexible"]
    static let point: KeySet = ["x", "y"]
    static let heightOnly: KeySet = ["height"]
    static let itemsOnly: KeySet = ["items"]
    static let insets: KeySet = ["top", "left", "bottom", "right"]
    static let rect: KeySet = ["x", "y", "width", "height"]
    static let preferredSize: KeySet = ["indexPath", "width", "height", "elementKind"]
}
