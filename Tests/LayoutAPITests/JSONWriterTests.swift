import Testing
@testable import LayoutAPI

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
        (9007199254740994.0, "9.007199254740994e+15"), (5e-324, "5e-324"), (1e16, "1e+16"),
        (1.7976931348623157e308, "1.7976931348623157e+308"), (2147483647.9990234, "2147483647.9990234"),
    ])
    func writesNumbersInShortestRoundTripForm(value: Double, expected: String) throws {
        let text = written { $0.number(value) }
        #expect(text == expected)
        #expect(try JSONParser.parse(Array(text.utf8)) == .number(value))
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func writesNullForNonFiniteNumbers(value: Double) {
        #expect(written { $0.number(value) } == "null")
    }

    @Test func numbersRoundTripAndMatchDescriptionOnRandomValues() throws {
        var generator = SplitMix64(seed: 99)
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
            #expect(try JSONParser.parse(Array(text.utf8)) == .number(value), "\(text)")
            var description = value == 0 ? "0" : value.description
            if description.hasSuffix(".0") { description.removeLast(2) }
            #expect(text == description)
        }
    }

    @Test(arguments: [(0, "0"), (7, "7"), (-2, "-2"), (1234567890, "1234567890"),
                      (Int.max, "9223372036854775807"), (Int.min, "-9223372036854775808")])
    func writesIntegers(value: Int, expected: String) {
        #expect(written { $0.int(value) } == expected)
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

@Suite struct SHA256Tests {
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        ("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
         "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"),
    ])
    func matchesFIPSTestVectors(message: String, expected: String) {
        #expect(SHA256.hex(SHA256.digest(Array(message.utf8))) == expected)
    }

    @Test func hashesOneMillionA() {
        let digest = SHA256.digest([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))
        #expect(SHA256.hex(digest) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test(arguments: [
        (55, "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"),
        (56, "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a"),
        (63, "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34"),
        (65, "635361c48bb9eab14198e76ea8ab7f1a41685d6ad62aa9146d301d4f17eb0ae0"),
        (119, "31eba51c313a5c08226adf18d4a359cfdfd8d2e816b13f4af952f7ea6584dcfb"),
        (120, "2f3d335432c70b580af0e8e1b3674a7c020d683aa5f73aaaedfdc55af904c21c"),
    ])
    func padsAroundBlockBoundaries(length: Int, expected: String) {
        // Lengths straddle 56 (length field no longer fits) and 64 (a full block); from sha256sum.
        #expect(SHA256.hex(SHA256.digest([UInt8](repeating: 0x61, count: length))) == expected)
    }

    @Test func knownDigestAtBlockBoundary() {
        // 64 bytes of "a" (one full block plus a padding-only block).
        #expect(SHA256.hex(SHA256.digest([UInt8](repeating: 0x61, count: 64)))
            == "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb")
    }

    @Test func hexIsLowercaseTwoDigitsPerByte() {
        #expect(SHA256.hex([0x00, 0x0F, 0xA0, 0xFF]) == "000fa0ff")
    }
}
