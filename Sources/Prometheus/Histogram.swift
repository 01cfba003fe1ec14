/// A Prometheus histogram of durations, in the text exposition format: one type for every
/// histogram layoutd exports (HTTP requests by route, store calls by operation), so the bucket
/// search, the cumulative counts and the `_bucket`/`_sum`/`_count` lines are written once.
///
/// The sum is kept in whole nanoseconds (exact, whatever the order of observations) and printed
/// in seconds; a duration measured in microseconds prints as `micros / 1e6` did.
package struct Histogram: Sendable, Equatable {
    /// Upper bounds in seconds, ascending; `+Inf` is implicit.
    package let bounds: [Double]
    /// Observations per bucket (not cumulative); the last is over the largest bound.
    package private(set) var counts: [Int]
    package private(set) var count = 0
    package private(set) var sumNanoseconds = 0

    package init(bounds: [Double]) {
        self.bounds = bounds
        counts = [Int](repeating: 0, count: bounds.count + 1)
    }

    /// The bucket of a duration: the first bound it does not exceed.
    package func bucket(seconds: Double) -> Int {
        bounds.firstIndex { seconds <= $0 } ?? bounds.count
    }

    package mutating func observe(nanoseconds: Int) {
        counts[bucket(seconds: Double(nanoseconds) / 1_000_000_000)] += 1
        count += 1
        sumNanoseconds = sumNanoseconds > Int.max - nanoseconds ? Int.max : sumNanoseconds + max(0, nanoseconds)
    }

    package mutating func observe(seconds: Double) {
        let nanoseconds = seconds.isFinite ? min(max(0, (seconds * 1_000_000_000).rounded()), 9.2e18) : 0
        observe(nanoseconds: Int(nanoseconds))
    }

    /// `name_bucket{label="value",le="b"} n` for every bound and `+Inf`, then `_sum` and `_count`.
    package func render(_ name: String, label: String, value: String, into out: inout String) {
        var cumulative = 0
        for (i, b) in bounds.enumerated() {
            cumulative += counts[i]
            out += "\(name)_bucket{\(label)=\"\(value)\",le=\"\(b)\"} \(cumulative)\n"
        }
        out += "\(name)_bucket{\(label)=\"\(value)\",le=\"+Inf\"} \(count)\n"
        out += "\(name)_sum{\(label)=\"\(value)\"} \(Double(sumNanoseconds) / 1_000_000_000)\n"
        out += "\(name)_count{\(label)=\"\(value)\"} \(count)\n"
    }
}

/// The lines of a metric without labels, and the head of one with them.
package enum MetricText {
    /// `# HELP name help`, `# TYPE name type`.
    package static func head(_ name: String, _ type: String, _ help: String) -> String {
        "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n"
    }

    /// The head and the one sample of a metric without labels.
    package static func sample(_ name: String, _ type: String, _ help: String, _ value: Int) -> String {
        head(name, type, help) + "\(name) \(value)\n"
    }
}
