import JSON
import Testing
@testable import LayoutAPI
import TestSupport

private func written(_ body: (inout JSONWriter) -> Void) -> String {
    var writer = JSONWriter()
    body(&writer)
    return String(decoding: writer.bytes, as: UTF8.self)
}

@Suite struct JSONWriterTests {
    @Test(arguments: [
        (0.0, "0"), (-0.0, "0"), (1.0, "1"), (0.5, "0.5"), (86.66666666666667, "86.66666666666667"),
        (1e-7, "1e-07"), (1e21, "1e+21"), (9007199254740992.0, "9007199254740992"), (-1.5, "-1.5"),
        (375.0, "375"), (-2.0, "-2"), (86.5, "86.5"), (0.25, "0.25"), (-0.125, "-0.125"),
        (0.1, "0.1"), (1234567.75, "1234567.75"), (0.0009765625, "0.0009765625"),
        (9007199254740994.0, "9.007199254740994e+15"), (Double.leastNonzeroMagnitude, "5e-324"), (1e16, "1e+16"),
        (1.7976931348623157e308, "1.7976931348623157e+308"), (2147483647.9990234, "2147483647.9990234"),
    ])
    func writesNumbersInShortestRoundTripForm(value: Double, expected: String) throws {
        let text = written { $0.number(value) }
        #expect(text == expected)
        #expect(try JSONField(JSONParser.parse(Array(text.utf8))).double() == value)
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func writesNullForNonFiniteNumbers(value: Double) {
        #expect(written { $0.number(value) } == "null")
    }

    @Test func numbersRoundTripAndMatchDescriptionOnRandomValues() throws {
        var generator = SeededRandom(seed: 99)
        for round in 0..<20_000 {
            let value: Double
            switch round % 4 {
            case 0: value = Double(bitPattern: generator.next())
            case 1: value = Double(Int64(bitPattern: generator.next()) >> 30) / 1024  // dyadic coordinates
            case 2: value = Double(Int64(bitPattern: generator.next()) >> 20) / 3
            default: value = Double(Int64(bitPattern: generator.next()) >> Int64(generator.next() % 64))
            }
            guard value.isFinite else { continue }
            let text = written { $0.number(value) }
            // The shortest text of a large whole Double denotes a whole number within Int64 (beyond
            // 2^53), read exactly as `.integer`: the same Double again (issue 33).
            if case .integer(let exact) = try JSONParser.parse(Array(text.utf8)) {
                #expect(abs(value) > 9_007_199_254_740_992 && Double(exact) == value, "\(text)")
            } else {
                #expect(try JSONParser.parse(Array(text.utf8)) == .number(value), "\(text)")
            }
            var description = value == 0 ? "0" : value.description
            if description.hasSuffix(".0") { description.removeLast(2) }
            #expect(text == description)
        }
    }

    /// The 16- and 17-digit path (`writeLongDecimal`) against `description`: thirds, sixths
    /// and sevenths of coordinates as layouts at @2x and @3x make them, their neighbours one ulp
    /// away, and random significands at every exponent in [1, 1e15).
    @Test func longDecimalsMatchDescription() {
        var generator = SeededRandom(seed: 31)
        var viaLongPath = 0, mismatches: [String] = []
        func check(_ value: Double) {
            var description = value.description
            if description.hasSuffix(".0") { description.removeLast(2) }
            let text = written { $0.number(value) }
            if text != description, mismatches.count < 10 { mismatches.append("\(description) written as \(text)") }
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
                // The long path's callers have ruled out integers and forms of 15 digits or fewer.
                guard JSONWriter.exactInteger(value) == nil, JSONWriter.writeShortDecimal(value, to: buffer.baseAddress!) == 0 else { return }
                let n = JSONWriter.writeLongDecimal(value, to: buffer.baseAddress!)
                if n > 0 {
                    viaLongPath += 1
                    let long = String(decoding: UnsafeBufferPointer(rebasing: buffer[0..<n]), as: UTF8.self)
                    if long != description, mismatches.count < 10 { mismatches.append("\(description) long path \(long)") }
                }
            }
        }
        for n in 0..<60_000 {
            let whole = Double(n * 37)
            for fraction in [1.0 / 3, 2.0 / 3, 1.0 / 6, 5.0 / 6, 1.0 / 7] {
                let value = whole + fraction
                check(value); check(-value); check(value.nextUp); check(value.nextDown)
            }
            check(Double(3 * n + 1) / 3)
        }
        for _ in 0..<200_000 {
            let exponent = Int(generator.next() % 50)
            let significand = 1 + Double(generator.next() >> 12) / Double(1 << 52)
            check(Double(sign: .plus, exponent: exponent, significand: significand))
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
        #expect(viaLongPath > 1_000_000)
    }

    @Test(arguments: [(0, "0"), (7, "7"), (-2, "-2"), (1234567890, "1234567890"),
                      (Int.max, "9223372036854775807"), (Int.min, "-9223372036854775808")])
    func writesIntegers(value: Int, expected: String) {
        #expect(written { $0.int(value) } == expected)
    }

    /// Every digit count, at both ends, through each of `writeDecimal`'s paths (below 10,000,
    /// below 100,000,000 as a high part and four digits, and the loop), and the numbers whose
    /// whole part goes through it ("112345.5", a y in a tall layout).
    @Test func writesEveryDigitCountExactly() {
        var values: [UInt] = [0, UInt.max]
        var power: UInt = 1
        for _ in 1...19 {
            values += [power - 1, power, power + 1, power * 5 + 7]
            power *= 10
        }
        values += [100_000_001, 99_990_000, 10_000_099, 12_345_678, 1_000_000_000_000]
        for v in values {
            let text = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
                let n = JSONWriter.writeDecimal(v, to: buffer.baseAddress!)
                return String(decoding: UnsafeBufferPointer(rebasing: buffer[0..<n]), as: UTF8.self)
            }
            #expect(text == String(v), "\(v)")
        }
        #expect(written { $0.number(112_345.5) } == "112345.5")
        #expect(written { $0.number(-10_000.25) } == "-10000.25")
        #expect(written { $0.number(99_999_999.75) } == "99999999.75")
        #expect(written { $0.number(43_999.666666666664) } == "43999.666666666664")
    }

