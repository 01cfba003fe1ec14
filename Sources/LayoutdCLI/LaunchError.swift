/// The release of layoutd: the one place the version lives (start-up line, `Server` header, `/metrics`).
public let layoutdVersion = "0.1.0"

/// How much `layoutd` logs; each level includes the ones after it.
public enum LogLevel: String, Sendable, CaseIterable, Comparable {
    case debug, info, warning, error

    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool {
        lhs.rank < rhs.rank
    }

    private var rank: Int {
        switch self {
        case .debug: 0
        case .info: 1
        case .warning: 2
        case .error: 3
        }
    }
}

/// Why the command line or environment could not be turned into `LaunchOptions`.
/// `layoutd` prints `description` and the usage, then exits with status 2 (0 for `--help`).
public enum LaunchError: Error, Equatable, CustomStringConvertible {
    /// `--help` or `-h` was given: print the usage and exit successfully.
    case helpRequested
    /// A `--flag` that layoutd does not know.
    case unknownFlag(String)
    /// An argument that is not a flag (layoutd takes no positional arguments).
    case unexpectedArgument(String)
    /// A flag given last, or followed by another flag, or with an empty `=` value.
    case missingValue(flag: String)
    /// A value that does not parse; `source` is the flag or environment variable that gave it,
    /// `expected` completes "must be ...".
    case invalidValue(source: String, value: String, expected: String)

    public var description: String {
        switch self {
        case .helpRequested:
            "help requested"
        case .unknownFlag(let flag):
            "unknown flag '\(flag)' (see --help)"
        case .unexpectedArgument(let argument):
            "unexpected argument '\(argument)': layoutd takes only --flags (see --help)"
        case .missingValue(let flag):
            "missing value for \(flag)"
        case .invalidValue(let source, let value, let expected):
            "\(source) must be \(expected), got '\(value)'"
        }
    }
}
