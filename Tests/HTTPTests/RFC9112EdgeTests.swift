#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import HTTP
import TestSupport

/// RFC 9112 edges the attack run found (issue 13, repro 6): the parser alone, then over a socket.
@Suite struct RFC9112EdgeTests {
    @Test(arguments: [
        ("GET http://x/healthz HTTP/1.1\r\nHost: x\r\n\r\n", "/healthz"),
        ("GET HTTP://example.com:8080/layout/a?rect=0,0,1,1 HTTP/1.1\r\nHost: y\r\n\r\n", "/layout/a?rect=0,0,1,1"),
        ("GET http://x HTTP/1.1\r\nHost: x\r\n\r\n", "/"),
        ("GET http://x?q=1 HTTP/1.1\r\nHost: x\r\n\r\n", "/?q=1"),
        ("OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n", "*"),
    ])
    func absoluteFormIsServedAsItsPath(raw: String, target: String) {
        let got = requests(parseAll(raw))
        #expect(got.map(\.head.target) == [target])
    }

    @Test(arguments: [
        ("GET * HTTP/1.1\r\nHost: x\r\n\r\n", 400, "Malformed request target: '*' (asterisk-form) is only for OPTIONS."),
        ("GET healthz HTTP/1.1\r\nHost: x\r\n\r\n", 400, "Malformed request target: expected a path starting with '/' or an absolute URI."),
        ("GET http://a b/ HTTP/1.1\r\nHost: x\r\n\r\n", 400, "Malformed request line: invalid HTTP version."),
        ("GET http://u@x/ HTTP/1.1\r\nHost: x\r\n\r\n", 400, "Malformed request target: invalid authority in the absolute URI."),
        ("GET / HTTP/1.1\r\nHost: a b/c@\r\n\r\n", 400, "Invalid Host header: expected host[:port]."),
        ("GET / HTTP/1.1\r\nHost: x:80a\r\n\r\n", 400, "Invalid Host header: expected host[:port]."),
        ("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n", 501, "Unsupported transfer coding; only 'chunked' is implemented."),
        ("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked, chunked\r\n\r\n", 400,
         "Invalid Transfer-Encoding: 'chunked' must appear exactly once, as the last coding."),
        ("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked, identity\r\n\r\n", 400,
         "Invalid Transfer-Encoding: 'chunked' must appear exactly once, as the last coding."),
        ("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", 501,
         "Unsupported transfer coding; only 'chunked' is implemented."),
        ("GET /h\u{e9} HTTP/1.1\r\nHost: x\r\n\r\n", 400, "Malformed request line: invalid request target."),
        ("GET / HTTP/2.0\r\nHost: x\r\n\r\n", 505, "Only HTTP/1.0 and HTTP/1.1 are supported."),
        ("GET /" + String(repeating: "a", count: 300) + " HTTP/1.1\r\nHost: x\r\n\r\n", 414,
         "Request line exceeds the limit of 256 bytes; send a shorter URI."),
        ("GET /" + String(repeating: "a", count: 300), 414, "Request line exceeds the limit of 256 bytes; send a shorter URI."),
        ("GET / HTTP/1.1\r\nHost: x\r\nX: " + String(repeating: "a", count: 300) + "\r\n\r\n", 431,
         "Request head exceeds the limit of 256 bytes."),
    ])
    func malformedEdgesGetTheirStatus(raw: String, status: Int, message: String) {
        #expect(parseAll(raw, maxHead: 256).last == .failure(status: status, message: message))
    }

    @Test(arguments: ["x", "x:8080", "127.0.0.1:1", "[::1]:9", "a-b.c_d~e", "%41b", "", "x:"])
    func validHostsAreAccepted(host: String) {
        #expect(requests(parseAll("GET / HTTP/1.1\r\nHost: \(host)\r\n\r\n")).count == 1)
    }

    /// RFC 9112 §6.1: Transfer-Encoding in HTTP/1.0 is faulty framing: process, then close.
    @Test func http10WithTransferEncodingIsProcessedThenClosed() {
        let events = parseAll("POST / HTTP/1.0\r\nConnection: keep-alive\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nok\r\n0\r\n\r\n")
        #expect(requests(events).map(\.body) == [Array("ok".utf8)])
        var p = RequestParser()
        p.append(Array("POST / HTTP/1.0\r\nConnection: keep-alive\r\nTransfer-Encoding: chunked\r\n\r\n".utf8))
        _ = p.next()
        #expect(p.framing.keepAlive == false)
    }

    @Test func http12IsServedAsHTTP11() {
        let got = requests(parseAll("GET / HTTP/1.2\r\nHost: x\r\n\r\n"))
        #expect(got.map(\.head.version) == [.http1_1])
    }

    // Over a socket: the statuses on the wire and what happens to the connection.

    @Test func http10WithTransferEncodingIsAnsweredAndClosedBeforeTheNextRequest() throws {
        let (server, port) = try startServer()
        defer { server.shutdown() }
        let c = try RawClient(port: port)
        try c.send("POST /echo HTTP/1.0\r\nConnection: keep-alive\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n"
            + "GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
        let r = try c.readResponse()
        #expect(r.status == 200)
        #expect(r.text == "abc")
        #expect(r.header("Connection") == "close")
        #expect(c.isClosedByPeer())
    }

    @Test func absoluteFormAndHTTP12AreAnsweredOverTheWire() throws {
        let (server, port) = try startServer()
        defer { server.shutdown() }
        let c = try RawClient(port: port)
        try c.send("GET http://x/hello HTTP/1.1\r\nHost: x\r\n\r\nGET /hello HTTP/1.2\r\nHost: x\r\n\r\n")
        let first = try c.readResponse()
        #expect(first.status == 200)
        #expect(first.text == "hello")
        let second = try c.readResponse()
        #expect(second.status == 200)
        #expect(second.header("Connection") == nil)
    }

    @Test(arguments: [
        ("GET * HTTP/1.1\r\nHost: x\r\n\r\n", 400),
        ("GET /hello HTTP/1.1\r\nHost: a b/c@\r\n\r\n", 400),
        ("POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: br\r\n\r\n", 501),
        ("GET /" + String(repeating: "a", count: 20_000) + " HTTP/1.1\r\nHost: x\r\n\r\n", 414),
    ])
    func edgesAreRefusedAndTheConnectionClosed(raw: String, status: Int) throws {
        let (server, port) = try startServer()
        defer { server.shutdown() }
        let c = try RawClient(port: port)
        // A second request behind the bad one must not be served (no smuggling past it).
        try c.send(raw + "GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
        let r = try c.readResponse()
        #expect(r.status == status)
        #expect(r.header("Connection") == "close")
        #expect(c.isClosedByPeer())
    }
}
