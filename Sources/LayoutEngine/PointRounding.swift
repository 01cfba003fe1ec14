/// floor, ceil, round and square root without libm.
///
/// LayoutEngine imports only the standard library, and on Linux `Double.rounded(_:)` and
/// `squareRoot()` lower to calls into libm (`floor`, `ceil`, `round`, `sqrt`) that nothing in the
/// package links, so test bundles fail to link. Truncation through `Int64` is a single instruction
/// and exact for |x| < 2^52; larger magnitudes (and infinities, NaN) are already integral.
enum PointRounding {
    /// 2^52: every Double at or above this magnitude is an integer.
    static let integralMagnitude = 4_503_599_627_370_496.0

    static func floor(_ value: Double) -> Double {
        guard value.magnitude < integralMagnitude else { return value }
        let truncated = Double(Int64(value))
        return truncated > value ? truncated - 1 : truncated
    }

    static func ceil(_ value: Double) -> Double {
        guard value.magnitude < integralMagnitude else { return value }
        let truncated = Double(Int64(value))
        return truncated < value ? truncated + 1 : truncated
    }

    /// C `round()`: half away from zero.
    static func round(_ value: Double) -> Double {
        guard value.magnitude < integralMagnitude else { return value }
        let truncated = Double(Int64(value))
        let fraction = value - truncated  // exact
        if fraction >= 0.5 { return truncated + 1 }
        if fraction <= -0.5 { return truncated - 1 }
        return truncated
    }

    /// `floor(value · scale) / scale`: floor to a device pixel (other-layouts.md `floorPx`).
    static func floorToPixel(_ value: Double, scale: Double) -> Double {
        scale > 0 ? floor(value * scale) / scale : value
    }

    /// `round(value · scale) / scale`, the flow layout's origin rounding (flow-layout.md §6).
    static func roundToPixel(_ value: Double, scale: Double) -> Double {
        scale > 0 ? round(value * scale) / scale : value
    }

    /// The smallest integer `s` in `1...limit` with `s · s >= value` (a ceiling square root).
    static func ceilSquareRoot(_ value: Double, limit: Int) -> Int {
        guard limit > 1, value > 1 else { return 1 }
        guard value < Double(limit) * Double(limit) else { return limit }
        var low = 1, high = limit
        while low < high {
            let mid = low + (high - low) / 2
            if Double(mid) * Double(mid) >= value { high = mid } else { low = mid + 1 }
        }
        return low
    }
}
