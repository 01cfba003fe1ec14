import Foundation
import Testing

/// The store as the executable starts it: the backend by URL scheme, the answer after the
/// commit through the real event loop, and what the log says at exit.
@Suite struct StoreLaunchTests {
    @Test func anUnknownSchemeStopsTheStartNamingTheKnownOnesWithoutThePassword() throws {
        let (termination, stdout, stderr) = try ServerProcess.run(["--port", "0", "--store", "mysql://u:secret@db/x"])
        #expect(termination == .exited(2))
        #expect(stdout == "")
        #expect(stderr == "layoutd: store mysql://u:***@db/x: unknown scheme \"mysql\"; this build knows memory:, postgres://, postgresql://\n")
    }

    @Test func theMemoryStoreAnswersOnceCommittedAndSaysSoAtExit() throws {
        let server = try ServerProcess(["--store", "memory:"])
        let client = try CurlClient()
        let body = Array(#"{"collectionView":{"width":375,"height":667},"sections":[{"numberOfItems":3}]}"#.utf8)
        let posted = try client.request("POST", server.url("/layout"), headers: [("Content-Type", "application/json")], body: body)
        #expect(posted.status == 200)
        #expect(posted.header("Location") == "/layout/1276bb76407edf9a93b441a02593f676")
        #expect(try client.get(server.url("/layout/1276bb76407edf9a93b441a02593f676")).status == 200)
        // Not cached and not stored: the store answered that it has no such row.
        #expect(try client.get(server.url("/layout/0123456789abcdef0123456789abcdef")).status == 404)
        let metrics = String(decoding: try client.get(server.url("/metrics")).body, as: UTF8.self)
        #expect(metrics.contains("layoutd_store_writes_total 1\n"))
        #expect(metrics.contains("layoutd_store_commits_total 1\n"))
        #expect(metrics.contains("layoutd_store_waiting_writes 0\n"))
        #expect(try server.stop(timeout: 15) == .exited(0))
        #expect(server.standardError.contains(" info store: stopped; every id this replica handed out is committed (0 lost)\n"))
    }
}
