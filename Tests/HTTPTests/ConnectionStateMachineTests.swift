import Testing
@testable import HTTP

/// The connection's decisions, driven as the loop drives them but without sockets or clocks:
/// bytes, EOF, answers, the time and the budget are inputs; steps and writes are asserted.
@Suite struct ConnectionStateMachineTests {
    static let second: UInt64 = 1_000_000_000
    static let timeouts = ConnectionStateMachine.Timeouts(
        idle: 60 * second, request: 30 * second, linger: 2 * second, drainGrace: second / 4, requestSeconds: 30)

    static func machine(now: UInt64 = 0, maxBody: Int = 1 << 20) -> ConnectionStateMachine {
        ConnectionStateMachine(parser: RequestParser(maxHeadBytes: 16 * 1024, maxBodyBytes: maxBody),
                               timeouts: timeouts, now: now)
    }

    static let ok = Response(status: 200, contentType: "text/plain", body: Array("ok".utf8))

    /// What a step is, for comparisons: `request GET /a`, `answer 400`, `read`...
    static func describe(_ step: ConnectionStateMachine.Step) -> String {
        switch step {
        case .wait: return "wait"
        case .yield: return "yield"
        case .read: return "read"
        case .pause(let first): return "pause first=\(first)"
        case .head(let head, let framing): return "head \(head.method) \(head.target) length=\(framing.contentLength)"
        case .request(let r): return "request \(r.method) \(r.head.target) body=\(String(decoding: r.body, as: UTF8.self))"
        case .answer(let r): return "answer \(r.status) close=\(r.closeConnection)"
        case .linger(let first): return "linger first=\(first)"
        case .close: return "close"
        }
    }

    static func feed(_ m: inout ConnectionStateMachine, _ text: String, now: UInt64 = 0) {
        Array(text.utf8).withUnsafeBytes { m.bytesRead($0, now: now) }
    }

    static func next(_ m: inout ConnectionStateMachine, readable: Bool = true, exhausted: Bool = false,
                     now: UInt64 = 0) -> String {
        describe(m.next(readable: readable, budgetExhausted: exhausted, now: now))
    }

