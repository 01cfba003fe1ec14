#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Testing
@testable import HTTP

struct ClientError: Error, CustomStringConvertible {
    var description: String
}

/// A response as read off the wire.
struct RawResponse {
    var status: Int
    var headers: [(name: String, value: String)]
    var body: [UInt8]
    var text: String { String(decoding: body, as: UTF8.self) }
    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}

/// A blocking raw-socket client: sends exactly the bytes a test wants (curl would refuse many).
final class RawClient {
    /// -1 once closed. The init's failure path closes it itself and marks it, because a class
    /// whose throwing init has set every property still runs `deinit`: closing twice would
    /// close a descriptor number that a concurrently running test has been given meanwhile.
    private(set) var fd: Int32
    var buffer: [UInt8] = []

    init(port: Int, timeout: Double = 5) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ClientError(description: "socket: errno \(errno)") }
        var tv = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - Double(Int(timeout))) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let rc = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard rc == 0 else {
            let code = errno
            close(fd)
            fd = -1
            throw ClientError(description: "connect: errno \(code)")
        }
    }

    deinit { if fd >= 0 { close(fd) } }

    func send(_ text: String) throws { try send(Array(text.utf8)) }

    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n < 0 { throw ClientError(description: "send: errno \(errno)") }
            offset += n
        }
    }

    /// Reads more bytes into the buffer; false on EOF, throws on timeout or error.
    @discardableResult
    func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if n < 0 { throw ClientError(description: "recv: errno \(errno)") }
        if n == 0 { return false }
        buffer.append(contentsOf: chunk[0..<n])
        return true
    }

    /// Reads one response; `bodyless` for answers to HEAD.
    func readResponse(bodyless: Bool = false) throws -> RawResponse {
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

    /// True when the server closed the connection (EOF) with nothing more to read.
    func isClosedByPeer() -> Bool {
        (try? fill()) == false && buffer.isEmpty
    }

    func find(_ needle: [UInt8]) -> Int? {
        guard buffer.count >= needle.count else { return nil }
        for i in 0...(buffer.count - needle.count) where buffer[i] == needle[0] {
            if Array(buffer[i..<(i + needle.count)]) == needle { return i }
        }
        return nil
    }
}

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
