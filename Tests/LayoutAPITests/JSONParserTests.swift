import JSON
import Testing
@testable import LayoutAPI
import TestSupport

private func parse(_ text: String, maxDepth: Int = 64) throws(JSONSyntaxError) -> JSON {
    try JSONParser.parse(Array(text.utf8), maxDepth: maxDepth)
}

private func syntaxError(_ text: String, maxDepth: Int = 64) -> JSONSyntaxError? {
    syntaxError(bytes: Array(text.utf8), maxDepth: maxDepth)
}

private func syntaxError(bytes: [UInt8], maxDepth: Int = 64) -> JSONSyntaxError? {
    do {
        _ = try JSONParser.parse(bytes, maxDepth: maxDepth)
        return nil
    } catch {
        return error
    }
}

@Suite struct JSONParserTests {
    @Test(arguments: [
        ("null", JSON.null),
        ("true", .bool(true)),
        ("false", .bool(false)),
        ("0", .number(0)),
        ("-12.5", .number(-12.5)),
        ("\"hi\"", .string("hi")),
        ("[]", .array([])),
        ("{}", .object(JSONObject())),
        (" \t\r\n 42 \n", .number(42)),
    ])
    func parsesEveryScalarAndEmptyContainer(text: String, expected: JSON) throws {
        #expect(try parse(text) == expected)
    }

