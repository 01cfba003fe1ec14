#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Testing
@testable import HTTP
import TestSupport

/// The server-wide `maxBufferedBytes` budget, over real sockets.
@Suite struct MemoryBudgetTests {
    static let limit = 1 << 20

    /// Sends `count` bytes on `fd` from another thread (the kernel may not take them all at once).
    static func sendInBackground(_ fd: Int32, count: Int, done: DispatchSemaphore) {
        DispatchQueue.global().async {
            let chunk = [UInt8](repeating: 0x61, count: count)
            var offset = 0
            while offset < chunk.count {
                let n = chunk[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                if n <= 0 { break }
                offset += n
            }
            done.signal()
        }
    }

    @Test func bodiesStopBeingReadAtTheBudgetAndNewBodiesGet503() throws {
        let (server, port) = try startServer { $0.maxBufferedBytes = Self.limit; $0.loopCount = 1 }
        defer { server.shutdown() }
        // Two bodies of 900 KB each are admitted (nothing is held yet), then arrive together:
        // 1.6 MB of them would be more than the 1 MiB budget.
        let a = try RawClient(port: port)
        let a2 = try RawClient(port: port)
        try a.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 900000\r\n\r\n")
        try a2.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 900000\r\n\r\n")
        usleep(50_000)
        let sent = DispatchSemaphore(value: 0)
        Self.sendInBackground(a.fd, count: 800_000, done: sent)
        Self.sendInBackground(a2.fd, count: 800_000, done: sent)
        #expect(eventually(5) { server.stats.bufferedBytes >= Self.limit }, "\(server.stats)")
        // The loop stopped reading both bodies at the limit: what it holds stays near it.
        usleep(200_000)
        let held = server.stats.bufferedBytes
        #expect(held >= Self.limit && held <= Self.limit + 2 * 65_536, "\(held)")

        let b = try RawClient(port: port)
        try b.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n")
        let refused = try b.readResponse()
        #expect(refused.status == 503)
        #expect(refused.header("Retry-After") == "1")
        #expect(refused.header("Connection") == "close")
        #expect(refused.header("Content-Type") == "application/problem+json")
        #expect(server.stats.bodiesRefused == 1)

        // Requests without a body are still served.
        let c = try RawClient(port: port)
        try c.send("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try c.readResponse().text == "hello")

        // A leaving gives its share back: A2 is read on (all 800,000 bytes it sent) and a new
        // body fits again.
        shutdown(a.fd, Int32(SHUT_RDWR))
        #expect(eventually(3) { server.stats.bufferedBytes == 800_000 - MemoryBudget.allowance }, "\(server.stats)")
        let d = try RawClient(port: port)
        let body = [UInt8](repeating: 0x62, count: 100_000)
        try d.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n")
        try d.send(body)
        let echoed = try d.readResponse()
        #expect(echoed.status == 200)
        #expect(echoed.body.count == body.count && echoed.body.allSatisfy { $0 == 0x62 })
        shutdown(a2.fd, Int32(SHUT_RDWR))
        _ = sent.wait(timeout: .now() + 5)
        _ = sent.wait(timeout: .now() + 5)
        #expect(eventually(3) { server.stats.bufferedBytes == 0 })
    }

    /// A declared length over maxBodyBytes stays a 413 even when it would not fit the budget.
    @Test func aBodyOverTheLimitIs413Not503() throws {
        let (server, port) = try startServer { $0.maxBufferedBytes = Self.limit }
        defer { server.shutdown() }
        let c = try RawClient(port: port)
        try c.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 999999999999999999\r\n\r\n")
        let r = try c.readResponse()
        #expect(r.status == 413)
        #expect(server.stats.bodiesRefused == 0)
    }

    @Test func aBodyUnderTheAllowanceIsNeverCharged() throws {
        let (server, port) = try startServer { $0.maxBufferedBytes = Self.limit }
        defer { server.shutdown() }
        let c = try RawClient(port: port)
        try c.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 8000\r\n\r\n")
        usleep(50_000)
        #expect(server.stats.bufferedBytes == 0)
        try c.send([UInt8](repeating: 0x63, count: 8000))
        #expect(try c.readResponse().body.count == 8000)
    }

    @Test func aReaderWhoseQueuedAnswerIsOverItsShareIsCut() throws {
        let (server, port) = try startServer { $0.maxBufferedBytes = Self.limit; $0.loopCount = 1; $0.idleTimeout = 1 }
        defer { server.shutdown() }
        let slow = try RawClient(port: port)
        let size = 64 << 20
        try slow.send("GET /big/\(size) HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(eventually(3) { server.stats.slowReadersCut == 1 })
        #expect(eventually(2) { server.stats.bufferedBytes == 0 })
        // The client gets what the kernel held, then EOF: never the whole answer.
        var received = 0
        while try slow.fill() { received += slow.buffer.count; slow.buffer.removeAll() }
        received += slow.buffer.count
        #expect(received > 0 && received < size)
        // Others are still served.
        let c = try RawClient(port: port)
        try c.send("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try c.readResponse().text == "hello")
    }
}
