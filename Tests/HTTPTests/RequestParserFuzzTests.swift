import Testing
@testable import HTTP
import TestSupport

/// Seeded fuzzing of the pure parser: valid requests mutated byte by byte, spliced together and
/// fed in random chunk sizes. The parser must never trap, never loop (every `next()` either
/// consumes or asks for more), never return a body over the limit, and give the same events
/// whatever the chunking.
@Suite struct RequestParserFuzzTests {
    static let seeds: [String] = [
        "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n",
        "POST /layout HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Type: application/json\r\n\r\n{\"a\":1}",
        "POST /e HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n4;x=y\r\nwiki\r\n5\r\npedia\r\n0\r\nT: 1\r\n\r\n",
        "GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n",
        "POST /x HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 3\r\n\r\nabc",
    ]
    static let alphabet = Array("\r\n :;,0123456789abcdefABCDEF-/?=GETPOSTHTTP/1.\t\u{0}\u{7f}".utf8) + [0xC3, 0xFF]

    /// All events for `bytes`, fed `chunks` at a time; stops at the first failure like a connection.
    static func events(_ bytes: [UInt8], chunk: (Int) -> Int, maxBody: Int) -> [ParseEvent] {
        var parser = RequestParser(maxHeadBytes: 512, maxBodyBytes: maxBody)
        var out: [ParseEvent] = []
        var offset = 0
        var steps = 0
        while offset < bytes.count || offset == 0 {
            let end = min(bytes.count, offset + max(1, chunk(offset)))
            parser.append(Array(bytes[offset..<end]))
            offset = end
            while true {
                steps += 1
                if steps > 100_000 { out.append(.failure(status: -1, message: "no progress")); return out }
                let event = parser.next()
                if event == .needMore { break }
                out.append(event)
                if case .failure = event { return out }
            }
            if offset >= bytes.count { break }
        }
        return out
    }

    @Test(arguments: 0..<4)
    func mutatedStreamsNeverTrapAndDoNotDependOnChunking(seed: Int) {
        var g = SeededRandom(seed: UInt64(seed) &+ 0x5EED)
        for _ in 0..<500 {
            var bytes: [UInt8] = []
            for _ in 0..<(1 + g.below(3)) { bytes += Array(Self.seeds[g.below(Self.seeds.count)].utf8) }
            for _ in 0..<g.below(6) {
                let i = g.below(bytes.count)
                switch g.below(3) {
                case 0: bytes[i] = Self.alphabet[g.below(Self.alphabet.count)]
                case 1: bytes.insert(Self.alphabet[g.below(Self.alphabet.count)], at: i)
                default: bytes.remove(at: i)
                }
                if bytes.isEmpty { bytes = [0x47] }
            }
            let whole = Self.events(bytes, chunk: { _ in .max }, maxBody: 64)
            var cg = SeededRandom(seed: g.next())
            let pieces = Self.events(bytes, chunk: { _ in 1 + cg.below(7) }, maxBody: 64)
            #expect(whole == pieces, "chunking changed the events for \(String(decoding: bytes, as: UTF8.self).debugDescription)")
            for case .request(let r) in whole { #expect(r.body.count <= 64) }
            #expect(!whole.contains(.failure(status: -1, message: "no progress")))
        }
    }
}
