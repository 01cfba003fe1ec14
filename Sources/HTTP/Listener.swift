#if canImport(Glibc)
import Glibc
#endif
import CLayoutd

/// Creates the non-blocking `SO_REUSEPORT` listening sockets, one per loop.
enum Listener {
    /// Fails with EADDRINUSE when anything already listens on `host:port`, including another
    /// layoutd: `SO_REUSEPORT` alone would let a second server bind the same port silently and
    /// take half of its connections. Binds (without `SO_REUSEPORT`) and closes a probe socket.
    static func ensureAvailable(host: String, port: Int) throws(SocketError) {
        guard port != 0 else { return }
        let probe = try open(host: host, port: port, reusePort: false, listening: false)
        close(probe.fd)
    }

    /// Opens, binds and listens; returns the descriptor and the bound port.
    static func open(host: String, port: Int, reusePort: Bool = true, listening: Bool = true) throws(SocketError) -> (fd: Int32, port: Int) {
        guard (0...65535).contains(port) else { throw SocketError(operation: "bind (port \(port))", errno: EINVAL) }
        var v4 = in_addr()
        var v6 = in6_addr()
        let name = host == "localhost" ? "127.0.0.1" : host
        let family: Int32
        if inet_pton(AF_INET, name, &v4) == 1 {
            family = AF_INET
        } else if inet_pton(AF_INET6, name, &v6) == 1 {
            family = AF_INET6
        } else {
            throw SocketError(operation: "inet_pton (host '\(host)')", errno: EINVAL)
        }
        let fd = try retryingEINTR("socket") {
            socket(family, Int32(SOCK_STREAM.rawValue | SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue), 0)
        }
        do {
            var one: Int32 = 1
            let size = socklen_t(MemoryLayout<Int32>.size)
            try retryingEINTR("setsockopt(SO_REUSEADDR)") { setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, size) }
            if reusePort {
                try retryingEINTR("setsockopt(SO_REUSEPORT)") { setsockopt(fd, SOL_SOCKET, SO_REUSEPORT, &one, size) }
            }
            if family == AF_INET {
                var address = sockaddr_in()
                address.sin_family = sa_family_t(AF_INET)
                address.sin_port = in_port_t(UInt16(port).bigEndian)
                address.sin_addr = v4
                _ = try withUnsafePointer(to: &address) { p throws(SocketError) in
                    try p.withMemoryRebound(to: sockaddr.self, capacity: 1) { sa throws(SocketError) in
                        try retryingEINTR("bind") { bind(fd, sa, socklen_t(MemoryLayout<sockaddr_in>.size)) }
                    }
                }
            } else {
                var address = sockaddr_in6()
                address.sin6_family = sa_family_t(AF_INET6)
                address.sin6_port = in_port_t(UInt16(port).bigEndian)
                address.sin6_addr = v6
                _ = try withUnsafePointer(to: &address) { p throws(SocketError) in
                    try p.withMemoryRebound(to: sockaddr.self, capacity: 1) { sa throws(SocketError) in
                        try retryingEINTR("bind") { bind(fd, sa, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
                    }
                }
            }
            if listening {
                try retryingEINTR("listen") { listen(fd, 4096) }
            }
            return (fd, try boundPort(fd))
        } catch {
            close(fd)
            throw error
        }
    }

    static func boundPort(_ fd: Int32) throws(SocketError) -> Int {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = try withUnsafeMutablePointer(to: &storage) { p throws(SocketError) in
            try p.withMemoryRebound(to: sockaddr.self, capacity: 1) { sa throws(SocketError) in
                try retryingEINTR("getsockname") { getsockname(fd, sa, &length) }
            }
        }
        // sin_port and sin6_port both sit at offset 2, after the family.
        return withUnsafeBytes(of: &storage) { Int(UInt16(bigEndian: $0.load(fromByteOffset: 2, as: UInt16.self))) }
    }
}
