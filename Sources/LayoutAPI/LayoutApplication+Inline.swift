import HTTP
import JSON
import LayoutEngine

/// The hot answers, written straight into the I/O loop's reused buffers
/// (`HTTPResponder.respondInline`): `GET /healthz` and a rect query on a cached layout whose index
/// is built. Each is the same bytes the ordinary path (`plan`, `execution`, `respond`, `finish`)
/// answers (pinned by `InlineAnswerTests`), without its `Plan`, `Answer`, `Headers`, `Response`,
/// ETag string or body array: a hit allocates only the index's hit list. Anything else, or any
/// doubt (a content coding, `If-None-Match`, a query parameter besides `rect`, percent-encoding,
/// pinned headers, an index not built yet, an answer past the inline cap or `maxAnswerElements`),
/// returns false and goes
/// the ordinary way, which answers it exactly as before.
///
/// The inline cap is the route cost's (`queryCost`): at most `inlineElementLimit` (1,000)
/// elements by the index's O(log n) estimate, about 110 bytes each, so at most ~110 KB encoded
/// on the loop (the benchmark's 375x667 rect: about 20 elements); larger answers are offloaded
/// as before, and the loop's writer keeps at most `ResponseWriter.keptCapacity` between answers.
extension LayoutApplication {
    /// The route the table's matcher finds for the target's path (the same walk as `Route.resolve`,
    /// over the target's bytes in place: no String is made), answered by its inline writer if it
    /// has one.
    public func respondInline(to request: Request, into writer: inout ResponseWriter) -> Bool {
        var declined: RequestPlan<Plan>?
        return respondInline(to: request, into: &writer, declined: &declined)
    }

    /// The same, handing back the plan of a GET it routed but did not answer (HTTP asks for the
    /// plan of a bodyless request only after the hot path declined it: with this one the table
    /// is walked once). A path no GET line matches (a 404 or 405) leaves `plan` nil, and
    /// `plan(for:)` answers it as before.
    public func respondInline(to request: Request, into writer: inout ResponseWriter, declined plan: inout RequestPlan<Plan>?) -> Bool {
        let head = request.head
        guard head.method == "GET" else { return false }
        var matched: (route: Route, idStart: Int, idCount: Int)?
        let answered = head.target.utf8.withContiguousStorageIfAvailable { target -> Bool in
            let mark = target.firstIndex(of: UInt8(ascii: "?")) ?? target.endIndex
            let path = UnsafeBufferPointer(rebasing: target[..<mark])
            let query = mark == target.endIndex ? nil : UnsafeBufferPointer(rebasing: target[(mark + 1)...])
            for route in Self.routes {
                guard let id = route.match(path) else { continue }
                guard route.methods == .get else { continue }   // a 405 here: the ordinary path answers it
                if let inline = route.inline, inline(self, head, UnsafeBufferPointer(rebasing: id), query, &writer) {
                    writer.route = route.template
                    return true
                }
                matched = (route, id.startIndex, id.count)
                return false
            }
            return false
        } ?? false
        if !answered, let (route, start, count) = matched {
            plan = self.plan(for: head, route: route, idOffset: start, idCount: count)
        }
        return answered
    }

    /// `GET /healthz`: `finish`'s fields for `healthAnswer` (JSON, `no-store`, varies on
    /// Accept-Encoding) unless the client refuses identity for a 15-byte body.
    static func writeHealth(_ app: LayoutApplication, _ head: RequestHead, _ id: UnsafeBufferPointer<UInt8>,
                            _ query: UnsafeBufferPointer<UInt8>?, into writer: inout ResponseWriter) -> Bool {
        guard query == nil else { return false }
        for field in head.headers.fields where field.name.utf8.count == 15 && ContentNegotiation.same(field.name, "Accept-Encoding") {
            guard ContentNegotiation(head.headers).coding(size: Self.healthBody.count) == .identity else { return false }
            break
        }
        writer.fields.append(contentsOf: Self.healthFields)
        writer.body.append(contentsOf: Self.healthBody)
        return true
    }

    /// `GET /layout/{id}/elements?rect=x,y,w,h` on a cached layout with its index built and no
    /// pinning, answered in identity to a client without `If-None-Match`.
    static func writeRectQuery(_ app: LayoutApplication, _ head: RequestHead, _ id: UnsafeBufferPointer<UInt8>,
                               _ query: UnsafeBufferPointer<UInt8>?, into writer: inout ResponseWriter) -> Bool {
        guard let query, let rect = RectQueryTarget(id: id, query: query) else { return false }
        return app.writeRect(head, rect, into: &writer)
    }

    func writeRect(_ head: RequestHead, _ query: RectQueryTarget, into writer: inout ResponseWriter) -> Bool {
        let negotiation = ContentNegotiation(head.headers)
        guard negotiation.coding(size: 1) == .identity, negotiation.coding(size: Int.max) == .identity,
              negotiation.ifNoneMatch == nil, negotiation.representation(svg: false) == .json else { return false }
        guard let entry = cache.get(key: query.key), let index = entry.builtIndex else { return false }
        store?.noteUse(entry.id)
        let layout = entry.layout
        guard !layout.pinning.isActive else { return false }
        let limit = Self.inlineElementLimit
        if layout.attributes.count > limit, index.estimatedCount(in: query.rect, limit: limit) > limit { return false }
        let hits = index.elements(in: query.rect)
        let attributes = layout.attributes
        // Past `--max-answer-elements` the ordinary path answers its 422 (`checkAnswerSize`).
        guard hits.count <= configuration.maxAnswerElements, hits.allSatisfy({ $0 < attributes.count }) else { return false }

        writer.fields.append(contentsOf: Self.etagPrefix)
        Answer.writeQueryTag(id: entry.id, hash: query.hash, into: &writer.fields)
        writer.fields.append(contentsOf: Self.queryFields)
        var w = JSONWriter()
        swap(&w.bytes, &writer.body)
        LayoutEncoder.elements(id: entry.id, attributes.selection(hits), kinds: entry.kindPrefixes,
                               estimates: entry.spec.estimates, into: &w)
        swap(&w.bytes, &writer.body)
        return true
    }

