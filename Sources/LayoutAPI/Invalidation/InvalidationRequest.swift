import HTTP
import JSON
import LayoutEngine

/// The body of `POST /layout/{id}/invalidate`: measured sizes (self-sizing) or new bounds, never
/// both, each with the rect it is anchored on; and whether the minimal answer is preferred (read
/// before the body, so a bad `Prefer` is its 400 whatever the body).
struct InvalidationRequest: JSONBody {
    enum Change: Sendable {
        /// `preferredSizes` (read against the cached layout's sections by the handler, which
        /// knows the layout) and the visible rect whose first element keeps its place.
        case preferredSizes(JSONField, visibleRect: Rect?)
        /// `bounds` and the bounds before the change (nil: the new origin with the layout's old size).
        case bounds(Rect, previous: Rect?)
    }

    var change: Change
    /// Bad rect values (negative sizes, non-finite numbers), answered after the layout is found,
    /// together with the preferred sizes' problems: one 422 naming every bad field.
    var problems: WireReader
    var minimal = false

    static let keys: KeySet = ["preferredSizes", "visibleRect", "bounds", "previousBounds"]

    static func decode(_ request: Request, _ plan: inout LayoutApplication.Plan, _ app: LayoutApplication) throws(APIError) -> InvalidationRequest {
        let minimal = try LayoutApplication.prefersMinimal(plan)
        var body = try decode(request.body, app.configuration)
        body.minimal = minimal
        return body
    }

    /// Shape errors throw (400); the rects' value problems are kept in `problems` for the handler.
    static func read(_ root: JSONField, _ configuration: ServiceConfiguration, reader: inout WireReader) throws(FieldError) -> InvalidationRequest {
        let o = try root.object()
        try o.rejectUnknownKeys(allowed: keys)
        let sizes = try o.member("preferredSizes"), bounds = try o.member("bounds")
        let visible = try o.member("visibleRect"), previous = try o.member("previousBounds")
        let change: Change
        switch (sizes, bounds) {
        case (let s?, nil):
            if let previous {
                throw .conflict(pointer: previous.pointer,
                    detail: "previousBounds goes with bounds; with preferredSizes send the visible rect as visibleRect.")
            }
            change = .preferredSizes(s, visibleRect: try visible.map { f throws(FieldError) in try reader.rect(f) })
        case (nil, let b?):
            if let visible {
                throw .conflict(pointer: visible.pointer,
                    detail: "visibleRect goes with preferredSizes; for a bounds change the visible rect before the change is previousBounds.")
            }
            change = .bounds(try reader.rect(b), previous: try previous.map { f throws(FieldError) in try reader.rect(f) })
        case (nil, nil):
            throw .conflict(pointer: .root,
                detail: "Send either preferredSizes (sizes the cells measured, for a self-sizing flow layout) or bounds (the collection view's new bounds, for a rotation or resize).")
        case (_?, _?):
            throw .conflict(pointer: JSONPointer.root.appending("bounds"),
                detail: "Send preferredSizes or bounds, not both: invalidate for the measured sizes first, then for the new bounds.")
        }
        defer { reader = WireReader() }   // handed on, not thrown here
        return InvalidationRequest(change: change, problems: reader)
    }
}