    /// `integerText` (the element encoder's register-made integers) gives `String(v)`'s bytes
    /// for every digit count and sign at both ends of its range, every value below 100,000 and
    /// every 997th up to 100,000,000, and nil just outside the range.
    @Test func integerTextIsTheDecimalTextInMemoryOrder() {
        func text(_ word: UInt64, _ length: Int) -> String {
            withUnsafeBytes(of: word.littleEndian) { String(decoding: $0.prefix(length), as: UTF8.self) }
        }
        var values: [Int] = [0, 1, -1, 9, -9, 99_999_999, -9_999_999]
        var power = 1
        for _ in 1...8 {
            values += [power - 1, power, power + 1, -(power - 1), -power, -(power + 1), power * 5 + 7]
            power *= 10
        }
        values += Array(0..<100_000) + Array(stride(from: 0, to: 100_000_000, by: 997))
        for v in values where v > -10_000_000 && v < 100_000_000 {
            guard let (word, length) = JSONWriter.integerText(v) else { Issue.record("nil for \(v)"); continue }
            #expect(text(word, length) == String(v), "\(v)")
            #expect(word >> UInt64(length * 8) == 0, "\(v): nothing past the text")
        }
        for v in [100_000_000, -10_000_000, Int.max, Int.min, 123_456_789] {
            #expect(JSONWriter.integerText(v) == nil, "\(v)")
        }
    }

    @Test func escapesQuotesBackslashesAndControlCharacters() {
        #expect(written { $0.string("a\"b\\c/d\n\t\u{0}\u{1F}\u{7F}") } == #""a\"b\\c/d\u000A\u0009\u0000\u001F"# + "\u{7F}\"")
    }

    @Test func copiesUnicodeAsUTF8() throws {
        let text = "é€😀 e\u{301}"
        let output = written { $0.string(text) }
        #expect(output == "\"é€😀 e\u{301}\"")
        #expect(try JSONParser.parse(Array(output.utf8)) == .string(text))
    }

