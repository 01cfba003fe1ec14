#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// SIGTERM/SIGINT through a self-pipe: the handler only `write`s one byte (async-signal-safe),
/// and the waiter blocks in `read`. Unlike a Dispatch signal source, which registers
/// asynchronously, the handler is in place as soon as `install()` returns, so a signal sent
/// right after start-up is neither lost nor fatal.
enum ShutdownSignal {
    /// Read and write ends of the pipe; written once under the lock, then only read.
    nonisolated(unsafe) static var readFD: Int32 = -1
    nonisolated(unsafe) static var writeFD: Int32 = -1
    private static let installed = Mutex(false)

    static func install() {
        installed.withLock { done in
            guard !done else { return }
            var fds: [Int32] = [-1, -1]
            guard pipe(&fds) == 0 else { return }
            for fd in fds {
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            }
            _ = fcntl(fds[1], F_SETFL, fcntl(fds[1], F_GETFL) | O_NONBLOCK)
            readFD = fds[0]
            writeFD = fds[1]
            // A parent may hand us these signals blocked (the mask survives exec); unblock them
            // in this thread, which threads created afterwards inherit.
            var set = sigset_t()
            sigemptyset(&set)
            sigaddset(&set, SIGTERM)
            sigaddset(&set, SIGINT)
            pthread_sigmask(SIG_UNBLOCK, &set, nil)
            for sig in [SIGTERM, SIGINT] {
                _ = signal(sig) { _ in
                    var byte: UInt8 = 1
                    _ = write(ShutdownSignal.writeFD, &byte, 1)
                }
            }
            done = true
        }
    }

    /// Blocks until a signal byte arrives.
    static func wait() {
        var byte: UInt8 = 0
        while true {
            let n = read(readFD, &byte, 1)
            if n == 1 { return }
            if n < 0 && errno == EINTR { continue }
            return
        }
    }
}
