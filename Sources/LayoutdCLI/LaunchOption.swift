import LayoutAPI

/// One row of the launch table: a flag, its environment variable, and how its value is applied.
struct LaunchOption: Sendable {
    typealias Apply = @Sendable (inout LaunchOptions, _ value: String, _ source: String) throws(LaunchError) -> Void

    let flag: String
    let environment: String
    let placeholder: String
    let help: String
    let defaultText: String
    let apply: Apply
}

extension LaunchOptions {
    /// The launch table, in the order `usage` lists it.
    static let options: [LaunchOption] = [
        LaunchOption(flag: "--host", environment: "LAYOUTD_HOST", placeholder: "ADDRESS",
                     help: "address to listen on", defaultText: defaults.http.host) { options, value, _ in
            options.http.host = value
        },
        LaunchOption(flag: "--port", environment: "PORT", placeholder: "N",
                     help: "TCP port, 0 for any free port", defaultText: "\(defaults.http.port)") { options, value, source throws(LaunchError) in
            options.http.port = try wholeNumber(value, source: source, in: 0...65_535, expected: "a whole number from 0 to 65535")
        },
        LaunchOption(flag: "--max-body-bytes", environment: "LAYOUTD_MAX_BODY_BYTES", placeholder: "BYTES",
                     help: "largest request body; more is a 413", defaultText: "\(defaults.http.maxBodyBytes)") { options, value, source throws(LaunchError) in
            options.http.maxBodyBytes = try bytes(value, source: source)
            options.service.maxBodyBytes = options.http.maxBodyBytes   // decoded gzip/deflate bodies too
        },
        LaunchOption(flag: "--max-head-bytes", environment: "LAYOUTD_MAX_HEAD_BYTES", placeholder: "BYTES",
                     help: "largest request line plus headers; more is a 431", defaultText: "\(defaults.http.maxHeadBytes)") { options, value, source throws(LaunchError) in
            options.http.maxHeadBytes = try bytes(value, source: source)
        },
        LaunchOption(flag: "--idle-timeout", environment: "LAYOUTD_IDLE_TIMEOUT", placeholder: "SECONDS",
                     help: "close keep-alive connections idle this long", defaultText: seconds(defaults.http.idleTimeout)) { options, value, source throws(LaunchError) in
            options.http.idleTimeout = try seconds(value, source: source)
        },
        LaunchOption(flag: "--request-timeout", environment: "LAYOUTD_REQUEST_TIMEOUT", placeholder: "SECONDS",
                     help: "most time to receive one request", defaultText: seconds(defaults.http.requestTimeout)) { options, value, source throws(LaunchError) in
            options.http.requestTimeout = try seconds(value, source: source)
        },
        LaunchOption(flag: "--drain-timeout", environment: "LAYOUTD_DRAIN_TIMEOUT", placeholder: "SECONDS",
                     help: "on SIGTERM, wait this long for in-flight requests", defaultText: seconds(defaults.http.drainTimeout)) { options, value, source throws(LaunchError) in
            options.http.drainTimeout = try seconds(value, source: source)
        },
        LaunchOption(flag: "--loops", environment: "LAYOUTD_LOOPS", placeholder: "N",
                     help: "I/O event loops", defaultText: "number of cores") { options, value, source throws(LaunchError) in
            options.http.loopCount = try wholeNumber(value, source: source, in: 1...maximumLoops,
                                                     expected: "a whole number from 1 to \(maximumLoops)")
        },
        LaunchOption(flag: "--max-connections", environment: "LAYOUTD_MAX_CONNECTIONS", placeholder: "N",
                     help: "open connections at most; at the limit layoutd stops accepting and more wait in the listen backlog",
                     defaultText: "\(defaults.http.maxConnections)") { options, value, source throws(LaunchError) in
            options.http.maxConnections = try wholeNumber(value, source: source, in: 1...Int.max, expected: "a whole number of at least 1")
        },
        LaunchOption(flag: "--max-buffered-bytes", environment: "LAYOUTD_MAX_BUFFERED_BYTES", placeholder: "BYTES",
                     help: "bytes held for request bodies and answers queued for slow readers, all connections together; at the limit bodies wait, new ones get 503",
                     defaultText: "536870912, or a quarter of RAM if less; here \(defaults.http.maxBufferedBytes)") { options, value, source throws(LaunchError) in
            options.http.maxBufferedBytes = try wholeNumber(value, source: source, in: 1...Int.max, expected: "a whole number of bytes, at least 1")
        },
        LaunchOption(flag: "--cache-bytes", environment: "LAYOUTD_CACHE_BYTES", placeholder: "BYTES",
                     help: "layout cache size, 0 turns it off", defaultText: "\(defaults.service.cacheBytes)") { options, value, source throws(LaunchError) in
            options.service.cacheBytes = try bytes(value, source: source)
        },
        LaunchOption(flag: "--memo-bytes", environment: "LAYOUTD_MEMO_BYTES", placeholder: "BYTES",
                     help: "memo of recent POST /layout bodies answered inline when repeated, 0 turns it off",
                     defaultText: "\(defaults.service.memoBytes)") { options, value, source throws(LaunchError) in
            options.service.memoBytes = try bytes(value, source: source)
        },
        LaunchOption(flag: "--max-elements", environment: "LAYOUTD_MAX_ELEMENTS", placeholder: "N",
                     help: "most elements in one layout; more is a 422", defaultText: "\(defaults.service.maxElements)") { options, value, source throws(LaunchError) in
            options.service.maxElements = try wholeNumber(value, source: source, in: 1...Int(Int32.max), expected: "a whole number from 1 to 2147483647")
        },
        LaunchOption(flag: "--cached-body-elements", environment: "LAYOUTD_CACHED_BODY_ELEMENTS", placeholder: "N",
                     help: "largest layout whose full JSON body is kept cached; larger ones are encoded per answer",
                     defaultText: "\(defaults.service.cachedBodyElements)") { options, value, source throws(LaunchError) in
            options.service.cachedBodyElements = try wholeNumber(value, source: source, in: 0...Int.max, expected: "a whole number of at least 0")
        },
        LaunchOption(flag: "--max-answer-elements", environment: "LAYOUTD_MAX_ANSWER_ELEMENTS", placeholder: "N",
                     help: "most elements one answer lists (a full layout, an element query); more is a 422",
                     defaultText: "\(defaults.service.maxAnswerElements)") { options, value, source throws(LaunchError) in
            options.service.maxAnswerElements = try wholeNumber(value, source: source, in: 1...Int.max, expected: "a whole number of at least 1")
        },
        LaunchOption(flag: "--max-answer-bytes", environment: "LAYOUTD_MAX_ANSWER_BYTES", placeholder: "BYTES",
                     help: "most bytes one answer may take, decided before it is built (never more than --max-buffered-bytes); more is a 422",
                     defaultText: "\(defaults.service.maxAnswerBytes)") { options, value, source throws(LaunchError) in
            options.service.maxAnswerBytes = try wholeNumber(value, source: source, in: 1024...Int.max, expected: "a whole number of bytes, at least 1024")
        },
        LaunchOption(flag: "--heavy-lane-threads", environment: "LAYOUTD_HEAVY_LANE_THREADS", placeholder: "N",
                     help: "heavy requests (large layouts, bodies, answers) run at once; the rest wait, cheap requests never do",
                     defaultText: "cores - 1, at least 1") { options, value, source throws(LaunchError) in
            options.service.heavyLaneWidth = try wholeNumber(value, source: source, in: 1...1024, expected: "a whole number from 1 to 1024")
        },
        LaunchOption(flag: "--max-batch-operations", environment: "LAYOUTD_MAX_BATCH_OPERATIONS", placeholder: "N",
                     help: "most operations in one batch update; more is a 422", defaultText: "\(defaults.service.maxBatchOperations)") { options, value, source throws(LaunchError) in
            options.service.maxBatchOperations = try wholeNumber(value, source: source, in: 1...Int.max,
                                                                  expected: "a whole number of at least 1")
        },
        LaunchOption(flag: "--log-level", environment: "LAYOUTD_LOG_LEVEL", placeholder: "LEVEL",
                     help: "debug, info, warning or error", defaultText: defaults.logLevel.rawValue) { options, value, source throws(LaunchError) in
            guard let level = LogLevel(rawValue: value.lowercased()) else {
                throw .invalidValue(source: source, value: value, expected: "one of debug, info, warning, error")
            }
            options.logLevel = level
        },
        LaunchOption(flag: "--access-log", environment: "LAYOUTD_ACCESS_LOG", placeholder: "on|off",
                     help: "one stdout line per request", defaultText: defaults.accessLog ? "on" : "off") { options, value, source throws(LaunchError) in
            switch value.lowercased() {
            case "on", "true", "1", "yes": options.accessLog = true
            case "off", "false", "0", "no": options.accessLog = false
            default: throw .invalidValue(source: source, value: value, expected: "on or off (or true/false, 1/0)")
            }
        },
        LaunchOption(flag: "--store", environment: "LAYOUTD_STORE", placeholder: "URL",
                     help: "shared layout store for replicas, postgres://user:password@host:port/database or memory: (pass it in LAYOUTD_STORE: ps shows arguments)", defaultText: "none: memory only") { options, value, source throws(LaunchError) in
            guard StoreFactory.scheme(of: value) != nil else {
                throw .invalidValue(source: source, value: StoreOptions(url: value).redactedURL ?? value,
                                    expected: "a URL such as postgres://user:password@host:port/database or memory:")
            }
            options.store.url = value
        },
        LaunchOption(flag: "--store-ttl", environment: "LAYOUTD_STORE_TTL", placeholder: "DURATION",
                     help: "delete stored layouts unused this long: seconds, or a number with s, m, h or d", defaultText: "30d") { options, value, source throws(LaunchError) in
            options.store.ttl = try duration(value, source: source)
        },
        LaunchOption(flag: "--store-max-bytes", environment: "LAYOUTD_STORE_MAX_BYTES", placeholder: "BYTES",
                     help: "size bound of the shared store: above 90% of it, least recently used layouts are deleted down to 80% (0: no bound)", defaultText: "0") { options, value, source throws(LaunchError) in
            options.store.maxBytes = try bytes(value, source: source)
        },
        LaunchOption(flag: "--store-timeout", environment: "LAYOUTD_STORE_TIMEOUT", placeholder: "SECONDS",
                     help: "most time one store call may take", defaultText: "2") { options, value, source throws(LaunchError) in
            options.store.timeout = try seconds(value, source: source)
        },
    ]

