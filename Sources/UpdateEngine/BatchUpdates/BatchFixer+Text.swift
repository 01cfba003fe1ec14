/// The `fix` sentence of each issue: why (from the check), then the edits in words, written once
/// the edits are final so the words and `edits` never disagree.
extension BatchFixer {
    static let editsSpelledOut = 6

    func fixSentence(_ k: Int) -> String {
        let edits = issues[k].edits
        var text = reasons[k]
        if !edits.isEmpty {
            let shown = edits.prefix(edits.count > Self.editsSpelledOut ? Self.editsSpelledOut - 1 : edits.count)
            var parts = shown.map(describe)
            if shown.count < edits.count { parts.append("\(edits.count - shown.count) more (see edits)") }
            text += " Fix: " + parts.joined(separator: ", ") + "."
        }
        return text + suffixes[k]
    }

    func describe(_ e: BatchEdit) -> String {
        let old = e.index.flatMap { k in UpdateList(rawValue: e.update).flatMap { BatchDraft.value(draft.original, $0, k) } }
        switch e.operation {
        case .remove:
            return "drop \(e.update)[\(e.index ?? 0)]" + (old.map { " (\(Self.format($0)))" } ?? "")
        case .replace:
            return "change \(e.update)[\(e.index ?? 0)]" + (old.map { " from \(Self.format($0))" } ?? "")
                + (e.value.map { " to \(Self.format($0))" } ?? "")
        case .add:
            return "add \(e.value.map(Self.format) ?? "") to \(e.update)"
        }
    }

    /// As the request writes it: `2`, `[0, 3]`, `[1, 0]`, `[[0, 1], [1, 0]]`.
    static func format(_ v: BatchEdit.Value) -> String {
        func path(_ p: IndexPath) -> String { "[\(p.section), \(p.item)]" }
        switch v {
        case .section(let s): return "\(s)"
        case .indexPath(let p): return path(p)
        case .sectionMove(let m): return "[\(m.from), \(m.to)]"
        case .itemMove(let m): return "[\(path(m.from)), \(path(m.to))]"
        }
    }
}
