/// One accepted socket, owned and touched only by its loop's thread: the socket's I/O state
/// (readiness, queued output, budget charges) and its `ConnectionStateMachine`, which decides.
///
/// Its mutable state is `@exclusivity(unchecked)`: only its loop's thread touches it, in
/// straight-line code, so the runtime's per-access exclusivity check (a thread-local access set,
/// about a tenth of a `/healthz` answer's instructions) buys nothing here.
final class Connection {
    /// Bytes still to be sent, in order. A body array is shared, not copied.
    struct OutChunk {
        var bytes: [UInt8]
        var offset: Int
    }

    let fd: Int32
    let id: UInt64
    @exclusivity(unchecked) var machine: ConnectionStateMachine
    /// Edge-triggered readiness as last reported by epoll (reset on `EAGAIN` / short read).
    @exclusivity(unchecked) var readable = false
    @exclusivity(unchecked) var writable = true
    @exclusivity(unchecked) var output: [OutChunk] = []
    /// The record of the response whose last byte is still queued.
    @exclusivity(unchecked) var pendingRecord: (record: RequestRecord, start: UInt64)?
    /// A plan made at this request's head waits in the loop's `plans` (skips that generic
    /// lookup for the many requests without one).
    @exclusivity(unchecked) var planned = false
    var lingerBytes = 0
    /// Bytes waiting in `output`.
    @exclusivity(unchecked) var outputBytes = 0
    /// Body bytes of the request whose handler runs off the loop (held until it answers).
    @exclusivity(unchecked) var inFlightBytes = 0
    /// Bytes this connection has charged against the server's `MemoryBudget`.
    @exclusivity(unchecked) var charged = 0
    /// The request running off the loop, cancelled if the client goes before it answers.
    @exclusivity(unchecked) var inFlight: Cancellation?
    /// When queued output last moved (a slow reader that still reads is never cut).
    @exclusivity(unchecked) var lastWrite: UInt64 = 0

    init(fd: Int32, id: UInt64, machine: ConnectionStateMachine) {
        self.fd = fd
        self.id = id
        self.machine = machine
    }
}
