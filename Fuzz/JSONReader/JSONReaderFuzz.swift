import JSON

/// libFuzzer entry point for `JSONParser` (built by scripts/fuzz, not by SwiftPM).
///
/// Properties checked, each a crash (so libFuzzer keeps the input) with the details in the
/// message:
/// 1. Accept/reject and the values read match `JSONOracle`, a naive parser written from
///    RFC 8259; numbers must be bit-identical to `Double(String)` (strtod).
/// 2. A rejection points inside the input (offset, 1-based line and column) with a message.
/// 3. Round trip: the compact and the canonical serialisations parse back to an equal value,
///    and serialising that again gives the same bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONReader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    JSONReaderProperties.check(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

enum JSONReaderProperties {
    /// The depth the service parses request bodies with (`RequestBodyLimits.maxDepth`).
    static let maxDepth = 128

    static func check(_ input: [UInt8]) {
        let expected = JSONOracle.parse(input, maxDepth: maxDepth)
        let parsed: JSON
        do {
            parsed = try JSONParser.parse(input, maxDepth: maxDepth)
        } catch {
            if let expected { fail("rejected (\(error)) but the oracle read \(show(expected))", input) }
            guard (0...input.count).contains(error.offset), error.line >= 1, error.column >= 1,
                  error.column <= error.offset + 1, !error.message.isEmpty else {
                fail("rejection outside the input: offset \(error.offset), \(error)", input)
            }
            return
        }
        guard let expected else { fail("accepted \(show(parsed)) but the oracle rejects it", input) }
        guard identical(parsed, expected) else {
            fail("read \(show(parsed)) but the oracle read \(show(expected))", input)
        }
        roundTrip(parsed, parsed.serializedBytes(), "compact", input)
        roundTrip(parsed, parsed.canonicalBytes(), "canonical", input)
    }

    static func roundTrip(_ value: JSON, _ bytes: [UInt8], _ form: String, _ input: [UInt8]) {
        let again: JSON
        do {
            again = try JSONParser.parse(bytes, maxDepth: maxDepth)
        } catch {
            fail("the \(form) form \(String(decoding: bytes, as: UTF8.self)) does not parse: \(error)", input)
        }
        // -0 is written "0", so numbers compare with ==, not by bits, here.
        guard sameValue(again, value) else {
            fail("the \(form) form \(String(decoding: bytes, as: UTF8.self)) reads back as \(show(again))", input)
        }
        let rewritten = form == "compact" ? again.serializedBytes() : again.canonicalBytes()
        // Stable, except that a `.number` past 2^53 written "1e+18" comes back an `.integer`
        // written "1000000000000000000": the same value, which must then stay put.
        let settled = rewritten == bytes || (sameValue(again, value) && {
            let twice = (try? JSONParser.parse(rewritten, maxDepth: maxDepth)).map { form == "compact" ? $0.serializedBytes() : $0.canonicalBytes() }
            return twice == rewritten
        }())
        guard settled else {
            fail("the \(form) form is not stable: \(String(decoding: rewritten, as: UTF8.self))", input)
        }
    }

    /// Structural equality with members in document order, strings by their scalars and
    /// numbers by their bits (so 0 and -0 differ, unlike `==`).
    static func identical(_ a: JSON, _ b: JSON) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return x.bitPattern == y.bitPattern
        case (.integer(let x), .integer(let y)): return x == y
        case (.string(let x), .string(let y)): return x.unicodeScalars.elementsEqual(y.unicodeScalars)
        case (.array(let x), .array(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { identical($0, $1) }
        case (.object(let x), .object(let y)):
            return x.count == y.count && zip(x.members, y.members).allSatisfy {
                $0.key.unicodeScalars.elementsEqual($1.key.unicodeScalars) && identical($0.value, $1.value)
            }
        default: return false
        }
    }

    /// `==`, except that a number and an integer standing for the same Double are the same: a
    /// literal that is not a whole number but rounds to a Double past 2^53 (`999…9.99e-300` is
    /// 1e18) reads as a `.number`; written back ("1e+18") it is the whole number 10^18, an
    /// `.integer`. Both stand for the same value.
    static func sameValue(_ a: JSON, _ b: JSON) -> Bool {
        switch (a, b) {
        // Past 2^53 a Double's shortest form ("1.99007199254741e+17") reads back as the exact
        // integer it spells (199007199254741000), whose nearest Double is the original.
        case (.number(let x), .integer(let y)), (.integer(let y), .number(let x)): return Double(y) == x
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { sameValue($0, $1) }
        case (.object(let x), .object(let y)):
            // Member order aside, as `==` (the canonical form sorts the keys).
            return x.count == y.count && x.members.allSatisfy { m in y[m.key].map { sameValue(m.value, $0) } ?? false }
        default: return a == b
        }
    }

    static func show(_ value: JSON) -> String {
        let text = String(decoding: value.serializedBytes(), as: UTF8.self)
        return text.count > 300 ? String(text.prefix(300)) + "..." : text
    }

    static func fail(_ message: String, _ input: [UInt8]) -> Never {
        let shown = String(decoding: input.prefix(1000), as: UTF8.self).debugDescription
        fatalError("JSON reader property failed: \(message)\ninput (\(input.count) bytes): \(shown)")
    }
}
