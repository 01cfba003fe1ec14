import HTTP
import JSON
import UpdateEngine
import LayoutEngine

/// `POST /snapshot/apply`: what UIKit does with a diffable data source snapshot (its throw, or the
/// batches `apply` performs, validated). A well-formed request is a 200 whatever UIKit does; a
/// snapshot no data source can hold is a 422.
extension LayoutApplication {
    func postSnapshotApply(_ request: Request, _ r: SnapshotApplyRequest) throws(APIError) -> Answer {
        try Self.checkClient(request)
        let outcome: SnapshotOutcome
        do {
            outcome = try SnapshotApply.run(old: r.old, change: r.change, source: r.source, sdk: r.linkedSDK,
                                            flavor: r.flavor, workLimit: SnapshotLimits.maxWork)
        } catch {
            let pointer = JSONPointer.root.appending("operations").appending(error.operation)
            let detail = "The operations up to \(pointer) visit more than \(error.limit) identifiers (moves and inserts scan their sections), this server's cap per request; send fewer operations per request, or the new snapshot (new) instead of the operations."
            throw .unprocessable([.invalidValue(pointer: pointer, detail: detail)], detail: detail, rejected: .snapshot)
        }
        try Self.checkClient(request)
        let bound = AnswerBounds.outcome(outcome)
        let reservation = try admitAnswer(bytes: bound, what: "The answer to this snapshot (the snapshot, its batches and verdicts)",
                                          fix: "Send smaller snapshots or fewer operations per request.")
        var answer = Answer(contentType: "application/json", body: .bytes(SnapshotEncoder.outcome(outcome, capacity: bound)))
        answer.reservations = reservation.map { [$0] } ?? []
        return answer
    }
}

extension LayoutApplication {
    /// `POST /snapshot/section`: an `NSDiffableDataSourceSectionSnapshot` edited and queried.
    /// The answer's size is bounded as the operations run (`SectionAnswerBudget`): each
    /// `snapshot(of:)` answer copies a subtree, so a small request can ask for gigabytes; past
    /// `answerByteLimit` the edit stops at the operation that passed it (a 422 naming it), before
    /// anything is encoded, and the bound is reserved against the buffer budget before encoding.
    func postSectionSnapshot(_ request: Request, _ r: SectionSnapshotRequest) throws(APIError) -> Answer {
        try Self.checkClient(request)
        let edit: SectionSnapshotEdit
        do {
            edit = try SectionSnapshotEditor.edit(r.snapshot, operations: r.operations, workLimit: SnapshotLimits.maxWork,
                                                  budget: sectionAnswerBudget())
        } catch {
            let pointer = JSONPointer.root.appending("operations").appending(error.operation)
            if let bytes = error.answerBytes {
                metrics.recordAnswerRefused(overBudget: false)
                throw .answerBytesTooLarge(what: "The answer to the operations up to \(pointer) (each snapshot(of:) answer copies its subtree, each item with its identifier up to four times)",
                                           bytes: bytes, limit: error.limit,
                                           fix: "Send fewer snapshot(of:) operations per request, or ask for the subtree once and reuse it.", pointer: pointer)
            }
            let detail = "The operations up to \(pointer) visit more than \(error.limit) items (each change rewrites the section snapshot), this server's cap per request; send fewer operations per request."
            throw .unprocessable([.invalidValue(pointer: pointer, detail: detail)], detail: detail, rejected: .snapshot)
        }
        try Self.checkClient(request)
        let bound = edit.answerBytes + SnapshotEncoder.sectionOverhead
        let reservation = try admitAnswer(bytes: bound, what: "The answer to these operations", fix: "Send fewer operations per request.")
        var answer = Answer(contentType: "application/json", body: .bytes(SnapshotEncoder.section(edit, operations: r.operations, capacity: bound)))
        answer.reservations = reservation.map { [$0] } ?? []
        return answer
    }
}
