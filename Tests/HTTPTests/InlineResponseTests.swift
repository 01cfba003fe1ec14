#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import HTTP
import TestSupport

/// Answers a responder writes straight into the loop's writer (`respondInline`): the same
/// framing as any `Response` (length, `Connection`, `Date`, `Server`, HEAD), in order with
/// offloaded answers, and large bodies queued when the socket does not take them at once.
@Suite struct InlineResponseTests {
    @Test func headIsTheResponderFieldsThenTheServerFields() throws {
        let (server, port) = try startServer { $0.serverHeader = "test/1" }
        defer { server.shutdown() }
        let c = try RawClient(port: port)
        for _ in 0..<3 {
            try c.send("GET /fast HTTP/1.1\r\nHost: x\r\n\r\n")
            let r = try c.readResponse()
            #expect(r.status == 200)
            #expect(r.text == "fast")
            #expect(r.headers.map(\.name) == ["Content-Type", "X-Path", "Content-Length", "Date", "Server"])
            #expect(r.header("Content-Type") == "text/plain")
            #expect(r.header("Content-Length") == "4")
            #expect(r.header("Server") == "test/1")
            let date = r.header("Date") ?? ""
            #expect(date.hasSuffix(" GMT") && date.utf8.count == 29)
        }
    }

    @Test func headAnswersCarryTheLengthAndNoBody() throws {
        let (server, port) = try startServer()
        defer { server.shutdown() }
        let c = try RawClient(port: port)
        try c.send("HEAD /fast HTTP/1.1\r\nHost: x\r\n\r\nGET /fast HTTP/1.1\r\nHost: x\r\n\r\n")
        let head = try c.readResponse(bodyless: true)
        #expect(head.header("Content-Length") == "4")
        #expect(head.body.isEmpty)
        #expect(try c.readResponse().text == "fast")
    }

    /// The encoder reuses a repeated head: a body sent after it before, or not (HEAD), or another
    /// length in between, never leaks into the next answer.
    @Test func repeatedHeadsWithAndWithoutBodies() throws {
        let (server, port) = try startServer()
        defer { server.shutdown() }
        let c = try RawClient(port: port)
        let get = "GET /fast HTTP/1.1\r\nHost: x\r\n\r\n", head = "HEAD /fast HTTP/1.1\r\nHost: x\r\n\r\n"
        try c.send(get + get + head + get + "GET /fast/5 HTTP/1.1\r\nHost: x\r\n\r\n" + head + head + get)
        for expected in ["fast", "fast", nil, "fast", "fffff", nil, nil, "fast"] {
            let r = try c.readResponse(bodyless: expected == nil)
            #expect(r.status == 200)
            #expect(r.header("Content-Length") == String(expected?.utf8.count ?? 4))
            #expect(r.headers.map(\.name) == ["Content-Type", "X-Path", "Content-Length", "Date", "Server"])
            if let expected { #expect(r.text == expected) } else { #expect(r.body.isEmpty) }
        }
        try c.send(get)
        #expect(try c.readResponse().text == "fast")
    }

    @Test(arguments: [
        ("GET /fast HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", "close", true),
        ("GET /fast HTTP/1.0\r\n\r\n", "close", true),
        ("GET /fast HTTP/1.0\r\nConnection: keep-alive\r\n\r\n", "keep-alive", false),
    ])
    func connectionHeaderAsForAnyAnswer(raw: String, connection: String, closes: Bool) throws {
        let (server, port) = try startServer()
        defer { server.shutdown() }
        let c = try RawClient(port: port)
        try c.send(raw)
        let r = try c.readResponse()
        #expect(r.text == "fast")
        #expect(r.header("Connection") == connection)
        if closes { #expect(c.isClosedByPeer()) }
    }

    /// 3 MB written inline exceeds what the socket takes at once: the rest is queued and sent as
    /// the client reads, and the writer's next answers are intact.
    @Test func pipelinedWithOffloadedAndLargeAnswersInOrder() throws {
        let sink = RecordSink()
        let (server, port) = try startServer(observer: { sink.add($0) })
        defer { server.shutdown() }
        let c = try RawClient(port: port)
        try c.send("GET /slow/100 HTTP/1.1\r\nHost: x\r\n\r\nGET /fast HTTP/1.1\r\nHost: x\r\n\r\n"
            + "GET /fast/3000000 HTTP/1.1\r\nHost: x\r\n\r\nGET /fast/7 HTTP/1.1\r\nHost: x\r\n\r\nGET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try c.readResponse().text == "slow 100")
        #expect(try c.readResponse().text == "fast")
        let big = try c.readResponse()
        #expect(big.body.count == 3_000_000 && big.body.allSatisfy { $0 == 0x66 })
        #expect(try c.readResponse().text == "fffffff")
        #expect(try c.readResponse().text == "hello")
        #expect(eventually(10) { sink.all.count == 5 })   // records go out when the last byte reached the kernel; a loaded machine takes its time
        let fast = sink.all.filter { $0.route == "/fast" }
        #expect(fast.map(\.target) == ["/fast", "/fast/3000000", "/fast/7"])
        #expect(fast.map(\.bodyBytes) == [4, 3_000_000, 7])
        #expect(fast.allSatisfy { $0.status == 200 && $0.method == "GET" })
    }
}
