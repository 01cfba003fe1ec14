#if canImport(Glibc)
import Glibc
#endif
import CLayoutd
import Dispatch

/// One epoll loop on its own thread, registered on the shared listening socket with
/// `EPOLLEXCLUSIVE` (`SharedListener`). Connections are
/// edge-triggered (registered once for IN|OUT|RDHUP, never re-armed); timeouts come from a
/// deadline scan every `tick`, driven by the `epoll_wait` timeout.
///
/// Not `Sendable`: a loop is created by `Server.start`, handed to its thread and touched only
/// there. Other threads reach it through what is shared on purpose: its `Mailbox` (completions
/// and the drain request) and its `LoopCounters`.
///
/// Its hot state (connections, buffers, records) is `@exclusivity(unchecked)`, as `Connection`'s:
/// one thread, no overlapping access, so no runtime check per access.
///
/// Generic over its responder, so the responder's `Plan` is kept typed between a request's head
/// and its answer (`plans`, by socket, like `connections`).
final class EventLoop<R: HTTPResponder>: LoopThread {
    static var listenerTag: UInt64 { UInt64.max }
    static var mailboxTag: UInt64 { UInt64.max - 1 }
    static var readBufferSize: Int { 64 * 1024 }
    static var maxEvents: Int32 { 256 }
    /// A reader that took nothing for this long may be cut when the budget is exhausted.
    static var stalledReaderNanos: UInt64 { 1_000_000_000 }

    let configuration: ServerConfiguration
    let responder: R
    /// Where finished exchanges go (nil: no observer); `records` collects one loop turn's.
    let delivery: RecordDelivery?
    @exclusivity(unchecked) var records: [RequestRecord] = []
    /// When `records` last went to the observer. A hand-off costs a closure and a Dispatch
    /// continuation (three allocations), so records go at most every `deliveryNanos` (or once
    /// `deliveryBatch` are waiting): under load one hand-off carries many records.
    var lastDelivery: UInt64 = 0
    static var deliveryNanos: UInt64 { 10_000_000 }
    static var deliveryBatch: Int { 256 }
    let counters: LoopCounters
    /// Every loop's counters, to enforce `maxConnections` across loops and to pick the loop a
    /// new connection goes to.
    let allCounters: [LoopCounters]
    let mailbox: Mailbox
    /// Every loop's mailbox (this one's at `index`), to hand a connection to another loop.
    let allMailboxes: [Mailbox]
    let index: Int
    /// Server-wide bytes buffered for bodies and queued answers.
    let budget: MemoryBudget
    let epollFD: Int32
    /// The socket every loop accepts from; nil once this loop let go of it (drain, exit).
    var listener: SharedListener?
    var listenerPaused = false

    @exclusivity(unchecked) var connections: [Connection?] = []
    /// The plan a responder made at the head of a request whose body is being read, by socket
    /// (taken when the request is complete, cleared when it is answered or its socket closes).
    @exclusivity(unchecked) var plans: [R.Plan?] = []
    /// The plan a responder hands back when it declines to answer inline (`handle`), taken by
    /// `handlePlanned` at once. A stored property, not a local: a local of a type made from `R`
    /// asks the runtime for its metadata on every request (`RequestPlan<R.Plan>` and two
    /// `Optional`s, about 1,200 instructions of a `/healthz` answer's 10,000, callgrind), while a
    /// stored one is passed by address.
    @exclusivity(unchecked) var declined: RequestPlan<R.Plan>? = nil
    var connectionCount = 0
    var nextID: UInt64 = 0
    /// Connections that yielded after a burst of pipelined requests; driven on the next turn.
    @exclusivity(unchecked) var deferred: [Connection] = []
    /// Connections that stopped reading a body while the budget is exhausted.
    @exclusivity(unchecked) var paused: [Connection] = []
    @exclusivity(unchecked) var encoder: ResponseEncoder
    /// The buffers a responder writes hot answers into (`respondInline`), reused.
    @exclusivity(unchecked) var writer = ResponseWriter()
    let readBuffer: UnsafeMutableRawBufferPointer
    let events: UnsafeMutablePointer<epoll_event>
    @exclusivity(unchecked) var now: UInt64 = 0
    let tickNanos: UInt64
    var nextScan: UInt64 = 0
    var draining = false
    var drainDeadline: UInt64 = 0

