import HTTP
import JSON
import UpdateEngine

/// Answers bounded in bytes before they are built (issue 33): each route that can answer more
/// than it was sent works out a bound on its answer's size first, refuses it with a 422 naming
/// the limit when the bound passes `--max-answer-bytes` (never more than `--max-buffered-bytes`,
/// which no answer could be sent whole past), and reserves the bound against the buffer budget
/// (a 503 with `Retry-After` when the budget has no room now), so memory stays within the flags
/// whatever the request.
extension LayoutApplication {
    /// The most bytes one answer may take: `--max-answer-bytes`, at most `--max-buffered-bytes`.
    var answerByteLimit: Int {
        min(configuration.maxAnswerBytes, bufferedBytes?.limit ?? Int.max)
    }

    /// Admits an answer of at most `bytes`: a 422 past `answerByteLimit`, a 503 when the buffer
    /// budget (with the answers being built) has no room for it now, else the reservation that
    /// holds its bytes until the answer is dropped (keep it with the answer: `Answer.reservation`).
    /// Small answers (under `BodiesInTheMaking.smallAnswer`) are admitted without a reservation.
    func admitAnswer(bytes: Int, what: @autoclosure () -> String, fix: @autoclosure () -> String,
                     pointer: JSONPointer? = nil) throws(APIError) -> BodiesInTheMaking.Reservation? {
        let limit = answerByteLimit
        if bytes > limit {
            metrics.recordAnswerRefused(overBudget: false)
            throw .answerBytesTooLarge(what: what(), bytes: bytes, limit: limit, fix: fix(), pointer: pointer)
        }
        guard bytes > BodiesInTheMaking.smallAnswer, let (used, budget) = bufferedBytes else { return nil }
        guard let reservation = bodiesInTheMaking.reserve(bytes, buffered: used, limit: budget) else {
            metrics.recordAnswerRefused(overBudget: true)
            throw .answerBudgetExhausted(bytes: bytes, limit: budget)
        }
        return reservation
    }

    /// The weights of a `/snapshot/section` answer (`SnapshotEncoder.section`) for the editor.
    func sectionAnswerBudget() -> SectionAnswerBudget {
        SectionAnswerBudget(limit: answerByteLimit, identifierBytes: JSONWriter.length(of:), textBytes: JSONWriter.quotedLength,
                            perItem: 96, perAnswer: 160)
    }
}

extension JSONWriter {
    /// Bytes `identifier` takes as `SnapshotEncoder.identifier` writes it.
    static func length(of identifier: SnapshotIdentifier) -> Int {
        switch identifier {
        case .string(let s): quotedLength(s)
        case .integer(let i): (i < 0 ? 1 : 0) + decimalDigitCount(i.magnitude)
        }
    }

    /// Bytes `string(s)` writes (quotes and escapes included). O(length).
    static func quotedLength(_ s: String) -> Int {
        var text = s
        return text.withUTF8 { quotedLength($0) }
    }
}
