#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Testing
@testable import HTTP
import TestSupport

@Suite struct ServerLimitTests {
    @Test(arguments: [
        ("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\nabc", 400,
         "Both Content-Length and Transfer-Encoding are present."),
        ("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nContent-Length: 5\r\n\r\nabc", 400,
         "Conflicting Content-Length headers."),
        ("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n", 400, "Invalid Content-Length."),
        ("POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n", 501,
         "Unsupported transfer coding; only 'chunked' is implemented."),
        ("GET /hello HTTP/1.1\r\nHost: x\r\nBad Header: 1\r\n\r\n", 400, "Malformed header field."),
        ("GET /hello HTTP/3.0\r\nHost: x\r\n\r\n", 505, "Only HTTP/1.0 and HTTP/1.1 are supported."),
        ("GET /hello HTTP/1.1\r\nHost: x\r\nX: " + String(repeating: "a", count: 300) + "\r\n\r\n", 431,
         "Request head exceeds the limit of 256 bytes."),
        ("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 2000\r\n\r\n", 413,
         "Request body of 2000 bytes exceeds the limit of 1000 bytes."),
        ("POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3e8\r\n" + String(repeating: "a", count: 1000)
            + "\r\n1\r\na\r\n0\r\n\r\n", 413, "Request body exceeds the limit of 1000 bytes."),
    ])
    func badRequestsGetProblemJSONAndClose(raw: String, status: Int, detail: String) throws {
        let (server, port) = try startServer { $0.maxHeadBytes = 256; $0.maxBodyBytes = 1000 }
        defer { server.shutdown() }
        let c = try RawClient(port: port)
        try c.send(raw)
        let r = try c.readResponse()
        #expect(r.status == status)
        #expect(r.header("Connection") == "close")
        #expect(r.header("Content-Type") == "application/problem+json")
        let expected = ProblemDetails(title: StatusLine.reason(status), status: status, detail: detail)
        #expect(r.body == expected.jsonBytes)
        #expect(c.isClosedByPeer())
    }

    @Test func stalledRequestGets408AndIsClosed() throws {
        let (server, port) = try startServer { $0.requestTimeout = 0.3 }
        defer { server.shutdown() }
        let c = try RawClient(port: port)
        let started = monotonicSeconds()
        try c.send("GET /hello HTTP/1.1\r\nHost: x\r\n")
        let r = try c.readResponse()
        let elapsed = monotonicSeconds() - started
        #expect(r.status == 408)
        #expect(r.header("Connection") == "close")
        #expect(elapsed >= 0.29 && elapsed < 1.5)
        #expect(c.isClosedByPeer())
    }

