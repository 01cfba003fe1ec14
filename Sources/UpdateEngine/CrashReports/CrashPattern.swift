/// One of UIKit's format strings with typed holes, compiled for `CrashMatcher`.
///
/// Written as the format string with each `%ld`/`%@` replaced by a typed hole `{type:name}` and
/// optional parts in `«…»` (for words one iOS release printed and another did not), e.g.
/// `attempt to delete {unit} {int:item} from section {int:section}«,» which only contains …`.
/// A space matches one whitespace byte of `CrashText` (a run in the original); letters match
/// without regard to case (UIKit capitalised some reasons in some releases).
struct CrashPattern: Sendable {
    /// What a hole reads; each is bounded, so a match attempt costs at most a constant.
    enum Hole: String, Sendable {
        /// A decimal integer, optionally negative (`%ld`, `%d`).
        case int
        /// An `NSIndexPath` description: `<NSIndexPath: 0x…> {length = 2, path = 0 - 3}`.
        case path
        /// "item" or "row" (sets the flavor); `units` the plural; `aunit` "an item" / "a row";
        /// `view` "collection view" / "table view".
        case unit, units, aunit, view
        /// "and/or" (iOS 16.4–16.x) or "and" (iOS 17 and later), in the 16.4+ count message.
        case andor
        /// An object description `<Class: 0x…; …>`, nested brackets counted.
        case desc
        /// A run of non-space bytes (an identifier, an element kind).
        case word
        /// The rest of the reason: to the end of the line, before a known trailer, without the
        /// quote that closes the wrapper.
        case rest
        /// Free text up to the next literal part.
        case until
        /// `{( a, b )}` (NSSet/NSOrderedSet description) and `( a, "b c" )` (NSArray description,
        /// quoted elements unquoted); `brackets` is `[a, b]`.
        case set, array, brackets
        /// `{ 1 section with item counts: [20] }` (16.4+).
        case counts
        /// `[ Delete item (0 - 3), Insert item (0 - 0) ]` (16.4+), entries kept as text.
        case updates
        /// `{{x, y}, {w, h}}` (CGRect).
        case rect
        /// The description of the view UIKit appends (` Collection view: <…>`, ` Table view: <…>`,
        /// ` - will perform reloadData. UICollectionView instance: <…>`, ` Diffable transaction: …`).
        case viewSuffix
    }

    indirect enum Part: Sendable {
        /// Lowercased bytes.
        case literal([UInt8])
        case hole(Hole, name: String)
        case optional([Part])
    }

    let parts: [Part]
    /// The lowercased first word of the first literal, the index key (`CrashScanner`).
    let anchor: [UInt8]
    /// Length of the first literal: a match must get at least this far to count, even cut short.
    let anchorLength: Int
    /// Whether UIKit's wording starts with a capital letter ("Invalid update", not "attempt").
    let startsUpper: Bool
    /// The first literal, lowercased: most attempts fail on it, before any hole is read.
    let firstLiteral: [UInt8]

    init(_ text: String) {
        var index = Array(text.utf8)[...]
        startsUpper = text.utf8.first.map { $0 >= 0x41 && $0 <= 0x5A } ?? false
        parts = Self.parse(&index, closing: nil)
        // Every catalogue pattern starts with a literal (a test checks); one that did not would
        // have no anchor and never be tried.
        if case .literal(let first)? = parts.first {
            anchor = CrashScanner.word(first[...], from: first.startIndex)
            anchorLength = first.count
            firstLiteral = first
        } else {
            anchor = []
            anchorLength = 0
            firstLiteral = []
        }
    }

    /// `«` and `»` are U+00AB / U+00BB (C2 AB, C2 BB in UTF-8).
    private static func parse(_ s: inout ArraySlice<UInt8>, closing: UInt8?) -> [Part] {
        var parts: [Part] = []
        var literal: [UInt8] = []
        func flush() {
            if !literal.isEmpty { parts.append(.literal(literal)); literal = [] }
        }
        while let c = s.first {
            if c == 0xC2, s.count >= 2, s[s.index(after: s.startIndex)] == 0xAB {
                s = s.dropFirst(2)
                flush()
                parts.append(.optional(parse(&s, closing: 0xBB)))
                continue
            }
            if c == 0xC2, s.count >= 2, s[s.index(after: s.startIndex)] == 0xBB {
                s = s.dropFirst(2)
                flush()
                return parts
            }
            if c == UInt8(ascii: "{"), let close = s.firstIndex(of: UInt8(ascii: "}")),
               let spec = String(validating: s[s.index(after: s.startIndex)..<close], as: UTF8.self),
               let hole = Hole(rawValue: String(spec.split(separator: ":").first ?? "")) {
                flush()
                let name = spec.split(separator: ":").dropFirst().first.map(String.init) ?? hole.rawValue
                parts.append(.hole(hole, name: name))
                s = s[s.index(after: close)...]
                continue
            }
            literal.append(c >= 0x41 && c <= 0x5A ? c + 0x20 : c)
            s = s.dropFirst()
        }
        flush()
        return parts
    }
}

/// A figure read from a reason, named as the spec's `facts`.
public enum CrashValue: Hashable, Sendable {
    case int(Int)
    case string(String)
    case indexPath(section: Int, item: Int)
    case ints([Int])
    case strings([String])
}

/// The facts of one reason, in the order the message gives them.
public struct CrashFacts: Hashable, Sendable {
    public private(set) var entries: [(name: String, value: CrashValue)] = []

    public init() {}

    public subscript(name: String) -> CrashValue? {
        entries.first { $0.name == name }?.value
    }

    public mutating func set(_ name: String, _ value: CrashValue) {
        if let k = entries.firstIndex(where: { $0.name == name }) { entries[k].value = value } else { entries.append((name, value)) }
    }

    public func int(_ name: String) -> Int? { if case .int(let v)? = self[name] { v } else { nil } }
    public func string(_ name: String) -> String? { if case .string(let v)? = self[name] { v } else { nil } }
    public func strings(_ name: String) -> [String]? { if case .strings(let v)? = self[name] { v } else { nil } }
    public func ints(_ name: String) -> [Int]? { if case .ints(let v)? = self[name] { v } else { nil } }
    public func path(_ name: String) -> (section: Int, item: Int)? {
        if case .indexPath(let s, let i)? = self[name] { (s, i) } else { nil }
    }

    public static func == (a: CrashFacts, b: CrashFacts) -> Bool {
        a.entries.count == b.entries.count && zip(a.entries, b.entries).allSatisfy { $0.name == $1.name && $0.value == $1.value }
    }

    public func hash(into hasher: inout Hasher) {
        for e in entries { hasher.combine(e.name); hasher.combine(e.value) }
    }
}
