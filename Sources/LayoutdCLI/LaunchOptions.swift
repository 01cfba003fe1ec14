import HTTP
import LayoutAPI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Everything `layoutd` needs to start, read from flags and `LAYOUTD_*` environment variables.
///
/// Flags win over the environment, which wins over the defaults; an empty environment variable
/// counts as unset (container runtimes often pass `VAR=`). Both `--flag value` and
/// `--flag=value` are accepted.
public struct LaunchOptions: Sendable {
    public var http: ServerConfiguration
    public var service: ServiceConfiguration
    public var logLevel: LogLevel
    public var accessLog: Bool
    /// The shared layout store (none by default: memory only).
    public var store: StoreOptions

    /// The defaults of the table in `usage`: those of `ServerConfiguration` and
    /// `ServiceConfiguration` (the one place each default is written), with layoutd's own
    /// `Server` header and one loop per online core.
    public init() {
        var http = ServerConfiguration()
        http.loopCount = LaunchOptions.onlineCores()
        http.serverHeader = "layoutd/\(layoutdVersion)"
        self.http = http
        self.service = ServiceConfiguration(maxBodyBytes: http.maxBodyBytes)
        self.logLevel = .info
        self.accessLog = true
        self.store = StoreOptions()
    }

    /// The defaults, for the `--help` text.
    static let defaults = LaunchOptions()

    /// Parses `arguments` (without the program name, i.e. `CommandLine.arguments.dropFirst()`)
    /// over `environment`. Values are validated whether they come from a flag or a variable;
    /// an invalid variable that a flag overrides is not an error.
    public static func parse(arguments: [String], environment: [String: String]) throws(LaunchError) -> LaunchOptions {
        var fromFlags: [String: (source: String, value: String)] = [:]
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--help" || argument == "-h" { throw .helpRequested }
            guard argument.hasPrefix("--") else { throw .unexpectedArgument(argument) }
            let name: String
            var value: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                value = String(argument[argument.index(after: equals)...])
            } else {
                name = argument
            }
            guard let option = options.first(where: { $0.flag == name }) else { throw .unknownFlag(name) }
            if value == nil, index < arguments.count, !arguments[index].hasPrefix("--") {
                value = arguments[index]
                index += 1
            }
            guard let value, !value.isEmpty else { throw .missingValue(flag: name) }
            fromFlags[option.flag] = (name, value)
        }

        var result = LaunchOptions()
        for option in options {
            if let given = fromFlags[option.flag] {
                try option.apply(&result, given.value, given.source)
            } else if let value = environment[option.environment], !value.isEmpty {
                try option.apply(&result, value, option.environment)
            }
        }
        return result
    }

    /// What `layoutd --help` prints.
    public static let usage: String = {
        var text = """
            Usage: layoutd [--flag value | --flag=value]...
                   layoutd explain [--ios VERSION] [--json] < crash.txt   (see layoutd explain --help)

            UIKit-exact collection-view layouts over HTTP/1.1 (layoutd \(layoutdVersion)).
            Every flag can also be set with its environment variable; flags win.

            Flags:

            """
        let width = options.map { $0.flag.count + 1 + $0.placeholder.count }.max() ?? 0
        let envWidth = options.map(\.environment.count).max() ?? 0
        for option in options {
            let left = "\(option.flag) \(option.placeholder)"
            text += "  " + padded(left, to: width) + "  " + padded(option.environment, to: envWidth)
            text += "  \(option.help) (default: \(option.defaultText))\n"
        }
        text += "  " + padded("--help", to: width) + "  " + padded("", to: envWidth) + "  print this text and exit\n"
        return text
    }()

    /// The environment variables `parse` reads, so a caller can collect just these (e.g. with `getenv`).
    public static var environmentVariables: [String] { options.map(\.environment) }

    /// Cores the kernel has online; the default number of I/O loops.
    static func onlineCores() -> Int {
        min(ServerConfiguration.coreCount, maximumLoops)
    }

    static let maximumLoops = 1024

    private static func padded(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}