    /// `90`, `90s`, `15m`, `12h` or `30d`: a positive number of seconds, minutes, hours or days.
    static func duration(_ text: String, source: String) throws(LaunchError) -> Double {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3_600, "d": 86_400]
        var number = Substring(text)
        var scale = 1.0
        if let last = text.last, let unit = units[last] {
            number = number.dropLast()
            scale = unit
        }
        guard let value = try? seconds(String(number), source: source) else {
            throw .invalidValue(source: source, value: text, expected: "a positive duration: seconds, or a number with s, m, h or d (e.g. 30d)")
        }
        return value * scale
    }

    /// `60` for 60.0, `0.25` as is: how `--help` prints a default number of seconds.
    static func seconds(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// Digits only (no sign, no spaces, no suffix), within `range`.
    static func wholeNumber(_ text: String, source: String, in range: ClosedRange<Int>,
                            expected: String) throws(LaunchError) -> Int {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
              let number = Int(text), range.contains(number)
        else { throw .invalidValue(source: source, value: text, expected: expected) }
        return number
    }

    static func bytes(_ text: String, source: String) throws(LaunchError) -> Int {
        try wholeNumber(text, source: source, in: 0...Int.max, expected: "a whole number of bytes")
    }

    /// A positive decimal like `60` or `0.25`: digits with at most one dot (no exponent, no hex).
    static func seconds(_ text: String, source: String) throws(LaunchError) -> Double {
        let digitsAndDot = text.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E }
        guard digitsAndDot, text.utf8.filter({ $0 == 0x2E }).count <= 1,
              let number = Double(text), number.isFinite, number > 0
        else { throw .invalidValue(source: source, value: text, expected: "a positive number of seconds") }
        return number
    }
}
