#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Synchronization
@testable import HTTP

/// Routes for the socket tests:
/// `/hello` (inline), `/echo` (offloaded, echoes the body), `/slow/<ms>` (offloaded sleep),
/// `/spin/<ms>` (inline sleep, holding the loop), `/big/<bytes>` (inline, a body of `x`), `/reject` (precheck answers 404), `/close` (handler closes),
/// `/later/<ms>` (offloaded, answered `ms` later from a timer: no thread waits meanwhile),
/// `/fast`, `/fast/<bytes>` (written by `respondInline`, a body of `fast` or of `f`),
/// `/until-cancelled/<ms>` (offloaded: waits up to `ms` for its client to go, counted in
/// `TestResponder.cancellationsSeen`).
struct TestResponder: HTTPResponder {
    /// Requests of `/until-cancelled` that saw their `Cancellation` set.
    static let cancellationsSeen = Atomic<Int>(0)

    func plan(for head: RequestHead) -> RequestPlan<Void> {
        head.path == "/reject" ? .answer(Response(status: 404, contentType: "text/plain", body: Array("rejected".utf8))) : .proceed(())
    }

    func execution(for request: Request, plan: inout Void) -> Execution {
        request.path.hasPrefix("/slow") || request.path.hasPrefix("/later") || request.path.hasPrefix("/until-cancelled")
            || request.path == "/echo" ? .offload : .inline
    }

    func respond(to request: Request, plan: Void, complete: @escaping @Sendable (Response) -> Void) {
        guard request.path.hasPrefix("/later/"), let ms = Int(request.path.dropFirst(7)) else {
            return complete(respond(to: request, plan: plan))
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(ms)) {
            complete(Response(status: 200, contentType: "text/plain", body: Array("later \(ms)".utf8)))
        }
    }

    /// `/fast` and `/fast/<bytes>` (a body of `f`) are written straight into the loop's writer.
    func respondInline(to request: Request, into writer: inout ResponseWriter) -> Bool {
        let path = request.path
        guard request.method == "GET" || request.method == "HEAD", path.hasPrefix("/fast") else { return false }
        var count = 4
        if path.hasPrefix("/fast/") {
            guard let n = Int(path.dropFirst(6)) else { return false }
            count = n
        }
        writer.field("Content-Type", "text/plain")
        writer.field("X-Path", "fast")
        if count == 4 { writer.body.append(contentsOf: Array("fast".utf8)) } else { writer.body.append(contentsOf: repeatElement(0x66, count: count)) }
        writer.route = "/fast"
        return true
    }

    func respond(to request: Request, plan: Void) -> Response {
        let path = request.path
        if path == "/hello" {
            var r = Response(status: 200, contentType: "text/plain", body: Array("hello".utf8))
            r.route = "/hello"
            return r
        }
        if path == "/echo" { return Response(status: 200, contentType: "application/octet-stream", body: request.body) }
        if path == "/close" {
            return Response(status: 200, headers: Headers([("Content-Type", "text/plain")]), body: Array("bye".utf8), closeConnection: true)
        }
        if path.hasPrefix("/slow/"), let ms = Int(path.dropFirst(6)) {
            usleep(UInt32(ms * 1000))
            return Response(status: 200, contentType: "text/plain", body: Array("slow \(ms)".utf8))
        }
        if path.hasPrefix("/until-cancelled/"), let ms = Int(path.dropFirst(17)) {
            for _ in 0..<max(1, ms / 5) {   // bounded: ms milliseconds at most
                if request.cancellation?.isCancelled == true {
                    Self.cancellationsSeen.wrappingAdd(1, ordering: .relaxed)
                    return Response(status: 200, contentType: "text/plain", body: Array("cancelled".utf8))
                }
                usleep(5000)
            }
            return Response(status: 200, contentType: "text/plain", body: Array("done".utf8))
        }
        if path.hasPrefix("/spin/"), let ms = Int(path.dropFirst(6)) {
            usleep(UInt32(ms * 1000)) // inline: holds its loop, as a test needs
            return Response(status: 200, contentType: "text/plain", body: Array("spun \(ms)".utf8))
        }
        if path.hasPrefix("/big/"), let n = Int(path.dropFirst(5)) {
            return Response(status: 200, contentType: "application/octet-stream", body: [UInt8](repeating: 0x78, count: n))
        }
        return Response.problem(ProblemDetails(title: "Not Found", status: 404, detail: "No route for \(path)."))
    }
}

/// Collects observer records across threads.
final class RecordSink: Sendable {
    let records = Mutex<[RequestRecord]>([])
    func add(_ r: RequestRecord) { records.withLock { $0.append(r) } }
    var all: [RequestRecord] { records.withLock { $0 } }
}

/// Starts a server on an ephemeral port with test-friendly settings.
func startServer(_ configure: (inout ServerConfiguration) -> Void = { _ in },
                 observer: (@Sendable (RequestRecord) -> Void)? = nil) throws -> (Server, Int) {
    var config = ServerConfiguration(host: "127.0.0.1", port: 0, loopCount: 2)
    configure(&config)
    let server = Server(configuration: config, responder: TestResponder(), observer: observer)
    let port = try server.start()
    return (server, port)
}

func monotonicSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// Polls `condition` for up to `seconds`: counters and records are updated just after the bytes
/// reach the client, so a test may look a moment too early.
func eventually(_ seconds: Double = 2, _ condition: () -> Bool) -> Bool {
    let end = monotonicSeconds() + seconds
    while monotonicSeconds() < end {
        if condition() { return true }
        usleep(2_000)
    }
    return condition()
}
