/// Reading the typed holes of a pattern (`CrashPattern.Hole`); each reads at most
/// `CrashMatcher.holeCap` bytes.
extension CrashMatcher {
    func read(_ hole: CrashPattern.Hole, name: String, at i: Int, next: CrashPattern.Part?, matchStart: Int,
              _ facts: inout CrashFacts) -> Outcome {
        switch hole {
        case .int:
            guard let (v, end) = integer(at: i) else { return cutAt(i, afterMatching: 0) ? .truncated(i) : .failed }
            facts.set(name, .int(v))
            return .matched(end)
        case .path: return indexPath(at: i, name: name, &facts)
        case .unit: return oneOf([("item", "collectionView"), ("row", "tableView")], at: i, &facts)
        case .units: return oneOf([("items", "collectionView"), ("rows", "tableView")], at: i, &facts)
        case .aunit: return oneOf([("an item", "collectionView"), ("a row", "tableView")], at: i, &facts)
        case .view: return oneOf([("collection view", "collectionView"), ("table view", "tableView")], at: i, &facts)
        case .andor:
            for (word, value) in [("and/or", "and/or"), ("and", "and")] {
                if case .matched(let end) = literal(Array(word.utf8), at: i) {
                    facts.set(name, .string(value))
                    return .matched(end)
                }
            }
            return cutAt(i, afterMatching: 0) ? .truncated(i) : .failed
        case .desc: return description(at: i, name: name, &facts)
        case .word:
            var j = i
            while j < text.count, !Self.isSpace(text[j]), j - i < 1024 { j += 1 }
            guard j > i else { return cutAt(i, afterMatching: 0) ? .truncated(i) : .failed }
            facts.set(name, .string(string(i, j)))
            return .matched(j)
        case .rest: return rest(at: i, name: name, matchStart: matchStart, &facts)
        case .until:
            guard case .literal(let stop)? = next else { return .failed }
            if let end = find(stop, from: i) {
                facts.set(name, .string(string(i, end)))
                return .matched(end)
            }
            return text.count - i < Self.untilCap ? .truncated(text.count) : .failed
        case .set: return list(at: i, open: Array("{(".utf8), close: Array(")}".utf8), unquote: false, name: name, &facts)
        case .array: return list(at: i, open: [UInt8(ascii: "(")], close: [UInt8(ascii: ")")], unquote: true, name: name, &facts)
        case .brackets: return list(at: i, open: [UInt8(ascii: "[")], close: [UInt8(ascii: "]")], unquote: false, name: name, &facts)
        case .updates: return list(at: i, open: [UInt8(ascii: "[")], close: [UInt8(ascii: "]")], unquote: false, name: name, &facts)
        case .counts: return counts(at: i, name: name, &facts)
        case .rect:
            var j = i
            while j < text.count, j - i < 256, text[j] != UInt8(ascii: ";"), !(text[j] == UInt8(ascii: "}") && j > i && text[j - 1] == UInt8(ascii: "}")) { j += 1 }
            guard j < text.count, text[i] == UInt8(ascii: "{"), text[j] == UInt8(ascii: "}") else { return j >= text.count ? .truncated(j) : .failed }
            facts.set(name, .string(string(i, j + 1)))
            return .matched(j + 1)
        case .viewSuffix: return viewSuffix(at: i, &facts)
        }
    }

    func string(_ a: Int, _ b: Int) -> String { String(decoding: text[a..<b], as: UTF8.self) }

    func integer(at i: Int) -> (Int, Int)? {
        var j = i
        let negative = j < text.count && text[j] == UInt8(ascii: "-")
        if negative { j += 1 }
        var v = 0
        let digitsStart = j
        while j < text.count, text[j] >= 0x30, text[j] <= 0x39, j - digitsStart < 19 {
            v = v * 10 + Int(text[j] - 0x30)
            j += 1
        }
        guard j > digitsStart, j >= text.count || !(text[j] >= 0x30 && text[j] <= 0x39) else { return nil }
        return (negative ? -v : v, j)
    }

    func oneOf(_ words: [(String, String)], at i: Int, _ facts: inout CrashFacts) -> Outcome {
        for (word, flavor) in words {
            if case .matched(let end) = literal(Array(word.utf8), at: i) {
                facts.set("flavor", .string(flavor))
                return .matched(end)
            }
        }
        return cutAt(i, afterMatching: 0) ? .truncated(i) : .failed
    }

