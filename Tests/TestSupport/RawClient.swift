#if canImport(Glibc)
import Glibc
#endif

/// Why a raw exchange failed.
public struct ClientError: Error, CustomStringConvertible {
    public var description: String
    public init(description: String) { self.description = description }
}

/// A response as read off the wire.
public struct RawResponse {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]
    public var text: String { String(decoding: body, as: UTF8.self) }
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}

/// The tests' one blocking raw-socket client, for what curl will not send: exactly the bytes a test
/// wants (malformed heads, pipelined requests, half-sent bodies). Connects to 127.0.0.1 with
/// TCP_NODELAY (small writes go out at once).
public final class RawClient {
    /// -1 once closed. The init's failure path closes it itself and marks it, because a class
    /// whose throwing init has set every property still runs `deinit`: closing twice would
    /// close a descriptor number that a concurrently running test has been given meanwhile.
    public private(set) var fd: Int32
    /// Bytes received and not consumed yet (`fill`, `readResponse`).
    public var buffer: [UInt8] = []

    /// `timeout`: how long one `recv` in `fill` may wait (SO_RCVTIMEO).
    public init(port: Int, timeout: Double = 5) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ClientError(description: "socket: errno \(errno)") }
        var tv = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - Double(Int(timeout))) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(UInt32(0x7F00_0001).bigEndian)
        let rc = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard rc == 0 else {
            let code = errno
            Glibc.close(fd)
            fd = -1
            throw ClientError(description: "connect: errno \(code)")
        }
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    }

    deinit { close() }

    public func send(_ text: String) throws { try send(Array(text.utf8)) }

    public func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n < 0 {
                if errno == EINTR { continue }
                throw ClientError(description: "send: errno \(errno)")
            }
            offset += n
        }
    }

    /// Reads more bytes into the buffer; false on EOF, throws on timeout or error.
    @discardableResult
    public func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if n < 0 { throw ClientError(description: "recv: errno \(errno)") }
        if n == 0 { return false }
        buffer.append(contentsOf: chunk[0..<n])
        return true
    }

    /// Reads one response; `bodyless` for answers to HEAD.
    public func readResponse(bodyless: Bool = false) throws -> RawResponse {
        var headEnd: Int?
        while headEnd == nil {
            headEnd = find([13, 10, 13, 10])
            if headEnd == nil, try !fill() { throw ClientError(description: "EOF before response head") }
        }
        let end = headEnd ?? 0
        let lines = String(decoding: buffer[0..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
            throw ClientError(description: "bad status line \(lines[0])")
        }
        var headers: [(name: String, value: String)] = []
        for line in lines.dropFirst() where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers.append((String(line[..<colon]), String(line[line.index(after: colon)...]).trimmingCharacters(in: " ")))
        }
        buffer.removeFirst(end + 4)
        var response = RawResponse(status: status, headers: headers, body: [])
        let length = bodyless || status < 200 ? 0 : Int(response.header("Content-Length") ?? "0") ?? 0
        while buffer.count < length {
            if try !fill() { throw ClientError(description: "EOF in body (\(buffer.count)/\(length))") }
        }
        response.body = Array(buffer[0..<length])
        buffer.removeFirst(length)
        return response
    }

    /// The buffered bytes, then whatever arrives until the peer closes (or resets), `count` bytes
    /// are in, or `timeout` seconds pass without either (then throws). Bytes in, bytes out.
    public func read(upTo count: Int = .max, timeout: Double = 5) throws -> [UInt8] {
        var received = Array(buffer.prefix(count))
        buffer.removeFirst(received.count)
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        let deadline = RawClient.now() + timeout
        while received.count < count {
            let remaining = deadline - RawClient.now()
            guard remaining > 0 else { throw ClientError(description: "timed out after \(received.count) bytes") }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(max(1, remaining * 1000)))
            if ready < 0 {
                if errno == EINTR { continue }
                throw ClientError(description: "poll: errno \(errno)")
            }
            if ready == 0 { continue }
            let wanted = min(chunk.count, count - received.count)
            let got = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, wanted, 0) }
            if got < 0 {
                if errno == EINTR { continue }
                if errno == ECONNRESET { break }
                throw ClientError(description: "recv: errno \(errno)")
            }
            if got == 0 { break }  // closed by the server
            received.append(contentsOf: chunk[0..<got])
        }
        return received
    }

    /// Reads until the peer closes (or `timeout`), as text.
    public func readAll(timeout: Double = 5) throws -> String {
        String(decoding: try read(timeout: timeout), as: UTF8.self)
    }

    /// True when the server closed the connection (EOF) with nothing more to read.
    public func isClosedByPeer() -> Bool {
        (try? fill()) == false && buffer.isEmpty
    }

    /// Shuts down the sending side: the server sees end of input but can still answer.
    public func shutdownWrite() { shutdown(fd, Int32(SHUT_WR)) }

    public func close() {
        if fd >= 0 {
            Glibc.close(fd)
            fd = -1
        }
    }

    /// Where `needle` starts in the buffer.
    public func find(_ needle: [UInt8]) -> Int? {
        guard buffer.count >= needle.count else { return nil }
        for i in 0...(buffer.count - needle.count) where buffer[i] == needle[0] {
            if Array(buffer[i..<(i + needle.count)]) == needle { return i }
        }
        return nil
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

// Foundation-free string helpers for parsing the head (internal: test targets that import
// Foundation keep its versions).
extension String {
    func components(separatedBy separator: String) -> [String] {
        var parts: [String] = []
        var rest = self[...]
        while let range = rest.firstRange(of: separator) {
            parts.append(String(rest[..<range.lowerBound]))
            rest = rest[range.upperBound...]
        }
        parts.append(String(rest))
        return parts
    }

    func trimmingCharacters(in set: String) -> String {
        var s = self[...]
        while let f = s.first, set.contains(f) { s = s.dropFirst() }
        while let l = s.last, set.contains(l) { s = s.dropLast() }
        return String(s)
    }
}
