import HTTP
import JSON
import LayoutEngine

/// `GET /layout/{id}/orthogonal-target?section=&offset=&velocity=[&current=][&centeringInset=]`:
/// where an orthogonally scrolling section comes to rest after a swipe (OrthogonalTarget.swift).
/// Parsing is bounded (five parameters of openapi.yaml's number grammar) and the answer O(1), so
/// it runs on the I/O loop like the other small queries.
struct OrthogonalTargetQuery {
    var section: Int
    var request: OrthogonalTargetRequest

    init(_ q: QueryParameters) throws(APIError) {
        func required(_ name: String, _ meaning: String) throws(APIError) -> Double {
            guard let v = try q.numbers(name, count: 1, meaning: meaning)?.first else {
                throw .badQuery(parameter: name, detail: "The query parameter \(name) is missing; give \(meaning), such as \(name)=350.")
            }
            return v
        }
        guard let s = try q.wholeNumbers("section", count: 1, meaning: "a section index")?.first else {
            throw .badQuery(parameter: "section", detail: "The query parameter section is missing; give the index of a section that scrolls orthogonally, such as section=0.")
        }
        section = s
        request = OrthogonalTargetRequest(
            offset: try required("offset", "the offset UIScrollView proposes along the section's axis, in points"),
            velocity: try required("velocity", "the swipe's velocity along the section's axis, in points per second"),
            current: try q.numbers("current", count: 1, meaning: "the offset when the finger lifted, in points")?.first,
            centeringInset: try q.numbers("centeringInset", count: 1, meaning: "a centring inset in points")?.first)
        if let raw = q["centeringInset"], raw.hasPrefix("-") {
            throw .badQuery(parameter: "centeringInset", detail: "The query parameter centeringInset is \"\(raw.prefix(64))\"; give an inset ≥ 0 in points, without a sign, such as centeringInset=45.")
        }
    }

    /// The section's scroller, or a 422 naming `section`: it must exist and scroll orthogonally.
    func geometry(in layout: Layout) throws(APIError) -> OrthogonalScrollGeometry {
        if let g = layout.orthogonalGeometry(ofSection: section) { return g }
        let why = section >= layout.sections.count
            ? "the layout does not have (it has \(layout.sections.count) section\(layout.sections.count == 1 ? "" : "s"))"
            : "does not scroll orthogonally (its orthogonalScrollingBehavior is none, or the layout is not compositional)"
        throw ElementQuery.unprocessable(.badQuery(parameter: "section", detail: "The query parameter section is \(section), which \(why); give a section whose orthogonalScrollingBehavior is not none (the layout's orthogonalSections lists them)."))
    }

    /// `{"id","section","targetOffset","rule","geometry":{…}}`.
    static func encode(id: String, section: Int, _ t: OrthogonalTarget) -> [UInt8] {
        let g = t.geometry
        var w = JSONWriter(capacity: 384)
        w.raw("{\"id\":"); w.string(id)
        w.raw(",\"section\":"); w.int(section)
        w.raw(",\"targetOffset\":"); w.number(t.targetOffset)
        w.raw(",\"rule\":"); w.string(t.rule.rawValue)
        w.raw(",\"geometry\":{\"behavior\":"); w.string(g.behavior.rawValue)
        w.raw(",\"groupExtent\":"); w.number(g.groupExtent)
        w.raw(",\"interGroupSpacing\":"); w.number(g.interGroupSpacing)
        w.raw(",\"step\":"); w.number(g.step)
        w.raw(",\"viewport\":"); w.number(g.viewport)
        w.raw(",\"contentLength\":"); w.number(g.contentLength)
        w.raw(",\"centeringInset\":"); w.number(t.centeringInset)
        w.raw(",\"minOffset\":"); w.number(t.offsets.lowerBound)
        w.raw(",\"maxOffset\":"); w.number(t.offsets.upperBound)
        if let stride = g.pageStride {
            w.raw(",\"pageStride\":"); w.number(stride)
            w.raw(",\"pagingOrigin\":"); w.number(-t.centeringInset + 0)
        }
        w.raw("}}")
        return w.bytes
    }
}

extension LayoutApplication {
    /// `GET /layout/{id}/orthogonal-target`: a malformed query is a 400, a section that does not
    /// scroll orthogonally a 422 naming `section`; the answer is cached like an element query's.
    func orthogonalTarget(_ request: Request, _ plan: Plan) throws(APIError) -> Answer {
        let query = try OrthogonalTargetQuery(plan.query)
        let entry = try pinned(plan)
        let geometry = try query.geometry(in: entry.layout)
        let body = OrthogonalTargetQuery.encode(id: entry.id, section: query.section, geometry.target(query.request))
        return Answer(contentType: "application/json", body: .bytes(body), validator: .query(entry, hash: Answer.fnv1a(plan.rawQuery.utf8)))
    }
}