    /// Idle, request and linger timeouts, and while draining how long a quiet keep-alive
    /// connection stays open for a request that a client may be sending at that very moment.
    let timeouts: ConnectionStateMachine.Timeouts

    init(configuration: ServerConfiguration, responder: R,
         delivery: RecordDelivery?, listener: SharedListener, index: Int,
         allCounters: [LoopCounters], allMailboxes: [Mailbox], budget: MemoryBudget) throws(SocketError) {
        self.configuration = configuration
        self.responder = responder
        self.delivery = delivery
        self.listener = listener
        self.index = index
        self.counters = allCounters[index]
        self.allCounters = allCounters
        self.allMailboxes = allMailboxes
        self.budget = budget
        mailbox = allMailboxes[index]
        epollFD = try retryingEINTR("epoll_create1") { epoll_create1(Int32(EPOLL_CLOEXEC)) }
        encoder = ResponseEncoder(serverHeader: configuration.serverHeader)
        readBuffer = .allocate(byteCount: Self.readBufferSize, alignment: 16)
        events = .allocate(capacity: Int(Self.maxEvents))
        timeouts = .init(idle: Self.nanos(configuration.idleTimeout),
                         request: Self.nanos(configuration.requestTimeout),
                         linger: min(Self.nanos(2), Self.nanos(configuration.requestTimeout)),
                         drainGrace: Self.nanos(min(0.25, configuration.drainTimeout)),
                         requestSeconds: configuration.requestTimeout)
        let shortest = min(configuration.idleTimeout, configuration.requestTimeout, configuration.drainTimeout)
        tickNanos = Self.nanos(min(0.25, max(0.005, shortest / 4)))
        do {
            try registerListener(listener.fd)
            try register(mailbox.eventFD, tag: Self.mailboxTag, events: EPOLLIN.rawValue)
        } catch {
            close(epollFD)
            throw error
        }
    }

    deinit {
        readBuffer.deallocate()
        events.deallocate()
    }

    static func nanos(_ seconds: Double) -> UInt64 { UInt64(max(0, seconds) * 1_000_000_000) }

