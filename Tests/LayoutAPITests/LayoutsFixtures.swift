import HTTP
@testable import LayoutAPI
import JSON
import LayoutEngine

/// Readers for the layout tests of the non-flow types.
extension Response {
    /// `elements[]` as `(kind, indexPath, frame)`: kind is "cell", "header" or "footer".
    var elementFrames: [(kind: String, indexPath: [Int], frame: Rect)] {
        guard case .object(let o)? = json, case .array(let els)? = o["elements"] else { return [] }
        return els.compactMap { e in
            guard case .object(let eo) = e, case .array(let ip)? = eo["indexPath"],
                  case .object(let f)? = eo["frame"] else { return nil }
            let kind: String = if case .string(let k)? = eo["kind"] { k } else { "cell" }
            func n(_ v: JSON?) -> Double { if case .number(let d)? = v { d } else { .nan } }
            return (kind, ip.map { Int(n($0)) }, Rect(x: n(f["x"]), y: n(f["y"]), width: n(f["width"]), height: n(f["height"])))
        }
    }

    var elementIndexPaths: [[Int]] { elementFrames.map(\.indexPath) }

    /// `contentSize` as a Size.
    var contentSize: Size? {
        guard case .object(let o)? = json, case .object(let s)? = o["contentSize"],
              case .number(let w)? = s["width"], case .number(let h)? = s["height"] else { return nil }
        return Size(width: w, height: h)
    }
}

/// Decodes a request body into its spec as POST /layout would.
func decodedSpec(_ body: String, maxElements: Int = 1_000_000) throws -> LayoutSpec {
    try LayoutRequestDecoder.decode(Array(body.utf8), maxElements: maxElements)
}
