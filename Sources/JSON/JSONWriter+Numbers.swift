/// Number formatting: the shortest decimal that reads back as the same Double, in JSON syntax,
/// byte for byte what Swift's `description` prints (less a trailing ".0"), without making a
/// String for the common cases.
extension JSONWriter {
    /// Longest output of `writeNumber`: "-2.2250738585072014e-308" is 24 bytes.
    @usableFromInline package static let maxNumberLength = 24

    /// Appends `v` in its shortest round-trip form: integral values without ".0" ("375", "-2"),
    /// -0 as "0", exponents as Swift prints them ("1e-07", "1e+21", valid JSON), and `null` for
    /// NaN and infinities (callers validate earlier; JSON has no spelling for them).
    @inlinable
    public mutating func number(_ v: Double) {
        write(maxCount: JSONWriter.maxNumberLength) { JSONWriter.writeNumber(v, to: $0) }
    }

    /// Writes `v` as `number(_:)` describes (at most 24 bytes) and returns the length.
    @inlinable
    public static func writeNumber(_ v: Double, to destination: UnsafeMutablePointer<UInt8>) -> Int {
        if let integer = exactInteger(v) { return writeInteger(integer, to: destination) }
        let short = writeShortDecimal(v, to: destination)
        if short > 0 { return short }
        let long = writeLongDecimal(v, to: destination)
        return long > 0 ? long : writeDescription(v, to: destination)
    }

    /// `v` as an Int when it is integral and at most 2^53 in magnitude (where Swift prints it
    /// without an exponent); -0 is 0. A conversion check, not `rounded()`, which needs libm.
    @inlinable @inline(__always)
    public static func exactInteger(_ v: Double) -> Int? {
        guard v.magnitude <= 9_007_199_254_740_992 else { return nil }   // false for NaN
        let integer = Int(v)
        return Double(integer) == v ? integer : nil
    }

    /// Writes an integer in decimal and returns the length.
    @inlinable @inline(__always)
    public static func writeInteger(_ v: Int, to destination: UnsafeMutablePointer<UInt8>) -> Int {
        if v < 0 {
            destination.initialize(to: UInt8(ascii: "-"))
            return 1 &+ writeDecimal(v.magnitude, to: destination + 1)
        }
        return writeDecimal(v.magnitude, to: destination)
    }

    /// `writeInteger`'s text of `v` made in a register, for -9,999,999 <= v <= 99,999,999: the
    /// bytes in memory order (first character in the low byte) and their count; nil outside that
    /// range. Callers that keep the text they wrote (the element encoder's remembered numbers and
    /// memo) take it from here instead of reading back bytes they have just stored one or two at
    /// a time: such a wide load cannot be forwarded from the narrow stores and waits for them
    /// (perf put a third of the element encoder's samples on two such loads).
    @inlinable @inline(__always)
    public static func integerText(_ v: Int) -> (text: UInt64, length: Int)? {
        guard v > -10_000_000, v < 100_000_000 else { return nil }
        let magnitude = UInt64(truncatingIfNeeded: v < 0 ? 0 &- v : v)
        let digits = magnitude < 10_000
            ? (magnitude < 100 ? (magnitude < 10 ? 1 : 2) : (magnitude < 1_000 ? 3 : 4))
            : (magnitude < 1_000_000 ? (magnitude < 100_000 ? 5 : 6) : (magnitude < 10_000_000 ? 7 : 8))
        // Eight digits, leading zeros included, one per byte: split into two 4-digit lanes of 32
        // bits, each into two 2-digit lanes of 16 bits, each into two digits of 8 bits (each
        // lane's quotient by exact multiply-and-shift: n * 10486 >> 20 is n / 100 for n < 10,000,
        // n * 103 >> 10 is n / 10 for n < 100; no product reaches the next lane).
        var x = (magnitude / 10_000) | ((magnitude % 10_000) << 32)
        let hundreds = ((x &* 10_486) >> 20) & 0x0000_007F_0000_007F
        x = hundreds | ((x &- hundreds &* 100) << 16)
        let tens = ((x &* 103) >> 10) & 0x000F_000F_000F_000F
        x = tens | ((x &- tens &* 10) << 8)
        var text = (x | 0x3030_3030_3030_3030) >> UInt64(8 &* (8 &- digits))
        if v < 0 { text = text << 8 | UInt64(UInt8(ascii: "-")) }
        return (text, v < 0 ? digits &+ 1 : digits)
    }

