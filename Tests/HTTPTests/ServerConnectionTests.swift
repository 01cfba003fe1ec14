#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Testing
@testable import HTTP
import TestSupport

@Suite struct ServerConnectionTests {
    @Test func servesKeepAliveWithServerDateAndLength() throws {
        let (server, port) = try startServer { $0.serverHeader = "test/1" }
        defer { server.shutdown() }
        let c = try RawClient(port: port)
        for _ in 0..<3 {
            try c.send("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
            let r = try c.readResponse()
            #expect(r.status == 200)
            #expect(r.text == "hello")
            #expect(r.header("Content-Length") == "5")
            #expect(r.header("Server") == "test/1")
            #expect(r.header("Connection") == nil)
            let date = r.header("Date") ?? ""
            #expect(date.hasSuffix(" GMT") && date.utf8.count == 29)
        }
    }

    @Test(arguments: [
        ("GET /hello HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", "close"),
        ("GET /hello HTTP/1.0\r\n\r\n", "close"),
        ("GET /close HTTP/1.1\r\nHost: x\r\n\r\n", "close"),
    ])
    func closesWhenEitherSideAsks(raw: String, connection: String) throws {
        let (server, port) = try startServer()
        defer { server.shutdown() }
        let c = try RawClient(port: port)
        try c.send(raw)
        let r = try c.readResponse()
        #expect(r.status == 200)
        #expect(r.header("Connection") == connection)
        #expect(c.isClosedByPeer())
    }

    @Test func http10KeepAliveIsAnsweredWithKeepAlive() throws {
        let (server, port) = try startServer()
        defer { server.shutdown() }
        let c = try RawClient(port: port)
        for _ in 0..<2 {
            try c.send("GET /hello HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            let r = try c.readResponse()
            #expect(r.status == 200)
            #expect(r.header("Connection") == "keep-alive")
        }
    }

    @Test func pipelinedRequestsAreAnsweredInOrderAcrossOffloading() throws {
        let (server, port) = try startServer()
        defer { server.shutdown() }
        let c = try RawClient(port: port)
        try c.send("GET /slow/150 HTTP/1.1\r\nHost: x\r\n\r\nGET /hello HTTP/1.1\r\nHost: x\r\n\r\n"
            + "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabcGET /slow/10 HTTP/1.1\r\nHost: x\r\n\r\n")
        let bodies = try (0..<4).map { _ in try c.readResponse().text }
        #expect(bodies == ["slow 150", "hello", "abc", "slow 10"])
    }

    /// An offloaded responder may answer later, from another thread (a store commit's callback):
    /// the answer is written when it comes, in order with the pipelined requests after it.
    @Test func anAnswerCompletedLaterIsWrittenInOrder() throws {
        let (server, port) = try startServer()
        defer { server.shutdown() }
        let c = try RawClient(port: port)
        try c.send("GET /later/200 HTTP/1.1\r\nHost: x\r\n\r\nGET /hello HTTP/1.1\r\nHost: x\r\n\r\nGET /later/10 HTTP/1.1\r\nHost: x\r\n\r\n")
        let bodies = try (0..<3).map { _ in try c.readResponse().text }
        #expect(bodies == ["later 200", "hello", "later 10"])
    }

    /// A drain waits for an answer that is still to come (within the drain timeout).
    @Test func aDrainWaitsForAnAnswerStillToCome() throws {
        let (server, port) = try startServer { $0.drainTimeout = 5 }
        let c = try RawClient(port: port)
        try c.send("GET /later/300 HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(eventually { server.stats.openConnections == 1 })
        let stopped = DispatchSemaphore(value: 0)
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(50)) {
            server.shutdown()
            stopped.signal()
        }
        let r = try c.readResponse()
        #expect(r.status == 200)
        #expect(r.text == "later 300")
        #expect(stopped.wait(timeout: .now() + 10) == .success)
    }

    @Test func chunkedBodyIsDechunked() throws {
        let (server, port) = try startServer()
        defer { server.shutdown() }
        let c = try RawClient(port: port)
        try c.send("POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n4;a=b\r\nwiki\r\n5\r\npedia\r\n0\r\nT: 1\r\n\r\n")
        let r = try c.readResponse()
        #expect(r.text == "wikipedia")
    }

    @Test func headGetsTheGetHeadersWithoutBody() throws {
        let (server, port) = try startServer()
        defer { server.shutdown() }
        let c = try RawClient(port: port)
        try c.send("HEAD /big/1000 HTTP/1.1\r\nHost: x\r\n\r\nGET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
        let head = try c.readResponse(bodyless: true)
        #expect(head.status == 200)
        #expect(head.header("Content-Length") == "1000")
        let next = try c.readResponse()
        #expect(next.text == "hello")
    }

    @Test func expectContinueGetsInterimResponseThenTheAnswer() throws {
        let (server, port) = try startServer()
        defer { server.shutdown() }
        let c = try RawClient(port: port)
        try c.send("POST /echo HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 4\r\n\r\n")
        let interim = try c.readResponse()
        #expect(interim.status == 100)
        try c.send("ping")
        let r = try c.readResponse()
        #expect(r.status == 200)
        #expect(r.text == "ping")
    }

    @Test(arguments: [("/reject", 404, "rejected"), ("/echo", 413, "")])
    func expectContinueWithFinalAnswerSkipsTheBodyAndCloses(path: String, status: Int, text: String) throws {
        let (server, port) = try startServer { $0.maxBodyBytes = 100 }
        defer { server.shutdown() }
        let c = try RawClient(port: port)
        try c.send("POST \(path) HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 1000\r\n\r\n")
        let r = try c.readResponse()
        #expect(r.status == status)
        #expect(r.header("Connection") == "close")
        if !text.isEmpty { #expect(r.text == text) }
        #expect(c.isClosedByPeer())
    }

    @Test func largeResponseIsWrittenCompletely() throws {
        let (server, port) = try startServer()
        defer { server.shutdown() }
        let c = try RawClient(port: port, timeout: 20)
        let size = 50 * 1024 * 1024
        try c.send("GET /big/\(size) HTTP/1.1\r\nHost: x\r\n\r\n")
        usleep(200_000) // let the server fill the socket buffer and wait for EPOLLOUT
        let r = try c.readResponse()
        #expect(r.body.count == size)
        #expect(r.body.allSatisfy { $0 == 0x78 })
        try c.send("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try c.readResponse().text == "hello")
    }

    @Test func clientVanishingMidResponseLeavesServerServing() throws {
        let (server, port) = try startServer()
        defer { server.shutdown() }
        do {
            let c = try RawClient(port: port)
            try c.send("GET /big/\(20 * 1024 * 1024) HTTP/1.1\r\nHost: x\r\n\r\n")
            try c.fill()
        }
        usleep(100_000)
        let c2 = try RawClient(port: port)
        try c2.send("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try c2.readResponse().text == "hello")
        #expect(eventually { server.stats.openConnections == 1 })
    }

    @Test func observerGetsOneRecordPerResponse() throws {
        let sink = RecordSink()
        let (server, port) = try startServer(observer: { sink.add($0) })
        defer { server.shutdown() }
        let c = try RawClient(port: port)
        try c.send("GET /hello HTTP/1.1\r\nHost: x\r\n\r\nGET /nope?q=1 HTTP/1.1\r\nHost: x\r\n\r\n")
        _ = try c.readResponse()
        _ = try c.readResponse()
        #expect(eventually { sink.all.count == 2 })
        let records = sink.all
        #expect(records.map(\.method) == ["GET", "GET"])
        #expect(records.map(\.target) == ["/hello", "/nope?q=1"])
        #expect(records.map(\.status) == [200, 404])
        #expect(records.map(\.route) == ["/hello", nil])
        #expect(records.first?.bodyBytes == 5)
        #expect(records.allSatisfy { $0.microseconds >= 0 && $0.microseconds < 5_000_000 })
    }

    @Test func statsCountConnectionsAndBytes() throws {
        let (server, port) = try startServer()
        defer { server.shutdown() }
        let request = "GET /hello HTTP/1.1\r\nHost: x\r\n\r\n"
        let c = try RawClient(port: port)
        try c.send(request)
        _ = try c.readResponse()
        #expect(eventually { server.stats.bytesOut > 100 })
        let stats = server.stats
        #expect(stats.openConnections == 1)
        #expect(stats.totalConnections == 1)
        #expect(stats.bytesIn == request.utf8.count)
        #expect(stats.bytesOut > 100)
    }

    @Test func startRejectsAnInvalidHostWithSocketError() throws {
        let bad = Server(configuration: ServerConfiguration(host: "not-an-address", port: 0), responder: TestResponder())
        #expect(throws: SocketError(operation: "inet_pton (host 'not-an-address')", errno: EINVAL)) { try bad.start() }
        #expect(SocketError(operation: "bind", errno: EADDRINUSE).description == "bind failed: Address already in use (errno 98)")
    }
}

/// The observer (metrics, access log) runs off the I/O threads: a slow one, like a blocked
/// stdout, delays nobody's answer.
@Suite struct SlowObserverTests {
    @Test func aSlowObserverDoesNotDelayResponses() throws {
        let sink = RecordSink()
        let (server, port) = try startServer(observer: { record in
            usleep(300_000)
            sink.add(record)
        })
        let c = try RawClient(port: port)
        let started = monotonicSeconds()
        for _ in 0..<5 {
            try c.send("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try c.readResponse().text == "hello")
        }
        #expect(monotonicSeconds() - started < 0.5)
        // shutdown() returns once every record has been observed, in order.
        server.shutdown()
        #expect(sink.all.count == 5)
        #expect(sink.all.allSatisfy { $0.status == 200 && $0.target == "/hello" })
    }
}
