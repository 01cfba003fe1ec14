import HTTP

/// What `POST /layout` answers from: its preferences (`?strict=`, `Prefer`/`?return=`, read
/// first, so a bad one is its 400 whatever the body) and its body: the layout the memo of recent
/// bodies pinned for bytes it knows (nothing parsed), or the spec decoded from them
/// (`LayoutSpec`'s one parse and one typed pass).
struct LayoutRequest: RequestBody {
    enum Source: Sendable {
        /// Bytes the memo knows: their cached layout, pinned by the lookup (`memoLookup`).
        case remembered(CachedLayout)
        /// Any other body, decoded; `memo` is its lookup, for `RecentBodies.remember` (nil for a coded body).
        case decoded(LayoutSpec, memo: RecentBodies.Lookup?)
    }

    var strict: Bool
    var minimal: Bool
    var source: Source

    static func decode(_ request: Request, _ plan: inout LayoutApplication.Plan, _ app: LayoutApplication) throws(APIError) -> LayoutRequest {
        let strict = try LayoutApplication.flag(plan.query, "strict")
        let minimal = try LayoutApplication.prefersMinimal(plan)
        let memo = app.memoLookup(request, &plan)
        if let pinned = plan.entry { return LayoutRequest(strict: strict, minimal: minimal, source: .remembered(pinned)) }
        return LayoutRequest(strict: strict, minimal: minimal, source: .decoded(try LayoutSpec.decode(request.body, app.configuration), memo: memo))
    }
}
