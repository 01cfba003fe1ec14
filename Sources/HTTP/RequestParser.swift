#if canImport(Glibc)
import Glibc
#endif

/// What the parser found in the bytes fed so far.
package enum ParseEvent: Sendable, Equatable {
    /// Not enough bytes for the next step.
    case needMore
    /// The head is complete and a body follows (`Content-Length > 0` or chunked): the place to
    /// answer `Expect: 100-continue` or to precheck. Call `next()` again to read the body.
    case head(RequestHead)
    /// A complete request (head plus de-chunked body); bytes after it stay buffered (pipelining).
    case request(Request)
    /// The request cannot be served; answer with `status` and close (framing is lost).
    case failure(status: Int, message: String)
}

/// How the current request is framed and whether its connection stays open (RFC 9112 §6, §9.3).
package struct Framing: Sendable, Equatable {
    package var contentLength: Int = 0
    package var chunked = false
    package var keepAlive = true
    package var expectContinue = false
    package var hasBody: Bool { chunked || contentLength > 0 }
}

/// Incremental HTTP/1.1 request parser: a pure state machine that owns its byte buffer and never
/// touches a file descriptor. `append` bytes, then call `next()` until it says `.needMore`.
///
/// Tolerances (RFC 9112 §2.2): a bare LF ends a line like CRLF; empty lines before a request line
/// are skipped. Obsolete line folding (§5.2), whitespace before a header colon (§5.1), control
/// characters in values, and a missing `Host` in HTTP/1.1 (§3.2) are rejected with 400.
package struct RequestParser: Sendable {
    enum State: Sendable, Equatable {
        case head
        case body(remaining: Int)
        case bodyTooLarge
        case chunkSize
        case chunkData(remaining: Int)
        case chunkDataEnd
        case trailers
        case failed(status: Int, message: String)
    }

    package let maxHeadBytes: Int
    package let maxBodyBytes: Int
    var buffer: [UInt8] = []
    var start = 0
    /// Where the search for the end of the head (or the current line) resumes.
    var scanIndex = 0
    var state: State = .head
    var pendingHead: RequestHead?
    var body: [UInt8] = []
    var trailerBytes = 0
    /// Framing of the request being read (valid from the `.head` or `.request` event on).
    package internal(set) var framing = Framing()

    package init(maxHeadBytes: Int = ServerConfiguration.defaultMaxHeadBytes,
                 maxBodyBytes: Int = ServerConfiguration.defaultMaxBodyBytes) {
        self.maxHeadBytes = maxHeadBytes
        self.maxBodyBytes = maxBodyBytes
        buffer.reserveCapacity(4096)
    }

    /// Bytes received and not yet consumed by a complete request.
    package var bufferedBytes: Int { buffer.count - start }

    /// Bytes this parser holds for the client: unconsumed input plus a chunked body being
    /// assembled. What a connection charges against the server's `MemoryBudget`.
    package var heldBytes: Int { buffer.count - start + body.count }

    /// True while a request body is being received (after `.head`, before `.request`).
    package var isMidBody: Bool {
        switch state {
        case .body, .chunkSize, .chunkData, .chunkDataEnd, .trailers: return true
        case .head, .bodyTooLarge, .failed: return false
        }
    }

    /// True between the first byte of a request and its end: what the request timeout watches.
    package var isMidRequest: Bool {
        switch state {
        case .head: return start < buffer.count
        case .failed: return false
        default: return true
        }
    }

    package mutating func append(_ bytes: UnsafeRawBufferPointer) {
        compact()
        buffer.append(contentsOf: bytes)
    }

    package mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { append($0) }
    }

    /// Drops consumed bytes so the buffer does not grow with pipelined traffic.
    mutating func compact() {
        if start == 0 { return }
        if start == buffer.count {
            // After a large body, give the memory back instead of keeping it per connection.
            buffer.removeAll(keepingCapacity: buffer.capacity <= Self.keptCapacity)
            scanIndex = 0
            start = 0
        } else if start >= 4096 && start * 2 >= buffer.count {
            buffer.removeSubrange(0..<start)
            scanIndex = max(0, scanIndex - start)
            start = 0
        }
    }

    /// Advances as far as the buffered bytes allow and reports the next event.
    package mutating func next() -> ParseEvent {
        switch state {
        case .head:
            return parseHead()
        case .body(let remaining):
            guard buffer.count - start >= remaining else { return .needMore }
            return finish(body: takeBody(remaining))
        case .bodyTooLarge:
            return fail(413, "Request body of \(framing.contentLength) bytes exceeds the limit of \(maxBodyBytes) bytes.")
        case .chunkSize, .chunkData, .chunkDataEnd, .trailers:
            return parseChunked()
        case .failed(let status, let message):
            return .failure(status: status, message: message)
        }
    }

    /// Capacity a connection's buffer keeps between requests.
    static let keptCapacity = 64 * 1024

    /// The next `count` bytes as the body. When they end the buffer (no pipelined bytes after
    /// them), the buffer itself becomes the body, moved down in place, so a large body is never
    /// held twice.
    mutating func takeBody(_ count: Int) -> [UInt8] {
        if start + count == buffer.count && count > Self.keptCapacity {
            var taken: [UInt8] = []
            swap(&taken, &buffer)
            taken.removeSubrange(0..<start)
            start = 0
            scanIndex = 0
            buffer.reserveCapacity(4096)
            return taken
        }
        let bytes = Array(buffer[start..<(start + count)])
        start += count
        return bytes
    }

    /// Makes room for a body of `count` bytes in one allocation, so the buffer does not double
    /// (and copy) its way up to it.
    mutating func reserveBody(_ count: Int) {
        guard count > Self.keptCapacity else { return }
        compact()
        if start > 0 {
            buffer.removeSubrange(0..<start)
            scanIndex = max(0, scanIndex - start)
            start = 0
        }
        buffer.reserveCapacity(buffer.count + count)
    }

    mutating func fail(_ status: Int, _ message: String) -> ParseEvent {
        state = .failed(status: status, message: message)
        pendingHead = nil
        return .failure(status: status, message: message)
    }

    mutating func finish(body bodyBytes: [UInt8]) -> ParseEvent {
        guard let head = pendingHead else { return fail(400, "Body without a request head.") }
        pendingHead = nil
        state = .head
        scanIndex = start
        return .request(Request(head: head, body: bodyBytes))
    }

    /// Finds the next LF at or after `from`, or nil.
    func indexOfLF(from: Int) -> Int? {
        guard from < buffer.count else { return nil }
        return buffer.withUnsafeBufferPointer { p -> Int? in
            guard let base = p.baseAddress,
                  let hit = memchr(base + from, 0x0A, p.count - from) else { return nil }
            return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
        }
    }
}
