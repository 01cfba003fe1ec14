import Testing
@testable import HTTP

/// Feeds `raw` in pieces of `chunk` bytes and collects every event until the bytes run out.
func parseAll(_ raw: String, chunk: Int = .max, maxHead: Int = 16 * 1024, maxBody: Int = 1 << 20) -> [ParseEvent] {
    var parser = RequestParser(maxHeadBytes: maxHead, maxBodyBytes: maxBody)
    let bytes = Array(raw.utf8)
    var events: [ParseEvent] = []
    var offset = 0
    repeat {
        let end = min(bytes.count, offset + min(chunk, bytes.count))
        parser.append(Array(bytes[offset..<end]))
        offset = end
        while true {
            let event = parser.next()
            if event == .needMore { break }
            events.append(event)
            if case .failure = event { return events }
        }
    } while offset < bytes.count
    return events
}

func requests(_ events: [ParseEvent]) -> [Request] {
    events.compactMap { if case .request(let r) = $0 { return r } else { return nil } }
}

@Suite struct RequestParserTests {
    @Test func parsesRequestLineAndHeadersInArrivalOrder() {
        let events = parseAll("GET /layout/abc?rect=0,0,1,1 HTTP/1.1\r\nHost: x\r\nAccept:  */*  \r\n\r\n")
        #expect(events.count == 1)
        guard let r = requests(events).first else { Issue.record("no request"); return }
        #expect(r.method == "GET")
        #expect(r.head.target == "/layout/abc?rect=0,0,1,1")
        #expect(r.path == "/layout/abc")
        #expect(r.head.version == .http1_1)
        #expect(r.headers.fields.map(\.name) == ["Host", "Accept"])
        #expect(r.headers["accept"] == "*/*")
        #expect(r.body.isEmpty)
    }

    @Test(arguments: [1, 2, 3, 7])
    func byteWiseFeedingGivesTheSameRequests(chunk: Int) {
        let raw = "POST /a HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello"
            + "POST /b HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3;ext=1\r\nabc\r\n2\r\nde\r\n0\r\nX-Trailer: 1\r\n\r\n"
            + "GET /c HTTP/1.0\r\n\r\n"
        let got = requests(parseAll(raw, chunk: chunk))
        #expect(got.map(\.head.target) == ["/a", "/b", "/c"])
        #expect(got.map { String(decoding: $0.body, as: UTF8.self) } == ["hello", "abcde", ""])
    }

    @Test func announcesTheHeadBeforeABody() {
        let events = parseAll("PUT /x HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 3\r\n\r\n")
        guard case .head(let head)? = events.first else {
            Issue.record("expected .head, got \(events)")
            return
        }
        #expect(head.method == "PUT")
        #expect(events.count == 1)
    }

    @Test func framingReportsExpectContinueAndLength() {
        var p = RequestParser()
        p.append(Array("PUT /x HTTP/1.1\r\nHost: x\r\nexpect: 100-Continue\r\nContent-Length: 3\r\n\r\n".utf8))
        _ = p.next()
        #expect(p.framing == Framing(contentLength: 3, chunked: false, keepAlive: true, expectContinue: true))
        #expect(p.isMidRequest)
    }

    @Test(arguments: [
        ("HTTP/1.1", "", true), ("HTTP/1.1", "Connection: close\r\n", false),
        ("HTTP/1.1", "Connection: Keep-Alive, CLOSE\r\n", false), ("HTTP/1.0", "", false),
        ("HTTP/1.0", "Connection: keep-alive\r\n", true),
    ])
    func keepAliveFollowsVersionAndConnectionHeader(version: String, header: String, keepAlive: Bool) {
        var p = RequestParser()
        p.append(Array("GET / \(version)\r\nHost: x\r\n\(header)\r\n".utf8))
        guard case .request = p.next() else { Issue.record("no request"); return }
        #expect(p.framing.keepAlive == keepAlive)
    }

    @Test func bareLineFeedsAndLeadingEmptyLinesAreTolerated() {
        let got = requests(parseAll("\r\n\nGET /lf HTTP/1.1\nHost: x\n\n"))
        #expect(got.map(\.head.target) == ["/lf"])
        #expect(got.first?.headers["Host"] == "x")
    }

