#if canImport(Glibc)
import Glibc
#endif

/// A failed system call: which operation, its `errno`, and the `strerror` text for logs.
public struct SocketError: Error, CustomStringConvertible, Sendable, Equatable {
    public var operation: String
    public var errno: Int32

    public init(operation: String, errno: Int32) {
        self.operation = operation
        self.errno = errno
    }

    /// `strerror(errno)`, computed on demand so `EAGAIN` on the hot path costs no string.
    public var message: String { String(cString: strerror(errno)) }

    public var description: String { "\(operation) failed: \(message) (errno \(errno))" }
}

/// The one syscall helper: retries on `EINTR`, turns `-1` into a `SocketError`.
/// Typed throws keep the `EAGAIN` path allocation-free.
@inline(__always)
@discardableResult
func retryingEINTR<T: FixedWidthInteger & SignedInteger>(
    _ operation: StaticString, _ call: () -> T
) throws(SocketError) -> T {
    while true {
        let result = call()
        if result >= 0 { return result }
        let code = Glibc.errno
        if code == EINTR { continue }
        throw SocketError(operation: operation.description, errno: code)
    }
}
