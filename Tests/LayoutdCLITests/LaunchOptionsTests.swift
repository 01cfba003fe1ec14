#if canImport(Glibc)
import Glibc
#endif
import HTTP
import LayoutAPI
@testable import LayoutdCLI
import Testing

@Suite struct LaunchOptionsTests {
    private func parse(_ arguments: [String], _ environment: [String: String] = [:]) throws(LaunchError) -> LaunchOptions {
        try LaunchOptions.parse(arguments: arguments, environment: environment)
    }

    private func error(_ arguments: [String], _ environment: [String: String] = [:]) -> LaunchError? {
        do {
            _ = try parse(arguments, environment)
            return nil
        } catch {
            return error
        }
    }

    @Test func noArgumentsGiveTheDocumentedDefaults() throws {
        let options = try parse([])
        #expect(options.http.host == "0.0.0.0")
        #expect(options.http.port == 8080)
        #expect(options.http.maxBodyBytes == 33_554_432)
        #expect(options.http.maxHeadBytes == 16_384)
        #expect(options.http.idleTimeout == 60)
        #expect(options.http.requestTimeout == 30)
        #expect(options.http.drainTimeout == 10)
        #expect(options.http.loopCount == LaunchOptions.onlineCores())
        #expect(options.http.loopCount >= 1)
        #expect(options.http.maxConnections == 10_000)
        #expect(options.http.serverHeader == "layoutd/0.1.0")
        let ram = sysconf(Int32(_SC_PHYS_PAGES)) * sysconf(Int32(_SC_PAGESIZE))
        #expect(options.http.maxBufferedBytes == min(536_870_912, ram / 4))
        #expect(options.service == ServiceConfiguration(cacheBytes: 268_435_456, maxElements: 1_000_000, maxBatchOperations: 100_000,
                                                        memoBytes: 16_777_216, cachedBodyElements: 100_000, maxAnswerElements: 2_000_000))
        #expect(options.logLevel == .info)
        #expect(options.accessLog == true)
    }

    @Test func everyFlagSetsItsField() throws {
        let options = try parse([
            "--host", "127.0.0.1", "--port", "0", "--max-body-bytes", "1024", "--max-head-bytes", "2048",
            "--idle-timeout", "1.5", "--request-timeout", "2", "--drain-timeout", "0.25", "--loops", "3",
            "--max-connections", "7", "--cache-bytes", "0", "--max-elements", "9", "--max-batch-operations", "11",
            "--log-level", "debug", "--access-log", "off", "--max-buffered-bytes", "4096", "--memo-bytes", "0",
            "--cached-body-elements", "0", "--max-answer-elements", "12",
        ])
        #expect(options.http.maxBufferedBytes == 4096)
        #expect(options.http.host == "127.0.0.1")
        #expect(options.http.port == 0)
        #expect(options.http.maxBodyBytes == 1024)
        #expect(options.http.maxHeadBytes == 2048)
        #expect(options.http.idleTimeout == 1.5)
        #expect(options.http.requestTimeout == 2)
        #expect(options.http.drainTimeout == 0.25)
        #expect(options.http.loopCount == 3)
        #expect(options.http.maxConnections == 7)
        #expect(options.service == ServiceConfiguration(cacheBytes: 0, maxElements: 9, maxBatchOperations: 11, memoBytes: 0,
                                                        maxBodyBytes: 1024, cachedBodyElements: 0, maxAnswerElements: 12))
        #expect(options.logLevel == .debug)
        #expect(options.accessLog == false)
    }

    @Test func equalsFormIsTheSameAsSeparateValue() throws {
        let options = try parse(["--port=9000", "--host=::1", "--log-level=warning"])
        #expect(options.http.port == 9000)
        #expect(options.http.host == "::1")
        #expect(options.logLevel == .warning)
    }

    @Test func environmentSetsEveryField() throws {
        let options = try parse([], [
            "LAYOUTD_HOST": "127.0.0.2", "PORT": "8181", "LAYOUTD_MAX_BODY_BYTES": "5", "LAYOUTD_MAX_HEAD_BYTES": "6",
            "LAYOUTD_IDLE_TIMEOUT": "7", "LAYOUTD_REQUEST_TIMEOUT": "8", "LAYOUTD_DRAIN_TIMEOUT": "9",
            "LAYOUTD_LOOPS": "4", "LAYOUTD_MAX_CONNECTIONS": "12", "LAYOUTD_CACHE_BYTES": "13",
            "LAYOUTD_MAX_ELEMENTS": "14", "LAYOUTD_MAX_BATCH_OPERATIONS": "15", "LAYOUTD_LOG_LEVEL": "error",
            "LAYOUTD_ACCESS_LOG": "false",
        ])
        #expect(options.http.host == "127.0.0.2")
        #expect(options.http.port == 8181)
        #expect(options.http.maxBodyBytes == 5)
        #expect(options.http.maxHeadBytes == 6)
        #expect(options.http.idleTimeout == 7)
        #expect(options.http.requestTimeout == 8)
        #expect(options.http.drainTimeout == 9)
        #expect(options.http.loopCount == 4)
        #expect(options.http.maxConnections == 12)
        #expect(options.service == ServiceConfiguration(cacheBytes: 13, maxElements: 14, maxBatchOperations: 15, maxBodyBytes: 5))
        #expect(options.logLevel == .error)
        #expect(options.accessLog == false)
    }

    @Test func flagsOverrideTheEnvironment() throws {
        let options = try parse(["--port", "1234", "--access-log=on"], ["PORT": "4321", "LAYOUTD_ACCESS_LOG": "0"])
        #expect(options.http.port == 1234)
        #expect(options.accessLog == true)
    }

    @Test func invalidEnvironmentValueOverriddenByAFlagIsNotAnError() throws {
        let options = try parse(["--port", "1"], ["PORT": "http"])
        #expect(options.http.port == 1)
    }

    @Test func emptyEnvironmentVariableCountsAsUnset() throws {
        let options = try parse([], ["PORT": "", "LAYOUTD_HOST": ""])
        #expect(options.http.port == 8080)
        #expect(options.http.host == "0.0.0.0")
    }

    @Test func lastOfARepeatedFlagWins() throws {
        #expect(try parse(["--port", "1", "--port", "2"]).http.port == 2)
    }

    @Test(arguments: [
        ("on", true), ("off", false), ("true", true), ("false", false), ("1", true), ("0", false), ("OFF", false),
    ])
    func accessLogAcceptsOnOffTrueFalseOneZero(value: String, expected: Bool) throws {
        #expect(try parse(["--access-log", value]).accessLog == expected)
    }

    @Test(arguments: [["--help"], ["-h"], ["--port", "1", "--help"]])
    func helpIsRequested(arguments: [String]) {
        #expect(error(arguments) == .helpRequested)
    }

    @Test(arguments: [
        (["--nope"], [:], "unknown flag '--nope' (see --help)"),
        (["--nope=1"], [:], "unknown flag '--nope' (see --help)"),
        (["serve"], [:], "unexpected argument 'serve': layoutd takes only --flags (see --help)"),
        (["--port"], [:], "missing value for --port"),
        (["--port", "--host", "x"], [:], "missing value for --port"),
        (["--host="], [:], "missing value for --host"),
        (["--max-body-bytes", "32MB"], [:], "--max-body-bytes must be a whole number of bytes, got '32MB'"),
        (["--max-body-bytes", "-1"], [:], "--max-body-bytes must be a whole number of bytes, got '-1'"),
        (["--cache-bytes=1.5"], [:], "--cache-bytes must be a whole number of bytes, got '1.5'"),
        ([], ["LAYOUTD_MAX_HEAD_BYTES": "lots"], "LAYOUTD_MAX_HEAD_BYTES must be a whole number of bytes, got 'lots'"),
        (["--max-head-bytes", "99999999999999999999"], [:],
         "--max-head-bytes must be a whole number of bytes, got '99999999999999999999'"),
        (["--port", "65536"], [:], "--port must be a whole number from 0 to 65535, got '65536'"),
        ([], ["PORT": "+80"], "PORT must be a whole number from 0 to 65535, got '+80'"),
        (["--loops", "0"], [:], "--loops must be a whole number from 1 to 1024, got '0'"),
        (["--max-connections", "0"], [:], "--max-connections must be a whole number of at least 1, got '0'"),
        (["--max-elements", "ten"], [:], "--max-elements must be a whole number from 1 to 2147483647, got 'ten'"),
        (["--max-elements", "2147483648"], [:], "--max-elements must be a whole number from 1 to 2147483647, got '2147483648'"),
        (["--max-batch-operations", "0"], [:], "--max-batch-operations must be a whole number of at least 1, got '0'"),
        (["--idle-timeout", "0"], [:], "--idle-timeout must be a positive number of seconds, got '0'"),
        (["--request-timeout", "1e3"], [:], "--request-timeout must be a positive number of seconds, got '1e3'"),
        (["--drain-timeout", "1.2.3"], [:], "--drain-timeout must be a positive number of seconds, got '1.2.3'"),
        (["--log-level", "verbose"], [:], "--log-level must be one of debug, info, warning, error, got 'verbose'"),
        ([], ["LAYOUTD_ACCESS_LOG": "maybe"], "LAYOUTD_ACCESS_LOG must be on or off (or true/false, 1/0), got 'maybe'"),
    ] as [([String], [String: String], String)])
    func invalidInputIsRejectedWithAHumanMessage(arguments: [String], environment: [String: String], message: String) {
        #expect(error(arguments, environment)?.description == message)
    }

    @Test func usageListsEveryFlagWithItsVariableAndDefault() {
        for option in LaunchOptions.options {
            let line = LaunchOptions.usage.split(separator: "\n").first { $0.contains(option.flag + " ") }
            #expect(line?.contains(option.environment) == true, "\(option.flag)")
            #expect(line?.contains("(default: \(option.defaultText))") == true, "\(option.flag)")
        }
        #expect(LaunchOptions.usage.hasPrefix("Usage: layoutd [--flag value | --flag=value]...\n"))
        #expect(LaunchOptions.usage.contains("--help"))
    }

    /// Each default is written once (`ServerConfiguration`, `ServiceConfiguration`); `--help`,
    /// the launch defaults and a bare `Server` agree with it.
    @Test func helpAndLaunchDefaultsComeFromTheConfigurations() throws {
        let options = try parse([])
        let server = ServerConfiguration()
        #expect(options.http.maxHeadBytes == server.maxHeadBytes && options.http.maxBodyBytes == server.maxBodyBytes)
        #expect(options.http.maxConnections == server.maxConnections && options.http.idleTimeout == server.idleTimeout)
        #expect(options.http.maxBufferedBytes == server.maxBufferedBytes)
        #expect(options.service == ServiceConfiguration())
        let lines = LaunchOptions.usage.split(separator: "\n")
        func line(_ flag: String) -> String { String(lines.first { $0.contains(flag + " ") } ?? "") }
        #expect(line("--max-connections").hasSuffix(
            "open connections at most; at the limit layoutd stops accepting and more wait in the listen backlog (default: 10000)"))
        #expect(line("--idle-timeout").hasSuffix("(default: 60)"))
        #expect(line("--memo-bytes").hasSuffix("(default: 16777216)"))
        #expect(line("--max-buffered-bytes").hasSuffix("(default: 536870912, or a quarter of RAM if less; here \(server.maxBufferedBytes))"))
    }

    @Test func logLevelsAreOrderedFromDebugToError() {
        #expect(LogLevel.allCases.sorted() == [.debug, .info, .warning, .error])
        #expect(LogLevel.debug < .info && LogLevel.warning < .error)
    }
}
