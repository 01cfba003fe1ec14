/// A section or item identifier of a diffable data source snapshot: a string or an integer, equal
/// by value as Swift's `Hashable` (`AnyHashable("1") != AnyHashable(1)`), so `"1"` and `1` are
/// two identifiers.
public enum SnapshotIdentifier: Hashable, Sendable, CustomStringConvertible {
    case string(String)
    case integer(Int)

    /// What `%@` prints: the string as it is, the integer in decimal.
    public var description: String {
        switch self {
        case .string(let s): s
        case .integer(let i): String(i)
        }
    }

    /// How the element prints inside an `NSArray` description (`(` … `)`): numbers bare; strings
    /// bare when they consist of ASCII letters, digits and `_ . $ : / -` only, otherwise in double
    /// quotes with `"` and `\` escaped and non-ASCII UTF-16 units as `\Uxxxx` (lowercase hex), as
    /// a UIKit log of two existing item identifiers shows (spec §4; the exact bare set is [I]).
    var arrayElementDescription: String {
        guard case .string(let s) = self else { return description }
        if !s.isEmpty, s.utf8.allSatisfy(Self.isBare) { return s }
        var out = "\""
        for unit in s.utf16 {
            switch unit {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x0A: out += "\\n"
            case 0x09: out += "\\t"
            case 0x0D: out += "\\r"
            case 0x20..<0x7F: out.unicodeScalars.append(Unicode.Scalar(UInt8(unit)))
            default:
                let hex = String(unit, radix: 16)
                out += "\\U" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            }
        }
        return out + "\""
    }

    private static func isBare(_ c: UInt8) -> Bool {
        switch c {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "$"), UInt8(ascii: ":"), UInt8(ascii: "/"), UInt8(ascii: "-"):
            true
        default:
            false
        }
    }
}

extension SnapshotIdentifier: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .integer(value) }
}

/// Foundation's descriptions of identifier collections, as UIKit's messages print them.
enum FoundationDescription {
    /// An ordered set or set (`{(` ⏎ four spaces, elements bare, `,` ⏎ between, ⏎ `)}`).
    static func set(_ ids: [SnapshotIdentifier]) -> String {
        "{(\n" + ids.map { "    " + $0.description }.joined(separator: ",\n") + "\n)}"
    }

    /// An array (`(` ⏎ … ⏎ `)`), strings quoted unless bare.
    static func array(_ ids: [SnapshotIdentifier]) -> String {
        "(\n" + ids.map { "    " + $0.arrayElementDescription }.joined(separator: ",\n") + "\n)"
    }

    /// `[a, b]` as `_UIDiffableDataSourceUpdate`'s description lists its identifiers.
    static func brackets(_ ids: [SnapshotIdentifier]) -> String {
        "[" + ids.map(\.description).joined(separator: ", ") + "]"
    }
}
