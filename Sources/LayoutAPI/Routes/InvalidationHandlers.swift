import HTTP
import JSON
import LayoutEngine

/// `POST /layout/{id}/invalidate`: self-sizing (measured sizes) and bounds changes (rotation,
/// split view, window resize) of a cached layout, answered with the new layout and the
/// invalidation UIKit would produce (flow-layout.md §11, §12).
extension LayoutApplication {
    /// Heavy for a layout of `heavyElements` or more (`WorkLanes`); the client is looked for
    /// between the steps (decode, new layout, context, encoding), and the answer's bound
    /// (`InvalidationAnswer.byteBound`) is admitted before it is encoded.
    func invalidateLayout(_ request: Request, _ body: InvalidationRequest, _ plan: Plan) throws(APIError) -> Answer {
        let minimal = body.minimal
        var reader = body.problems
        let entry = try stored(pinned(plan))  // a derived row must not point at a row nobody can read
        try Self.moveIfHeavy(plan, elements: entry.layout.attributes.count)
        try Self.checkClient(request)
        let (answer, hit): (InvalidationAnswer, Bool?)
        var held: BodiesInTheMaking.Reservation?
        switch body.change {
        case .preferredSizes(let field, let visible):
            (answer, hit) = try invalidate(entry, preferredSizes: field, visibleRect: visible, reader: &reader, minimal: minimal,
                                           request: request, reservation: &held)
        case .bounds(let bounds, let previous):
            try reader.throwProblems()
            (answer, hit) = try invalidate(entry, bounds: bounds, previous: previous, minimal: minimal, request: request, reservation: &held)
        }
        try Self.checkClient(request)
        let bound = answer.byteBound
        let reservation = try admitAnswer(bytes: bound - (answer.layout?.count ?? 0), what: "This invalidation's answer (its context lists every element that moved)",
                                          fix: "Ask with Prefer: return=minimal (the layout is then left out) and query what is visible by rect.")
        var response = Answer(contentType: "application/json", body: .bytes(answer.encoded(capacity: bound)))
        response.reservations = [reservation, held].compactMap { $0 }
        response.location = "/layout/\(answer.id)"
        response.cacheStatus = hit.map { $0 ? "hit" : "miss" }
        if minimal && answer.layout != nil { response.headers.add("Preference-Applied", "return=minimal") }
        return response
    }

    /// Measured sizes merged into the cached spec. UIKit invalidates for preferred attributes only
    /// while estimating (§11), so other layouts are a 422; unchanged sizes are `invalidated: false`.
    private func invalidate(_ entry: CachedLayout, preferredSizes field: JSONField, visibleRect: Rect?,
                            reader: inout WireReader, minimal: Bool, request: Request,
                            reservation: inout BodiesInTheMaking.Reservation?) throws(APIError) -> (InvalidationAnswer, Bool?) {
        let measured: (any WireLayout)?
        do {
            measured = entry.spec.estimates ? try entry.spec.definition.applyingPreferredSizes(field, reader: &reader) : nil
        } catch {
            throw APIError.field(error)
        }
        guard let measured else {
            let detail = "Layout \(entry.id) does not estimate sizes: preferred sizes apply to self-sizing flow layouts (layout.estimatedItemSize set), as UIKit invalidates for preferred attributes only while estimating. POST the layout with \"estimatedItemSize\": \"automatic\" or a size, then send the measured sizes."
            throw .unprocessable([.invalidValue(pointer: field.pointer, detail: detail)], detail: detail)
        }
        try reader.throwProblems()
        let spec = LayoutSpec(measured)
        let newID = spec.contentID()
        guard newID != entry.id else { return (Self.unchanged(entry, bounds: false, offset: .zero), nil) }
        let (new, hit) = try cachedLayout(spec, id: newID, recipe: { StoreRecipe.measured(base: entry.id, field) })
        try Self.checkClient(request)
        var context = LayoutInvalidation.diff(old: entry.layout, new: new.layout)
        if let visibleRect {
            context.contentOffsetAdjustment = ContentOffsetAnchor.contentOffsetAdjustment(
                old: entry.layout, new: new.layout, visibleRect: visibleRect)
        }
        return (InvalidationAnswer(invalidated: true, id: newID, previousID: entry.id, contentSize: new.layout.contentSize,
                                   context: context, isBoundsChange: false, kindNames: new.layout.elementKinds, estimates: spec.estimates,
                                   layout: minimal ? self.minimal(new).identity : try fullBytes(new, reservation: &reservation)), hit)
    }

