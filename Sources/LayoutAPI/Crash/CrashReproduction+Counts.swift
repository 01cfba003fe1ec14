import UpdateEngine
import LayoutEngine

/// Count mismatches: the legacy "Invalid update: invalid number of …" messages are rebuilt from
/// their figures; the iOS 16.4+ "Invalid batch updates detected" message carries the whole batch,
/// which is rebuilt as it is and validated in full.
extension CrashReproducer {
    static func counts(_ f: CrashFinding, _ b: inout BatchBody) -> Result<CrashRequestCandidate, Why> {
        let x = f.facts
        if f.truncated { b.assumptions.append("the message is cut short: figures it does not give are taken as 0") }
        switch f.entry.code {
        case "INVALID_NUMBER_OF_SECTIONS":
            guard let a = x.int("sectionsAfter"), let before = x.int("sectionsBefore") else {
                return .failure(Why(reason: "the message is cut short before the section counts"))
            }
            let inserted = x.int("inserted") ?? 0, deleted = x.int("deleted") ?? 0
            guard inserted <= a, deleted <= before else {
                return .failure(Why(reason: "\(inserted) inserted and \(deleted) deleted do not fit \(before) → \(a) sections: UIKit would have refused an insert or delete first"))
            }
            b.before = zeros(before)
            b.after = zeros(a)
            b.updates.deleteSections = Array((before - deleted)..<before)
            b.updates.insertSections = Array((a - inserted)..<a)
        case "DELETE_MORE_ITEMS_THAN_EXIST":
            guard let j = x.int("section") else { return .failure(Why(reason: "the message is cut short before the section")) }
            b.before = zeros(j) + [1]
            b.updates.deleteItems = [IndexPath(section: j, item: 0), IndexPath(section: j, item: 0)]
            b.assumptions.append("section \(j) held 1 item and was deleted from twice (a collection view counts repeated deletes)")
        default:
            guard let j = x.int("section") else {
                return .failure(Why(reason: f.message.hasPrefix("Invalid") ? "the message is cut short before the section"
                    : "the message lacks its first sentence (\"Invalid update: invalid number of … in section N.\"), which names the section; UIKit's text cannot be rebuilt without it"))
            }
            guard let a = x.int("countAfter"), let before = x.int("countBefore") else {
                return .failure(Why(reason: "the message is cut short before the item counts"))
            }
            let ins = x.int("inserted") ?? 0, del = x.int("deleted") ?? 0
            let movedIn = x.int("movedIn") ?? 0, movedOut = x.int("movedOut") ?? 0
            guard del + movedOut <= before, ins + movedIn <= a else {
                return .failure(Why(reason: "\(del) deleted and \(movedOut) moved out of \(before), or \(ins) inserted and \(movedIn) moved into \(a), do not fit: UIKit would have refused an index first"))
            }
            let moves = movedIn > 0 || movedOut > 0
            let k = j + 1
            b.before = zeros(j) + [before] + (moves ? [movedIn] : [])
            b.after = zeros(j) + [a] + (moves ? [movedOut] : [])
            b.updates.deleteItems = (0..<del).map { IndexPath(section: j, item: $0) }
            b.updates.insertItems = (0..<ins).map { IndexPath(section: j, item: a - 1 - $0) }.reversed()
            b.updates.moveItems = (0..<movedOut).map { ItemMove(from: IndexPath(section: j, item: del + $0), to: IndexPath(section: k, item: $0)) }
                + (0..<movedIn).map { ItemMove(from: IndexPath(section: k, item: $0), to: IndexPath(section: j, item: a - 1 - ins - $0)) }
            if moves { b.assumptions.append("the items moved in and out go to and from a section \(k) added for them") }
        }
        return b.candidate()
    }

    /// The 16.4+ message lists the counts before and after and every update (reloads already
    /// split into a delete and an insert): that batch, validated in the wording of the release.
    static func rebuilt164(_ f: CrashFinding, _ b: inout BatchBody, ios: IOSVersion?) -> Result<CrashRequestCandidate, Why> {
        let x = f.facts
        guard let before = x.ints("before"), let after = x.ints("after"), let entries = x.strings("updates") else {
            return .failure(Why(reason: "the message is cut short before the counts and updates it lists"))
        }
        b.before = before
        b.after = after
        for entry in entries {
            guard parse164(entry, into: &b.updates) else {
                return .failure(Why(reason: "the update \"\(entry)\" is in a form layoutd does not read (only \"Delete/Insert item|row (s - i)\" entries are confirmed by real reports)"))
            }
        }
        let saysAnd = x.string("wording") == "and"
        let stated = ios.flatMap { v in v >= IOSVersion(16, 4) && (v >= IOSVersion(17)) == saysAnd ? v : nil }
        b.wording.ios = stated ?? (saysAnd ? IOSVersion(17) : IOSVersion(16, 4))
        if stated == nil { b.assumptions.append("iOS \(b.wording.ios?.description ?? "") wording (\"before \(saysAnd ? "and" : "and/or") after\")") }
        b.pointer = "/uikitException164"
        return b.candidate()
    }

    /// `Delete item (0 - 3)`, `Insert row (1 - 0)`, `Delete section 2`, `Insert section 2`,
    /// `Move item (0 - 1) to (0 - 3)`, `Move section 1 to 3` (the last four as layoutd prints them).
    static func parse164(_ entry: String, into u: inout BatchUpdates) -> Bool {
        let words = entry.split(separator: " ", omittingEmptySubsequences: true)
        guard words.count >= 3 else { return false }
        let verb = words[0], what = words[1]
        let isItem = what == "item" || what == "row"
        func path(_ s: some StringProtocol) -> IndexPath? {
            let inner = s.drop { $0 == "(" }.prefix { $0 != ")" }
            let parts = inner.split(separator: "-").map { String($0.filter { $0 != " " }) }
            guard parts.count == 2, let a = Int(parts[0]), let c = Int(parts[1]), a >= 0, c >= 0 else { return nil }
            return IndexPath(section: a, item: c)
        }
        let rest = words.dropFirst(2).joined(separator: " ")
        switch (verb, isItem, what == "section") {
        case ("Delete", true, _): guard let p = path(rest) else { return false }; u.deleteItems.append(p)
        case ("Insert", true, _): guard let p = path(rest) else { return false }; u.insertItems.append(p)
        case ("Delete", _, true): guard let s = Int(rest), s >= 0 else { return false }; u.deleteSections.append(s)
        case ("Insert", _, true): guard let s = Int(rest), s >= 0 else { return false }; u.insertSections.append(s)
        case ("Move", true, _):
            let ends = rest.components(" to ")
            guard ends.count == 2, let a = path(ends[0]), let c = path(ends[1]) else { return false }
            u.moveItems.append(ItemMove(from: a, to: c))
        case ("Move", _, true):
            let ends = rest.components(" to ")
            guard ends.count == 2, let a = Int(ends[0]), let c = Int(ends[1]), a >= 0, c >= 0 else { return false }
            u.moveSections.append(SectionMove(from: a, to: c))
        default: return false
        }
        return true
    }
}
