import LayoutAPI

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
    /// The depth the service parses request bodies with (`RequestDocument.maxDepth`).
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
        guard again == value else {
            fail("the \(form) form \(String(decoding: bytes, as: UTF8.self)) reads back as \(show(again))", input)
        }
        let rewritten = form == "compact" ? again.serializedBytes() : again.canonicalBytes()
        guard rewritten == bytes else {
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

    static func show(_ value: JSON) -> String {
        let text = String(decoding: value.serializedBytes(), as: UTF8.self)
        return text.count > 300 ? String(text.prefix(300)) + "..." : text
    }

    static func fail(_ message: String, _ input: [UInt8]) -> Never {
        let shown = String(decoding: input.prefix(1000), as: UTF8.self).debugDescription
        fatalError("JSON reader property failed: \(message)\ninput (\(input.count) bytes): \(shown)")
    }
}
