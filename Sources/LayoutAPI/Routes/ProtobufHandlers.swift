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

    /// `GET /layout/{id}` as a `Layout` message. Small layouts are encoded now; larger ones when the
    /// answer is made (not for a 304), counted against `--max-buffered-bytes` meanwhile like a
    /// full JSON body that is not kept (`protobufBudget`); the same `--max-answer-elements` cap.
    func getLayoutProtobuf(_ entry: CachedLayout) throws(APIError) -> Answer {
        try checkAnswerSize(entry, elements: entry.layout.attributes.count, query: nil)
        let encode: @Sendable () -> [UInt8] = {
            ProtobufEncoder.layout(id: entry.id, layout: entry.layout, scale: entry.protobufScale, estimates: entry.spec.estimates) ?? []
        }
        let body: Answer.Body
        if entry.layout.attributes.count <= Self.inlineElementLimit {
            body = .bytes(encode())
        } else {
            let reservation = try protobufBudget(ProtobufEncoder.estimatedBytes(elements: entry.layout.attributes.count))
            body = .rendered { withExtendedLifetime(reservation) { encode() } }
        }
        var answer = Answer(contentType: ProtobufEncoder.mediaType, body: body, validator: .tag(entry.protobufETag))
        answer.variesOnAccept = true
        return answer
    }

    /// Reserves `bytes` of the answer budget for a binary body being made (nil without a budget);
    /// a 503 with `Retry-After` when the server holds as much as it may (`BodiesInTheMaking`).
    func protobufBudget(_ bytes: Int) throws(APIError) -> BodiesInTheMaking.Reservation? {
        guard let (used, limit) = bufferedBytes else { return nil }
        guard let reservation = bodiesInTheMaking.reserve(bytes, buffered: used, limit: limit) else {
            throw .answerBudgetExhausted(bytes: bytes, limit: limit)
        }
        return reservation
    }

    /// An element query's answer as an `ElementList` (one element for an index path).
    func elementsProtobuf(_ entry: CachedLayout, _ list: [LayoutAttributes]) -> [UInt8] {
        ProtobufEncoder.elementList(id: entry.id, list, kinds: entry.layout.elementKinds,
                                    scale: entry.protobufScale, estimates: entry.spec.estimates) ?? []
    }
}
