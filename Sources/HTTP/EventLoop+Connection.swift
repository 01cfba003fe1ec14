#if canImport(Glibc)
import Glibc
#endif
import CLayoutd
import Dispatch

extension EventLoop {
    /// Bytes written to one connection per turn before yielding to the others: copying a large
    /// answer into the kernel must not hold up the loop.
    static var writeBurst: Int { 1 << 20 }

    /// Moves one connection as far as it can go, then settles its memory budget.
    func drive(_ c: Connection) {
        driveTurns(c)
        if isOpen(c) { settle(c) }
    }

    /// Flush output, then perform what the connection's state machine asks for.
    func driveTurns(_ c: Connection) {
        c.machine.turnStarted()
        // Bounded: every turn writes, parses, or reads; reading stops at EAGAIN or EOF.
        turns: while true {
            if !c.output.isEmpty {
                guard flush(c) else { return }
                if !c.output.isEmpty {
                    // Still writable: the write burst is spent; carry on next turn.
                    if c.writable { deferred.append(c) }
                    break turns
                }
            }
            switch c.machine.next(readable: c.readable, budgetExhausted: budget.isExhausted, now: now) {
            case .wait:
                break turns
            case .yield:
                deferred.append(c)
                break turns
            case .pause(let first):
                if first { paused.append(c) }
                break turns
            case .read:
                guard readOnce(c) else { return }
            case .head(let head, let framing):
                handleHead(c, head, framing)
            case .request(let request):
                handle(c, request)
            case .answer(let response):
                respond(c, response)
            case .linger(let first):
                linger(c, first: first)
                return
            case .close:
                closeConnection(c)
                return
            }
        }
        updateDeadline(c)
    }

    /// One `read`; false when the connection was closed (EOF or error).
    func readOnce(_ c: Connection) -> Bool {
        let n: Int
        do {
            n = try retryingEINTR("read") { read(c.fd, readBuffer.baseAddress, readBuffer.count) }
        } catch {
            if error.errno == EAGAIN || error.errno == EWOULDBLOCK {
                c.readable = false
                return true
            }
            closeConnection(c)
            return false
        }
        if n == 0 {
            c.readable = false
            switch c.machine.endOfInput() {
            case .answer(let response):
                respond(c, response)
                return true
            default:
                closeConnection(c)
                return false
            }
        }
        // A short read drained the socket; with edge triggering the next byte brings a new event.
        // After EPOLLRDHUP no new edge comes: keep reading until `read` returns 0.
        if n < readBuffer.count && !c.machine.peerClosed { c.readable = false }
        counters.bytesIn.wrappingAdd(n, ordering: .relaxed)
        c.machine.bytesRead(UnsafeRawBufferPointer(rebasing: readBuffer[0..<n]), now: now)
        settle(c)
        return true
    }

    func handleHead(_ c: Connection, _ head: RequestHead, _ framing: Framing) {
        var refusal: Response?
        // A body over maxBodyBytes is the parser's 413; any other is measured against the budget.
        if framing.contentLength <= configuration.maxBodyBytes,
           budget.wouldExceed(adding: MemoryBudget.chargeable(framing.contentLength)) {
            // The server holds all it may for bodies and slow readers: refuse this body unread.
            counters.bodiesRefused.wrappingAdd(1, ordering: .relaxed)
            var busy = Response.problem(.forStatus(503, detail:
                "The server is buffering as many request and response bytes as it may (maxBufferedBytes = \(budget.limit)); retry in a second."))
            busy.headers.add("Retry-After", "1")
            refusal = busy
        }
        var early: Response?
        if refusal == nil {
            switch responder.plan(for: head) {
            case .answer(let answer): early = answer
            case .proceed(let plan):
                plans[Int(c.fd)] = plan
                c.planned = true
            }
        }
        switch c.machine.headChecked(head, refusal: refusal, early: early, maxBodyBytes: configuration.maxBodyBytes) {
        case .readBody:
            break
        case .sendContinue:
            enqueue(c, ResponseEncoder.continueLine, body: [], sendBody: false)
        case .answer(let response):
            respond(c, response)
        }
    }

    /// Runs a complete request with the plan made at its head (or makes it now, for a request
    /// without a body): its early answer, or its handler inline or on Dispatch.
    func handle(_ c: Connection, _ request: Request) {
        if !c.planned {
            // The hot path: the responder writes the answer straight into the loop's buffers
            // (or hands back the plan it made while declining). Nothing here is a local of a
            // type made from `R` (see `declined`).
            writer.reset()
            if responder.respondInline(to: request, into: &writer, declined: &declined) {
                respondWritten(c)
                return
            }
        }
        handlePlanned(c, request)
    }