    /// 10^0 through 10^15, exact Doubles, a constant (no lazy global).
    @usableFromInline package static let powersOfTen: (Double, Double, Double, Double, Double, Double, Double, Double,
                                               Double, Double, Double, Double, Double, Double, Double, Double) =
        (1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15)

    /// Fast path for non-integral values with a short exact decimal form (86.5, 0.25, 12.3,
    /// 1/1024 = 0.0009765625): the fewest fraction digits k for which the k-digit decimal nearest
    /// `v` reads back as `v` (Double division of two exact integers rounds as parsing does). With
    /// at most 15 significant digits such a decimal is the only one of its length in `v`'s
    /// rounding interval (decimals of 15 digits lie further apart than an ulp), so it is the
    /// shortest round-trip form Swift prints, in plain notation for 1e-4 <= |v| < 1e15. Returns 0
    /// when it does not apply (thirds, |v| outside that range, more than 15 digits): the caller
    /// then uses `description`.
    @usableFromInline
    package static func writeShortDecimal(_ v: Double, to destination: UnsafeMutablePointer<UInt8>) -> Int {
        let magnitude = v.magnitude
        guard magnitude >= 0.0001, magnitude < 1e15 else { return 0 }   // false for NaN
        let whole = UInt(magnitude)
        let wholeDigits = whole == 0 ? 0 : decimalDigitCount(whole)
        let maxFractionDigits = 15 &- wholeDigits
        guard maxFractionDigits > 0 else { return 0 }
        // One test rules out most values without a short form (thirds): if a decimal of k <=
        // maxFractionDigits fraction digits reads back as v, then v * 10^maxFractionDigits lies
        // within 0.23 of an integer (v's half-ulp and the product's rounding, each under
        // 2^-53 * 10^15 = 0.111, scaled up).
        let top = withUnsafeBytes(of: powersOfTen) { $0.load(fromByteOffset: maxFractionDigits &* 8, as: Double.self) }
        let scaledTop = magnitude * top
        let nearest = Double(UInt(scaledTop + 0.5))
        guard (scaledTop - nearest).magnitude <= 0.25 else { return 0 }
        var k = 1
        var scale = 10.0   // 10^k, exact (powers of ten are exact Doubles up to 10^22)
        while k <= maxFractionDigits {
            let scaled = magnitude * scale
            let units = UInt(scaled + 0.5)   // the k-digit decimal nearest v
            if Double(units) / scale == magnitude {
                var position = 0
                if v < 0 {
                    destination.initialize(to: UInt8(ascii: "-"))
                    position = 1
                }
                let unit = UInt(scale)
                position &+= writeDecimal(units / unit, to: destination + position)
                (destination + position).initialize(to: UInt8(ascii: "."))
                writeDigits(units % unit, count: k, to: destination + position + 1)
                return position &+ 1 &+ k
            }
            k &+= 1
            scale *= 10
        }
        return 0
    }

