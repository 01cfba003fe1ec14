/// One accepted socket, owned and touched only by its loop's thread: the socket's I/O state
/// (readiness, queued output, budget charges) and its `ConnectionStateMachine`, which decides.
final class Connection {
    /// Bytes still to be sent, in order. A body array is shared, not copied.
    struct OutChunk {
        var bytes: [UInt8]
        var offset: Int
    }

    let fd: Int32
    let id: UInt64
    var machine: ConnectionStateMachine
    /// Edge-triggered readiness as last reported by epoll (reset on `EAGAIN` / short read).
    var readable = false
    var writable = true
    var output: [OutChunk] = []
    /// The record of the response whose last byte is still queued.
    var pendingRecord: (record: RequestRecord, start: UInt64)?
    /// A plan made at this request's head waits in the loop's `plans` (skips that generic
    /// lookup for the many requests without one).
    var planned = false
    var lingerBytes = 0
    /// Bytes waiting in `output`.
    var outputBytes = 0
    /// Body bytes of the request whose handler runs off the loop (held until it answers).
    var inFlightBytes = 0
    /// Bytes this connection has charged against the server's `MemoryBudget`.
    var charged = 0

    init(fd: Int32, id: UInt64, machine: ConnectionStateMachine) {
        self.fd = fd
        self.id = id
        self.machine = machine
    }
}