    /// The rest of `handle`: the plan made at the head, handed back by `respondInline` or made
    /// now; its early answer, or its handler inline or on Dispatch.
    @inline(never)
    func handlePlanned(_ c: Connection, _ request: Request) {
        var plan: R.Plan
        if c.planned, let planned = plans[Int(c.fd)].take() {
            c.planned = false
            plan = planned
        } else {
            switch declined.take() ?? responder.plan(for: request.head) {
            case .answer(let early):
                respond(c, early)
                return
            case .proceed(let fresh):
                plan = fresh
            }
        }
        switch responder.execution(for: request, plan: &plan) {
        case .inline:
            respond(c, responder.respond(to: request, plan: plan))
        case .offload:
            c.machine.offloaded()
            c.inFlightBytes = request.body.count
            let cancellation = Cancellation()
            if c.machine.peerClosed { cancellation.cancel() }
            c.inFlight = cancellation
            var offloaded = request
            offloaded.cancellation = cancellation
            let request = offloaded
            let responder = self.responder
            let mailbox = self.mailbox
            let fd = c.fd
            let id = c.id
            DispatchQueue.global().async { [plan] in
                responder.respond(to: request, plan: plan) { response in
                    mailbox.post(Completion(fd: fd, id: id, response: response))
                }
            }
        }
    }

    /// Serialises `response` for the request being answered and starts writing it. An answer
    /// whose body the buffer budget cannot hold is never started: a 503 with `Retry-After` goes
    /// instead, decided before the status line (`admits`).
    func respond(_ c: Connection, _ response: Response) {
        if c.planned {
            plans[Int(c.fd)] = nil   // a request answered early, or failed mid-body, leaves no plan behind
            c.planned = false
        }
        let write = c.machine.answer(response, now: now)
        var response = response
        if write.sendBody, !admits(c, bodyBytes: response.body.count) {
            counters.answersRefused.wrappingAdd(1, ordering: .relaxed)
            var busy = Response.problem(.forStatus(503, detail:
                "The answer is \(response.body.count) bytes and the server is buffering as many answer and request bytes as it may (maxBufferedBytes = \(budget.limit), \(budget.used) held now); retry in a second, or ask for less (Prefer: return=minimal, a rect query)."))
            busy.headers.add("Retry-After", "1")
            busy.route = response.route
            response = busy
        }
        encoder.encode(response, close: write.close, http10KeepAlive: write.http10KeepAlive)
        let coalesced = write.sendBody && encoder.coalesce(response.body)
        guard enqueue(c, encoder.head, body: coalesced ? [] : response.body, sendBody: write.sendBody) else { return }
        record(c, write, status: response.status, route: response.route, bodyBytes: response.body.count)
    }

    /// Sends the answer the responder wrote into `writer` (`respondInline`), as `respond` does a
    /// `Response`: one `sendmsg` of head and body from the loop's buffers, copied only if the
    /// socket does not take it all.
    func respondWritten(_ c: Connection) {
        let write = c.machine.answer(closeConnection: false, now: now)
        encoder.encode(writer, close: write.close, http10KeepAlive: write.http10KeepAlive)
        let coalesced = write.sendBody && encoder.coalesce(writer.body)
        guard enqueue(c, encoder.head, body: coalesced ? [] : writer.body, sendBody: write.sendBody) else { return }
        record(c, write, status: writer.status, route: writer.route, bodyBytes: writer.body.count)
    }

    /// The access record of the answer just queued: to the batch now if its last byte went to
    /// the kernel, else when it does (`flush`). Made once, only with an observer.
    func record(_ c: Connection, _ write: ConnectionStateMachine.Write, status: Int, route: String?, bodyBytes: Int) {
        guard delivery != nil else { return }
        let start = c.machine.requestStart
        let sent = write.sendBody ? bodyBytes : 0
        if c.output.isEmpty {
            records.append(RequestRecord(method: write.method, target: write.target, status: status, route: route,
                                         bodyBytes: sent, microseconds: Self.microseconds(since: start)))
        } else {
            c.pendingRecord = (RequestRecord(method: write.method, target: write.target, status: status, route: route,
                                             bodyBytes: sent, microseconds: 0), start)
        }
    }

    /// Whether an answer of `bodyBytes` may start on `c`: small ones always (the connection's
    /// uncharged allowance); others when what every other connection holds plus what `c` will
    /// hold fits the budget, or when nothing else is held at all (one answer always gets
    /// through; the application caps answers below the budget, `--max-answer-bytes`).
    func admits(_ c: Connection, bodyBytes: Int) -> Bool {
        guard bodyBytes > MemoryBudget.allowance else { return true }
        let others = budget.used - c.charged
        if others <= 0 { return true }
        return others + MemoryBudget.chargeable(c.outputBytes + bodyBytes) <= budget.limit
    }

    static func microseconds(since start: UInt64) -> Int { Int((monotonicNanos() &- start) / 1000) }

