import JSON
import UpdateEngine
import LayoutEngine

/// `/batch/validate` requests for the batch-update reasons: the fewest sections and items that
/// make UIKit's check fail with the message's own figures.
extension CrashReproducer {
    static let notFound = 9223372036854775807

    static func batch(_ f: CrashFinding, flavor: BatchFlavor, ios: IOSVersion?) -> Result<CrashRequestCandidate, Why> {
        let x = f.facts
        // Figures past the batch route's caps (or negative) cannot be sent; checked before any
        // array is sized from them.
        for (name, value) in x.entries {
            switch value {
            case .int(let v) where name != "count" && (v < 0 || v > BatchLimits.maxItems):
                return .failure(Why(reason: "\(name) = \(v) is outside what one /batch/validate request takes (0…\(BatchLimits.maxItems))"))
            case .indexPath(let s, let i) where s < 0 || s > BatchLimits.maxSections || i < 0
                || (i > BatchLimits.maxItems && !(i == notFound && f.entry.code == "DELETE_AND_RELOAD_SAME_INDEX_PATH")):
                return .failure(Why(reason: "the index path \(s) - \(i) is outside what one /batch/validate request takes"))
            default: continue
            }
        }
        var b = BatchBody(flavor: flavor)
        if x.string("capitalized") == "true" { b.wording.capitalized = true }
        func int(_ n: String) -> Int? { x.int(n) }
        func path(_ n: String) -> IndexPath? { x.path(n).map { IndexPath(section: $0.section, item: $0.item) } }
        let missing = Why(reason: "the message is cut short before the figures a request needs")
        switch f.entry.code {
        case "DELETE_AND_RELOAD_SAME_INDEX_PATH":
            guard let p = path("indexPath") else { return .failure(missing) }
            if p.item == notFound {
                b.before = zeros(p.section + 1)
                b.updates.deleteSections = [p.section]
                b.updates.reloadSections = [p.section]
            } else {
                b.before = zeros(p.section) + [p.item + 1]
                b.updates.deleteItems = [p]
                b.updates.reloadItems = [p]
            }
        case "DELETE_AND_MOVE_SAME_SECTION":
            guard let s = int("section") else { return .failure(missing) }
            b.before = zeros(s + 2)
            b.updates.deleteSections = [s]
            b.updates.moveSections = [SectionMove(from: s, to: 0)]
        case "DELETE_AND_MOVE_SAME_INDEX_PATH":
            guard let p = path("indexPath") else { return .failure(missing) }
            b.before = zeros(p.section) + [p.item + 2]
            b.updates.deleteItems = [p]
            b.updates.moveItems = [ItemMove(from: p, to: IndexPath(section: p.section, item: 0))]
        case "INSERT_AND_MOVE_SAME_SECTION":
            guard let s = int("section") else { return .failure(missing) }
            b.before = zeros(s + 1)
            b.updates.insertSections = [s]
            b.updates.moveSections = [SectionMove(from: 0, to: s)]
        case "INSERT_AND_MOVE_SAME_INDEX_PATH":
            guard let p = path("indexPath") else { return .failure(missing) }
            b.before = zeros(p.section) + [p.item + 1]
            b.updates.insertItems = [p]
            b.updates.moveItems = [ItemMove(from: IndexPath(section: p.section, item: 0), to: p)]
        case "DELETE_SECTION_OUT_OF_RANGE":
            guard let s = int("section"), let n = int("sectionsBefore") else { return .failure(missing) }
            b.before = zeros(n)
            b.updates.deleteSections = [s]
        case "DELETE_ITEM_SECTION_OUT_OF_RANGE":
            guard let i = int("item"), let s = int("section"), let n = int("sectionsBefore") else { return .failure(missing) }
            b.before = zeros(n)
            b.updates.deleteItems = [IndexPath(section: s, item: i)]
        case "DELETE_ITEM_OUT_OF_RANGE":
            guard let i = int("item"), let s = int("section"), let c = int("countBefore") else { return .failure(missing) }
            b.before = zeros(s) + [c]
            b.updates.deleteItems = [IndexPath(section: s, item: i)]
        case "MOVE_FROM_DELETED_SECTION":
            let s = int("section") ?? 0
            b.before = zeros(s + 2)
            b.before[s] = 1
            b.updates.deleteSections = [s]
            b.updates.moveItems = [ItemMove(from: IndexPath(section: s, item: 0), to: IndexPath(section: 0, item: 0))]
        case "INSERT_SECTION_OUT_OF_RANGE":
            guard let s = int("section"), let n = int("sectionsAfter") else { return .failure(missing) }
            b.before = zeros(max(n - 1, 0))
            b.after = zeros(n)
            b.updates.insertSections = [s]
        case "INSERT_ITEM_SECTION_OUT_OF_RANGE":
            guard let i = int("item"), let s = int("section"), let n = int("sectionsAfter") else { return .failure(missing) }
            b.before = zeros(n)
            b.after = zeros(n)
            b.updates.insertItems = [IndexPath(section: s, item: i)]
        case "INSERT_ITEM_OUT_OF_RANGE":
            guard let i = int("item"), let s = int("section"), let c = int("countAfter") else { return .failure(missing) }
            b.before = zeros(s) + [max(c - 1, 0)]
            b.after = zeros(s) + [c]
            b.updates.insertItems = [IndexPath(section: s, item: i)]
        case "MOVE_INTO_INSERTED_SECTION":
            let s = int("section") ?? 1
            b.before = s == 0 ? [1] : [1] + zeros(s - 1)
            b.updates.insertSections = [s]
            b.updates.moveItems = [ItemMove(from: IndexPath(section: 0, item: 0), to: IndexPath(section: s, item: 0))]
        case "MOVE_SECTION_OUT_OF_RANGE":
            guard let s = int("section"), let n = int("sectionsBefore") else { return .failure(missing) }
            b.before = zeros(n)
            b.updates.moveSections = [SectionMove(from: s, to: 0)]
        case "MOVE_SECTION_DESTINATION_OUT_OF_RANGE":
            guard let from = int("from"), let to = int("to"), let n = int("sectionsAfter") else { return .failure(missing) }
            b.before = zeros(n)
            b.updates.moveSections = [SectionMove(from: from, to: to)]
        case "MOVE_ITEM_SECTION_OUT_OF_RANGE":
            guard let p = path("from"), let n = int("sectionsBefore") else { return .failure(missing) }
            b.before = zeros(n)
            b.updates.moveItems = [ItemMove(from: p, to: IndexPath(section: 0, item: 0))]
        case "MOVE_ITEM_OUT_OF_RANGE":
            guard let p = path("from"), let c = int("countBefore") else { return .failure(missing) }
            b.before = zeros(p.section) + [c]
            b.updates.moveItems = [ItemMove(from: p, to: IndexPath(section: p.section, item: 0))]
        case "MOVE_ITEM_DESTINATION_SECTION_OUT_OF_RANGE":
            guard let from = path("from"), let to = path("to"), let n = int("sectionsAfter") else { return .failure(missing) }
            b.before = zeros(max(n, from.section + 1))
            b.before[from.section] = from.item + 1
            b.after = zeros(n)
            if from.section < n { b.after?[from.section] = from.item + 1 }
            b.updates.moveItems = [ItemMove(from: from, to: to)]
        case "MOVE_ITEM_DESTINATION_OUT_OF_RANGE":
            guard let from = path("from"), let to = path("to"), let c = int("countAfter") else { return .failure(missing) }
            b.before = zeros(max(from.section, to.section) + 1)
            b.before[from.section] = from.item + 1
            b.after = b.before
            b.after?[to.section] = c
            b.updates.moveItems = [ItemMove(from: from, to: to)]
        case "MOVE_SECTION_TO_TWO_DESTINATIONS":
            guard let s = int("section"), let a = int("to1"), let c = int("to2") else { return .failure(missing) }
            b.before = zeros(max(s, a, c) + 1)
            b.updates.moveSections = [SectionMove(from: s, to: a), SectionMove(from: s, to: c)]
        case "MOVE_TWO_SECTIONS_TO_SAME_DESTINATION":
            guard let a = int("from1"), let c = int("from2"), let t = int("to") else { return .failure(missing) }
            b.before = zeros(max(a, c, t) + 1)
            b.updates.moveSections = [SectionMove(from: a, to: t), SectionMove(from: c, to: t)]
        case "MOVE_ITEM_TO_TWO_DESTINATIONS":
            guard let from = path("from"), let a = path("to1"), let c = path("to2") else { return .failure(missing) }
            b.before = covering([from, a, c])
            b.after = b.before
            b.updates.moveItems = [ItemMove(from: from, to: a), ItemMove(from: from, to: c)]
        case "MOVE_TWO_ITEMS_TO_SAME_DESTINATION":
            guard let a = path("from1"), let c = path("from2"), let t = path("to") else { return .failure(missing) }
            b.before = covering([a, c, t])
            b.after = b.before
            b.updates.moveItems = [ItemMove(from: a, to: t), ItemMove(from: c, to: t)]
        case "INVALID_NUMBER_OF_SECTIONS", "INVALID_NUMBER_OF_ITEMS", "DELETE_MORE_ITEMS_THAN_EXIST":
            return counts(f, &b)
        case "INVALID_BATCH_UPDATES":
            return rebuilt164(f, &b, ios: ios)
        default:
            return .failure(Why(reason: outsideModel))
        }
        return b.candidate()
    }

