/// A pasted crash report or log as the reason matcher reads it (spec C1): UTF-8 bytes in which
/// what wraps UIKit's text no longer matters.
///
/// - Escapes are decoded when the text carries them: the debugger's `Thread 1: "…\n…"` banners,
///   `.ips` JSON strings and Sentry/Crashlytics JSON exports print UIKit's newlines as `\n` and
///   its quotes as `\"` (`\uXXXX` of JSON too; `\Uxxxx`, which `NSArray` descriptions print
///   themselves, is kept).
/// - Curly quotes become straight ones; no-break spaces and Unicode line separators are spaces
///   and line breaks.
/// - Quote markers at the start of a line are removed: `> ` (Markdown and e-mail quoting, nested
///   too) and `// ` (a log pasted into a code comment), so a reason quoted over several lines in
///   an issue reads as one.
/// - Every run of whitespace becomes one byte: `\n` when it held a line break, else a space.
/// - Log prefixes (`2023-03-12 15:32:57.160381-0700 App[23078:800895] [Category] `) are removed
///   wherever they start, so a reason that Xcode split over several log lines reads as one.
///
/// Every pass is one forward walk with a bounded look-ahead: linear in the input.
public struct CrashText: Sendable {
    public let bytes: [UInt8]

    public init(_ text: String) {
        var raw = Array(text.utf8)
        for _ in 0..<2 where Self.hasEscapes(raw) { raw = Self.unescaped(raw) }
        bytes = Self.withoutLogPrefixes(Self.collapsed(Self.withoutQuoteMarkers(Self.straightened(raw))))
    }

    /// Whether the text holds `\n`, `\t`, `\"` or `\u` (a backslash before one of them).
    static func hasEscapes(_ b: [UInt8]) -> Bool {
        var i = 0
        while i + 1 < b.count {
            if b[i] == 0x5C {
                switch b[i + 1] {
                case UInt8(ascii: "n"), UInt8(ascii: "t"), UInt8(ascii: "\""), UInt8(ascii: "u"): return true
                default: i += 2; continue
                }
            }
            i += 1
        }
        return false
    }

    /// One level of C/JSON escapes decoded: `\n` `\r` `\t` to their characters, `\"` `\'` `\\` `\/`
    /// to the character, `\uXXXX` (JSON, lowercase u) to UTF-8. Anything else stays as it is.
    static func unescaped(_ b: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(b.count)
        var i = 0
        while i < b.count {
            let c = b[i]
            guard c == 0x5C, i + 1 < b.count else { out.append(c); i += 1; continue }
            let e = b[i + 1]
            switch e {
            case UInt8(ascii: "n"): out.append(0x0A); i += 2
            case UInt8(ascii: "r"): out.append(0x0D); i += 2
            case UInt8(ascii: "t"): out.append(0x09); i += 2
            case UInt8(ascii: "\""), UInt8(ascii: "'"), 0x5C, UInt8(ascii: "/"): out.append(e); i += 2
            case UInt8(ascii: "u") where i + 5 < b.count:
                if let v = hex4(b, i + 2), let scalar = Unicode.Scalar(v) {
                    out.append(contentsOf: Array(String(Character(scalar)).utf8))
                    i += 6
                } else {
                    out.append(c); i += 1
                }
            default: out.append(c); i += 1
            }
        }
        return out
    }