    static func monotonicNanos() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }

    func register(_ fd: Int32, tag: UInt64, events: UInt32) throws(SocketError) {
        var event = epoll_event()
        event.events = events
        event.data.u64 = tag
        try retryingEINTR("epoll_ctl") { epoll_ctl(epollFD, EPOLL_CTL_ADD, fd, &event) }
    }

    /// The loop body; returns when a drain finished or timed out.
    func run() {
        now = Self.monotonicNanos()
        nextScan = now + tickNanos
        while true {
            let tickMillis = Int32(max(1, tickNanos / 1_000_000))
            var timeout: Int32 = !deferred.isEmpty ? 0 : paused.isEmpty ? tickMillis : min(tickMillis, 5)
            if !records.isEmpty { timeout = min(timeout, Int32(Self.deliveryNanos / 1_000_000)) }
            let n = epoll_wait(epollFD, events, Self.maxEvents, timeout)
            now = Self.monotonicNanos()
            encoder.refreshDate()
            if n > 0 {
                for i in 0..<Int(n) { dispatch(events[i]) }
            }
            if !deferred.isEmpty {
                let batch = deferred
                deferred.removeAll(keepingCapacity: true)
                for c in batch where isOpen(c) { drive(c) }
            }
            if !paused.isEmpty && !budget.isExhausted { resumePaused() }
            if !records.isEmpty && (records.count >= Self.deliveryBatch || now &- lastDelivery >= Self.deliveryNanos) {
                delivery?.deliver(records)
                records.removeAll(keepingCapacity: true)
                lastDelivery = now
            }
            if now >= nextScan {
                scanDeadlines()
                nextScan = now + tickNanos
            }
            if draining && (connectionCount == 0 || now >= drainDeadline) { break }
        }
        for case let c? in connections { closeConnection(c) }
        for fd in mailbox.retire() { dropHandedConnection(fd) }
        if !records.isEmpty { delivery?.deliver(records) }
        releaseListener()
        close(epollFD)
    }

    func dispatch(_ event: epoll_event) {
        let tag = event.data.u64
        if tag == Self.listenerTag { acceptConnections(); return }
        if tag == Self.mailboxTag { drainMailbox(); return }
        let fd = Int(truncatingIfNeeded: tag)
        guard fd < connections.count, let c = connections[fd] else { return }
        let bits = event.events
        if bits & (EPOLLIN.rawValue | EPOLLRDHUP.rawValue | EPOLLHUP.rawValue | EPOLLERR.rawValue) != 0 {
            c.readable = true
        }
        if bits & (EPOLLRDHUP.rawValue | EPOLLHUP.rawValue) != 0 {
            c.machine.peerShutdown()
            c.inFlight?.cancel()   // its handler stops at its next look (`Cancellation`)
        }
        if bits & (EPOLLOUT.rawValue | EPOLLHUP.rawValue | EPOLLERR.rawValue) != 0 { c.writable = true }
        drive(c)
    }

    func isOpen(_ c: Connection) -> Bool {
        Int(c.fd) < connections.count && connections[Int(c.fd)] === c
    }

    /// Open connections over every loop.
    func openConnections() -> Int {
        var open = 0
        for c in allCounters { open += c.open.load(ordering: .relaxed) }
        return open
    }

    /// Stops accepting: connections past the limit wait in the kernel's listen backlog instead of
    /// being accepted and closed. `resumeListener` (after a close, or at the next deadline scan)
    /// starts again.
    func pauseListener() {
        guard !listenerPaused, let listener else { return }
        _ = epoll_ctl(epollFD, EPOLL_CTL_DEL, listener.fd, nil)
        listenerPaused = true
    }

    func resumeListener() {
        guard listenerPaused, let listener, !draining, openConnections() < configuration.maxConnections else { return }
        listenerPaused = (try? registerListener(listener.fd)) == nil
    }

    /// Level-triggered and exclusive: each new connection wakes one loop waiting in `epoll_wait`
    /// (a loop still busy is passed over), and one still waiting in the backlog reports again at
    /// this loop's next `epoll_wait`.
    func registerListener(_ fd: Int32) throws(SocketError) {
        try register(fd, tag: Self.listenerTag, events: EPOLLIN.rawValue | EPOLLEXCLUSIVE.rawValue)
    }

    /// Stops listening on this loop for good (drain, exit); the last loop closes the socket.
    func releaseListener() {
        guard let listener else { return }
        if !listenerPaused { _ = epoll_ctl(epollFD, EPOLL_CTL_DEL, listener.fd, nil) }
        listener.release()
        self.listener = nil
    }

    /// Accepts up to a batch per wakeup (the listener is level-triggered, so the rest follow),
    /// serving each here or handing it to the loop with the fewest connections
    /// (`loopWithFewestConnections`). One per wakeup, as nginx without `multi_accept`, cost an
    /// `epoll_wait` per connection (with a connection per request, `strace -c`: 3.0 system
    /// calls per connection in accept, `epoll_wait`, `epoll_ctl` and hand-offs, against 2.5 so).
    func acceptConnections() {
        guard let listenFD = listener?.fd else { return }
        for _ in 0..<64 {
            if openConnections() >= configuration.maxConnections {
                counters.acceptPauses.wrappingAdd(1, ordering: .relaxed)
                pauseListener()
                return
            }
            let fd = csystem_accept4(listenFD, Int32(SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue))
            if fd < 0 {
                switch errno {
                case EINTR, ECONNABORTED, EPROTO: continue
                case EMFILE, ENFILE, ENOBUFS, ENOMEM:
                    // Out of descriptors: stop listening until the next deadline scan, not spin.
                    pauseListener()
                    return
                default: return
                }
            }
            // Another loop may have accepted at the same moment: over the limit, answer 503.
            if openConnections() >= configuration.maxConnections {
                refuse(fd)
                continue
            }
            var one: Int32 = 1
            _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            let target = loopWithFewestConnections()
            if target != index {
                let other = allCounters[target]
                other.open.wrappingAdd(1, ordering: .relaxed)
                other.total.wrappingAdd(1, ordering: .relaxed)
                if allMailboxes[target].post(connection: fd) { continue }
                // That loop has exited (a drain): this one serves it.
                other.open.wrappingSubtract(1, ordering: .relaxed)
                other.total.wrappingSubtract(1, ordering: .relaxed)
            }
            counters.open.wrappingAdd(1, ordering: .relaxed)
            counters.total.wrappingAdd(1, ordering: .relaxed)
            adopt(fd)
        }
    }

    /// This loop, unless another holds fewer open connections (the first of the fewest).
    ///
    /// The kernel wakes whichever loop waits on the listening socket, and on an idle server that
    /// is the same loop every time: 16 connections opened at once all went to the first loop.
    /// Handing each to the loop with the fewest keeps the loops' shares within one of each other
    /// (8 and 8 of 16), and costs a mailbox wakeup only when the shares differ.
    func loopWithFewestConnections() -> Int {
        var best = index
        var fewest = counters.open.load(ordering: .relaxed)
        for (i, other) in allCounters.enumerated() where i != index {
            let open = other.open.load(ordering: .relaxed)
            if open < fewest { (best, fewest) = (i, open) }
        }
        return best
    }

    /// Registers an accepted socket (counted in this loop's counters already) and makes its
    /// connection; one whose data came before it was registered reports it at registration
    /// (epoll reports a socket's state when it is added, edge-triggered or not).
    func adopt(_ fd: Int32) {
        let events = EPOLLIN.rawValue | EPOLLOUT.rawValue | EPOLLRDHUP.rawValue | EPOLLET.rawValue
        do {
            try register(fd, tag: UInt64(fd), events: events)
        } catch {
            dropHandedConnection(fd)
            return
        }
        nextID &+= 1
        let c = Connection(fd: fd, id: nextID, machine: ConnectionStateMachine(
            parser: RequestParser(maxHeadBytes: configuration.maxHeadBytes, maxBodyBytes: configuration.maxBodyBytes),
            timeouts: timeouts, now: now))
        if Int(fd) >= connections.count {
            connections.append(contentsOf: repeatElement(nil, count: Int(fd) + 1 - connections.count))
            plans.append(contentsOf: repeatElement(nil, count: Int(fd) + 1 - plans.count))
        }
        connections[Int(fd)] = c
        connectionCount += 1
    }

    /// Closes a socket counted for this loop that never became a connection.
    func dropHandedConnection(_ fd: Int32) {
        close(fd)
        counters.open.wrappingSubtract(1, ordering: .relaxed)
    }

    func closeConnection(_ c: Connection) {
        guard isOpen(c) else { return }
        c.inFlight?.cancel()
        c.inFlight = nil
        if c.outputBytes > 0 {
            // An answer started and not sent whole: counted, and its record says how much is
            // missing (`layoutd` logs it) instead of passing for a complete answer.
            counters.answersCutShort.wrappingAdd(1, ordering: .relaxed)
            if let (record, start) = c.pendingRecord {
                var r = record
                r.unsentBytes = c.outputBytes
                r.bodyBytes = max(0, r.bodyBytes - c.outputBytes)
                c.pendingRecord = nil
                emit(r, start: start)
            }
        }
        connections[Int(c.fd)] = nil
        if c.planned { plans[Int(c.fd)] = nil }
        connectionCount -= 1
        counters.open.wrappingSubtract(1, ordering: .relaxed)
        budget.charge(-c.charged)
        c.charged = 0
        close(c.fd)
        if listenerPaused { resumeListener() }
    }

    /// A connection accepted past `maxConnections` (two loops accepting at once): a canned 503
    /// with `Retry-After`, then close.
    func refuse(_ fd: Int32) {
        counters.connectionsRefused.wrappingAdd(1, ordering: .relaxed)
        connectionLimitRefusal.withUnsafeBytes { raw in
            _ = send(fd, raw.baseAddress, raw.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
        }
        close(fd)
    }
}

