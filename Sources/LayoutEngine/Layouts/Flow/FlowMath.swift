/// Rounding without libm. `Double.rounded(_:)` lowers to libm's `round`/`floor`, which this
/// standard-library-only module does not link on Linux; truncating conversion to `Int64` does not
/// need it. Exact for every finite `Double`: values of magnitude ≥ 2^52 are already integral.
enum FlowMath {
    private static let integralThreshold = 4_503_599_627_370_496.0  // 2^52

    /// C `round()`: to nearest, halves away from zero (spec §6).
    @inline(__always)
    static func round(_ x: Double) -> Double {
        guard abs(x) < integralThreshold else { return x }
        let truncated = Double(Int64(x))
        let fraction = x - truncated
        if fraction >= 0.5 { return truncated + 1 }
        if fraction <= -0.5 { return truncated - 1 }
        return truncated
    }

    /// `floor()`; NaN and infinities are returned unchanged.
    @inline(__always)
    static func floor(_ x: Double) -> Double {
        guard abs(x) < integralThreshold else { return x }
        let truncated = Double(Int64(x))
        return truncated > x ? truncated - 1 : truncated
    }
}
