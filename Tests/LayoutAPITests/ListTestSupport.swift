import Foundation
import HTTP
@testable import LayoutAPI
import LayoutEngine
import Testing

/// Posting list requests and reading their elements by category, kind and index path.
struct ListAnswer {
    var status: Int
    var id: String
    var contentSize: Size
    var elements: [[String: Any]]
    var text: String

    init(_ r: Response) {
        status = r.status
        text = r.text
        let o = (try? JSONSerialization.jsonObject(with: Data(r.body))) as? [String: Any] ?? [:]
        id = o["id"] as? String ?? ""
        let cs = o["contentSize"] as? [String: Double] ?? [:]
        contentSize = Size(width: cs["width"] ?? .nan, height: cs["height"] ?? .nan)
        elements = o["elements"] as? [[String: Any]] ?? (o["element"] as? [String: Any]).map { [$0] } ?? []
    }

    static let header = "UICollectionElementKindSectionHeader"
    static let footer = "UICollectionElementKindSectionFooter"
    static let background = "_UICollectionViewListLayoutSectionBackgroundColorDecorationElementKind"
    static let bottomSeparator = "UICollectionViewListLayoutElementKindBottomSeparator"
    static let topSeparator = "UICollectionViewListLayoutElementKindTopSeparator"

    /// The element of `kind` (nil: a cell) at `[s, i]`.
    func element(_ kind: String?, _ s: Int, _ i: Int) -> [String: Any]? {
        elements.first { e in
            (e["kind"] as? String) == kind && (e["indexPath"] as? [Int]) == [s, i]
                && (kind != nil || (e["category"] as? String) == "cell")
        }
    }

    func frame(_ kind: String?, _ s: Int, _ i: Int) -> Rect? {
        guard let f = element(kind, s, i)?["frame"] as? [String: Double] else { return nil }
        return Rect(x: f["x"] ?? .nan, y: f["y"] ?? .nan, width: f["width"] ?? .nan, height: f["height"] ?? .nan)
    }

    func count(_ kind: String?) -> Int {
        elements.filter { ($0["kind"] as? String) == kind }.count
    }
}

/// Exact to the pixel grid: frames are multiples of 1/scale, compared to 1e-9 pt.
func expectFrame(_ got: Rect?, _ x: Double, _ y: Double, _ w: Double, _ h: Double, _ what: String,
                 sourceLocation: SourceLocation = #_sourceLocation) {
    guard let got else {
        Issue.record("\(what): missing", sourceLocation: sourceLocation)
        return
    }
    let ok = abs(got.minX - x) < 1e-9 && abs(got.minY - y) < 1e-9 && abs(got.width - w) < 1e-9 && abs(got.height - h) < 1e-9
    #expect(ok, "\(what): got (\(got.minX), \(got.minY), \(got.width), \(got.height)), expected (\(x), \(y), \(w), \(h))",
            sourceLocation: sourceLocation)
}

extension LayoutApplication {
    func list(_ body: String) -> ListAnswer { ListAnswer(post(body)) }
}
