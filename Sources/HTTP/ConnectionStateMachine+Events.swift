/// The events of `ConnectionStateMachine`: each is pure and returns what the loop must do.
extension ConnectionStateMachine {
    /// A `drive` begins: the burst of requests answered in one turn starts again.
    mutating func turnStarted() {
        burst = 0
    }

    /// The loop has written all queued output (or there was none) and asks what comes next.
    /// `readable`: epoll said the socket may have bytes; `budgetExhausted`: the server-wide
    /// memory budget has no room.
    mutating func next(readable: Bool, budgetExhausted: Bool, now: UInt64) -> Step {
        switch state {
        case .closing:
            state = .lingering
            deadline = .linger
            deadlineAt = now + timeouts.linger
            return .linger(first: true)
        case .lingering:
            return .linger(first: false)
        case .running, .answering:
            return .wait
        case .open(let early):
            if burst >= Self.burstLimit { return .yield }
            switch parser.next() {
            case .request(let request):
                burst += 1
                let head = request.head
                state = .answering(.init(method: head.method, target: head.target,
                                         keepAlive: parser.framing.keepAlive, version: head.version))
                if let early { return .answer(early) }
                return .request(request)
            case .head(let head):
                state = .open(early: nil)
                return .head(head, parser.framing)
            case .failure(let status, let message):
                return .answer(fail(status, message))
            case .needMore:
                if !readable { return .wait }
                if parser.isMidBody && budgetExhausted && !peerClosed {
                    // Backpressure: leave the bytes in the kernel until the budget has room. (A
                    // peer that shut its side can send no more: what the kernel holds is read.)
                    let first = !pausedForBudget
                    pausedForBudget = true
                    return .pause(first: first)
                }
                return .read
            }
        }
    }

    /// The budget has room again: the loop drives the connection.
    mutating func resumed() {
        pausedForBudget = false
    }

    /// `read` returned bytes.
    mutating func bytesRead(_ bytes: UnsafeRawBufferPointer, now: UInt64) {
        if !parser.isMidRequest { requestStart = now }
        parser.append(bytes)
    }

    /// epoll reported `EPOLLRDHUP` / `EPOLLHUP`: the peer shut its write side.
    mutating func peerShutdown() {
        peerClosed = true
    }

    /// `read` returned 0. Requests received before it were answered already (the loop reads
    /// only when the parser needs more); an incomplete one can never finish, so it gets its 400
    /// now rather than a 408 at the request timeout. Returns `.close` or `.answer`.
    mutating func endOfInput() -> Step {
        peerClosed = true
        guard parser.isMidRequest else { return .close }
        return .answer(fail(400, "The client closed its side of the connection before the request was complete."))
    }

    /// The loop checked a head with a body: `refusal` is the budget's 503 when the declared body
    /// does not fit, else `early` is the responder's answer from the head (the body is not needed).
    mutating func headChecked(_ head: RequestHead, refusal: Response?, early: Response?,
                              maxBodyBytes: Int) -> HeadOutcome {
        let framing = parser.framing
        let answerNow = Exchange(method: head.method, target: head.target, keepAlive: false, version: head.version)
        if var refusal {
            refusal.closeConnection = true
            state = .answering(answerNow)
            return .answer(refusal)
        }
        if var early {
            if framing.expectContinue {
                // RFC 9110 §10.1.1: answer without reading the body; the body may never come.
                early.closeConnection = true
                state = .answering(answerNow)
                return .answer(early)
            }
            state = .open(early: early)
            return .readBody
        }
        state = .open(early: nil)
        if framing.expectContinue && head.version == .http1_1 && framing.contentLength <= maxBodyBytes {
            return .sendContinue
        }
        return .readBody
    }

    /// The request's handler was handed to Dispatch.
    mutating func offloaded() {
        if case .answering(let exchange) = state { state = .running(exchange) }
        deadline = .none
    }

    /// An answer is ready (inline, from Dispatch, precheck, or an error): how to write it.
    mutating func answer(_ response: Response, now: UInt64) -> Write {
        answer(closeConnection: response.closeConnection, now: now)
    }

    /// An answer is ready that asks (`closeConnection`) or not to close the connection after it.
    mutating func answer(closeConnection: Bool, now: UInt64) -> Write {
        let exchange: Exchange
        switch state {
        case .answering(let e), .running(let e): exchange = e
        default: exchange = .unknown
        }
        let close = closeConnection || !exchange.keepAlive || isClosing
            || (draining && parser.bufferedBytes == 0)
        state = close ? (isLingering ? .lingering : .closing) : .open(early: nil)
        // A fresh idle or request deadline starts after each response.
        deadline = .none
        if parser.bufferedBytes > 0 { requestStart = now }
        return Write(close: close, http10KeepAlive: !close && exchange.version == .http1_0,
                     sendBody: exchange.method != "HEAD", method: exchange.method, target: exchange.target)
    }

    /// Output made progress: the write deadline starts again.
    mutating func wrote() {
        deadline = .none
    }

    /// After the loop's turn on the connection: arm the deadline that fits what it waits for.
    mutating func armDeadline(outputPending: Bool, now: UInt64) {
        if case .lingering = state { return }
        if isRunning {
            deadline = .none
        } else if outputPending {
            if deadline != .write { deadline = .write; deadlineAt = now + timeouts.request }
        } else if parser.isMidRequest {
            if deadline != .request { deadline = .request; deadlineAt = requestStart + timeouts.request }
        } else if deadline != .idle {
            deadline = .idle
            deadlineAt = now + (draining ? timeouts.drainGrace : timeouts.idle)
        }
    }

    /// The deadline scan: `.wait` (not due), `.answer` (408) or `.close`.
    mutating func deadlinePassed(now: UInt64, outputPending: Bool) -> Step {
        guard deadline != .none, now >= deadlineAt else { return .wait }
        if deadline == .request && !isRunning && !outputPending {
            deadline = .none
            return .answer(fail(408, "The request was not received completely within \(timeouts.requestSeconds) seconds."))
        }
        return .close
    }

    /// The server began to drain: answers close the connection when nothing else is buffered.
    mutating func drainStarted() {
        draining = true
    }

    /// Draining, and the connection is still quiet after one more read: it stays open only for
    /// `drainGrace`, for a request on its way.
    mutating func drainGraceStarted(now: UInt64) {
        deadline = .idle
        deadlineAt = min(deadlineAt, now + timeouts.drainGrace)
    }

    /// A malformed or incomplete request: its error answer, then close.
    private mutating func fail(_ status: Int, _ message: String) -> Response {
        state = .answering(.unknown)
        var response = Response.problem(.forStatus(status, detail: message))
        response.closeConnection = true
        return response
    }

    var isLingering: Bool { if case .lingering = state { return true } else { return false } }
}
