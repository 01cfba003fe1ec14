/// A compositional layout UIKit refuses or cannot lay out. `path` names the offending field the
/// way the wire request spells it, from the request's root, so `pointer` is its JSON pointer
/// (e.g. `/layout/sections/0/group/subitems/1/group/layoutSize/width`).
public struct CompositionalError: Error, Hashable, Sendable {
    public enum PathComponent: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

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

    /// RFC 6901: `/` joined, `~` as `~0` and `/` as `~1` in keys.
    public var pointer: String {
        var out = ""
        for component in path {
            out += "/"
            switch component {
            case .index(let i): out += String(i)
            case .key(let k):
                for ch in k {
                    if ch == "~" { out += "~0" } else if ch == "/" { out += "~1" } else { out.append(ch) }
                }
            }
        }
        return out
    }
}

/// Building paths without noise at the call sites.
extension Array where Element == CompositionalError.PathComponent {
    func appending(_ key: String) -> [CompositionalError.PathComponent] { self + [.key(key)] }
    func appending(_ index: Int) -> [CompositionalError.PathComponent] { self + [.index(index)] }
    func appending(_ key: String, _ index: Int) -> [CompositionalError.PathComponent] { self + [.key(key), .index(index)] }
}
