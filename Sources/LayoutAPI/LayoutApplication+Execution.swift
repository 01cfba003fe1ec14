import HTTP
import LayoutEngine

/// Where a request runs, decided by the size of its answer, not by its route: the I/O loops only
/// parse, route, copy cached bytes and write; encoding more than `inlineElementLimit` elements
/// runs on Dispatch.
extension LayoutApplication {
    /// Most elements an answer encoded on an I/O loop may hold: about 50 µs of encoding, a few
    /// times the cost of the hop to Dispatch and back.
    static let inlineElementLimit = 1_000

    /// Element queries: inline for a layout of at most `inlineElementLimit` elements, an index
    /// path, or a rect or point whose answer the spatial index bounds under the limit (an
    /// O(log n) look at the tree); offloaded when the index must first be built, for the whole
    /// list, and for anything bigger. Other GETs answer from fixed or cached bytes: inline.
    func queryExecution(_ request: Request, route: Route) -> Execution {
        guard case .layoutElements(let id) = route, let entry = cache.peek(id) else { return .inline }
        let limit = Self.inlineElementLimit
        guard entry.layout.attributes.count > limit else { return .inline }
        let q = QueryParameters(request.query)
        // A malformed parameter is a quick 400, whatever the layout's size.
        let rect, point, indexPath: [Double]?
        do {
            rect = try q.numbers("rect", count: 4, meaning: "")
            point = try q.numbers("point", count: 2, meaning: "")
            indexPath = try q.numbers("indexPath", count: 2, meaning: "")
        } catch {
            return .inline
        }
        if indexPath != nil { return .inline }
        // The first rect or point query of a large layout builds its index.
        guard entry.hasIndex else { return .offload }
        if let p = point {
            return entry.index.estimatedCount(containing: Point(x: p[0], y: p[1]), limit: limit) > limit ? .offload : .inline
        }
        if let r = rect, r[2] >= 0, r[3] >= 0 {
            let visible = Rect(x: r[0], y: r[1], width: r[2], height: r[3])
            return entry.index.estimatedCount(in: visible, limit: limit) > limit ? .offload : .inline
        }
        return rect == nil ? .offload : .inline
    }
}