    func skipSpace(_ i: Int) -> Int { i < text.count && Self.isSpace(text[i]) ? i + 1 : i }

    /// `<NSIndexPath: 0x…> {length = 2, path = S - I}` (iOS 7 printed no colon).
    func indexPath(at start: Int, name: String, _ facts: inout CrashFacts) -> Outcome {
        var i = skipSpace(start)
        func lit(_ s: String) -> Outcome { literal(Array(s.utf8), at: i) }
        guard case .matched(var j) = lit("<nsindexpath") else { return lit("<nsindexpath") }
        if j < text.count, text[j] == UInt8(ascii: ":") { j += 1 }
        i = skipSpace(j)
        while i < text.count, text[i] != UInt8(ascii: ">"), i - j < 24 { i += 1 }
        guard i < text.count else { return .truncated(i) }
        i = skipSpace(i + 1)
        guard case .matched(let afterLength) = lit("{length = ") else { return lit("{length = ") }
        guard let (length, k) = integer(at: afterLength) else { return .failed }
        i = k
        guard case .matched(let afterPath) = lit(", path = ") else { return lit(", path = ") }
        var components: [Int] = []
        i = afterPath
        while components.count < max(1, min(length, 8)) {
            guard let (v, e) = integer(at: i) else { return cutAt(i, afterMatching: 0) ? .truncated(i) : .failed }
            components.append(v)
            i = e
            if case .matched(let e2) = lit(" - ") { i = e2 } else { break }
        }
        guard i < text.count else { return .truncated(i) }
        guard text[i] == UInt8(ascii: "}") else { return .failed }
        facts.set(name, .indexPath(section: components[0], item: components.count > 1 ? components[1] : 9223372036854775807))
        return .matched(i + 1)
    }

    /// `<Class: 0x…; frame = (x y; w h); …>` with nested brackets; facts `<name>Class`,
    /// `<name>BaseClass`, `<name>Frame` ("x y; w h") and, for `_UIDiffableDataSourceUpdate`,
    /// `<name>Identifiers`.
    func description(at start: Int, name: String, _ facts: inout CrashFacts) -> Outcome {
        let i = skipSpace(start)
        guard i < text.count else { return .truncated(i) }
        guard text[i] == UInt8(ascii: "<") else { return .failed }
        var depth = 0, j = i
        while j < text.count, j - i < Self.holeCap {
            if text[j] == UInt8(ascii: "<") { depth += 1 } else if text[j] == UInt8(ascii: ">") {
                depth -= 1
                if depth == 0 { break }
            }
            j += 1
        }
        let closed = j < text.count && depth == 0
        let body = string(i + 1, closed ? j : min(j, text.count))
        var cls = Substring(body)
        if let cut = cls.firstIndex(where: { $0 == ":" || $0 == ";" || $0 == " " || $0 == ">" }) { cls = cls[..<cut] }
        if !cls.isEmpty { facts.set(name + "Class", .string(String(cls))) }
        if let base = Self.field("baseClass = ", in: body, until: ";") { facts.set(name + "BaseClass", .string(base)) }
        if let frame = Self.field("frame = (", in: body, until: ")") { facts.set(name + "Frame", .string(frame)) }
        if let ids = Self.field("identifiers: [", in: body, until: "]") {
            facts.set(name + "Identifiers", .strings(ids.isEmpty ? [] : ids.components(", ")))
        }
        return closed ? .matched(j + 1) : .truncated(j)
    }

    static func field(_ key: String, in body: String, until stop: Character) -> String? {
        guard let r = body.range(of: key) else { return nil }
        let rest = body[r.upperBound...]
        return String(rest.prefix { $0 != stop })
    }
}

extension String {
    /// Splits on `separator` (a plain, short string); no Foundation.
    package func components(_ separator: String) -> [String] {
        var out: [String] = []
        var current = Substring(self)
        while let r = current.range(of: separator) {
            out.append(String(current[..<r.lowerBound]))
            current = current[r.upperBound...]
        }
        out.append(String(current))
        return out
    }
}

extension StringProtocol {
    /// The first range of `needle` (plain search, short needles); no Foundation.
    package func range(of needle: String) -> Range<Index>? {
        guard let first = needle.first else { return nil }
        var i = startIndex
        while i < endIndex {
            if self[i] == first, self[i...].starts(with: needle) {
                return i..<index(i, offsetBy: needle.count)
            }
            i = index(after: i)
        }
        return nil
    }
}
