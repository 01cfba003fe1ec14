#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import HTTP
import TestSupport

/// Issue 33, findings 2 and 3: a 200 is only started for an answer the buffer budget can hold
/// (else a 503 with `Retry-After` before the status line), an answer that still ends early is
/// counted and recorded, and an offloaded request learns that its client has gone.
@Suite(.serialized) struct AnswerAdmissionTests {
    static let limit = 64 << 20

    /// Before: both answers were started with 200 and the full Content-Length; the budget was
    /// then exhausted and both readers, over their share, were cut (two of four 201 MB reads
    /// stopped at 20 MB in the attack run).
    @Test func aSecondLargeAnswerTheBudgetCannotHoldIsA503BeforeItsStatusLine() throws {
        let (server, port) = try startServer { $0.maxBufferedBytes = Self.limit; $0.loopCount = 1 }
        defer { server.shutdown() }
        let size = 40 << 20
        let a = try RawClient(port: port)
        try a.send("GET /big/\(size) HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(eventually { server.stats.bufferedBytes > 24 << 20 })   // queued, unread (the kernel holds a few MB)
        let b = try RawClient(port: port)
        try b.send("GET /big/\(size) HTTP/1.1\r\nHost: x\r\n\r\n")
        let refused = try b.readResponse()
        #expect(refused.status == 503)
        #expect(refused.header("Retry-After") == "1")
        #expect(refused.text.contains("maxBufferedBytes = \(Self.limit)"))
        #expect(server.stats.answersRefused == 1)
        // The first answer, admitted, is read whole however slowly: never cut.
        usleep(1_200_000)
        let whole = try a.readResponse()
        #expect(whole.status == 200)
        #expect(whole.body.count == size)
        #expect(server.stats.answersCutShort == 0)
        #expect(server.stats.slowReadersCut == 0)
        // With the budget free again, the same request is answered.
        try b.send("GET /big/\(size) HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try b.readResponse().body.count == size)
    }

    /// An answer that ends early (here a reader that took nothing while the budget was full)
    /// is counted, and its record says how many bytes were not sent (`layoutd` logs it).
    @Test func anAnswerCutShortIsCountedAndItsRecordSaysWhatWasNotSent() throws {
        let sink = RecordSink()
        let (server, port) = try startServer({ $0.maxBufferedBytes = 1 << 20; $0.loopCount = 1 }, observer: { sink.add($0) })
        defer { server.shutdown() }
        let slow = try RawClient(port: port)
        try slow.send("GET /big/\(64 << 20) HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(eventually(4) { server.stats.answersCutShort == 1 })
        #expect(eventually { sink.all.contains { $0.status == 200 && $0.unsentBytes > 0 && $0.bodyBytes < 64 << 20 } })
    }

    /// Before: nothing told a handler that its client had gone; the work ran on.
    @Test func anOffloadedRequestSeesItsClientGo() throws {
        let (server, port) = try startServer()
        defer { server.shutdown() }
        let before = TestResponder.cancellationsSeen.load(ordering: .relaxed)
        let c = try RawClient(port: port)
        try c.send("GET /until-cancelled/5000 HTTP/1.1\r\nHost: x\r\n\r\n")
        usleep(100_000)
        c.close()
        #expect(eventually(3) { TestResponder.cancellationsSeen.load(ordering: .relaxed) == before + 1 })
    }

    /// A client that stays gets its answer: the flag is never set for it.
    @Test func anOffloadedRequestWhoseClientStaysIsNotCancelled() throws {
        let (server, port) = try startServer()
        defer { server.shutdown() }
        let c = try RawClient(port: port)
        try c.send("GET /until-cancelled/100 HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try c.readResponse().text == "done")
    }
}
