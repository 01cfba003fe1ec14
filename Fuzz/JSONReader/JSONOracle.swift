import JSON

/// A deliberately naive RFC 8259 parser, written from the grammar and sharing no code with
/// `JSONParser`: the fuzz target's oracle for accept/reject and for the values read.
///
/// It applies the service's documented extra rules so the two must agree exactly: nesting
/// deeper than `maxDepth` is refused, numbers go through `Double(String)` (strtod) and must be
/// finite, and a key repeated in one object is refused (compared as Swift Strings, like the
/// parser does).
struct JSONOracle {
    private let bytes: [UInt8]
    private let maxDepth: Int
    private var index = 0
    private var depth = 0

    struct Reject: Error {}

    static func parse(_ bytes: [UInt8], maxDepth: Int) -> JSON? {
        var oracle = JSONOracle(bytes: bytes, maxDepth: maxDepth)
        // `JSON` is ExpressibleByNilLiteral: spell out Optional.none so nil never means `.null`.
        do {
            oracle.whitespace()
            let value = try oracle.value()
            oracle.whitespace()
            guard oracle.index == bytes.count else { return Optional<JSON>.none }
            return Optional.some(value)
        } catch {
            return Optional<JSON>.none
        }
    }

    private init(bytes: [UInt8], maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func whitespace() {
        while let b = peek, b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { index += 1 }
    }

    private mutating func expect(_ b: UInt8) throws(Reject) {
        guard peek == b else { throw Reject() }
        index += 1
    }

    private mutating func value() throws(Reject) -> JSON {
        switch peek {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        default: return try number()
        }
    }

    private mutating func literal(_ word: String) throws(Reject) {
        for b in word.utf8 { try expect(b) }
    }

    private mutating func object() throws(Reject) -> JSON {
        depth += 1
        guard depth <= maxDepth else { throw Reject() }
        index += 1
        whitespace()
        var members: [(key: String, value: JSON)] = []
        if peek == UInt8(ascii: "}") {
            index += 1
        } else {
            while true {
                whitespace()
                guard peek == UInt8(ascii: "\"") else { throw Reject() }
                let key = try string()
                guard !members.contains(where: { $0.key == key }) else { throw Reject() }
                whitespace()
                try expect(UInt8(ascii: ":"))
                whitespace()
                members.append((key, try value()))
                whitespace()
                if peek == UInt8(ascii: ",") { index += 1; continue }
                try expect(UInt8(ascii: "}"))
                break
            }
        }
        depth -= 1
        return .object(JSONObject(members))
    }

    private mutating func array() throws(Reject) -> JSON {
        depth += 1
        guard depth <= maxDepth else { throw Reject() }
        index += 1
        whitespace()
        var elements: [JSON] = []
        if peek == UInt8(ascii: "]") {
            index += 1
        } else {
            while true {
                whitespace()
                elements.append(try value())
                whitespace()
                if peek == UInt8(ascii: ",") { index += 1; continue }
                try expect(UInt8(ascii: "]"))
                break
            }
        }
        depth -= 1
        return .array(elements)
    }

    /// number = [ minus ] int [ frac ] [ exp ]; int = zero / ( digit1-9 *DIGIT ). A whole
    /// number beyond 2^53 in magnitude that fits Int64 is `.integer` (found by rewriting the
    /// literal's digits as a plain integer string and asking `Int64(String)`), else `.number`.
    private mutating func number() throws(Reject) -> JSON {
        let start = index
        let value = try double()
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if abs(value) >= 9_007_199_254_740_992, let exact = Self.plainInteger(text).flatMap({ Int64($0) }),
           exact.magnitude > 9_007_199_254_740_992 {
            return .integer(Int(exact))
        }
        return .number(value)
    }

    /// `-1.50e3` as `"-1500"`; nil when the literal is not a whole number (or is absurdly long).
    static func plainInteger(_ literal: String) -> String? {
        var mantissa = literal
        var exponent = 0
        if let e = mantissa.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            guard let x = Int(mantissa[mantissa.index(after: e)...]), abs(x) < 100 else {
                return nil
            }
            exponent = x
            mantissa = String(mantissa[..<e])
        }
        let negative = mantissa.hasPrefix("-")
        if negative { mantissa.removeFirst() }
        var whole = mantissa, fraction = ""
        if let dot = mantissa.firstIndex(of: ".") {
            whole = String(mantissa[..<dot])
            fraction = String(mantissa[mantissa.index(after: dot)...])
        }
        var digits = whole + fraction
        var point = whole.count + exponent   // digits before the decimal point
        guard point >= 0 else { return digits.allSatisfy { $0 == "0" } ? "0" : nil }
        if point > digits.count { digits += String(repeating: "0", count: point - digits.count) }
        guard digits.dropFirst(point).allSatisfy({ $0 == "0" }) else { return nil }
        digits = String(digits.prefix(point))
        while digits.count > 1, digits.hasPrefix("0") { digits.removeFirst(); point -= 1 }
        return (negative ? "-" : "") + digits
    }

    private mutating func double() throws(Reject) -> Double {
        let start = index
        if peek == UInt8(ascii: "-") { index += 1 }
        if peek == UInt8(ascii: "0") {
            index += 1
        } else {
            guard digits() > 0 else { throw Reject() }
        }
        if peek == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw Reject() }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            index += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw Reject() }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw Reject() }
        return value
    }

    private mutating func digits() -> Int {
        let start = index
        while let b = peek, b >= 0x30 && b <= 0x39 { index += 1 }
        return index - start
    }

    /// Collects UTF-16 code units (escapes) and raw UTF-8 runs, then validates each with the
    /// standard library's own decoders.
    private mutating func string() throws(Reject) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var units: [UInt16] = []
        var raw: [UInt8] = []
        func flushRaw() throws(Reject) {
            guard let text = String(validating: raw, as: UTF8.self) else { throw Reject() }
            scalars.append(contentsOf: text.unicodeScalars)
            raw = []
        }
        func flushUnits() throws(Reject) {
            guard let text = String(validating: units, as: UTF16.self) else { throw Reject() }
            scalars.append(contentsOf: text.unicodeScalars)
            units = []
        }
        while true {
            guard let b = peek else { throw Reject() }
            index += 1
            if b == UInt8(ascii: "\"") { break }
            if b < 0x20 { throw Reject() }
            if b != UInt8(ascii: "\\") {
                try flushUnits()
                raw.append(b)
                continue
            }
            try flushRaw()
            guard let e = peek else { throw Reject() }
            index += 1
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): units.append(UInt16(e))
            case UInt8(ascii: "b"): units.append(0x08)
            case UInt8(ascii: "f"): units.append(0x0C)
            case UInt8(ascii: "n"): units.append(0x0A)
            case UInt8(ascii: "r"): units.append(0x0D)
            case UInt8(ascii: "t"): units.append(0x09)
            case UInt8(ascii: "u"):
                guard index + 4 <= bytes.count,
                      let unit = UInt16(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16),
                      bytes[index..<index + 4].allSatisfy({ $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "-") })
                else { throw Reject() }
                index += 4
                units.append(unit)
            default: throw Reject()
            }
        }
        try flushRaw()
        try flushUnits()
        return String(scalars)
    }
}
