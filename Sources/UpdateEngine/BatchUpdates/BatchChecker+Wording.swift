/// Rewording a verdict for one iOS release (`BatchWording`); the checks themselves do not change.
extension BatchChecker {
    /// Applies `wording` to the messages of `verdict` (a no-op for `.classic`).
    func reword(_ verdict: inout BatchVerdict, _ wording: BatchWording) {
        guard !wording.isClassic else { return }
        for k in verdict.errors.indices {
            verdict.errors[k].message = Self.reworded(verdict.errors[k].message, wording)
        }
        guard let first = errors.first else { return }
        var exception = Self.reworded(first.message, wording)
        if let classic164 = verdict.uikitException164 {
            let text = Self.lineBroken(classic164, andOr: wording.andOr)
            verdict.uikitException164 = text
            if wording.raises164, dataSourceReportsTooFew() { exception = text }
        }
        verdict.uikitException = exception
    }

    /// "attempt" capitalised; one space after the first sentence of a count message (iOS 16.4+).
    static func reworded(_ message: String, _ wording: BatchWording) -> String {
        var m = message
        if wording.capitalized, m.hasPrefix("attempt ") { m = "A" + m.dropFirst() }
        if wording.raises164, m.hasPrefix("Invalid update: invalid number of"), let r = m.range(of: ".  ") {
            m.replaceSubrange(r, with: ". ")
        }
        return m
    }

    /// The one-line 16.4 text with UIKit's line breaks: each part on its own line, each update on
    /// a tab-indented line.
    static func lineBroken(_ oneLine: String, andOr: String) -> String {
        var t = oneLine
        if andOr == "and", let r = t.range(of: "before and/or after") { t.replaceSubrange(r, with: "before and after") }
        for label in [" Data source before updates = ", " Data source after updates = "] {
            if let r = t.range(of: label) { t.replaceSubrange(r, with: "\n" + label.dropFirst()) }
        }
        guard let r = t.range(of: " Updates = [") else { return t }
        let head = t[..<r.lowerBound]
        var list = t[r.upperBound...]
        if list.hasPrefix(" ") { list = list.dropFirst() }
        if list.hasSuffix(" ]") { list = list.dropLast(2) } else if list.hasSuffix("]") { list = list.dropLast() }
        let entries = list.isEmpty ? [] : String(list).components(", ")
        return head + "\nUpdates = [\n" + entries.map { "\t" + $0 }.joined(separator: ",\n") + (entries.isEmpty ? "" : "\n") + "]"
    }

    /// Whether the data source reports fewer sections, or fewer items in an existing section, than
    /// the updates imply: UIKit's update maps then cannot place every item (the 16.4 form).
    func dataSourceReportsTooFew() -> Bool {
        let expectedSections = sectionsBefore + sectionInsertEntries - sectionDeleteEntries
        if sectionsAfter != expectedSections { return sectionsAfter < expectedSections }
        let (plan, tallies) = tally()
        for j in 0..<sectionsAfter where plan.oldOfNew[j] >= 0 {
            if let t = tallies[j], after[j] < t.expected { return true }
        }
        return false
    }
}
