/// Matches one `CrashPattern` at one position of a `CrashText`, reading its holes into facts.
///
/// No backtracking: parts are matched left to right, each hole reads a bounded stretch (at most
/// `CrashMatcher.holeCap` bytes), an optional part is tried once. So one attempt costs at most a
/// constant, and `CrashScanner` makes one attempt per anchor word: linear in the text.
///
/// A reason cut short (the text ends, or a `…`/`...` or a closing quote comes, while a part is
/// being read) is a truncated match with the facts read so far.
struct CrashMatcher {
    let text: [UInt8]
    /// The most a hole reads (object descriptions, identifier lists).
    static let holeCap = 65_536
    /// The most an `until` hole looks ahead for the literal that ends it.
    static let untilCap = 4_096

    enum Outcome {
        case matched(Int)
        case truncated(Int)
        case failed
    }

    struct Match {
        var end: Int
        var facts: CrashFacts
        var truncated: Bool
    }

    func match(_ pattern: CrashPattern, at start: Int) -> Match? {
        var facts = CrashFacts()
        switch run(pattern.parts[...], from: start, &facts) {
        case .matched(let end):
            return Match(end: end, facts: facts, truncated: false)
        case .truncated(let end) where end - start >= pattern.anchorLength:
            return Match(end: end, facts: facts, truncated: true)
        default:
            return nil
        }
    }

    func run(_ parts: ArraySlice<CrashPattern.Part>, from start: Int, _ facts: inout CrashFacts) -> Outcome {
        var i = start
        var k = parts.startIndex
        while k < parts.endIndex {
            let part = parts[k]
            let next = k + 1 < parts.endIndex ? parts[k + 1] : nil
            let outcome: Outcome
            switch part {
            case .literal(let bytes):
                outcome = literal(bytes, at: i)
            case .hole(let hole, let name):
                outcome = read(hole, name: name, at: i, next: next, matchStart: start, &facts)
            case .optional(let inner):
                var trial = facts
                switch run(inner[...], from: i, &trial) {
                case .matched(let end):
                    facts = trial
                    outcome = .matched(end)
                case .truncated(let end) where end - i >= 4:
                    facts = trial
                    outcome = .truncated(end)
                default:
                    outcome = .matched(i)
                }
            }
            switch outcome {
            case .matched(let end): i = end
            case .truncated, .failed: return outcome
            }
            k += 1
        }
        return .matched(i)
    }

    // MARK: Literals

    @inline(__always) static func lower(_ c: UInt8) -> UInt8 { c >= 0x41 && c <= 0x5A ? c + 0x20 : c }
    @inline(__always) static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x0A }

    func literal(_ bytes: [UInt8], at start: Int) -> Outcome {
        let mismatch: Int? = text.withUnsafeBufferPointer { t in
            bytes.withUnsafeBufferPointer { l in
                var j = start
                for k in 0..<l.count {
                    guard j < t.count else { return k }
                    let c = t[j], p = l[k]
                    if !(p == 0x20 ? Self.isSpace(c) : Self.lower(c) == p) { return k }
                    j += 1
                }
                return nil
            }
        }
        guard let k = mismatch else { return .matched(start + bytes.count) }
        return cutAt(start + k, afterMatching: k) ? .truncated(start + k) : .failed
    }

    /// Whether the text is cut short at `j`: it ends, or a `…`/`...` follows, or a quote that
    /// closes the wrapper (followed by the end or whitespace) after part of a literal.
    func cutAt(_ j: Int, afterMatching k: Int) -> Bool {
        if j >= text.count { return true }
        let c = text[j]
        if c == 0xE2 || c == 0x2E { return isEllipsis(j) }
        if k > 0, c == UInt8(ascii: "'") || c == UInt8(ascii: "\"") {
            return j + 1 >= text.count || Self.isSpace(text[j + 1])
        }
        return false
    }

    func isEllipsis(_ j: Int) -> Bool {
        if j + 2 < text.count, text[j] == 0xE2, text[j + 1] == 0x80, text[j + 2] == 0xA6 { return true }
        return j + 2 < text.count && text[j] == 0x2E && text[j + 1] == 0x2E && text[j + 2] == 0x2E
    }

    /// Finds `literal` (case-insensitive, spaces matching any whitespace) from `start`, within
    /// `untilCap` bytes: the index where it begins.
    func find(_ literal: [UInt8], from start: Int) -> Int? {
        guard let first = literal.first else { return start }
        let limit = min(text.count - literal.count, start + Self.untilCap)
        var j = start
        while j <= limit {
            let c = Self.lower(text[j])
            if first == 0x20 ? Self.isSpace(text[j]) : c == first {
                if case .matched = self.literal(literal, at: j) { return j }
            }
            j += 1
        }
        return nil
    }
}
