/// Repair of batches UIKit rejects (spec §3). Placeholder until the repair commit.
enum BatchRepair {
    static func repair(before: [Int], after: [Int]?, updates: BatchUpdates, flavor: BatchFlavor,
                       mode: RepairMode) -> [BatchUpdates]? {
        nil
    }
}