    /// `shouldInvalidateLayout(forBoundsChange:)`, then the layout for the new size, the context
    /// and the anchored `targetContentOffset`. Without `previousBounds` the old bounds are the new
    /// origin with the layout's size: the proposed content offset is kept.
    private func invalidate(_ entry: CachedLayout, bounds: Rect, previous: Rect?, minimal: Bool, request: Request,
                            reservation: inout BodiesInTheMaking.Reservation?) throws(APIError) -> (InvalidationAnswer, Bool?) {
        let old = previous ?? Rect(origin: bounds.origin, size: entry.spec.viewSize)
        guard entry.spec.definition.shouldInvalidateLayout(forBoundsChange: bounds, from: old, layout: entry.layout) else {
            return (Self.unchanged(entry, bounds: true, offset: bounds.origin), nil)
        }
        let spec = entry.spec.resized(width: bounds.width, height: bounds.height)
        let newID = spec.contentID()
        let new: CachedLayout, hit: Bool
        do {
            (new, hit) = newID == entry.id ? (entry, true)
                : try cachedLayout(spec, id: newID, recipe: { StoreRecipe.resized(base: entry.id, bounds.size) }) {
                    Self.noRoom($0, bounds: bounds)
                }
        } catch {
            throw Self.pointingAtBounds(error)
        }
        try Self.checkClient(request)
        let context = newID == entry.id
            ? BoundsChange.pinnedInvalidationContext(layout: entry.layout, oldBounds: old, newBounds: bounds)
            : BoundsChange.invalidationContext(old: entry.layout, oldBounds: old, new: new.layout, newBounds: bounds)
        // An unchanged layout (a scroll that moves pinned headers, an x change) keeps the
        // proposed offset: only a new layout needs an anchored one.
        let target = newID == entry.id ? bounds.origin : ContentOffsetAnchor.targetContentOffset(
            old: entry.layout, oldVisible: old, new: new.layout, newBounds: bounds, contentInset: new.layout.pinning.contentInset)
        var pinned: [LayoutAttributes]?
        if new.layout.pinning.isActive {
            let visible = Rect(origin: target, size: bounds.size)
            pinned = new.layout.attributes(in: visible, index: new.index).filter { new.layout.isPinnedElement($0) }
        }
        return (InvalidationAnswer(invalidated: true, id: newID, previousID: entry.id, contentSize: new.layout.contentSize,
                                   context: context, isBoundsChange: true, targetContentOffset: target,
                                   pinnedElements: pinned, kinds: new.kindPrefixes, kindNames: new.layout.elementKinds, estimates: spec.estimates,
                                   layout: minimal ? self.minimal(new).identity : try fullBytes(new, reservation: &reservation)), hit)
    }

    /// `invalidated: false`: the same id, an empty context, no layout.
    private static func unchanged(_ entry: CachedLayout, bounds: Bool, offset: Point) -> InvalidationAnswer {
        InvalidationAnswer(invalidated: false, id: entry.id, previousID: entry.id, contentSize: entry.layout.contentSize,
                           context: InvalidationContext(), isBoundsChange: bounds, targetContentOffset: offset,
                           estimates: entry.spec.estimates, layout: nil)
    }

    /// A resize below what the layout type needs (columns, margins or mosaic bands wider than the
    /// new bounds) gives negative sizes, which `POST /layout` rejects for the same type; the bounds
    /// change is rejected the same way, before the layout is cached.
    static func noRoom(_ layout: Layout, bounds: Rect) -> APIError? {
        let broken = layout.attributes.contains { a in
            !(a.frame.size.width >= 0 && a.frame.size.height >= 0 && a.frame.origin.x.isFinite && a.frame.origin.y.isFinite)
        }
        guard broken else { return nil }
        let pointer = JSONPointer.root.appending("bounds").appending("width")
        let detail = "\(pointer) is \(WireReader.show(bounds.width)), too small for this layout's columns, margins or spacing (it would give negative sizes); POST the layout again with settings that fit, or use a wider collection view."
        return .unprocessable([.invalidValue(pointer: pointer, detail: detail)], detail: detail)
    }

    /// A new size the layout refuses names the request's field, `/bounds/width` or
    /// `/bounds/height`, not the `/collectionView/…` of the `POST /layout` the refusal was written
    /// for (the client sent no collectionView here).
    static func pointingAtBounds(_ error: APIError) -> APIError {
        guard case .unprocessable(let errors, let detail, let rejected) = error else { return error }
        func moved(_ p: JSONPointer) -> JSONPointer {
            switch p.description {
            case "/collectionView/width": JSONPointer.root.appending("bounds").appending("width")
            case "/collectionView/height": JSONPointer.root.appending("bounds").appending("height")
            default: p
            }
        }
        func text(_ s: String) -> String {
            s.replacing("/collectionView/width", with: "/bounds/width").replacing("/collectionView/height", with: "/bounds/height")
                .replacing("The collection view's width", with: "The new bounds' width").replacing("The collection view's height", with: "The new bounds' height")
        }
        return .unprocessable(errors.map { FieldError.invalidValue(pointer: moved($0.pointer), detail: text($0.detail)) }, detail: text(detail), rejected: rejected)
    }
}