    @Test func idleKeepAliveConnectionIsClosedSilently() throws {
        let (server, port) = try startServer { $0.idleTimeout = 0.3 }
        defer { server.shutdown() }
        let c = try RawClient(port: port)
        try c.send("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
        _ = try c.readResponse()
        let started = monotonicSeconds()
        #expect(c.isClosedByPeer())
        let elapsed = monotonicSeconds() - started
        #expect(elapsed >= 0.25 && elapsed < 1.5)
    }

    @Test func thousandIdleConnectionsDoNotDelayAnotherClient() throws {
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        if limit.rlim_cur < 4096 {
            limit.rlim_cur = min(4096, limit.rlim_max)
            setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        }
        let (server, port) = try startServer()
        defer { server.shutdown() }
        let idle = try (0..<1000).map { _ in try RawClient(port: port) }
        try idle[0].send("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
        _ = try idle[0].readResponse()
        let c = try RawClient(port: port)
        let started = monotonicSeconds()
        for _ in 0..<10 {
            try c.send("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try c.readResponse().status == 200)
        }
        #expect(monotonicSeconds() - started < 0.5)
        #expect(eventually { server.stats.openConnections == 1001 })
    }

    /// At the limit the loop stops accepting: the next connection waits in the listen backlog,
    /// unanswered but not closed, and is served once another one closes.
    @Test func connectionsBeyondTheLimitWaitInTheBacklog() throws {
        let (server, port) = try startServer { $0.maxConnections = 2; $0.loopCount = 1 }
        defer { server.shutdown() }
        var a: RawClient? = try RawClient(port: port)
        let b = try RawClient(port: port)
        try a?.send("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
        _ = try a?.readResponse()
        try b.send("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
        _ = try b.readResponse()
        let c = try RawClient(port: port)
        try c.send("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
        var waiting = pollfd(fd: c.fd, events: Int16(POLLIN), revents: 0)
        #expect(poll(&waiting, 1, 300) == 0)
        #expect(server.stats.openConnections == 2)
        #expect(server.stats.acceptPauses >= 1)
        a = nil
        let r = try c.readResponse()
        #expect(r.status == 200)
        #expect(r.text == "hello")
        #expect(server.stats.connectionsRefused == 0)
    }
}

@Suite struct ServerShutdownTests {
    @Test func shutdownFinishesAnInFlightOffloadedRequest() throws {
        let (server, port) = try startServer()
        let c = try RawClient(port: port)
        try c.send("GET /slow/600 HTTP/1.1\r\nHost: x\r\n\r\n")
        usleep(50_000)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            server.shutdown()
            done.signal()
        }
        let r = try c.readResponse()
        #expect(r.status == 200)
        #expect(r.text == "slow 600")
        #expect(c.isClosedByPeer())
        #expect(done.wait(timeout: .now() + 5) == .success)
        #expect(throws: ClientError.self) { _ = try RawClient(port: port) }
    }

    @Test func shutdownClosesIdleConnectionsAndIsIdempotent() throws {
        let (server, port) = try startServer()
        let c = try RawClient(port: port)
        try c.send("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
        _ = try c.readResponse()
        let started = monotonicSeconds()
        server.shutdown()
        server.shutdown()
        #expect(monotonicSeconds() - started < 1)
        #expect(c.isClosedByPeer())
        #expect(server.stats.openConnections == 0)
    }

    @Test func shutdownGivesUpAtTheDrainTimeout() throws {
        let (server, port) = try startServer { $0.drainTimeout = 0.3 }
        let c = try RawClient(port: port)
        try c.send("GET /slow/2000 HTTP/1.1\r\nHost: x\r\n\r\n")
        usleep(50_000)
        let started = monotonicSeconds()
        server.shutdown()
        let elapsed = monotonicSeconds() - started
        #expect(elapsed >= 0.25 && elapsed < 1.5)
        #expect(c.isClosedByPeer())
    }

    @Test func sigtermShutsTheServerDown() throws {
        let (server, port) = try startServer()
        // Ignored up front so a signal that beats the waiter's own setup cannot kill the test run.
        signal(SIGTERM, SIG_IGN)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            server.waitForShutdownSignal()
            done.signal()
        }
        // The source registers asynchronously; until it does, SIGTERM is ignored, so repeat it.
        var stopped = false
        for _ in 0..<50 where !stopped {
            kill(getpid(), SIGTERM)
            stopped = done.wait(timeout: .now() + 0.1) == .success
        }
        #expect(stopped)
        #expect(throws: ClientError.self) { _ = try RawClient(port: port) }
    }
}

@Suite struct PortSharingTests {
    /// The loops share one socket bound without SO_REUSEPORT: a second server on a busy port
    /// fails, rather than silently taking half of the connections.
    @Test func aSecondServerOnTheSamePortFailsWithAddressInUse() throws {
        let (first, port) = try startServer()
        defer { first.shutdown() }
        let second = Server(configuration: ServerConfiguration(host: "127.0.0.1", port: port, loopCount: 2), responder: TestResponder())
        #expect {
            _ = try second.start()
        } throws: { error in
            (error as? SocketError)?.errno == EADDRINUSE
        }
    }

    /// The loops share one listening socket, and the kernel wakes the same idle loop for every
    /// connection: each is handed to the loop with the fewest, so 16 connections opened at once
    /// are served 8 and 8 (with a SO_REUSEPORT socket per loop they split by a hash of their
    /// ports: 6/10, 5/11, 9/7); when a client leaves, the next connection goes to the loop it left.
    @Test func connectionsAreSpreadEvenlyOverTheLoops() throws {
        let (server, port) = try startServer()   // two loops
        defer { server.shutdown() }
        var clients: [RawClient] = []
        for _ in 0..<16 { clients.append(try RawClient(port: port)) }
        for c in clients {
            try c.send("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try c.readResponse().text == "hello")
        }
        #expect(server.openConnectionsPerLoop == [8, 8])
        #expect(server.stats.totalConnections == 16)
        clients.removeLast().close()
        #expect(eventually(2) { server.openConnectionsPerLoop.sorted() == [7, 8] }, "\(server.openConnectionsPerLoop)")
        let again = try RawClient(port: port)
        try again.send("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try again.readResponse().text == "hello")
        #expect(server.openConnectionsPerLoop == [8, 8])
    }
}
