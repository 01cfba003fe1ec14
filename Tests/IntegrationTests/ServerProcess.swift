import Foundation
import LayoutAPI

enum ServerProcessError: Error, CustomStringConvertible {
    case binaryNotFound(String)
    case exitedAtStartUp(status: Int32, output: String)
    case noStartUpLine(output: String)
    case didNotStop(afterSeconds: Double)

    var description: String {
        switch self {
        case .binaryNotFound(let path): "layoutd not found at \(path) (run `swift build` first, or set LAYOUTD_BIN)"
        case .exitedAtStartUp(let status, let output): "layoutd exited with \(status) at start-up:\n\(output)"
        case .noStartUpLine(let output): "no start-up line within 10 s:\n\(output)"
        case .didNotStop(let seconds): "layoutd still running \(seconds) s after SIGTERM (killed)"
        }
    }
}

/// How a child process ended.
enum Termination: Equatable, CustomStringConvertible {
    case exited(Int32)
    case signalled(Int32)

    var description: String {
        switch self {
        case .exited(let code): "exit \(code)"
        case .signalled(let signal): "signal \(signal)"
        }
    }
}

/// The built `layoutd` executable running on 127.0.0.1 on a free port, for black-box tests.
/// `swift build --build-tests` / `swift test` build every product into the folder that holds the
/// test bundle, so the binary is found next to `/proc/self/exe` (or at `$LAYOUTD_BIN`).
final class ServerProcess {
    let port: Int
    let startUpLine: String
    private let process: Process
    private let folder: URL

    var baseURL: String { "http://127.0.0.1:\(port)" }
    var pid: Int32 { process.processIdentifier }
    func url(_ path: String) -> String { baseURL + path }

    /// What layoutd wrote to stdout (start-up line, access log) and stderr (log lines) so far.
    var standardOutput: String { (try? String(contentsOf: folder.appendingPathComponent("stdout"), encoding: .utf8)) ?? "" }
    var standardError: String { (try? String(contentsOf: folder.appendingPathComponent("stderr"), encoding: .utf8)) ?? "" }

    /// Starts `layoutd --host 127.0.0.1 --port 0 --access-log off <extra>` and waits for its
    /// start-up line (later flags override these).
    init(_ extraArguments: [String] = []) throws {
        let arguments = ["--host", "127.0.0.1", "--port", "0", "--access-log", "off"] + extraArguments
        (process, folder) = try ServerProcess.spawn(arguments)
        let deadline = Date().addingTimeInterval(10)
        let stdout = folder.appendingPathComponent("stdout")
        while true {
            let output = (try? String(contentsOf: stdout, encoding: .utf8)) ?? ""
            if let line = output.split(separator: "\n").first(where: { $0.hasPrefix("layoutd ") && $0.contains(" listening on ") }),
               let port = ServerProcess.port(in: line) {
                self.port = port
                self.startUpLine = String(line)
                return
            }
            if !process.isRunning {
                process.waitUntilExit()
                let err = (try? String(contentsOf: folder.appendingPathComponent("stderr"), encoding: .utf8)) ?? ""
                throw ServerProcessError.exitedAtStartUp(status: process.terminationStatus, output: output + err)
            }
            if Date() > deadline {
                process.terminate()
                throw ServerProcessError.noStartUpLine(output: output)
            }
            usleep(5_000)
        }
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(at: folder)
    }

    /// Sends SIGTERM and waits up to `timeout` seconds for the process to end.
    func stop(timeout: Double = 15) throws -> Termination {
        if process.isRunning { kill(process.processIdentifier, SIGTERM) }
        return try ServerProcess.wait(for: process, timeout: timeout)
    }

    /// Runs layoutd to completion (for `--help` and bad options): how it ended, stdout, stderr.
    static func run(_ arguments: [String], timeout: Double = 10) throws -> (Termination, stdout: String, stderr: String) {
        let (process, folder) = try spawn(arguments)
        defer { try? FileManager.default.removeItem(at: folder) }
        let termination = try wait(for: process, timeout: timeout)
        let read = { (name: String) in (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)) ?? "" }
        return (termination, read("stdout"), read("stderr"))
    }

    /// The executable under test: `$LAYOUTD_BIN`, or `layoutd` beside the running test bundle.
    static func executable() throws -> URL {
        if let override = ProcessInfo.processInfo.environment["LAYOUTD_BIN"], !override.isEmpty {
            return URL(fileURLWithPath: override)
        }
        let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var folder = me.deletingLastPathComponent()
        // On Linux the bundle is `<bin>/layoutdPackageTests.xctest` (a file); on Darwin a directory
        // `<bin>/layoutdPackageTests.xctest/Contents/MacOS/…`: walk up to the folder holding it.
        while folder.path.contains(".xctest") { folder.deleteLastPathComponent() }
        let binary = folder.appendingPathComponent("layoutd")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw ServerProcessError.binaryNotFound(binary.path)
        }
        return binary
    }

    private static func spawn(_ arguments: [String]) throws -> (Process, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("layoutd-it-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let out = folder.appendingPathComponent("stdout")
        let err = folder.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        let process = Process()
        process.executableURL = try executable()
        process.arguments = arguments
        // Only PATH and HOME: no LAYOUTD_* or PORT from the developer's shell leaks into a test.
        let environment = ProcessInfo.processInfo.environment
        process.environment = ["PATH": environment["PATH"] ?? "/usr/bin:/bin", "HOME": environment["HOME"] ?? "/"]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        return (process, folder)
    }

    private static func wait(for process: Process, timeout: Double) throws -> Termination {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            if Date() > deadline {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                throw ServerProcessError.didNotStop(afterSeconds: timeout)
            }
            usleep(10_000)
        }
        process.waitUntilExit()
        return process.terminationReason == .exit ? .exited(process.terminationStatus) : .signalled(process.terminationStatus)
    }

    /// The port in `layoutd 0.1.0 listening on http://127.0.0.1:43210 (loops=…`.
    private static func port(in line: Substring) -> Int? {
        guard let scheme = line.range(of: "http://") else { return nil }
        let authority = line[scheme.upperBound...].prefix { $0 != " " && $0 != "/" }
        guard let colon = authority.lastIndex(of: ":") else { return nil }
        return Int(authority[authority.index(after: colon)...])
    }
}
