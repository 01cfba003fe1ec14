import Testing
@testable import HTTP

/// Inputs found by the libFuzzer target Fuzz/HTTPParser (scripts/fuzz http): the same bytes
/// must get the same answer however TCP splits them. Both limits below were enforced only while
/// a line was incomplete, so one read and one byte per read disagreed at the edge.
@Suite struct RequestParserSegmentationTests {
    static func chunked(sizeLine: String, trailer: String = "") -> String {
        "POST /layout HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
            + sizeLine + "\r\n{}\r\n0\r\n" + trailer + "\r\n"
    }

    /// 65 bytes before the LF ("2;" + 62 + CR): over a 64-byte limit in every segmentation.
    /// Before the fix, one read accepted it and one byte per read answered 400.
    @Test(arguments: [1, 2, 5, Int.max])
    func aChunkSizeLineOverTheLimitIsRefusedInOneReadToo(chunk: Int) {
        let raw = Self.chunked(sizeLine: "2;" + String(repeating: "e", count: 62))
        #expect(parseAll(raw, chunk: chunk, maxHead: 64).last == .failure(status: 400, message: "Chunk size line too long."))
    }

    /// 64 bytes before the LF: at the limit, accepted in every segmentation.
    @Test(arguments: [1, 2, 5, Int.max])
    func aChunkSizeLineAtTheLimitIsAccepted(chunk: Int) {
        let raw = Self.chunked(sizeLine: "2;" + String(repeating: "e", count: 61))
        let got = requests(parseAll(raw, chunk: chunk, maxHead: 64))
        #expect(got.map(\.body) == [Array("{}".utf8)])
    }

    /// A 62-byte trailer line counts 64 with its CRLF: exactly the limit. Before the fix, one
    /// byte per read answered 431 when the CR of the final empty line arrived alone.
    @Test(arguments: [1, 2, 5, Int.max])
    func aTrailerSectionAtTheLimitIsAccepted(chunk: Int) {
        let raw = Self.chunked(sizeLine: "2", trailer: "X-T: " + String(repeating: "t", count: 57) + "\r\n")
        let got = requests(parseAll(raw, chunk: chunk, maxHead: 64))
        #expect(got.map(\.body) == [Array("{}".utf8)])
    }

    /// One byte more is over the limit in every segmentation.
    @Test(arguments: [1, 2, 5, Int.max])
    func aTrailerSectionOverTheLimitIsRefused(chunk: Int) {
        let raw = Self.chunked(sizeLine: "2", trailer: "X-T: " + String(repeating: "t", count: 58) + "\r\n")
        #expect(parseAll(raw, chunk: chunk, maxHead: 64).last
            == .failure(status: 431, message: "Trailer section exceeds the limit of 64 bytes."))
    }
}
