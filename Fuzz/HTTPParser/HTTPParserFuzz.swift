import HTTP

/// libFuzzer entry point for `RequestParser` (built by scripts/fuzz, not by SwiftPM).
///
/// The input is a byte stream as a client would send it on one connection. Properties checked,
/// each a crash (so libFuzzer keeps the input) with the two transcripts printed:
/// 1. Segmentation does not matter: the stream fed in one read, one byte per read, and split at
///    an input-dependent point gives the same events (heads, requests, the failure).
/// 2. Every step makes progress (at most two events per input byte) and every complete request
///    respects its framing: a Content-Length body has exactly that many bytes, no body exceeds
///    `maxBodyBytes`, a `.head` is followed by its own request.
/// 3. Round trip: a parsed request written back out (its fields as parsed, its body framed as it
///    came) parses to the same request.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTPParser(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    HTTPParserProperties.check(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

enum HTTPParserProperties {
    /// Small limits so the 431 and 413 edges are reachable with short inputs.
    static let maxHeadBytes = 512
    static let maxBodyBytes = 2048

    static func check(_ input: [UInt8]) {
        let whole = Transcript(feeding: [input[...]])
        let bytewise = Transcript(feeding: input.indices.map { input[$0...$0] })
        let cut = splitPoint(input)
        let split = Transcript(feeding: [input[..<cut], input[cut...]])
        expectSame(whole, bytewise, "one read", "one byte per read", input)
        expectSame(whole, split, "one read", "split at \(cut)", input)
        for (request, chunked) in whole.requests {
            checkRoundTrip(request, chunked: chunked, input)
        }
    }

    /// A split point that depends on every byte (FNV-1a), so mutations move it around.
    static func splitPoint(_ input: [UInt8]) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in input { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return Int(hash % UInt64(input.count + 1))
    }

    static func expectSame(_ a: Transcript, _ b: Transcript, _ aName: String, _ bName: String, _ input: [UInt8]) {
        guard a.events != b.events else { return }
        fail("""
            segmentation changed the parse of \(input.count) bytes:
            \(aName): \(a.summary)
            \(bName): \(b.summary)
            """, input)
    }

    /// Writes `request` back out and parses it again with roomy limits: same request expected.
    static func checkRoundTrip(_ request: Request, chunked: Bool, _ input: [UInt8]) {
        var bytes = Array("\(request.method) \(request.head.target) ".utf8)
        bytes += Array((request.head.version == .http1_1 ? "HTTP/1.1\r\n" : "HTTP/1.0\r\n").utf8)
        for field in request.headers {
            bytes += Array("\(field.name): \(field.value)\r\n".utf8)
        }
        bytes += [0x0D, 0x0A]
        if chunked {
            if !request.body.isEmpty {
                bytes += Array("\(String(request.body.count, radix: 16))\r\n".utf8) + request.body + [0x0D, 0x0A]
            }
            bytes += Array("0\r\n\r\n".utf8)
        } else {
            bytes += request.body
        }
        var parser = RequestParser(maxHeadBytes: 1 << 20, maxBodyBytes: 1 << 20)
        parser.append(bytes)
        var event = parser.next()
        if case .head(let head) = event {
            guard head == request.head else { fail("round trip: head \(head) != \(request.head)", input) }
            event = parser.next()
        }
        guard case .request(let again) = event else {
            fail("round trip of \(request) gave \(event) for \(Transcript.show(bytes))", input)
        }
        guard again == request, parser.bufferedBytes == 0 else {
            fail("round trip: \(again) != \(request) (\(parser.bufferedBytes) bytes left over)", input)
        }
    }

    static func fail(_ message: String, _ input: [UInt8]) -> Never {
        // In the fatalError message: stderr, where libFuzzer's report goes (stdout is buffered).
        fatalError("HTTP parser property failed: \(message)\ninput: \(Transcript.show(input))")
    }
}