    static let etagPrefix = Array("ETag: ".utf8)
    /// `finish`'s fields of the health answer (`Route.Caching.noStore`, JSON).
    static let healthFields = Array("Cache-Control: no-store\r\nVary: Accept-Encoding\r\nContent-Type: application/json\r\n".utf8)
    /// `finish`'s fields of a query answer after its ETag line (`Route.Caching.immutable`, JSON).
    static let queryFields = Array("\r\nCache-Control: public, max-age=31536000, immutable\r\nVary: Accept, Accept-Encoding\r\nContent-Type: application/json\r\n".utf8)

    static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
        bytes.count == literal.utf8CodeUnitCount
            && bytes.elementsEqual(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }
}

/// The query of `/layout/{id}/elements` when it is exactly `rect=x,y,w,h`: the id non-empty (the
/// table's matcher gives it), the rect in the contract's number grammar (`QueryParameters.isNumber`)
/// with a width and height ≥ 0, no other parameter and nothing to decode (`+` is a space and `%`
/// an escape to the ordinary path's decoder); anything else is nil and goes the ordinary way (a
/// 400 included).
struct RectQueryTarget {
    /// The cache key of the id.
    var key: LayoutKey
    var rect: Rect
    /// FNV-1a of the query string (after `?`), for the ETag (`Answer.fnv1a(plan.rawQuery.utf8)`).
    var hash: UInt64

    init?(id: UnsafeBufferPointer<UInt8>, query: UnsafeBufferPointer<UInt8>) {
        let prefix: StaticString = "rect="
        guard !id.isEmpty, query.count > prefix.utf8CodeUnitCount,
              LayoutApplication.equal(UnsafeBufferPointer(rebasing: query[0..<prefix.utf8CodeUnitCount]), prefix) else { return nil }
        for c in query where c == UInt8(ascii: "+") || c == UInt8(ascii: "%") { return nil }
        let target = query
        var values = (0.0, 0.0, 0.0, 0.0)
        var start = prefix.utf8CodeUnitCount
        for n in 0..<4 {
            var end = start
            while end < target.count, target[end] != UInt8(ascii: ",") { end += 1 }
            guard (n < 3) == (end < target.count) else { return nil }
            let part = UnsafeBufferPointer(rebasing: target[start..<end])
            guard QueryParameters.isNumber(part), let v = Self.value(part) else { return nil }
            switch n {
            case 0: values.0 = v
            case 1: values.1 = v
            case 2: values.2 = v
            default: values.3 = v
            }
            start = end + 1
        }
        guard values.2.sign == .plus, values.3.sign == .plus else { return nil }
        key = LayoutKey(utf8: id)
        rect = Rect(x: values.0, y: values.1, width: values.2, height: values.3)
        hash = Answer.fnv1a(query)
    }

    /// A number of the grammar as `Double(_:)` reads it (the ordinary path's conversion); whole
    /// numbers (at most 15 digits, exact in a Double) without it.
    static func value(_ part: UnsafeBufferPointer<UInt8>) -> Double? {
        let negative = part.first == UInt8(ascii: "-")
        var whole = 0
        var i = negative ? 1 : 0
        while i < part.count {
            let digit = part[i] &- UInt8(ascii: "0")
            guard digit < 10 else {
                let v = Double(String(decoding: part, as: UTF8.self))
                return v?.isFinite == true ? v : nil
            }
            whole = whole &* 10 &+ Int(digit)
            i += 1
        }
        return negative ? -Double(whole) : Double(whole)
    }
}

extension Answer {
    /// `queryTag(id:hash:coding: .identity)` appended to `out` (no String made).
    static func writeQueryTag(id: String, hash: UInt64, into out: inout [UInt8]) {
        var id = id
        id.withUTF8 { id in
            let count = id.count + 20
            out.append(addingCapacity: count) { span in
                span.withUnsafeMutableBufferPointer { buffer, initialized in
                    guard let p = buffer.baseAddress, buffer.count >= count else { return }
                    p[0] = UInt8(ascii: "\"")
                    if let source = id.baseAddress { (p + 1).initialize(from: source, count: id.count) }
                    var i = id.count + 1
                    p[i] = UInt8(ascii: "."); p[i + 1] = UInt8(ascii: "q"); i += 2
                    for shift in stride(from: 60, through: 0, by: -4) {
                        let d = UInt8(truncatingIfNeeded: hash >> UInt64(shift)) & 0xF
                        p[i] = d < 10 ? UInt8(ascii: "0") + d : UInt8(ascii: "a") + d - 10
                        i += 1
                    }
                    p[i] = UInt8(ascii: "\"")
                    initialized = count
                }
            }
        }
    }
}
