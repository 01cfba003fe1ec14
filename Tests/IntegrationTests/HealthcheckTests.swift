import Foundation
import TestSupport
import Testing

/// The container's healthcheck (deploy/docker/healthcheck, the Dockerfile's HEALTHCHECK) probes
/// the port layoutd listens on however it was set: it finds it from layoutd's own sockets, so
/// `--port` works as well as `PORT` (issue 29: it used to read PORT only and probe the wrong port).
@Suite(.serialized) struct HealthcheckTests {
    static let script = DocumentationPages.root.appendingPathComponent("deploy/docker/healthcheck").path

    /// Runs the script for `pid` with `environment`; its exit status.
    static func probe(_ pid: Int32, environment: [String: String] = [:]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [script, String(pid)]
        process.environment = ["PATH": "/usr/bin:/bin"].merging(environment) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test func itProbesThePortGivenWithTheFlagWhateverPortSays() throws {
        let server = try ServerProcess([])   // --port 0: a free port no variable names
        defer { _ = try? server.stop() }
        #expect(try Self.probe(server.pid) == 0)
        #expect(try Self.probe(server.pid, environment: ["PORT": "1"]) == 0, "PORT in the probe's environment is not what it follows")
    }

    @Test func itFailsWhenNothingListens() throws {
        let server = try ServerProcess([])
        let pid = server.pid
        #expect(try server.stop() == .exited(0))
        #expect(try Self.probe(pid) != 0)
        #expect(try Self.probe(Int32(ProcessInfo.processInfo.processIdentifier)) != 0, "a process without a listening socket")
    }
}
