/// The holes that read lists and the end of a reason.
extension CrashMatcher {
    /// What follows a reason in logs and crash reports, not part of it.
    static let trailers: [[UInt8]] = [
        "' with userInfo", " with userInfo", "*** First throw call stack", "First throw call stack:",
        " Set a symbolic breakpoint on BUG_IN_CLIENT", "*** Terminating app", "libc++abi", "terminating due to uncaught",
        " Last Exception Backtrace", "(lldb)",
    ].map { Array($0.lowercased().utf8) }

    /// To the end of the line, before a trailer, without a closing quote that matches the byte
    /// before the reason (`reason: '…'`, `Thread 1: "…"`), without a `…` that cuts it (truncated).
    func rest(at start: Int, name: String, matchStart: Int, _ facts: inout CrashFacts) -> Outcome {
        let i = skipSpace(start)
        var end = i
        while end < text.count, text[end] != 0x0A, end - i < Self.holeCap { end += 1 }
        for trailer in Self.trailers {
            if let t = find(trailer, from: i), t < end { end = t }
        }
        var truncated = false
        while end > i, Self.isSpace(text[end - 1]) { end -= 1 }
        if end >= i + 3, isEllipsis(end - 3) {
            end -= 3
            truncated = true
        } else if end >= i + 3, text[end - 3] == 0xE2, text[end - 2] == 0x80, text[end - 1] == 0xA6 {
            end -= 3
            truncated = true
        }
        let opener = matchStart > 0 ? text[matchStart - 1] : 0
        if !truncated, end > i, opener == UInt8(ascii: "'") || opener == UInt8(ascii: "\""), text[end - 1] == opener { end -= 1 }
        guard end > i else { return i >= text.count ? .truncated(i) : .failed }
        facts.set(name, .string(string(i, end)))
        return truncated ? .truncated(end) : .matched(end)
    }

    /// `open` elements separated by commas at depth 0 `close`. Depth counts (), [] and {};
    /// double quotes (with backslash escapes) hide everything. `unquote` takes NSArray's quotes
    /// off an element (`"a b"` → `a b`, `\U00e9` → é).
    func list(at start: Int, open: [UInt8], close: [UInt8], unquote: Bool, name: String, _ facts: inout CrashFacts) -> Outcome {
        let i = skipSpace(start)
        guard case .matched(let bodyStart) = literal(open, at: i) else { return literal(open, at: i) }
        var elements: [String] = []
        var depth = 0, quoted = false, elementStart = bodyStart, j = bodyStart
        while j < text.count, j - i < Self.holeCap {
            let c = text[j]
            if quoted {
                if c == 0x5C { j += 2; continue }
                if c == UInt8(ascii: "\"") { quoted = false }
            } else if c == UInt8(ascii: "\"") {
                quoted = true
            } else if depth == 0, c == close[0], case .matched(let end) = literal(close, at: j) {
                let last = trimmed(elementStart, j)
                if !last.isEmpty || !elements.isEmpty { elements.append(unquote ? Self.unquoted(last) : last) }
                facts.set(name, .strings(elements))
                return .matched(end)
            } else if c == UInt8(ascii: "(") || c == UInt8(ascii: "[") || c == UInt8(ascii: "{") {
                depth += 1
            } else if depth > 0, c == UInt8(ascii: ")") || c == UInt8(ascii: "]") || c == UInt8(ascii: "}") {
                depth -= 1
            } else if depth == 0, c == UInt8(ascii: ",") {
                let element = trimmed(elementStart, j)
                elements.append(unquote ? Self.unquoted(element) : element)
                elementStart = j + 1
            }
            j += 1
        }
        facts.set(name, .strings(elements))
        return j >= text.count || isEllipsis(j) ? .truncated(min(j, text.count)) : .failed
    }

