#if canImport(Glibc)
import Glibc
#endif
import CLayoutd
import Dispatch

extension EventLoop {
    /// Requests answered per `drive` before yielding to other connections.
    static let burstLimit = 32
    /// Bytes written to one connection per turn before yielding to the others: copying a large
    /// answer into the kernel must not hold up the loop.
    static let writeBurst = 1 << 20

    /// Moves one connection as far as it can go, then settles its memory budget.
    func drive(_ c: Connection) {
        driveTurns(c)
        if isOpen(c) { settle(c) }
    }

    /// Flush output, parse, answer, read more.
    func driveTurns(_ c: Connection) {
        c.burst = 0
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
            if c.closeAfterOutput {
                linger(c)
                return
            }
            if c.busy { break turns }
            if c.burst >= Self.burstLimit {
                deferred.append(c)
                break turns
            }
            switch c.parser.next() {
            case .request(let request):
                c.burst += 1
                handle(c, request)
            case .head(let head):
                handleHead(c, head)
            case .failure(let status, let message):
                respondWithError(c, status: status, message: message)
            case .needMore:
                if !c.readable { break turns }
                if c.parser.isMidBody && budget.isExhausted && !c.peerClosed {
                    // Backpressure: leave the bytes in the kernel until the budget has room. (A
                    // peer that shut its side can send no more: what the kernel holds is read.)
                    if !c.pausedForBudget {
                        c.pausedForBudget = true
                        paused.append(c)
                    }
                    break turns
                }
                guard readOnce(c) else { return }
                continue
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
        if n == 0 { return endOfInput(c) }
        // A short read drained the socket; with edge triggering the next byte brings a new event.
        // After EPOLLRDHUP no new edge comes: keep reading until `read` returns 0.
        if n < readBuffer.count && !c.peerClosed { c.readable = false }
        counters.bytesIn.wrappingAdd(n, ordering: .relaxed)
        if !c.parser.isMidRequest { c.requestStart = now }
        c.parser.append(UnsafeRawBufferPointer(rebasing: readBuffer[0..<n]))
        settle(c)
        return true
    }

    /// The client shut its write side. Requests received before it were answered already (we
    /// read only when the parser needs more); an incomplete one can never finish, so it gets its
    /// 400 now rather than a 408 at the request timeout. False when the connection was closed.
    func endOfInput(_ c: Connection) -> Bool {
        c.readable = false
        c.peerClosed = true
        guard c.parser.isMidRequest else {
            closeConnection(c)
            return false
        }
        respondWithError(c, status: 400,
                         message: "The client closed its side of the connection before the request was complete.")
        return true
    }

    func handleHead(_ c: Connection, _ head: RequestHead) {
        c.prechecked = true
        let framing = c.parser.framing
        // A body over maxBodyBytes is the parser's 413; any other is measured against the budget.
        if framing.contentLength <= configuration.maxBodyBytes,
           budget.wouldExceed(adding: MemoryBudget.chargeable(framing.contentLength)) {
            // The server holds all it may for bodies and slow readers: refuse this body unread.
            counters.bodiesRefused.wrappingAdd(1, ordering: .relaxed)
            c.current = .init(method: head.method, target: head.target, keepAlive: false, version: head.version)
            var busy = Response.problem(.forStatus(503, detail:
                "The server is buffering as many request and response bytes as it may (maxBufferedBytes = \(budget.limit)); retry in a second."))
            busy.headers.add("Retry-After", "1")
            busy.closeConnection = true
            respond(c, busy)
            return
        }
        if let early = responder.precheck(head) {
            if framing.expectContinue {
                // RFC 9110 §10.1.1: answer without reading the body; the body may never come.
                var final = early
                final.closeConnection = true
                c.current = .init(method: head.method, target: head.target, keepAlive: false, version: head.version)
                respond(c, final)
            } else {
                c.precheckResponse = early
            }
            return
        }
        if framing.expectContinue && head.version == .http1_1 && framing.contentLength <= configuration.maxBodyBytes {
            enqueue(c, ResponseEncoder.continueLine, body: [], sendBody: false, record: nil, start: 0)
        }
    }

    func handle(_ c: Connection, _ request: Request) {
        let head = request.head
        c.current = .init(method: head.method, target: head.target,
                          keepAlive: c.parser.framing.keepAlive, version: head.version)
        let prechecked = c.prechecked
        c.prechecked = false
        if let early = c.precheckResponse {
            c.precheckResponse = nil
            respond(c, early)
            return
        }
        if !prechecked, let early = responder.precheck(head) {
            respond(c, early)
            return
        }
        switch responder.execution(for: request) {
        case .inline:
            respond(c, responder.respond(to: request))
        case .offload:
            c.busy = true
            c.inFlightBytes = request.body.count
            let responder = self.responder
            let mailbox = self.mailbox
            let fd = c.fd
            let id = c.id
            DispatchQueue.global().async {
                mailbox.post(Completion(fd: fd, id: id, response: responder.respond(to: request)))
            }
        }
    }

    func respondWithError(_ c: Connection, status: Int, message: String) {
        if c.current == nil {
            c.current = .init(method: "", target: "", keepAlive: false, version: .http1_1)
        }
        var response = Response.problem(.forStatus(status, detail: message))
        response.closeConnection = true
        respond(c, response)
    }

    /// Serialises `response` for the request in `c.current` and starts writing it.
    func respond(_ c: Connection, _ response: Response) {
        let current = c.current ?? .init(method: "", target: "", keepAlive: false, version: .http1_1)
        c.current = nil
        let close = response.closeConnection || !current.keepAlive || c.closeAfterOutput
            || (draining && c.parser.bufferedBytes == 0)
        encoder.encode(response, close: close,
                       http10KeepAlive: !close && current.version == .http1_0)
        let isHead = current.method == "HEAD"
        var record: RequestRecord?
        if delivery != nil {
            record = RequestRecord(method: current.method, target: current.target, status: response.status,
                                   route: response.route, bodyBytes: isHead ? 0 : response.body.count,
                                   microseconds: 0)
        }
        if close { c.closeAfterOutput = true }
        enqueue(c, encoder.head, body: response.body, sendBody: !isHead, record: record, start: c.requestStart)
        // A fresh idle or request deadline starts after each response.
        c.deadlineKind = .none
        if c.parser.bufferedBytes > 0 { c.requestStart = now }
    }

    /// Writes head and body with one `sendmsg`, queueing whatever the socket did not take.
    func enqueue(_ c: Connection, _ head: [UInt8], body: [UInt8], sendBody: Bool,
                 record: RequestRecord?, start: UInt64) {
        let bodyCount = sendBody ? body.count : 0
        var written = 0
        if c.output.isEmpty && c.writable {
            written = head.withUnsafeBytes { h in
                body.withUnsafeBytes { b in sendPair(c, h, UnsafeRawBufferPointer(rebasing: b[0..<bodyCount])) }
            }
            if written < 0 { return }
        }
        if written < head.count {
            c.output.append(.init(bytes: Array(head[written...]), offset: 0))
            if bodyCount > 0 { c.output.append(.init(bytes: body, offset: 0)) }
        } else if written < head.count + bodyCount {
            c.output.append(.init(bytes: body, offset: written - head.count))
        }
        c.outputBytes += head.count + bodyCount - written
        if let record {
            if c.output.isEmpty { emit(record, start: start) } else { c.pendingRecord = (record, start) }
        }
    }

    /// `sendmsg` of up to two buffers with `MSG_NOSIGNAL`. Returns bytes written, or -1 after
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
            if n > 0 { c.deadlineKind = .none }
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
        r.microseconds = Int((Self.monotonicNanos() &- start) / 1000)
        records.append(r)
    }

    /// After a final `Connection: close` response: shut the write side, then read and discard
    /// until EOF so unread request bytes do not turn the close into a reset that loses the answer.
    func linger(_ c: Connection) {
        if !c.lingering {
            c.lingering = true
            shutdown(c.fd, Int32(SHUT_WR))
            c.deadlineKind = .linger
            c.deadline = now + lingerNanos
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
        guard isOpen(c), !c.lingering else { return }
        if c.busy {
            c.deadlineKind = .none
        } else if !c.output.isEmpty {
            if c.deadlineKind != .write { c.deadlineKind = .write; c.deadline = now + requestNanos }
        } else if c.parser.isMidRequest {
            if c.deadlineKind != .request { c.deadlineKind = .request; c.deadline = c.requestStart + requestNanos }
        } else if c.deadlineKind != .idle {
            c.deadlineKind = .idle
            c.deadline = now + (draining ? drainGraceNanos : idleNanos)
        }
    }
}