    @Test func writesNonContiguousStrings() {
        let bridgedLike = String(Substring("x\"y"))
        #expect(written { $0.string(bridgedLike) } == #""x\"y""#)
    }

    @Test func writesAFrameElementExactly() {
        let text = written { writer in
            writer.raw("{\"category\":")
            writer.string("cell")
            writer.raw(",\"indexPath\":[")
            writer.int(0)
            writer.raw(",")
            writer.int(12)
            writer.raw("],\"frame\":{\"x\":")
            writer.number(86.5)
            writer.raw(",\"y\":")
            writer.number(120)
            writer.raw(",\"width\":")
            writer.number(60)
            writer.raw(",\"height\":")
            writer.number(60)
            writer.raw("},\"zIndex\":")
            writer.int(0)
            writer.raw(",\"hidden\":")
            writer.bool(false)
            writer.raw(",\"x\":")
            writer.raw(String("null"))
            writer.raw("}")
        }
        #expect(text == #"{"category":"cell","indexPath":[0,12],"frame":{"x":86.5,"y":120,"width":60,"height":60},"zIndex":0,"hidden":false,"x":null}"#)
    }

    @Test func canonicalBytesSortKeysByUTF8AndDropWhitespace() throws {
        let value = try JSONParser.parse(Array(#"{ "b": 1.0, "a": [true, null, {"é": 1, "z": 2, "Z": 3}], "aa": "x\n", "A": -0 }"#.utf8))
        let canonical = String(decoding: value.canonicalBytes(), as: UTF8.self)
        #expect(canonical == #"{"A":0,"a":[true,null,{"Z":3,"z":2,"é":1}],"aa":"x\u000A","b":1}"#)
    }

    @Test func canonicalBytesIgnoreMemberOrderAndNumberSpelling() throws {
        let first = try JSONParser.parse(Array(#"{"w": 1e2, "h": [0.5, 2]}"#.utf8))
        let second = try JSONParser.parse(Array(#"{"h":[5e-1,2.0],"w":100}"#.utf8))
        #expect(first == second)
        #expect(first.canonicalBytes() == second.canonicalBytes())
        #expect(SHA256.hex(SHA256.digest(first.canonicalBytes())) == SHA256.hex(SHA256.digest(Array(#"{"h":[0.5,2],"w":100}"#.utf8))))
    }

    @Test func serializedBytesKeepDocumentOrder() {
        let value: JSON = ["b": 1, "a": [nil, false, "s"]]
        #expect(String(decoding: value.serializedBytes(), as: UTF8.self) == #"{"b":1,"a":[null,false,"s"]}"#)
    }
}

@Suite struct JSONChunkWriterTests {
    private func writeEverything(_ out: inout JSONChunkWriter) {
        out.raw("{\"a\":")
        out.int(-42)
        out.raw(",\"b\":")
        out.number(86.5)
        out.raw(",\"c\":")
        out.number(1.0 / 3)
        out.raw(",\"d\":")
        out.string("q\"\n")
        out.raw(",\"e\":")
        out.bool(true)
        out.raw("}")
    }

    @Test func chunkWritesTheSameBytesAsTheWriter() {
        var chunked = JSONWriter()
        chunked.raw("[")
        chunked.chunk(reserving: 128) { writeEverything(&$0) }
        chunked.raw("]")
        #expect(String(decoding: chunked.bytes, as: UTF8.self)
            == #"[{"a":-42,"b":86.5,"c":0.3333333333333333,"d":"q\"\u000A","e":true}]"#)
    }

    @Test func chunkRetriesWithMoreRoomWhenTheEstimateIsLow() {
        var writer = JSONWriter()
        writer.raw("x")
        var runs = 0
        writer.chunk(reserving: 1) { out in
            runs += 1
            writeEverything(&out)
        }
        #expect(runs == 4)  // 16, 32, 64 bytes are too small for the 67 written
        #expect(String(decoding: writer.bytes, as: UTF8.self)
            == #"x{"a":-42,"b":86.5,"c":0.3333333333333333,"d":"q\"\u000A","e":true}"#)
    }
}