    /// The contract answers any duplicate Content-Length with 400, identical values included
    /// (issue 33: two identical headers were accepted).
    @Test(arguments: [
        ("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\nok", "Duplicate Content-Length headers."),
        ("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 2, 2\r\n\r\nok", "Duplicate Content-Length values."),
        ("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 2, 2\r\n\r\nok", "Duplicate Content-Length values."),
    ])
    func duplicateContentLengthsAreRefusedEvenWhenIdentical(raw: String, message: String) {
        let got = parseAll(raw)
        guard case .failure(let status, let text)? = got.last else {
            Issue.record("parsed \(got)")
            return
        }
        #expect(status == 400)
        #expect(text == message)
    }

    @Test(arguments: [
        ("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n", 400,
         "Both Content-Length and Transfer-Encoding are present."),
        ("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\n", 400, "Conflicting Content-Length headers."),
        ("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3x\r\n\r\n", 400, "Invalid Content-Length."),
        ("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n", 400, "Invalid Content-Length."),
        ("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", 501,
         "Unsupported transfer coding; only 'chunked' is implemented."),
        ("GET / HTTP/2.0\r\nHost: x\r\n\r\n", 505, "Only HTTP/1.0 and HTTP/1.1 are supported."),
        ("GET / HTTP/1.1x\r\nHost: x\r\n\r\n", 400, "Malformed request line: invalid HTTP version."),
        ("GET /\r\nHost: x\r\n\r\n", 400, "Malformed request line: expected 'METHOD target HTTP/1.1'."),
        ("G(T / HTTP/1.1\r\nHost: x\r\n\r\n", 400, "Malformed request line: invalid method."),
        ("GET  / HTTP/1.1\r\nHost: x\r\n\r\n", 400, "Malformed request line: invalid request target."),
        ("GET / HTTP/1.1\r\nHost: x\r\nX-A: 1\r\n  folded\r\n\r\n", 400, "Obsolete line folding in header fields is not accepted."),
        ("GET / HTTP/1.1\r\nHost : x\r\n\r\n", 400, "Malformed header field."),
        ("GET / HTTP/1.1\r\nHost: x\r\nNoColon\r\n\r\n", 400, "Malformed header field."),
        ("GET / HTTP/1.1\r\nHost: x\r\nX-A: a\u{1}b\r\n\r\n", 400, "Invalid character in header field value."),
        ("GET / HTTP/1.1\r\n\r\n", 400, "HTTP/1.1 request without a Host header."),
        ("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400, "Multiple Host headers."),
        ("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", 400, "Invalid chunk size."),
        ("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabX\r\n", 400, "Missing CRLF after chunk data."),
    ])
    func malformedRequestsFailWithStatusAndMessage(raw: String, status: Int, message: String) {
        #expect(parseAll(raw).last == .failure(status: status, message: message))
    }

    @Test(arguments: [1, 1000])
    func headOverTheLimitIs431(chunk: Int) {
        let raw = "GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + String(repeating: "a", count: 200) + "\r\n\r\n"
        #expect(parseAll(raw, chunk: chunk, maxHead: 100).last
            == .failure(status: 431, message: "Request head exceeds the limit of 100 bytes."))
    }

    @Test func declaredBodyOverTheLimitIs413AfterTheHead() {
        let events = parseAll("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 11\r\n\r\n", maxBody: 10)
        #expect(events.count == 2)
        #expect(events.last == .failure(status: 413, message: "Request body of 11 bytes exceeds the limit of 10 bytes."))
    }

    @Test func chunkedBodyOverTheLimitIs413() {
        let raw = "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n6\r\nabcdef\r\n6\r\nabcdef\r\n0\r\n\r\n"
        #expect(parseAll(raw, maxBody: 10).last == .failure(status: 413, message: "Request body exceeds the limit of 10 bytes."))
    }

    @Test func pipelinedBytesStayBufferedAfterARequest() {
        var p = RequestParser()
        p.append(Array("GET /1 HTTP/1.1\r\nHost: x\r\n\r\nGET /2 HT".utf8))
        guard case .request(let first) = p.next() else { Issue.record("no request"); return }
        #expect(first.head.target == "/1")
        #expect(p.next() == .needMore)
        #expect(p.bufferedBytes == 9)
        #expect(p.isMidRequest)
    }
}
