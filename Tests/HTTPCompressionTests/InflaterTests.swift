@testable import HTTPCompression
import Testing

@Suite struct InflaterTests {
    static let health = Array(#"{"status":"ok"}"#.utf8)
    /// Python's `gzip.compress(b'{"status":"ok"}', mtime=0)`: another implementation's bytes.
    static let pythonGzip: [UInt8] = [31, 139, 8, 0, 0, 0, 0, 0, 2, 3, 171, 86, 42, 46, 73, 44, 41, 45, 86, 178, 82, 202,
                                      207, 86, 170, 5, 0, 221, 237, 19, 29, 15, 0, 0, 0]
    /// Python's `zlib.compress(...)` (RFC 1950, what HTTP calls deflate).
    static let pythonZlib: [UInt8] = [120, 156, 171, 86, 42, 46, 73, 44, 41, 45, 86, 178, 82, 202, 207, 86, 170, 5, 0, 43,
                                      129, 5, 57]
    /// The same deflate data without the zlib wrapper (what some clients send as "deflate").
    static let pythonRaw: [UInt8] = [171, 86, 42, 46, 73, 44, 41, 45, 86, 178, 82, 202, 207, 86, 170, 5, 0]

    @Test func readsAnotherImplementationsGzipZlibAndRawDeflate() {
        #expect(Inflater.decompress(Self.pythonGzip, from: .gzip, limit: 100) == .success(Self.health))
        #expect(Inflater.decompress(Self.pythonZlib, from: .deflate, limit: 100) == .success(Self.health))
        #expect(Inflater.decompress(Self.pythonRaw, from: .deflate, limit: 100) == .success(Self.health))
    }

    @Test(arguments: [ContentCoding.gzip, .deflate])
    func roundTripsEveryByteValue(coding: ContentCoding) throws {
        let input = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7919 >> 3) }
        let packed = try #require(Deflater.compress(input, as: coding))
        #expect(packed.count < input.count)
        #expect(Inflater.decompress(packed, from: coding, limit: input.count) == .success(input))
        #expect(Inflater.decompress(packed, from: coding, limit: input.count - 1) == .failure(.tooLarge(limit: input.count - 1)))
    }

    @Test func gzipHeaderAndTrailerAreRFC1952() throws {
        let packed = try #require(Deflater.compress(Self.health, as: .gzip))
        #expect(Array(packed.prefix(3)) == [0x1F, 0x8B, 8])
        // ISIZE: the input length mod 2^32, little-endian, in the last four bytes.
        #expect(Array(packed.suffix(4)) == [15, 0, 0, 0])
        let zlib = try #require(Deflater.compress(Self.health, as: .deflate))
        #expect(Inflater.hasZlibHeader(zlib))
        #expect(Deflater.compress(Self.health, as: .identity) == Self.health)
    }

    @Test func aBombStopsAtTheLimitPlusOneByte() throws {
        // 64 MiB of zeros pack into ~64 KB; inflating stops after 1 MiB + 1 byte.
        let zeros = [UInt8](repeating: 0, count: 64 << 20)
        let bomb = try #require(Deflater.compress(zeros, as: .gzip, level: 9))
        #expect(bomb.count < 100_000)
        #expect(Inflater.decompress(bomb, from: .gzip, limit: 1 << 20) == .failure(.tooLarge(limit: 1 << 20)))
        #expect(Inflater.decompress(bomb, from: .gzip, limit: 0) == .failure(.tooLarge(limit: 0)))
    }

    @Test func corruptTruncatedAndTrailingBytesAreTold() {
        var corrupt = Self.pythonGzip
        corrupt[12] ^= 0xFF
        guard case .failure(.corrupt) = Inflater.decompress(corrupt, from: .gzip, limit: 100) else {
            Issue.record("a flipped data byte must be corrupt"); return
        }
        var badCRC = Self.pythonGzip
        badCRC[27] ^= 1
        #expect(Inflater.decompress(badCRC, from: .gzip, limit: 100) == .failure(.corrupt("incorrect data check")))
        #expect(Inflater.decompress(Array(Self.pythonGzip.dropLast(5)), from: .gzip, limit: 100) == .failure(.truncated))
        #expect(Inflater.decompress(Array(Self.pythonGzip.prefix(5)), from: .gzip, limit: 100) == .failure(.truncated))
        #expect(Inflater.decompress(Self.pythonGzip + [0x7B], from: .gzip, limit: 100) == .failure(.trailingData))
        #expect(Inflater.decompress(Self.pythonZlib + [0, 0], from: .deflate, limit: 100) == .failure(.trailingData))
        #expect(Inflater.decompress(Self.health, from: .gzip, limit: 100) == .failure(.corrupt("incorrect header check")))
    }

    @Test func concatenatedGzipMembersAreOneBody() {
        #expect(Inflater.decompress(Self.pythonGzip + Self.pythonGzip, from: .gzip, limit: 100) == .success(Self.health + Self.health))
        #expect(Inflater.decompress(Self.pythonGzip + Self.pythonGzip, from: .gzip, limit: 29) == .failure(.tooLarge(limit: 29)))
    }

    @Test func identityAndEmptyBodies() {
        #expect(Inflater.decompress(Self.health, from: .identity, limit: 15) == .success(Self.health))
        #expect(Inflater.decompress(Self.health, from: .identity, limit: 14) == .failure(.tooLarge(limit: 14)))
        #expect(Inflater.decompress([], from: .gzip, limit: 0) == .success([]))
    }
}