/// The canned 503 of `refuse(_:)`.
let connectionLimitRefusal: [UInt8] = {
    let body = Response.problem(.forStatus(503, detail: "The server is at its connection limit; retry in a second.")).body
    return Array(("HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/problem+json\r\nRetry-After: 1\r\n"
        + "Connection: close\r\nContent-Length: \(body.count)\r\n\r\n").utf8) + body
}()

extension EventLoop {
    /// Charges the budget with what `c` holds now beyond its allowance.
    func settle(_ c: Connection) {
        let held = MemoryBudget.chargeable(c.machine.parser.heldBytes + c.outputBytes + c.inFlightBytes)
        if held != c.charged {
            budget.charge(held - c.charged)
            c.charged = held
        }
    }

    /// Drives the connections that stopped reading while the budget was exhausted.
    func resumePaused() {
        let batch = paused
        paused.removeAll(keepingCapacity: true)
        for c in batch where isOpen(c) {
            c.machine.resumed()
            drive(c)
        }
    }

    func drainMailbox() {
        let (completions, handed, drain) = mailbox.take()
        if drain && !draining { beginDrain() }
        for fd in handed {
            adopt(fd)
            // Handed over by a loop that had not seen the drain yet: treated as the drain treats
            // a quiet connection (`beginDrain`), so a request it already sent is answered.
            if draining, Int(fd) < connections.count, let c = connections[Int(fd)] {
                c.machine.drainStarted()
                c.readable = true
                drive(c)
                if isOpen(c) && isQuiet(c) { c.machine.drainGraceStarted(now: now) }
            }
        }
        for completion in completions {
            let fd = Int(completion.fd)
            guard fd < connections.count, let c = connections[fd], c.id == completion.id, c.machine.isRunning else { continue }
            c.inFlightBytes = 0
            c.inFlight = nil
            respond(c, completion.response)
            drive(c)
        }
    }