    /// 10^0 through 10^16, a constant (no lazy global).
    @usableFromInline package static let integerPowersOfTen: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                                                         UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) =
        (1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000, 10_000_000_000,
         100_000_000_000, 1_000_000_000_000, 10_000_000_000_000, 100_000_000_000_000, 1_000_000_000_000_000,
         10_000_000_000_000_000)

    /// Fast path for the values `writeShortDecimal` leaves, when 1 <= |v| < 1e15: those whose
    /// shortest round-trip form has 16 or 17 significant digits (n + 1/3 or n + 2/3 at @3x,
    /// "43999.666666666664"), found exactly with 128-bit integers instead of the runtime's
    /// general printer (which took 7% of computing a list layout with separators).
    ///
    /// For p = 16, then 17 significant digits (k = p - whole digits after the point), the two
    /// k-digit decimals around v (D and D + 1 units of 10^-k, from v's significand M times 10^k
    /// shifted exactly) are the only candidates that can be nearest; a candidate reads back as v
    /// when it lies inside v's rounding interval, M ± 1/2 units of v's last place, endpoints
    /// included when M is even (parsing rounds a tie to even). Both half-gaps are equal: an M
    /// that starts its binade makes v >= 1 a power of two, an integer, never seen here. The first p with a candidate inside gives
    /// the shortest form, and of two candidates inside, the nearer one: what Swift prints. An
    /// exact tie between the two, or anything outside the range, returns 0 (`description`
    /// decides). The caller has ruled out integers and forms of 15 or fewer digits.
    @usableFromInline
    package static func writeLongDecimal(_ v: Double, to destination: UnsafeMutablePointer<UInt8>) -> Int {
        let magnitude = v.magnitude
        guard magnitude >= 1, magnitude < 1e15 else { return 0 }   // false for NaN
        let m = UInt128(magnitude.significandBitPattern | (1 << 52))
        let shift = 1075 &- Int(magnitude.exponentBitPattern)   // v = m / 2^shift; 3 ... 52 here
        guard shift > 0, shift < 64 else { return 0 }
        let wholeDigits = decimalDigitCount(UInt(magnitude))
        let even = m & 1 == 0
        for digits in 16...17 {
            let k = digits &- wholeDigits
            guard k >= 1, k <= 16 else { return 0 }
            let scale = UInt128(withUnsafeBytes(of: integerPowersOfTen) { $0.load(fromByteOffset: k &* 8, as: UInt64.self) })
            let scaled = m * scale                      // < 2^53 * 10^16 < 2^107
            let low = scaled >> shift
            let remainder = scaled & ((UInt128(1) << shift) &- 1)
            let half = UInt128(1) << (shift &- 1)
            if remainder == half { return 0 }
            let nearest = remainder > half ? low &+ 1 : low
            let other = remainder > half ? low : low &+ 1
            // Inside v's rounding interval: D * 2^(shift+1) against (2m -/+ 1) * 10^k.
            func inside(_ d: UInt128) -> Bool {
                let value = d << (shift &+ 1)
                let upper = (2 &* m &+ 1) &* scale, lower = (2 &* m &- 1) &* scale
                return even ? value <= upper && value >= lower : value < upper && value > lower
            }
            let chosen: UInt128
            if inside(nearest) { chosen = nearest } else if inside(other) { chosen = other } else { continue }
            var position = 0
            if v < 0 {
                destination.initialize(to: UInt8(ascii: "-"))
                position = 1
            }
            let unit = UInt(scale)
            let units = UInt(chosen)
            position &+= writeDecimal(units / unit, to: destination + position)
            (destination + position).initialize(to: UInt8(ascii: "."))
            writeDigits(units % unit, count: k, to: destination + position + 1)
            return position &+ 1 &+ k
        }
        return 0
    }

    /// Swift's `description` is the shortest round-trip form; it prints "nan"/"inf" for
    /// non-finite values, which JSON cannot carry, so those become null. The digits come from the
    /// runtime function `description` itself calls (`swift_float64ToString`, SwiftDtoa), written
    /// into a stack buffer: no String (thirds such as "0.3333333333333333" are past the 15 bytes a
    /// String holds inline, so `description` allocated for each).
    @usableFromInline
    package static func writeDescription(_ v: Double, to destination: UnsafeMutablePointer<UInt8>) -> Int {
        guard v.isFinite else {
            for (i, byte) in "null".utf8.enumerated() { (destination + i).initialize(to: byte) }
            return 4
        }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer -> Int in
            guard let base = buffer.baseAddress else { return 0 }
            // The printer leaves the leading zeros of "0.000123" unwritten: the caller's buffer
            // holds ASCII zeros beforehand.
            base.initialize(repeating: UInt8(ascii: "0"), count: 32)
            var count = Int(truncatingIfNeeded: _layoutdFloat64ToString(base, 32, v, false))
            count = min(count, 32)
            if count >= 2, base[count &- 2] == UInt8(ascii: "."), base[count &- 1] == UInt8(ascii: "0") { count &-= 2 }
            count = min(count, maxNumberLength)
            destination.initialize(from: base, count: count)
            return count
        }
    }
}

/// The Swift runtime's shortest round-trip printer behind `Double.description` (stdlib declares
/// it the same way): writes at most `bufferLength` (>= 32) bytes, no terminator, returns the
/// length. `debug` false is `description`, true `debugDescription`.
@_silgen_name("swift_float64ToString")
@usableFromInline
func _layoutdFloat64ToString(_ buffer: UnsafeMutablePointer<UInt8>, _ bufferLength: UInt, _ value: Double, _ debug: Bool) -> UInt64