    /// Writes head and body with one `sendmsg`, queueing whatever the socket did not take; false
    /// when the connection was closed (its peer is gone).
    @discardableResult
    func enqueue(_ c: Connection, _ head: [UInt8], body: [UInt8], sendBody: Bool) -> Bool {
        let bodyCount = sendBody ? body.count : 0
        var written = 0
        c.lastWrite = now
        if c.output.isEmpty && c.writable {
            written = head.withUnsafeBytes { h in
                body.withUnsafeBytes { b in sendPair(c, h, UnsafeRawBufferPointer(rebasing: b[0..<bodyCount])) }
            }
            if written < 0 { return false }
        }
        if written < head.count {
            c.output.append(.init(bytes: Array(head[written...]), offset: 0))
            if bodyCount > 0 { c.output.append(.init(bytes: body, offset: 0)) }
        } else if written < head.count + bodyCount {
            c.output.append(.init(bytes: body, offset: written - head.count))
        }
        c.outputBytes += head.count + bodyCount - written
        return true
    }

    /// `sendmsg` of up to two buffers (`send` of one) with `MSG_NOSIGNAL`. Returns bytes written, or -1 after
    /// closing a connection whose peer is gone.
    func sendPair(_ c: Connection, _ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Int {
        let total = a.count + b.count
        var done = 0
        // Bounded: each turn writes bytes or stops, and a turn's writes stop at `writeBurst`.
        while done < total && done < Self.writeBurst {
            var vectors = (iovec(), iovec())
            var count = 1
            if done < a.count {
                vectors.0 = iovec(iov_base: UnsafeMutableRawPointer(mutating: a.baseAddress.map { $0 + done }),
                                  iov_len: a.count - done)
                vectors.1 = iovec(iov_base: UnsafeMutableRawPointer(mutating: b.baseAddress), iov_len: b.count)
                if b.count > 0 { count = 2 }
            } else {
                let offset = done - a.count
                vectors.0 = iovec(iov_base: UnsafeMutableRawPointer(mutating: b.baseAddress.map { $0 + offset }),
                                  iov_len: b.count - offset)
            }
            if count == 1 {
                // One buffer: `send`, which spares the kernel the iovec import of `sendmsg`.
                let n: Int
                do throws(SocketError) {
                    n = try retryingEINTR("send") { send(c.fd, vectors.0.iov_base, vectors.0.iov_len, Int32(MSG_NOSIGNAL)) }
                } catch {
                    if error.errno == EAGAIN || error.errno == EWOULDBLOCK {
                        c.writable = false
                        break
                    }
                    closeConnection(c)
                    return -1
                }
                done += n
                continue
            }
            let n: Int = withUnsafeMutablePointer(to: &vectors) { pair in
                pair.withMemoryRebound(to: iovec.self, capacity: 2) { iov in
                    var message = msghdr()
                    message.msg_iov = iov
                    message.msg_iovlen = count
                    do throws(SocketError) {
                        return try retryingEINTR("sendmsg") { sendmsg(c.fd, &message, Int32(MSG_NOSIGNAL)) }
                    } catch {
                        return -Int(error.errno)
                    }
                }
            }
            if n < 0 {
                if -n == Int(EAGAIN) || -n == Int(EWOULDBLOCK) {
                    c.writable = false
                    break
                }
                closeConnection(c)
                return -1
            }
            done += n
        }
        counters.bytesOut.wrappingAdd(done, ordering: .relaxed)
        return done
    }

    /// Sends queued chunks until done or `EAGAIN`; false when the connection was closed.
    func flush(_ c: Connection) -> Bool {
        var sent = 0
        while c.writable, !c.output.isEmpty, sent < Self.writeBurst {
            let chunk = c.output[0]
            let n = chunk.bytes.withUnsafeBytes { raw in
                sendPair(c, UnsafeRawBufferPointer(rebasing: raw[chunk.offset...]), UnsafeRawBufferPointer(start: nil, count: 0))
            }
            if n < 0 { return false }
            if n > 0 {
                c.machine.wrote()
                c.lastWrite = now
            }
            c.outputBytes -= n
            sent += n
            if chunk.offset + n == chunk.bytes.count {
                c.output.removeFirst()
            } else {
                c.output[0].offset += n
            }
        }
        if c.output.isEmpty, let (record, start) = c.pendingRecord {
            c.pendingRecord = nil
            emit(record, start: start)
        }
        return true
    }

    func emit(_ record: RequestRecord, start: UInt64) {
        guard delivery != nil else { return }
        var r = record
        r.microseconds = Self.microseconds(since: start)
        records.append(r)
    }

    /// After a final `Connection: close` response: shut the write side (`first`), then read and
    /// discard until EOF so unread request bytes do not turn the close into a reset that loses
    /// the answer.
    func linger(_ c: Connection, first: Bool) {
        if first {
            shutdown(c.fd, Int32(SHUT_WR))
            c.readable = true
        }
        while c.readable {
            let n = read(c.fd, readBuffer.baseAddress, readBuffer.count)
            if n > 0 {
                c.lingerBytes += n
                if c.lingerBytes > 1 << 20 { closeConnection(c); return }
                continue
            }
            if n < 0 && errno == EINTR { continue }
            if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { c.readable = false; return }
            closeConnection(c)
            return
        }
    }

    func updateDeadline(_ c: Connection) {
        guard isOpen(c) else { return }
        c.machine.armDeadline(outputPending: !c.output.isEmpty, now: now)
    }
}