    /// Stop accepting, close connections with nothing in flight; the rest close after their
    /// response (see `drive`), or at the drain deadline.
    func beginDrain() {
        draining = true
        drainDeadline = now + Self.nanos(configuration.drainTimeout)
        releaseListener()
        // Read once more: a request already sent (maybe in this very epoll batch) is answered,
        // with `Connection: close`, instead of being lost with the connection. Connections still
        // quiet stay open for `timeouts.drainGrace`, for a request on its way, then close.
        for case let c? in connections { c.machine.drainStarted() }
        for case let c? in connections where isQuiet(c) {
            c.readable = true
            drive(c)
            if isOpen(c) && isQuiet(c) { c.machine.drainGraceStarted(now: now) }
        }
    }

    /// Nothing received, running, or waiting to be written.
    func isQuiet(_ c: Connection) -> Bool {
        c.machine.isQuiet(outputPending: !c.output.isEmpty)
    }

    func scanDeadlines() {
        resumeListener()
        if budget.isExhausted { cutSlowReaders() }
        for case let c? in connections {
            switch c.machine.deadlinePassed(now: now, outputPending: !c.output.isEmpty) {
            case .answer(let response):
                respond(c, response)
                drive(c)
            case .close:
                closeConnection(c)
            default:
                break
            }
        }
    }

    /// With the budget exhausted, closes connections whose queued answer is over their share and
    /// that took nothing for `stalledReaderNanos`: an answer admitted within the budget
    /// (`admits`) and still being read is never cut. Each cut is counted (`answersCutShort`) and
    /// its record carries the bytes not sent.
    func cutSlowReaders() {
        let share = budget.share(openConnections: openConnections())
        for case let c? in connections where c.outputBytes > share && now &- c.lastWrite > Self.stalledReaderNanos {
            counters.slowReadersCut.wrappingAdd(1, ordering: .relaxed)
            closeConnection(c)
        }
    }
}

/// What `Server` starts on a thread: an `EventLoop` of any responder type.
protocol LoopThread: AnyObject {
    var mailbox: Mailbox { get }
    func run()
}
