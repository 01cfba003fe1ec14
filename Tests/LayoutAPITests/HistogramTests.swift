import Prometheus
import Testing

/// The one histogram type behind /metrics' route and store histograms.
@Suite struct HistogramTests {
    @Test func bucketsAreCumulativeAndTheSumIsInSeconds() {
        var h = Histogram(bounds: [0.001, 0.01])
        h.observe(nanoseconds: 1_000_000)   // exactly on the first bound: le="0.001"
        h.observe(nanoseconds: 5_000_000)
        h.observe(seconds: 3)
        var out = ""
        h.render("x_seconds", label: "route", value: "/a", into: &out)
        #expect(out == """
            x_seconds_bucket{route="/a",le="0.001"} 1
            x_seconds_bucket{route="/a",le="0.01"} 2
            x_seconds_bucket{route="/a",le="+Inf"} 3
            x_seconds_sum{route="/a"} 3.006
            x_seconds_count{route="/a"} 3

            """)
    }

    /// Microseconds kept as nanoseconds print as `Double(micros) / 1e6` did before the types merged.
    @Test(arguments: [1, 123, 999_999, 1_234_567, 86_400_000_000])
    func microsecondSumsPrintAsBefore(_ micros: Int) {
        var h = Histogram(bounds: [1])
        h.observe(nanoseconds: micros * 1_000)
        var out = ""
        h.render("x", label: "l", value: "v", into: &out)
        #expect(out.contains("x_sum{l=\"v\"} \(Double(micros) / 1_000_000)\n"))
    }

    @Test func samplesHaveHelpAndType() {
        #expect(MetricText.sample("up", "gauge", "1 when up.", 1) == "# HELP up 1 when up.\n# TYPE up gauge\nup 1\n")
    }
}
