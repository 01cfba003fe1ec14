import HTTP
import LayoutEngine

/// The binary representations (`Accept: application/x-protobuf`, docs/binary-answers.md) of
/// `GET /layout/{id}` and `GET /layout/{id}/elements`, chosen by `MediaNegotiation.choose`.
/// Each has its own strong validators (`"{id}.pb"`, `"{id}.q{hash}.pb"`, with `-gzip` or
/// `-deflate` for a coded form: RFC 9110 §8.8.3) and varies on `Accept` and `Accept-Encoding`.
extension LayoutApplication {
    /// Every representation of `GET /layout/{id}`, as a 406 lists them.
    static let layoutMediaTypes = ["application/json", ProtobufEncoder.mediaType, "image/svg+xml"]
    /// Every representation of `GET /layout/{id}/elements`.
    static let elementsMediaTypes = ["application/json", ProtobufEncoder.mediaType]

    /// `GET /layout/{id}` as a `Layout` message, admitted before it is made like a full JSON body
    /// (`admitAnswer`): a 422 when even its least size passes `answerByteLimit`, else its bound
    /// (`AnswerBounds.protobuf`, at most the limit) reserved against `--max-buffered-bytes` until
    /// the answer is dropped (a 503 with `Retry-After` when the budget has no room now). Small
    /// layouts are encoded now; larger ones when the answer is made (not for a 304). The same
    /// `--max-answer-elements` cap as JSON.
    func getLayoutProtobuf(_ entry: CachedLayout) throws(APIError) -> Answer {
        let layout = entry.layout
        try checkAnswerSize(entry, elements: layout.attributes.count, query: nil)
        let shape = layout.attributes.compactShape(scale: entry.protobufScale)
        let (low, high) = AnswerBounds.protobuf(id: entry.id, elements: layout.attributes.count, runs: shape?.runs,
                                                offGrid: shape?.offGrid, kinds: layout.elementKinds, layout: layout)
        let limit = answerByteLimit
        if low > limit {
            metrics.recordAnswerRefused(overBudget: false)
            throw Self.fullTooLarge(entry, bytes: low, limit: limit)
        }
        let reservation = try admitAnswer(bytes: min(high, limit), what: "The layout \(entry.id)", fix: "")
        let encode: @Sendable () -> Result<[UInt8], APIError> = {
            // Sized before anything is allocated: past the limit, a 422 and no body.
            guard let bytes = ProtobufEncoder.layout(id: entry.id, layout: entry.layout, scale: entry.protobufScale,
                                                     estimates: entry.spec.estimates, limit: limit) else {
                return .failure(Self.fullTooLarge(entry, bytes: limit + 1, limit: limit))
            }
            return .success(bytes)
        }
        let body: Answer.Body
        if layout.attributes.count <= Self.inlineElementLimit {
            body = .bytes(try encode().get())
        } else {
            body = .rendered { [reservation] in withExtendedLifetime(reservation) { encode() } }
        }
        var answer = Answer(contentType: ProtobufEncoder.mediaType, body: body, validator: .tag(entry.protobufETag))
        answer.variesOnAccept = true
        if case .bytes = body, let reservation { answer.reservations.append(reservation) }
        return answer
    }

    /// An element query's answer as an `ElementList` (one element for an index path), admitted as
    /// the JSON list is (`elementsBody`): a 422 past `answerByteLimit`, else its bound reserved.
    func elementsProtobuf(_ entry: CachedLayout, _ source: ProtobufElements.Source,
                          reservations: inout [BodiesInTheMaking.Reservation]) throws(APIError) -> [UInt8] {
        let count: Int
        var shape: (runs: Int, offGrid: Int)?
        switch source {
        case .store(let store):
            count = store.count
            shape = store.compactShape(scale: entry.protobufScale)
        case .list(let list): count = list.count
        }
        let (low, high) = AnswerBounds.protobuf(id: entry.id, elements: count, runs: shape?.runs, offGrid: shape?.offGrid,
                                                kinds: entry.layout.elementKinds)
        return try admitElements(entry, count: count, low: low, high: high, reservations: &reservations) { stopAt in
            ProtobufEncoder.elementList(id: entry.id, source, kinds: entry.layout.elementKinds,
                                        scale: entry.protobufScale, estimates: entry.spec.estimates, limit: stopAt)
        }
    }
}