    static func zeros(_ n: Int) -> [Int] { Array(repeating: 0, count: max(0, min(n, BatchLimits.maxSections + 1))) }

    /// Counts that hold every path (item + 1 in its section).
    static func covering(_ paths: [IndexPath]) -> [Int] {
        var counts = zeros((paths.map(\.section).max() ?? 0) + 1)
        for p in paths where p.section < counts.count { counts[p.section] = max(counts[p.section], p.item + 1) }
        return counts
    }
}

/// A `/batch/validate` body being built.
struct BatchBody {
    var flavor: BatchFlavor
    var before: [Int] = []
    var after: [Int]?
    var updates = BatchUpdates()
    var wording = BatchWording.classic
    var pointer = "/uikitException"
    var assumptions: [String] = []

    /// The JSON body, or why it cannot be sent (over the batch route's caps).
    func candidate() -> Result<CrashRequestCandidate, CrashReproducer.Why> {
        let total = before.reduce(0, +), totalAfter = (after ?? []).reduce(0, +)
        guard before.count <= BatchLimits.maxSections, (after?.count ?? 0) <= BatchLimits.maxSections,
              total <= BatchLimits.maxItems, totalAfter <= BatchLimits.maxItems, updates.operationCount <= 100_000 else {
            return .failure(.init(reason: "the figures in the message need more sections, items or updates than one /batch/validate request takes"))
        }
        var w = JSONWriter(capacity: 64 + before.count * 4 + updates.operationCount * 12)
        w.raw(#"{"before":"#)
        BatchEncoder.ints(before, &w)
        if let after {
            w.raw(#","after":"#)
            BatchEncoder.ints(after, &w)
        }
        if flavor == .tableView { w.raw(#","flavor":"tableView""#) }
        if !updates.isEmpty {
            w.raw(#","updates":"#)
            CrashEncoder.compactUpdates(updates, &w)
        }
        if !wording.isClassic {
            w.raw(#","wording":{"#)
            var first = true
            if let ios = wording.ios { w.raw(#""ios":"#); w.string(ios.description); first = false }
            if wording.capitalized { w.raw(first ? #""capitalized":true"# : #","capitalized":true"#) }
            w.raw("}")
        }
        w.raw("}")
        return .success(CrashRequestCandidate(path: "/batch/validate", body: String(decoding: w.bytes, as: UTF8.self),
                                              pointer: pointer, assumptions: assumptions))
    }
}
