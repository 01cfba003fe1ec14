import HTTP
import LayoutEngine

/// Which offloaded requests are heavy (`WorkLanes`), and where handlers look whether their
/// client is still there (`Cancellation`).
extension LayoutApplication {
    /// Layouts of at least this many elements are heavy to compute, rotate, diff or encode (about
    /// 20 ms and up on one core); smaller ones run on the light lane.
    static let heavyElements = 50_000
    /// Bodies of at least this many bytes are heavy to parse (and, for snapshots and batches,
    /// to apply).
    static let heavyBodyBytes = 512 * 1024

    /// Whether an offloaded request is heavy from what is known before its handler runs: its
    /// body's size, or the size of the layout it names when its answer or its work grows with it
    /// (an invalidation, the full body in JSON or protocol buffers, the whole element list). Pictures stop at
    /// `SVGOptions.maxElements` and point and rect queries at what they match: light.
    static func isHeavy(_ request: Request, _ plan: Plan) -> Bool {
        if request.body.count >= heavyBodyBytes { return true }
        guard let entry = plan.entry, entry.layout.attributes.count >= heavyElements else { return false }
        switch plan.route.template {
        case "/layout/{id}/invalidate": return true
        case "/layout/{id}":
            switch plan.negotiation.representation(svg: true) {
            case .svg, .notAcceptable: return false
            case .protobuf: return true     // encoded for this answer (nothing keeps it)
            case .json: return entry.fullIfMade == nil
            }
        case "/layout/{id}/elements": return plan.elements.map { $0.indexPath == nil && $0.rect == nil && $0.point == nil } ?? false
        default: return false
        }
    }

    /// Throws `movedToHeavyLane` when the handler runs on the light lane and what it is about to
    /// do is heavy (`elements` at least `heavyElements`): the request runs again on the heavy lane.
    static func moveIfHeavy(_ plan: Plan, elements: Int) throws(APIError) {
        if plan.mayMove, elements >= heavyElements { throw .movedToHeavyLane }
    }

    /// Throws `clientGone` when the request's client closed its connection: between the costly
    /// steps of a handler (compute, diff, encode), so work nobody will read stops there.
    static func checkClient(_ request: Request) throws(APIError) {
        if request.cancellation?.isCancelled == true { throw .clientGone }
    }
}
