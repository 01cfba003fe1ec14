import Foundation
import LayoutAPI
import LayoutdCLI
import Testing
import TestSupport

/// The `layoutd` executable's contract with whoever starts it: start-up line, exit statuses,
/// access log, SIGTERM.
@Suite struct LaunchTests {
    @Test func helpPrintsTheUsageOnStdoutAndExitsZero() throws {
        let (termination, stdout, stderr) = try ServerProcess.run(["--help"])
        #expect(termination == .exited(0))
        #expect(stdout == LaunchOptions.usage)
        #expect(stderr == "")
    }

    @Test func badFlagPrintsTheMessageAndUsageOnStderrAndExitsTwo() throws {
        let (termination, stdout, stderr) = try ServerProcess.run(["--port", "0", "--bogus", "1"])
        #expect(termination == .exited(2))
        #expect(stdout == "")
        #expect(stderr == "layoutd: unknown flag '--bogus' (see --help)\n\n" + LaunchOptions.usage)
    }

    @Test func invalidNumberExitsTwoNamingTheFlag() throws {
        let (termination, _, stderr) = try ServerProcess.run(["--max-body-bytes=lots"])
        #expect(termination == .exited(2))
        #expect(stderr.hasPrefix("layoutd: --max-body-bytes must be a whole number of bytes, got 'lots'\n"))
    }

    @Test func startUpLineNamesTheBoundPortAndTheLimits() throws {
        let server = try ServerProcess(["--loops", "1", "--max-body-bytes", "1000", "--cache-bytes", "2000"])
        defer { _ = try? server.stop() }
        #expect(server.port > 0)
        #expect(server.startUpLine == "layoutd \(layoutdVersion) listening on http://127.0.0.1:\(server.port) (loops=1, max body=1000 bytes, cache=2000 bytes)")
        let lines = server.standardOutput.split(separator: "\n")
        #expect(lines.count == 1)
    }

    /// 192.0.2.1 (TEST-NET-1) is on no interface here, so bind fails with EADDRNOTAVAIL (a busy
    /// port has its own test below).
    @Test func unbindableAddressExitsOneWithTheSocketError() throws {
        let (termination, stdout, stderr) = try ServerProcess.run(["--host", "192.0.2.1", "--port", "8080"])
        #expect(termination == .exited(1))
        #expect(stdout == "")
        #expect(stderr.contains(" error cannot listen on 192.0.2.1:8080: "))
    }

    /// A port another layoutd holds: exit 1 and a log line that says how to pick another port.
    @Test func aPortInUseNamesTheFlagAndTheVariable() throws {
        let first = try ServerProcess()
        defer { _ = try? first.stop() }
        let (termination, stdout, stderr) = try ServerProcess.run(["--host", "127.0.0.1", "--port", "\(first.port)"])
        #expect(termination == .exited(1))
        #expect(stdout == "")
        #expect(stderr.contains(" error cannot listen on 127.0.0.1:\(first.port): "))
        #expect(stderr.contains("; port \(first.port) is already in use (another layoutd?): pick another with --port 9000 or PORT=9000 (--port 0 picks a free one)\n"))
    }

    @Test func sigtermDrainsAndExitsZero() throws {
        let server = try ServerProcess()
        let client = try CurlClient()
        #expect(try client.get(server.url("/healthz")).status == 200)
        #expect(try server.stop(timeout: 15) == .exited(0))
        #expect(server.standardError.hasSuffix(" info layoutd stopped\n"))
    }

    @Test func sigtermWithAnIdleKeptAliveConnectionStillExitsZero() throws {
        let server = try ServerProcess(["--drain-timeout", "2"])
        let raw = try RawClient(port: server.port)
        try raw.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        _ = try raw.read(upTo: 1, timeout: 5)
        let started = Date()
        #expect(try server.stop(timeout: 15) == .exited(0))
        #expect(Date().timeIntervalSince(started) < 5)
    }

    @Test func accessLogWritesOneLinePerRequest() throws {
        let server = try ServerProcess(["--access-log", "on"])
        let client = try CurlClient()
        _ = try client.get(server.url("/healthz"))
        _ = try client.get(server.url("/nope?x=1"))
        #expect(try server.stop() == .exited(0))
        let lines = server.standardOutput.split(separator: "\n").dropFirst().map(String.init)
        let pattern = #/(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z) (\S+) (\S+) (\d{3}) (\d+)B (\d+)us/#
        #expect(lines.count == 2)
        let parsed = lines.compactMap { try? pattern.wholeMatch(in: $0) }
        #expect(parsed.map { "\($0.2) \($0.3) \($0.4) \($0.5)B" }.first == "GET /healthz 200 15B")
        #expect(parsed.map { "\($0.2) \($0.3) \($0.4)" }.last == "GET /nope?x=1 404")
    }
}
