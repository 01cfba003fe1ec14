import UpdateEngine

/// The explanation as text for a shell (`layoutd explain < crash.txt`): each reason, what UIKit
/// checked, the likely causes with their fixes, the releases that print it, a curl command that
/// reproduces it, and Apple's pages.
extension CrashExplanation {
    /// The answer `POST /crash/explain` would give, as JSON.
    public var json: [UInt8] { CrashEncoder.explanation(self) }

    public func text(server: String = "http://localhost:8080") -> String {
        var out = ""
        let n = findings.count
        out += "\(n) UIKit reason\(n == 1 ? "" : "s") found"
        if let ios { out += " (iOS \(ios))" }
        if omitted > 0 { out += ", and \(omitted) more not explained" }
        out += ".\n"
        for (k, x) in findings.enumerated() {
            let f = x.finding
            var head = "\n[\(k + 1)] \(f.entry.code)  (\(x.kind)"
            if let e = f.exceptionName ?? f.entry.exception { head += ", \(e)" } else { head += ", logged" }
            if f.count > 1 { head += ", \(f.count)× in the text" }
            if f.truncated { head += ", cut short in the text" }
            out += head + ")\n"
            out += Self.indented(f.message, by: "    ") + "\n"
            out += "  What happened:\n" + Self.indented(x.advice.explanation, by: "    ") + "\n"
            out += "  Likely causes, most likely first:\n"
            for (j, c) in x.advice.causes.enumerated() {
                out += Self.indented("\(j + 1). \(c.cause)", by: "       ", first: "    ") + "\n"
                out += Self.indented("Fix: \(c.fix)", by: "       ") + "\n"
            }
            let v = f.entry.versions
            let range = v.since.map { "iOS \($0)" + (v.until.map { "–\($0)" } ?? " and later") } ?? v.until.map { "up to iOS \($0)" } ?? "every release in the evidence"
            out += "  Printed by: \(range). \(v.note)\n"
            switch x.reproduction {
            case .reproduced(let r):
                out += "  Reproduce with layoutd (answers the same message at \(r.pointer)):\n"
                out += "    curl -s \(server)\(r.path) -H 'Content-Type: application/json' -d '\(r.body.replacingSingleQuotes)'\n"
                for a in r.assumptions { out += "    (assumed: \(a))\n" }
                if r.violations.count > 1 {
                    out += r.violationsOmitted > 0 ? "  The first \(r.violations.count) violations of that batch:\n" : "  Every violation of that batch:\n"
                    for issue in r.violations { out += Self.indented("- \(issue.code): \(issue.fix)", by: "    ") + "\n" }
                    if r.violationsOmitted > 0 { out += "    … and \(r.violationsOmitted) more (run the reproduction for all of them)\n" }
                }
            case .none(let reason):
                out += "  Not reproduced: \(reason).\n"
            }
            for d in x.advice.docs { out += "  Apple: \(d.title) <\(d.url)>\n" }
        }
        return out
    }

    /// `text` wrapped at 100 columns, each line prefixed (the first with `first` when given).
    static func indented(_ text: String, by prefix: String, first: String? = nil) -> String {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
                if !line.isEmpty, line.count + word.count + 1 > 100 - prefix.count {
                    lines.append(line)
                    line = String(word)
                } else {
                    line += line.isEmpty ? String(word) : " " + word
                }
            }
            lines.append(line)
        }
        return lines.enumerated().map { (k, l) in (k == 0 ? first ?? prefix : prefix) + l }.joined(separator: "\n")
    }
}

extension String {
    /// For a shell's single-quoted argument: `'` as `'\''`.
    var replacingSingleQuotes: String {
        var out = ""
        for c in self { if c == "'" { out += "'\\''" } else { out.append(c) } }
        return out
    }
}
