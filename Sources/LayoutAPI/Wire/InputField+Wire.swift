import JSON
import LayoutEngine

/// The engine names a refused field by what it is (`InputField`); the wire spells it as the
/// request's JSON key. This is the one place where the two meet: a key renamed on the wire is
/// renamed here, and the engine never writes a request's JSON paths.
extension InputField {
    /// The member name of this field in a `POST /layout` body (openapi.yaml).
    var wireKey: String {
        switch self {
        case .collectionView: "collectionView"
        case .layoutMargins: "layoutMargins"
        case .layout: "layout"
        case .configuration: "configuration"
        case .scrollDirection: "scrollDirection"
        case .sections: "sections"
        case .boundarySupplementaryItems: "boundarySupplementaryItems"
        case .decorationItems: "decorationItems"
        case .supplementaryItems: "supplementaryItems"
        case .contentInsets: "contentInsets"
        case .group: "group"
        case .item: "item"
        case .subitems: "subitems"
        case .custom: "custom"
        case .frames: "frames"
        case .fractionalFrames: "fractionalFrames"
        case .count: "count"
        case .layoutSize: "layoutSize"
        case .width: "width"
        case .height: "height"
        case .scale: "scale"
        }
    }
}

extension JSONPointer {
    /// The pointer of an engine's field path in the request body.
    init(_ path: [InputPathStep]) {
        var pointer = JSONPointer.root
        for step in path {
            switch step {
            case .field(let field): pointer = pointer.appending(field.wireKey)
            case .index(let index): pointer = pointer.appending(index)
            }
        }
        self = pointer
    }
}
