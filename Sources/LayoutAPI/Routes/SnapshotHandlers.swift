import HTTP
import UpdateEngine
import LayoutEngine

/// `POST /snapshot/apply`: what UIKit does with a diffable data source snapshot (its throw, or the
/// batches `apply` performs, validated). A well-formed request is a 200 whatever UIKit does; a
/// snapshot no data source can hold is a 422.
extension LayoutApplication {
    func postSnapshotApply(_ request: Request) throws(APIError) -> Answer {
        let r = try SnapshotRequestDecoder.decode(request.body, maxOperations: configuration.maxBatchOperations)
        let outcome: SnapshotOutcome
        do {
            outcome = try SnapshotApply.run(old: r.old, change: r.change, source: r.source, sdk: r.linkedSDK,
                                            flavor: r.flavor, workLimit: SnapshotLimits.maxWork)
        } catch {
            let pointer = JSONPointer.root.appending("operations").appending(error.operation)
            let detail = "The operations up to \(pointer) visit more than \(error.limit) identifiers (moves and inserts scan their sections), this server's cap per request; send fewer operations per request, or the new snapshot (new) instead of the operations."
            throw .unprocessableSnapshot([.invalidValue(pointer: pointer, detail: detail)], detail: detail)
        }
        return Answer(contentType: "application/json", body: .bytes(SnapshotEncoder.outcome(outcome)))
    }
}

extension LayoutApplication {
    /// `POST /snapshot/section`: an `NSDiffableDataSourceSectionSnapshot` edited and queried.
    func postSectionSnapshot(_ request: Request) throws(APIError) -> Answer {
        let r = try SectionSnapshotRequestDecoder.decode(request.body, maxOperations: configuration.maxBatchOperations)
        do {
            let edit = try SectionSnapshotEditor.edit(r.snapshot, operations: r.operations, workLimit: SnapshotLimits.maxWork)
            return Answer(contentType: "application/json", body: .bytes(SnapshotEncoder.section(edit, operations: r.operations)))
        } catch {
            let pointer = JSONPointer.root.appending("operations").appending(error.operation)
            let detail = "The operations up to \(pointer) visit more than \(error.limit) items (each change rewrites the section snapshot), this server's cap per request; send fewer operations per request."
            throw .unprocessableSnapshot([.invalidValue(pointer: pointer, detail: detail)], detail: detail)
        }
    }
}