    func trimmed(_ a: Int, _ b: Int) -> String {
        var a = a, b = b
        while a < b, Self.isSpace(text[a]) { a += 1 }
        while b > a, Self.isSpace(text[b - 1]) { b -= 1 }
        return string(a, b)
    }

    /// NSArray's quoting undone: `"a \"b\""` → `a "b"`; `\Uxxxx` → the UTF-16 unit.
    static func unquoted(_ s: String) -> String {
        guard s.count >= 2, s.first == "\"", s.last == "\"" else { return s }
        var units: [UInt16] = []
        var it = Array(s.utf16.dropFirst().dropLast())[...]
        while let u = it.popFirst() {
            guard u == 0x5C, let e = it.popFirst() else { units.append(u); continue }
            switch e {
            case 0x6E: units.append(0x0A)
            case 0x74: units.append(0x09)
            case 0x72: units.append(0x0D)
            case 0x55 where it.count >= 4:
                let hex = String(decoding: it.prefix(4), as: UTF16.self)
                if let v = UInt16(hex, radix: 16) { units.append(v); it = it.dropFirst(4) } else { units.append(e) }
            default: units.append(e)
            }
        }
        return String(decoding: units, as: UTF16.self)
    }

    /// `{ 2 sections with item counts: [3, 4] }`: facts `<name>` (the counts).
    func counts(at start: Int, name: String, _ facts: inout CrashFacts) -> Outcome {
        var i = skipSpace(start)
        guard case .matched(let a) = literal(Array("{ ".utf8), at: i) else { return literal(Array("{ ".utf8), at: i) }
        guard let (_, b) = integer(at: a) else { return cutAt(a, afterMatching: 0) ? .truncated(a) : .failed }
        i = b
        var matched = false
        for form in [" sections with ", " section with "] {
            if case .matched(let e) = literal(Array(form.utf8), at: i) { i = e; matched = true; break }
        }
        guard matched else { return cutAt(i, afterMatching: 1) ? .truncated(i) : .failed }
        let unit = oneOf([("item counts: ", "collectionView"), ("row counts: ", "tableView")], at: i, &facts)
        guard case .matched(let c) = unit else { return unit }
        var inner = CrashFacts()
        let values = list(at: c, open: [UInt8(ascii: "[")], close: [UInt8(ascii: "]")], unquote: false, name: "v", &inner)
        guard case .matched(let d) = values else { return values }
        let ints = (inner.strings("v") ?? []).compactMap { Int($0) }
        facts.set(name, .ints(ints))
        let closing = literal(Array(" }".utf8), at: d)
        if case .matched = closing { return closing }
        return literal(Array("}".utf8), at: d)
    }

    /// ` - will perform reloadData.`, then ` Collection view: <…>` (or Table view, or
    /// `UICollectionView instance: <…>`), then ` Diffable transaction: …`; at least one of them.
    func viewSuffix(at start: Int, _ facts: inout CrashFacts) -> Outcome {
        var i = start
        var consumed = false
        if case .matched(let e) = literal(Array("- will perform reloaddata".utf8), at: skipSpace(i)) {
            facts.set("fallback", .string("reloadData"))
            i = e < text.count && text[e] == UInt8(ascii: ".") ? e + 1 : e
            consumed = true
        }
        for label in ["collection view: ", "table view: ", "uicollectionview instance: ", "uitableview instance: "] {
            if case .matched(let e) = literal(Array(label.utf8), at: skipSpace(i)) {
                let d = description(at: e, name: "view", &facts)
                switch d {
                case .matched(let end): i = end; consumed = true
                case .truncated(let end): return .truncated(end)
                case .failed: break
                }
                break
            }
        }
        if case .matched(let e) = literal(Array("diffable transaction: ".utf8), at: skipSpace(i)) {
            var end = e
            while end < text.count, text[end] != 0x0A, end - e < 4096 { end += 1 }
            facts.set("diffableTransaction", .string(string(e, end)))
            i = end
            consumed = true
        }
        return consumed ? .matched(i) : .failed
    }
}