    @Test func parsesNestedDocumentKeepingMemberOrder() throws {
        let value = try parse(#"{"b": [1, {"c": null}], "a": true, "s": "x"}"#)
        guard case .object(let object) = value else {
            Issue.record("expected an object")
            return
        }
        #expect(object.keys == ["b", "a", "s"])
        #expect(object["b"] == [1, ["c": nil]])
        #expect(object["a"] == true)
        #expect(object["missing"] == nil)
    }

    @Test(arguments: [
        ("1e3", 1000.0), ("1E+3", 1000.0), ("25e-1", 2.5), ("0.1", 0.1), ("-0.0", -0.0),
        ("123456789012345678901234567890", 1.2345678901234568e29),
        ("9007199254740992", 9007199254740992.0), ("1.7976931348623157e308", 1.7976931348623157e308),
        ("5e-324", Double.leastNonzeroMagnitude), ("1e-400", 0.0), ("0e999999999", 0.0), ("86.66666666666667", 86.66666666666667),
        ("0.30000000000000004", 0.30000000000000004), ("9223372036854775808", 9.223372036854775808e18),
        ("-9223372036854775809", -9.223372036854775808e18), ("9007199254740993.5", 9007199254740994.0),
        ("12345678901234567891e-1", 1234567890123456789.1),
    ])
    func parsesNumbersExactly(text: String, expected: Double) throws {
        #expect(try parse(text) == .number(expected))
    }

    /// Whole numbers beyond 2^53 within Int64, however written, read exactly (issue 33: a
    /// `Double` turned 1234567890123456789 into ...768 and 2^53 + 1 into 2^53).
    @Test(arguments: [
        ("9007199254740993", 9_007_199_254_740_993), ("-9007199254740993", -9_007_199_254_740_993),
        ("1234567890123456789", 1_234_567_890_123_456_789), ("9223372036854775807", Int.max),
        ("-9223372036854775808", Int.min), ("1.5e18", 1_500_000_000_000_000_000), ("9007199254740993.000", 9_007_199_254_740_993),
        ("1e16", 10_000_000_000_000_000), ("922337203685477580.7e1", Int.max), ("0.9223372036854775807e19", Int.max),
    ])
    func parsesIntegersBeyondDoublesExactly(text: String, expected: Int) throws {
        #expect(try parse(text) == .integer(expected))
        #expect(try JSONField(parse(text)).int() == expected)
        // The canonical and compact forms write the integer back as it was.
        #expect(String(decoding: try parse(text).canonicalBytes(), as: UTF8.self) == String(expected))
    }

    @Test func negativeZeroKeepsItsSign() throws {
        guard case .number(let zero) = try parse("-0") else {
            Issue.record("expected a number")
            return
        }
        #expect(zero == 0 && zero.sign == .minus)
    }

    @Test func fastNumberPathMatchesStandardLibraryOnRandomValues() throws {
        var generator = SeededRandom(seed: 42)
        for _ in 0..<20_000 {
            let integerDigits = Int(generator.next() % 10)
            let fractionDigits = Int(generator.next() % 12)
            var text = generator.next() % 4 == 0 ? "-" : ""
            let limit = (0..<integerDigits).reduce(UInt64(1)) { power, _ in power * 10 }
            text += String(generator.next() % limit)
            if fractionDigits > 0 {
                text += "."
                for _ in 0..<fractionDigits { text += String(generator.next() % 10) }
            }
            if generator.next() % 3 == 0 { text += "e\(Int(generator.next() % 60) - 30)" }
            let expected = try #require(Double(text))
            // Whole numbers beyond 2^53 within Int64 read exactly (`.integer`, issue 33).
            if case .integer(let exact) = try parse(text) {
                #expect(abs(expected) > 9_007_199_254_740_992 && Double(exact) == expected, "\(text)")
            } else {
                #expect(try parse(text) == .number(expected), "\(text)")
            }
        }
    }

    @Test func decodesEscapesAndUnicode() throws {
        let text = #""a\"b\\c\/d\b\f\n\r\t\u0041\u00e9\u20AC\uD83D\uDE00 é€😀""#
        #expect(try parse(text) == .string("a\"b\\c/d\u{8}\u{C}\n\r\tAé€😀 é€😀"))
    }

    @Test func keepsEscapedNulCharacter() throws {
        #expect(try parse(#""a\u0000b""#) == .string("a\u{0}b"))
    }

    @Test(arguments: [
        ("", 1, 1, "unexpected end of input; expected a value"),
        ("{\"a\": 1,\n \"b\": 2\n \"c\": 3}", 3, 2, "expected ',' or '}' after an object member"),
        ("[1 2]", 1, 4, "expected ',' or ']' after an array element"),
        ("[1,]", 1, 4, "trailing comma before ']' is not allowed"),
        ("{\"a\":1,}", 1, 8, "trailing comma before '}' is not allowed"),
        ("{a:1}", 1, 2, "expected a string key in double quotes but found 'a'"),
        ("{\"a\" 1}", 1, 6, "expected ':' after an object key"),
        ("{\"a\":1,\"a\":2}", 1, 8, "duplicate key \"a\" in object"),
        ("1 2", 1, 3, "unexpected '2' after the top-level value"),
        ("01", 1, 1, "leading zeros are not allowed in numbers"),
        ("+1", 1, 1, "expected a value but found '+'"),
        ("1.", 1, 3, "expected a digit after the decimal point"),
        (".5", 1, 1, "expected a value but found '.'"),
        ("1e", 1, 3, "expected a digit in the exponent"),
        ("-", 1, 2, "expected a digit after '-'"),
        ("-Infinity", 1, 2, "expected a digit after '-'"),
        ("NaN", 1, 1, "NaN and Infinity are not JSON numbers; send a finite number"),
        ("Infinity", 1, 1, "NaN and Infinity are not JSON numbers; send a finite number"),
        ("tru", 1, 1, "invalid literal; expected true (literals are lowercase)"),
        ("nul", 1, 1, "invalid literal; expected null (literals are lowercase)"),
        ("1e400", 1, 1, "number 1e400 is too large for a 64-bit float"),
        ("\"abc", 1, 5, "unterminated string; expected a closing '\"'"),
        ("\"a\nb\"", 1, 3, "control character U+000A must be escaped in a string"),
        ("\"\\x\"", 1, 2, "invalid escape sequence; after '\\' expected one of \" \\ / b f n r t u"),
        ("\"\\u12G4\"", 1, 2, "invalid \\u escape; expected four hex digits"),
        ("\"\\uD800\"", 1, 2, "lone surrogate \\uD800 in string; a high surrogate must be followed by a low one"),
        ("\"\\uD800\\u0041\"", 1, 2, "lone surrogate \\uD800 in string; a high surrogate must be followed by a low one"),
        ("\"\\uDC00\"", 1, 2, "lone surrogate \\uDC00 in string; a low surrogate must follow a high one"),
        ("[\"é\", x]", 1, 7, "expected a value but found 'x'"),
        ("// comment\n1", 1, 1, "expected a value but found '/'"),
    ])
    func reportsSyntaxErrorsWithLineAndColumn(text: String, line: Int, column: Int, message: String) throws {
        let error = try #require(syntaxError(text))
        #expect(error.message == message)
        #expect(error.line == line)
        #expect(error.column == column)
    }

    @Test func describesErrorWithLineAndColumn() throws {
        let error = try #require(syntaxError("{\n  \"a\": 1,\n  \"b\": 2 \"c\"}"))
        #expect(error.description == "line 3, column 10: expected ',' or '}' after an object member")
        #expect(error.offset == 21)
    }

    @Test(arguments: [
        [0x22, 0xFF, 0x22], [0x22, 0xC0, 0xAF, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22],
        [0x22, 0xE2, 0x82, 0x22], [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], [0x22, 0x80, 0x22],
    ] as [[UInt8]])
    func rejectsInvalidUTF8InStrings(bytes: [UInt8]) throws {
        let error = try #require(syntaxError(bytes: bytes))
        #expect(error.message == "invalid UTF-8 byte sequence in string")
        #expect(error.offset == 1)
    }

    @Test func acceptsNestingUpToMaxDepthAndRejectsDeeper() throws {
        let ok = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(syntaxError(ok) == nil)
        let deep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        let error = try #require(syntaxError(deep))
        #expect(error.message == "arrays and objects are nested deeper than 64 levels")
        #expect(error.offset == 64)
        #expect(syntaxError("{\"a\":{\"b\":[]}}", maxDepth: 2)?.message == "arrays and objects are nested deeper than 2 levels")
    }

    /// Keys are equal as Swift strings are, by canonical equivalence, whatever their bytes: a
    /// precomposed "é" and "e" with a combining accent (2 and 3 bytes) are the same key, as the
    /// fuzzer's oracle has them; so are the Kelvin sign and "K". Lookups agree.
    @Test func duplicateKeysAreFoundByCanonicalEquivalence() throws {
        let error = try #require(syntaxError(#"{"a":1,"\u00e9":true,"e\u0301":false}"#))
        #expect(error.message == "duplicate key \"é\" in object")
        #expect(syntaxError(#"{"\u212A":1,"K":2}"#) != nil)
        guard case .object(let object) = try JSONParser.parse(Array(#"{"e\u0301":7}"#.utf8)) else { Issue.record("not an object"); return }
        #expect(object["\u{E9}"] == .number(7))
    }

    @Test func rejectsDuplicateKeysInLargeObjects() throws {
        let members = (0..<40).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
        #expect(syntaxError("{\(members)}") == nil)
        let error = try #require(syntaxError("{\(members),\"k17\":0}"))
        #expect(error.message == "duplicate key \"k17\" in object")
    }

    @Test func neverCrashesOnRandomOrMutatedInput() {
        var generator = SeededRandom(seed: 7)
        let seeds: [[UInt8]] = [
            #"{"layout":{"itemSize":{"width":120,"height":40},"items":[1,2.5,-3e2,"é\u00e9\uD83D\uDE00",true,null]}}"#,
            #"[[[[{"a":[{"b":{}}]}]]]]"#, #""\\\"\/\b\f\n\r\t""#,
        ].map { Array($0.utf8) }
        let alphabet = Array(#"{}[]:,"\ueE+-.0123456789tfnaulsrDdC/"#.utf8) + [0x00, 0x0A, 0x80, 0xC3, 0xED, 0xF0, 0xFF]
        var parsed = 0
        for round in 0..<4_000 {
            var bytes: [UInt8]
            if round % 2 == 0 {
                bytes = seeds[Int(generator.next() % UInt64(seeds.count))]
                for _ in 0..<(1 + generator.next() % 4) where !bytes.isEmpty {
                    let position = Int(generator.next() % UInt64(bytes.count))
                    switch generator.next() % 3 {
                    case 0: bytes[position] = alphabet[Int(generator.next() % UInt64(alphabet.count))]
                    case 1: bytes.remove(at: position)
                    default: bytes.insert(alphabet[Int(generator.next() % UInt64(alphabet.count))], at: position)
                    }
                }
            } else {
                bytes = (0..<(generator.next() % 40)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            }
            do {
                let value = try JSONParser.parse(bytes, maxDepth: 8)
                parsed += 1
                // Whatever parses must survive a write and re-parse unchanged.
                #expect(try JSONParser.parse(value.serializedBytes(), maxDepth: 8) == value)
            } catch {
                #expect(error.offset >= 0 && error.offset <= bytes.count)
                #expect(error.line >= 1 && error.column >= 1)
            }
        }
        #expect(parsed > 0)
    }
}

