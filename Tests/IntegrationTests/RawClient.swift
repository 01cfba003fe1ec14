#if canImport(Glibc)
import Glibc
#endif

enum RawClientError: Error, CustomStringConvertible {
    case system(call: String, errno: Int32)
    case timedOut(afterBytes: Int)

    var description: String {
        switch self {
        case .system(let call, let code): "\(call): \(String(cString: strerror(code)))"
        case .timedOut(let bytes): "timed out after \(bytes) bytes"
        }
    }
}

/// A blocking TCP client for what curl will not send: malformed heads, pipelined requests,
/// half-sent bodies. Bytes in, bytes out, nothing interpreted.
final class RawClient {
    private var descriptor: Int32

    /// Connects to `127.0.0.1:port` with TCP_NODELAY (small writes go out at once).
    init(port: Int) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw RawClientError.system(call: "socket", errno: errno) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(UInt32(0x7F00_0001).bigEndian)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let code = errno
            Glibc.close(fd)
            throw RawClientError.system(call: "connect", errno: code)
        }
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        descriptor = fd
    }

    deinit { close() }

    func send(_ text: String) throws { try send(Array(text.utf8)) }

    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw in
                Glibc.send(descriptor, raw.baseAddress.map { $0 + offset }, raw.count - offset, Int32(MSG_NOSIGNAL))
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw RawClientError.system(call: "send", errno: errno)
            }
            offset += written
        }
    }

    /// Reads until the peer closes, `count` bytes have arrived, or `timeout` seconds pass without
    /// either (then throws). Returns what arrived.
    func read(upTo count: Int = .max, timeout: Double = 5) throws -> [UInt8] {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        let deadline = RawClient.now() + timeout
        while received.count < count {
            let remaining = deadline - RawClient.now()
            guard remaining > 0 else { throw RawClientError.timedOut(afterBytes: received.count) }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(max(1, remaining * 1000)))
            if ready < 0 {
                if errno == EINTR { continue }
                throw RawClientError.system(call: "poll", errno: errno)
            }
            if ready == 0 { continue }
            let wanted = min(buffer.count, count - received.count)
            let got = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, wanted, 0) }
            if got < 0 {
                if errno == EINTR { continue }
                if errno == ECONNRESET { break }
                throw RawClientError.system(call: "recv", errno: errno)
            }
            if got == 0 { break }  // closed by the server
            received.append(contentsOf: buffer[0..<got])
        }
        return received
    }

    /// Reads until the peer closes (or `timeout`), as text.
    func readAll(timeout: Double = 5) throws -> String {
        String(decoding: try read(timeout: timeout), as: UTF8.self)
    }

    /// Shuts down the sending side: the server sees end of input but can still answer.
    func shutdownWrite() { shutdown(descriptor, Int32(SHUT_WR)) }

    func close() {
        if descriptor >= 0 {
            Glibc.close(descriptor)
            descriptor = -1
        }
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
