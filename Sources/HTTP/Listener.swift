#if canImport(Glibc)
import Glibc
#endif
import CLayoutd
import Synchronization

/// The one non-blocking listening socket every loop shares (no `SO_REUSEPORT`, so a port
/// anything else holds, another layoutd included, fails with EADDRINUSE).
///
/// Each loop registers it with `EPOLLEXCLUSIVE`: the kernel wakes one loop that is waiting in
/// `epoll_wait` for each connection, so a loop busy with its own connections is passed over (as
/// nginx's workers with `accept_mutex off`). The woken loop keeps each connection it accepts or
/// hands it to the loop with the fewest (`EventLoop.acceptConnections`): on an idle server the
/// kernel wakes the same loop every time. Per-loop `SO_REUSEPORT` sockets, which this replaced,
/// spread connections by a hash of their ports: 16 connections split 6/10, 5/11 and 9/7 in three
/// tries (docs/performance.md).
final class SharedListener: Sendable {
    let fd: Int32
    /// Loops still holding it; the last to let go closes it.
    private let holders: Atomic<Int>

    init(fd: Int32, holders: Int) {
        self.fd = fd
        self.holders = Atomic(holders)
    }

    /// A loop is done with it (drain or exit); closes it after the last.
    func release() {
        if holders.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 { close(fd) }
    }
}

/// Opens the listening socket.
enum Listener {
    /// Opens, binds and listens; returns the descriptor and the bound port.
    static func open(host: String, port: Int) throws(SocketError) -> (fd: Int32, port: Int) {
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
            try retryingEINTR("listen") { listen(fd, 4096) }
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