    @Test func pipelinedRequestsAreAnsweredInOrderAndAnOffloadedOneHoldsTheNext() {
        var m = Self.machine()
        #expect(Self.next(&m) == "read")
        Self.feed(&m, "GET /a HTTP/1.1\r\nHost: x\r\n\r\nGET /b HTTP/1.1\r\nHost: x\r\n\r\nGET /c HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(Self.next(&m) == "request GET /a body=")
        #expect(m.answer(Self.ok, now: 0) == .init(close: false, http10KeepAlive: false, sendBody: true, method: "GET", target: "/a"))
        #expect(Self.next(&m) == "request GET /b body=")
        m.offloaded()
        #expect(m.isRunning)
        // /c is buffered but not parsed while /b's handler runs.
        #expect(Self.next(&m) == "wait")
        #expect(Self.next(&m) == "wait")
        #expect(m.answer(Self.ok, now: 0).target == "/b")
        #expect(Self.next(&m) == "request GET /c body=")
        #expect(m.answer(Self.ok, now: 0).target == "/c")
        #expect(Self.next(&m, readable: false) == "wait")
    }

    @Test func aBurstOfPipelinedRequestsYieldsToOtherConnections() {
        var m = Self.machine()
        Self.feed(&m, String(repeating: "GET /h HTTP/1.1\r\nHost: x\r\n\r\n", count: 40))
        m.turnStarted()
        for _ in 0..<ConnectionStateMachine.burstLimit {
            #expect(Self.next(&m) == "request GET /h body=")
            _ = m.answer(Self.ok, now: 0)
        }
        #expect(Self.next(&m) == "yield")
        m.turnStarted()
        #expect(Self.next(&m) == "request GET /h body=")
    }

    @Test func keepAliveAndClose() {
        var m = Self.machine()
        Self.feed(&m, "GET /a HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        _ = Self.next(&m)
        #expect(m.answer(Self.ok, now: 0) == .init(close: false, http10KeepAlive: true, sendBody: true, method: "GET", target: "/a"))

        Self.feed(&m, "HEAD /b HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\nGET /never HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(Self.next(&m) == "request HEAD /b body=")
        #expect(m.answer(Self.ok, now: 0) == .init(close: true, http10KeepAlive: false, sendBody: false, method: "HEAD", target: "/b"))
        // Once the close answer is written: shut the write side, then keep discarding input;
        // the pipelined request after it is never parsed.
        #expect(Self.next(&m, now: 5) == "linger first=true")
        #expect(m.deadline == .linger && m.deadlineAt == 5 + Self.timeouts.linger)
        #expect(Self.next(&m) == "linger first=false")

        var plain = Self.machine()
        Self.feed(&plain, "GET /c HTTP/1.0\r\n\r\n")
        _ = Self.next(&plain)
        #expect(plain.answer(Self.ok, now: 0).close)

        var handler = Self.machine()
        Self.feed(&handler, "GET /d HTTP/1.1\r\nHost: x\r\n\r\n")
        _ = Self.next(&handler)
        var closing = Self.ok
        closing.closeConnection = true
        #expect(handler.answer(closing, now: 0).close)
    }

    @Test func expectContinueGetsAContinueThenTheBodyIsRead() {
        var m = Self.machine()
        Self.feed(&m, "POST /e HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n")
        guard case .head(let head, let framing) = m.next(readable: true, budgetExhausted: false, now: 0) else {
            Issue.record("expected a head")
            return
        }
        #expect(framing.contentLength == 5 && framing.expectContinue)
        guard case .sendContinue = m.headChecked(head, refusal: nil, early: nil, maxBodyBytes: 1 << 20) else {
            Issue.record("expected 100 Continue")
            return
        }
        #expect(Self.next(&m) == "read")
        Self.feed(&m, "hello")
        // Planned at the head: not again.
        #expect(Self.next(&m) == "request POST /e body=hello")
        #expect(!m.answer(Self.ok, now: 0).close)
    }

    @Test func anEarlyAnswerToExpectContinueClosesWithoutReadingTheBody() {
        var m = Self.machine()
        Self.feed(&m, "POST /e HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n")
        guard case .head(let head, _) = m.next(readable: true, budgetExhausted: false, now: 0),
              case .answer(let answer) = m.headChecked(head, refusal: nil, early: Response(status: 404), maxBodyBytes: 1 << 20)
        else {
            Issue.record("expected an early answer")
            return
        }
        #expect(answer.status == 404 && answer.closeConnection)
        #expect(m.answer(answer, now: 0) == .init(close: true, http10KeepAlive: false, sendBody: true, method: "POST", target: "/e"))
        #expect(Self.next(&m) == "linger first=true")
    }

    @Test func anEarlyAnswerWithoutExpectIsSentAfterTheBodyAndKeepsTheConnection() {
        var m = Self.machine()
        Self.feed(&m, "POST /e HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhel")
        guard case .head(let head, _) = m.next(readable: true, budgetExhausted: false, now: 0),
              case .readBody = m.headChecked(head, refusal: nil, early: Response(status: 415), maxBodyBytes: 1 << 20)
        else {
            Issue.record("expected to read the body")
            return
        }
        #expect(Self.next(&m) == "read")
        Self.feed(&m, "lo")
        #expect(Self.next(&m) == "answer 415 close=false")
        #expect(m.answer(Response(status: 415), now: 0) == .init(close: false, http10KeepAlive: false, sendBody: true, method: "POST", target: "/e"))
        Self.feed(&m, "GET /next HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(Self.next(&m) == "request GET /next body=")
    }

    @Test func aBodyTheBudgetCannotHoldIsRefusedWithClose() {
        var m = Self.machine()
        Self.feed(&m, "POST /big HTTP/1.1\r\nHost: x\r\nContent-Length: 900000\r\n\r\n")
        guard case .head(let head, _) = m.next(readable: true, budgetExhausted: false, now: 0),
              case .answer(let answer) = m.headChecked(head, refusal: Response(status: 503), early: nil, maxBodyBytes: 1 << 20)
        else {
            Issue.record("expected the refusal")
            return
        }
        #expect(answer.status == 503 && answer.closeConnection)
        #expect(m.answer(answer, now: 0).close)
    }

    @Test func halfCloseAnswersWhatWasReceivedThenCloses() {
        // Request, then FIN, while its handler runs: the answer goes out, then the read of EOF closes.
        var m = Self.machine()
        Self.feed(&m, "GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
        m.peerShutdown()
        #expect(Self.next(&m) == "request GET /slow body=")
        m.offloaded()
        #expect(Self.next(&m) == "wait")
        #expect(!m.answer(Self.ok, now: 0).close)
        #expect(Self.next(&m) == "read")
        #expect(Self.describe(m.endOfInput()) == "close")

        // An incomplete head, then FIN: a 400 at once, then close.
        var partial = Self.machine()
        Self.feed(&partial, "GET /x HTTP/1.1\r\nHo")
        #expect(Self.next(&partial) == "read")
        guard case .answer(let answer) = partial.endOfInput() else {
            Issue.record("expected a 400")
            return
        }
        #expect(answer.status == 400 && answer.closeConnection)
        #expect(String(decoding: answer.body, as: UTF8.self).contains("closed its side of the connection before the request was complete"))
        #expect(partial.answer(answer, now: 0).close)
        #expect(Self.next(&partial) == "linger first=true")
    }

    @Test func drainClosesAfterTheAnswerInFlightButServesWhatIsBuffered() {
        var m = Self.machine()
        Self.feed(&m, "POST /a HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\nhi")
        guard case .head(let head, _) = m.next(readable: true, budgetExhausted: false, now: 0) else {
            Issue.record("expected a head")
            return
        }
        _ = m.headChecked(head, refusal: nil, early: nil, maxBodyBytes: 1 << 20)
        #expect(Self.next(&m) == "request POST /a body=hi")
        m.offloaded()
        m.drainStarted()
        #expect(m.answer(Self.ok, now: 0).close)
        #expect(Self.next(&m) == "linger first=true")

        // Draining, with a second request already buffered: the first answer keeps the
        // connection open, the last one closes it.
        var pipelined = Self.machine()
        Self.feed(&pipelined, "GET /1 HTTP/1.1\r\nHost: x\r\n\r\nGET /2 HTTP/1.1\r\nHost: x\r\n\r\n")
        pipelined.drainStarted()
        _ = Self.next(&pipelined)
        #expect(!pipelined.answer(Self.ok, now: 0).close)
        #expect(Self.next(&pipelined) == "request GET /2 body=")
        #expect(pipelined.answer(Self.ok, now: 0).close)

        // A quiet connection gets only the drain grace.
        var quiet = Self.machine(now: 0)
        quiet.drainStarted()
        #expect(quiet.isQuiet(outputPending: false))
        quiet.drainGraceStarted(now: 10)
        #expect(Self.describe(quiet.deadlinePassed(now: 10 + Self.timeouts.drainGrace - 1, outputPending: false)) == "wait")
        #expect(Self.describe(quiet.deadlinePassed(now: 10 + Self.timeouts.drainGrace, outputPending: false)) == "close")
    }

    @Test func aStalledHeadGets408AtTheRequestTimeoutFromItsFirstByte() {
        var m = Self.machine(now: 0)
        Self.feed(&m, "GET /x HTTP/1.1\r\nHo", now: 100)
        #expect(Self.next(&m, readable: false) == "wait")
        m.armDeadline(outputPending: false, now: 500)
        #expect(m.deadline == .request && m.deadlineAt == 100 + Self.timeouts.request)
        // More bytes of the same head do not move it.
        Self.feed(&m, "st: x\r\n", now: 900)
        m.armDeadline(outputPending: false, now: 900)
        #expect(m.deadlineAt == 100 + Self.timeouts.request)
        #expect(Self.describe(m.deadlinePassed(now: 99 + Self.timeouts.request, outputPending: false)) == "wait")
        guard case .answer(let answer) = m.deadlinePassed(now: 100 + Self.timeouts.request, outputPending: false) else {
            Issue.record("expected a 408")
            return
        }
        #expect(answer.status == 408 && answer.closeConnection)
        #expect(String(decoding: answer.body, as: UTF8.self).contains("within 30.0 seconds"))
        #expect(m.answer(answer, now: 0).close)
    }

    @Test func idleAndWriteDeadlinesClose() {
        var m = Self.machine(now: 7)
        #expect(m.deadline == .idle && m.deadlineAt == 7 + Self.timeouts.idle)
        #expect(Self.describe(m.deadlinePassed(now: 6 + Self.timeouts.idle, outputPending: false)) == "wait")
        #expect(Self.describe(m.deadlinePassed(now: 7 + Self.timeouts.idle, outputPending: false)) == "close")

        var w = Self.machine()
        Self.feed(&w, "GET /a HTTP/1.1\r\nHost: x\r\n\r\n")
        _ = Self.next(&w)
        _ = w.answer(Self.ok, now: 0)
        w.armDeadline(outputPending: true, now: 50)
        #expect(w.deadline == .write && w.deadlineAt == 50 + Self.timeouts.request)
        // Progress re-arms it from the time of the progress.
        w.wrote()
        w.armDeadline(outputPending: true, now: 80)
        #expect(w.deadlineAt == 80 + Self.timeouts.request)
        #expect(Self.describe(w.deadlinePassed(now: 80 + Self.timeouts.request, outputPending: true)) == "close")

        // No deadline while a handler runs.
        var r = Self.machine()
        Self.feed(&r, "GET /a HTTP/1.1\r\nHost: x\r\n\r\n")
        _ = Self.next(&r)
        r.offloaded()
        r.armDeadline(outputPending: false, now: 0)
        #expect(r.deadline == .none)
        #expect(Self.describe(r.deadlinePassed(now: .max, outputPending: false)) == "wait")
    }

    @Test func aBodyStopsBeingReadWhileTheBudgetIsExhausted() {
        var m = Self.machine()
        Self.feed(&m, "POST /b HTTP/1.1\r\nHost: x\r\nContent-Length: 10\r\n\r\nabc")
        guard case .head(let head, _) = m.next(readable: true, budgetExhausted: false, now: 0) else {
            Issue.record("expected a head")
            return
        }
        _ = m.headChecked(head, refusal: nil, early: nil, maxBodyBytes: 1 << 20)
        #expect(Self.next(&m, exhausted: true) == "pause first=true")
        #expect(Self.next(&m, exhausted: true) == "pause first=false")
        m.resumed()
        #expect(Self.next(&m, exhausted: false) == "read")
        // A peer that shut its side is read anyway: it cannot send more.
        m.peerShutdown()
        #expect(Self.next(&m, exhausted: true) == "read")

        // A connection between requests is not paused: a head is never held back.
        var idle = Self.machine()
        #expect(Self.next(&idle, exhausted: true) == "read")
    }

    @Test func aMalformedRequestIsAnsweredThenTheConnectionCloses() {
        var m = Self.machine()
        Self.feed(&m, "GET /ok HTTP/1.1\r\nHost: x\r\n\r\nBROKEN\r\n\r\nGET /never HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(Self.next(&m) == "request GET /ok body=")
        _ = m.answer(Self.ok, now: 0)
        guard case .answer(let answer) = m.next(readable: true, budgetExhausted: false, now: 0) else {
            Issue.record("expected the error answer")
            return
        }
        #expect(answer.status == 400 && answer.closeConnection)
        #expect(m.answer(answer, now: 0) == .init(close: true, http10KeepAlive: false, sendBody: true, method: "", target: ""))
        #expect(Self.next(&m) == "linger first=true")

        var tooBig = Self.machine(maxBody: 4)
        Self.feed(&tooBig, "POST /b HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello")
        // The head comes first (precheck may answer it); the body over the limit is then a 413.
        guard case .head(let bigHead, _) = tooBig.next(readable: true, budgetExhausted: false, now: 0) else {
            Issue.record("expected a head")
            return
        }
        _ = tooBig.headChecked(bigHead, refusal: nil, early: nil, maxBodyBytes: 4)
        #expect(Self.next(&tooBig) == "answer 413 close=true")
    }

    @Test func anEarlyAnswerFromTheHeadIsSentOnceTheBodyIsReadAndNotForTheNextRequest() {
        var m = Self.machine()
        Self.feed(&m, "POST /p HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc")
        guard case .head(let head, _) = m.next(readable: true, budgetExhausted: false, now: 0),
              case .readBody = m.headChecked(head, refusal: nil, early: Response(status: 415), maxBodyBytes: 1 << 20)
        else {
            Issue.record("expected the body to be read")
            return
        }
        #expect(Self.next(&m) == "answer 415 close=false")
        _ = m.answer(Response(status: 415), now: 0)
        // The next request is planned afresh.
        Self.feed(&m, "GET /q HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(Self.next(&m) == "request GET /q body=")
    }
}
