import HTTP
import UpdateEngine
import LayoutEngine

/// `POST /batch/validate` and `POST /batch/diff`: UIKit's batch-update verdicts
/// (`BatchValidation`) and batches computed from identifiers (`BatchDiff`). A well-formed request
/// is always a 200: whether UIKit accepts the batch is in the body, not the status.
extension LayoutApplication {
    func postBatchValidate(_ request: Request, _ r: BatchValidateRequest) throws(APIError) -> Answer {
        try Self.checkClient(request)
        let verdict = BatchValidation.validate(before: r.before, after: r.after, updates: r.updates, flavor: r.flavor,
                                               strict: r.strict, repair: r.repair, wording: r.wording)
        try Self.checkClient(request)
        var answer = Answer(contentType: "application/json", body: .bytes([]))
        answer.reservations = try admitAnswer(bytes: AnswerBounds.verdict(verdict), what: "This verdict (its mapping and steps list every item)",
                                              fix: "Validate fewer items per request.").map { [$0] } ?? []
        answer.body = .bytes(BatchEncoder.verdict(verdict, repairAsked: r.repair != nil))
        return answer
    }

    /// The diff's batch, validated with `before` = the old counts and `after` = the new ones, so
    /// the answer carries the same verdict fields (mapping, steps) as `/batch/validate`.
    func postBatchDiff(_ request: Request, _ r: BatchDiffRequest) throws(APIError) -> Answer {
        if let refused = BatchRequestDecoder.snapshotProblems(r) { throw refused }
        let updates: BatchUpdates
        switch BatchDiff.diff(old: r.old, new: r.new) {
        case .success(let u): updates = u
        case .failure(let e): throw .unprocessable([], detail: e.description, rejected: .batch)   // unreachable: refused above
        }
        let verdict = BatchValidation.validate(before: r.old.map(\.count), after: r.new.map(\.count), updates: updates,
                                               flavor: r.flavor)
        try Self.checkClient(request)
        var answer = Answer(contentType: "application/json", body: .bytes([]))
        answer.reservations = try admitAnswer(bytes: AnswerBounds.verdict(verdict, updates: updates), what: "This diff's answer (its batch, mapping and steps)",
                                              fix: "Diff fewer identifiers per request.").map { [$0] } ?? []
        answer.body = .bytes(BatchEncoder.verdict(verdict, updates: updates, repairAsked: false))
        return answer
    }
}
