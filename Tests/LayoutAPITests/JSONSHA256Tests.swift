import Testing
@testable import LayoutAPI
import TestSupport

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

    /// This machine has the SHA instructions (CI's does too; a CPU without them uses the
    /// portable code for every digest, which the vectors above check).
    @Test func usesTheCPUsSHAInstructionsWhereItHasThem() throws {
        let cpuinfo = try String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)
        #expect(SHA256.hardware == cpuinfo.split(separator: "\n").contains { $0.hasPrefix("flags") && $0.split(separator: " ").contains("sha_ni") })
    }

    /// The SHA instructions and the portable code give the same digest for every length from 0
    /// to 700 bytes (every padding case, 0 to 11 blocks) of random bytes, and for the vectors.
    @Test func hardwareAndPortableDigestsAgree() {
        var generator = SeededRandom(seed: 2026)
        for length in 0...700 {
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            #expect(SHA256.digest(bytes, hardware: SHA256.hardware) == SHA256.digest(bytes, hardware: false), "length \(length)")
        }
        #expect(SHA256.hex(SHA256.digest(Array("abc".utf8), hardware: false))
            == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test func hexIsLowercaseTwoDigitsPerByte() {
        #expect(SHA256.hex([0x00, 0x0F, 0xA0, 0xFF]) == "000fa0ff")
    }
}
