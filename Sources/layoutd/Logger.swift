#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import HTTP
import LayoutAPI
import LayoutdCLI
import Synchronization

/// Log and access-log lines, written whole with `write(2)` so that lines never interleave and
/// nothing waits in a stdio buffer (a pipe to a container runtime would otherwise hold the
/// start-up line back). Leveled messages go to stderr; the start-up line and the access log go
/// to stdout, which tools and tests parse.
///
/// Access lines are buffered and written by their own queue: a slow or blocked stdout delays
/// only that queue. Past `maxBufferedAccessBytes` waiting, lines are dropped (and counted).
final class Logger: Sendable {
    static let maxBufferedAccessBytes = 4 << 20

    let level: LogLevel
    /// Serialises writes: a line longer than `PIPE_BUF` could otherwise be split by another.
    private let writeLock = Mutex(())
    private let accessBuffer = Mutex<(bytes: [UInt8], scheduled: Bool, dropped: Int)>(([], false, 0))
    private let accessWriter = DispatchQueue(label: "layoutd.access-log")

    init(level: LogLevel) {
        self.level = level
    }

    func debug(_ message: @autoclosure () -> String) { log(.debug, message()) }
    func info(_ message: @autoclosure () -> String) { log(.info, message()) }
    func warning(_ message: @autoclosure () -> String) { log(.warning, message()) }
    func error(_ message: @autoclosure () -> String) { log(.error, message()) }

    /// `<time> <level> <message>` on stderr when `level` is at or above the configured one.
    func log(_ messageLevel: LogLevel, _ message: @autoclosure () -> String) {
        guard messageLevel >= level else { return }
        var line = Logger.timestamp()
        line.append(0x20)
        line.append(contentsOf: messageLevel.rawValue.utf8)
        line.append(0x20)
        line.append(contentsOf: message().utf8)
        line.append(0x0A)
        emit(line, to: STDERR_FILENO)
    }

    /// One access-log line: `<time> <method> <target> <status> <bytes>B <µs>us`.
    func access(_ record: RequestRecord) {
        var line = Logger.timestamp()
        line.reserveCapacity(64 + record.target.utf8.count)
        line.append(0x20)
        Logger.appendPrintable(record.method, to: &line)
        line.append(0x20)
        Logger.appendPrintable(record.target, to: &line)
        line.append(contentsOf: " \(record.status) \(record.bodyBytes)B \(record.microseconds)us\n".utf8)
        let schedule = accessBuffer.withLock { buffer -> Bool in
            guard buffer.bytes.count + line.count <= Self.maxBufferedAccessBytes else {
                buffer.dropped += 1
                return false
            }
            buffer.bytes.append(contentsOf: line)
            defer { buffer.scheduled = true }
            return !buffer.scheduled
        }
        if schedule { accessWriter.async { self.writeAccessLines() } }
    }

    /// Access lines dropped because stdout fell `maxBufferedAccessBytes` behind.
    var droppedAccessLines: Int { accessBuffer.withLock { $0.dropped } }

    /// Writes what is buffered until the buffer is empty.
    private func writeAccessLines() {
        while true {
            let chunk = accessBuffer.withLock { buffer -> [UInt8] in
                let taken = buffer.bytes
                buffer.bytes = []
                if taken.isEmpty { buffer.scheduled = false }
                return taken
            }
            if chunk.isEmpty { return }
            emit(chunk, to: STDOUT_FILENO)
        }
    }

    /// Returns once every access line so far is written (at shutdown).
    func flushAccessLog() {
        accessWriter.sync {}
    }

    /// A raw line on stdout (the start-up line, whatever the level).
    func standardOutput(_ text: String) {
        emit(Logger.line(text), to: STDOUT_FILENO)
    }

    /// A raw line on stderr (usage and launch errors).
    func standardError(_ text: String) {
        emit(Logger.line(text), to: STDERR_FILENO)
    }

    /// `text` ending in exactly one newline.
    private static func line(_ text: String) -> [UInt8] {
        var bytes = Array(text.utf8)
        if bytes.last != 0x0A { bytes.append(0x0A) }
        return bytes
    }

    private func emit(_ bytes: [UInt8], to descriptor: Int32) {
        writeLock.withLock { _ in
            bytes.withUnsafeBytes { raw in
                guard let base = raw.baseAddress else { return }
                var offset = 0
                while offset < raw.count {
                    let written = write(descriptor, base + offset, raw.count - offset)
                    if written > 0 {
                        offset += written
                    } else if written < 0 && errno == EINTR {
                        continue
                    } else {
                        return  // stdout closed or full disk: drop the line, keep serving
                    }
                }
            }
        }
    }

    /// Client-supplied text with control bytes replaced, so a request cannot forge log lines.
    private static func appendPrintable(_ text: String, to line: inout [UInt8]) {
        for byte in text.utf8 {
            line.append(byte < 0x20 || byte == 0x7F ? 0x3F : byte)
        }
    }

    /// ISO 8601 UTC with milliseconds, e.g. `2025-11-21T20:01:02.123Z`.
    static func timestamp() -> [UInt8] {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var seconds = now.tv_sec
        var parts = tm()
        gmtime_r(&seconds, &parts)
        var out: [UInt8] = []
        out.reserveCapacity(24)
        func digits(_ value: Int, _ count: Int) {
            var divisor = 1
            for _ in 1..<count { divisor *= 10 }
            var rest = value
            for _ in 0..<count {
                out.append(UInt8(0x30 + (rest / divisor) % 10))
                rest %= divisor
                divisor /= 10
            }
        }
        digits(Int(parts.tm_year) + 1900, 4); out.append(0x2D)
        digits(Int(parts.tm_mon) + 1, 2); out.append(0x2D)
        digits(Int(parts.tm_mday), 2); out.append(0x54)
        digits(Int(parts.tm_hour), 2); out.append(0x3A)
        digits(Int(parts.tm_min), 2); out.append(0x3A)
        digits(Int(parts.tm_sec), 2); out.append(0x2E)
        digits(Int(now.tv_nsec) / 1_000_000, 3); out.append(0x5A)
        return out
    }
}
