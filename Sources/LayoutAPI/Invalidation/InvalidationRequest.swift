import LayoutEngine

/// The body of `POST /layout/{id}/invalidate`: measured sizes (self-sizing) or new bounds, never
/// both, each with the rect it is anchored on.
enum InvalidationRequest {
    /// `preferredSizes` (read against the cached layout's sections later) and the visible rect
    /// whose first element keeps its place.
    case preferredSizes(JSONField, visibleRect: Rect?)
    /// `bounds` and the bounds before the change (nil: the new origin with the layout's old size).
    case bounds(Rect, previous: Rect?)

    static let keys: Set<String> = ["preferredSizes", "visibleRect", "bounds", "previousBounds"]

    /// Shape errors are 400; bad rect values (negative sizes, non-finite numbers) are collected in
    /// `reader` for the caller to answer together with the preferred sizes' problems.
    static func decode(_ body: [UInt8], reader: inout WireReader) throws(APIError) -> InvalidationRequest {
        let json = try RequestDocument.parse(body)
        let o: JSONFieldObject
        do {
            o = try JSONField(json).object()
            try o.rejectUnknownKeys(allowed: keys)
        } catch {
            throw .badField(error)
        }
        let sizes = o.optional("preferredSizes"), bounds = o.optional("bounds")
        let visible = o.optional("visibleRect"), previous = o.optional("previousBounds")
        switch (sizes, bounds) {
        case (let s?, nil):
            if let previous {
                throw .badField(.invalidValue(pointer: previous.pointer,
                    detail: "previousBounds goes with bounds; with preferredSizes send the visible rect as visibleRect."))
            }
            return .preferredSizes(s, visibleRect: try rect(visible, &reader))
        case (nil, let b?):
            if let visible {
                throw .badField(.invalidValue(pointer: visible.pointer,
                    detail: "visibleRect goes with preferredSizes; for a bounds change the visible rect before the change is previousBounds."))
            }
            return .bounds(try rect(b, &reader) ?? .zero, previous: try rect(previous, &reader))
        case (nil, nil):
            throw .badField(.invalidValue(pointer: .root,
                detail: "Send either preferredSizes (sizes the cells measured, for a self-sizing flow layout) or bounds (the collection view's new bounds, for a rotation or resize)."))
        case (_?, _?):
            throw .badField(.invalidValue(pointer: JSONPointer.root.appending("bounds"),
                detail: "Send preferredSizes or bounds, not both: invalidate for the measured sizes first, then for the new bounds."))
        }
    }

    /// `{"x","y","width","height"}` (x and y default to 0), or nil when absent.
    private static func rect(_ field: JSONField?, _ reader: inout WireReader) throws(APIError) -> Rect? {
        guard let field else { return nil }
        do { return try reader.rect(field) } catch { throw APIError.field(error) }
    }
}
