#if canImport(Glibc)
import Glibc
#endif
import HTTP

/// Trivial inline responder: what `/healthz` costs the server itself.
struct HealthzResponder: HTTPResponder {
    static let ok: [UInt8] = Array(#"{"status":"ok"}"#.utf8)
    func execution(for request: Request, plan: inout Void) -> Execution { .inline }
    func respond(to request: Request, plan: Void) -> Response {
        if request.path == "/healthz" { return Response(status: 200, contentType: "application/json", body: Self.ok) }
        return Response(status: 404)
    }
}

/// Starts a server on an ephemeral port and serves for `HTTP_BENCH_SECONDS` (default 15) so wrk
/// can be pointed at it from another shell:
/// `wrk -t2 -c16 -d5s http://127.0.0.1:PORT/healthz`.
func runHTTPBenchmarks() {
    let seconds = Double(getenv("HTTP_BENCH_SECONDS").map { String(cString: $0) } ?? "") ?? 15
    let server = Server(configuration: ServerConfiguration(host: "127.0.0.1", port: 0), responder: HealthzResponder())
    do {
        let port = try server.start()
        print("http.bench port=\(port) seconds=\(seconds)")
        fflush(nil)
        usleep(UInt32(seconds * 1_000_000))
        let stats = server.stats
        server.shutdown()
        print("http.bench connections=\(stats.totalConnections) bytesIn=\(stats.bytesIn) bytesOut=\(stats.bytesOut)")
    } catch {
        print("http.bench failed: \(error)")
    }
}