    private static func hex4(_ b: [UInt8], _ at: Int) -> UInt32? {
        var v: UInt32 = 0
        for k in 0..<4 {
            let c = b[at + k]
            let d: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(c - UInt8(ascii: "A") + 10)
            default: return nil
            }
            v = v << 4 | d
        }
        return v
    }

    /// Curly quotes to straight ones, U+00A0 to a space, U+2028/U+2029 to a line break.
    static func straightened(_ b: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(b.count)
        var i = 0
        while i < b.count {
            let c = b[i]
            if c == 0xC2, i + 1 < b.count, b[i + 1] == 0xA0 { out.append(0x20); i += 2; continue }
            if c == 0xE2, i + 2 < b.count, b[i + 1] == 0x80 {
                switch b[i + 2] {
                case 0x98, 0x99, 0x9A, 0x9B: out.append(UInt8(ascii: "'")); i += 3; continue
                case 0x9C, 0x9D, 0x9E, 0x9F: out.append(UInt8(ascii: "\"")); i += 3; continue
                case 0xA8, 0xA9: out.append(0x0A); i += 3; continue
                default: break
                }
            }
            out.append(c)
            i += 1
        }
        return out
    }

    /// `>` runs (`> > `) and `//` at the start of a line (after its indentation) become spaces.
    static func withoutQuoteMarkers(_ b: [UInt8]) -> [UInt8] {
        var out = b
        var lineStart = true
        var i = 0
        while i < out.count {
            let c = out[i]
            if c == 0x0A || c == 0x0D { lineStart = true; i += 1; continue }
            guard lineStart else { i += 1; continue }
            if c == 0x20 || c == 0x09 { i += 1; continue }
            lineStart = false
            if c == UInt8(ascii: ">") {
                while i < out.count, out[i] == UInt8(ascii: ">") || out[i] == 0x20 || out[i] == 0x09 { out[i] = 0x20; i += 1 }
            } else if c == UInt8(ascii: "/"), i + 1 < out.count, out[i + 1] == UInt8(ascii: "/") {
                out[i] = 0x20; out[i + 1] = 0x20; i += 2
            }
        }
        return out
    }

    static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || c == 0x0B || c == 0x0C }

    /// Whitespace runs to one byte; no leading or trailing whitespace.
    static func collapsed(_ b: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(b.count)
        var pending: UInt8 = 0
        for c in b {
            if isSpace(c) {
                if c == 0x0A || c == 0x0D { pending = 0x0A } else if pending == 0 { pending = 0x20 }
                continue
            }
            if pending != 0, !out.isEmpty { out.append(pending) }
            pending = 0
            out.append(c)
        }
        return out
    }

    /// Removes `YYYY-MM-DD HH:MM:SS[.frac][±zone] Process[pid:tid] [Category] ` wherever it starts
    /// (at the start or after whitespace), with the space that follows it.
    static func withoutLogPrefixes(_ b: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(b.count)
        var i = 0
        while i < b.count {
            if isDigit(b[i]), i == 0 || isSpace(b[i - 1]), let end = logPrefixEnd(b, i) {
                i = end
                continue
            }
            out.append(b[i])
            i += 1
        }
        return out
    }

    static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }

    /// The index after a log prefix starting at `i` (and its trailing space), or nil.
    static func logPrefixEnd(_ b: [UInt8], _ start: Int) -> Int? {
        var i = start
        func digits(_ n: Int) -> Bool {
            guard i + n <= b.count else { return false }
            for k in 0..<n where !isDigit(b[i + k]) { return false }
            i += n
            return true
        }
        func byte(_ c: UInt8) -> Bool {
            guard i < b.count, b[i] == c else { return false }
            i += 1
            return true
        }
        guard digits(4), byte(UInt8(ascii: "-")), digits(2), byte(UInt8(ascii: "-")), digits(2) else { return nil }
        guard byte(0x20) || byte(UInt8(ascii: "T")) else { return nil }
        guard digits(2), byte(UInt8(ascii: ":")), digits(2), byte(UInt8(ascii: ":")), digits(2) else { return nil }
        if byte(UInt8(ascii: ".")) { while i < b.count, isDigit(b[i]) { i += 1 } }
        if i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") {
            i += 1
            guard digits(4) || digits(2) else { return nil }
        } else {
            _ = byte(UInt8(ascii: "Z"))
        }
        guard byte(0x20) else { return nil }
        // Process name: up to 128 bytes, then [pid:tid].
        let nameStart = i
        while i < b.count, i - nameStart < 128, b[i] != UInt8(ascii: "["), b[i] != 0x0A { i += 1 }
        guard i > nameStart, byte(UInt8(ascii: "[")) else { return nil }
        let idStart = i
        while i < b.count, i - idStart < 40, isDigit(b[i]) || isHexOrColon(b[i]) { i += 1 }
        guard i > idStart, byte(UInt8(ascii: "]")) else { return nil }
        // An optional os_log category: " [TableView]".
        let save = i
        if byte(0x20), byte(UInt8(ascii: "[")) {
            let catStart = i
            while i < b.count, i - catStart < 64, b[i] != UInt8(ascii: "]"), !isSpace(b[i]) { i += 1 }
            if !(i > catStart && byte(UInt8(ascii: "]"))) { i = save }
        } else {
            i = save
        }
        _ = byte(0x20) || byte(0x0A)
        return i
    }

    private static func isHexOrColon(_ c: UInt8) -> Bool {
        c == UInt8(ascii: ":") || c == UInt8(ascii: "x") || (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "f"))
    }
}
