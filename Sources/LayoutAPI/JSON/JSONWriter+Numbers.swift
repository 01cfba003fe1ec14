/// Number formatting: the shortest decimal that reads back as the same Double, in JSON syntax.
extension JSONWriter {
    /// Appends `v` in its shortest round-trip form: integral values without ".0" ("375", "-2"),
    /// -0 as "0", exponents as Swift prints them ("1e-07", "1e+21", valid JSON), and `null` for
    /// NaN and infinities (callers validate earlier; JSON has no spelling for them).
    @inlinable
    package mutating func number(_ v: Double) {
        // Integral check by conversion, not `rounded()`, which needs libm at link time.
        if v.magnitude <= 9_007_199_254_740_992, Double(Int(v)) == v {
            int(Int(v))  // exact: |v| <= 2^53; -0 becomes 0
        } else if !appendDyadic(v) {
            appendDescription(v)
        }
    }

    /// Fast path for multiples of 1/1024 (screen-scale coordinates such as 86.5 or 0.25):
    /// v = m / 2^10 exactly, so its decimal expansion is intPart . (m mod 2^10) * 5^10, which is
    /// exact. When that expansion has at most 15 significant digits it is also the unique
    /// shortest round-trip form (decimals with <= 15 digits are further apart than an ulp), so
    /// the output equals `v.description`. Returns false when the path does not apply.
    @usableFromInline
    mutating func appendDyadic(_ v: Double) -> Bool {
        let magnitude = v.magnitude
        guard magnitude < 2_147_483_648 else { return false }
        let scaled = magnitude * 1024  // exact: a power-of-two scale of a value below 2^31
        let units = UInt(scaled)
        guard Double(units) == scaled else { return false }
        let integerPart = units >> 10
        var fraction = (units & 1023) * 9_765_625  // 10 decimal digits of the fraction
        var fractionDigits = 10
        guard fraction != 0 else { return false }
        while fraction % 10 == 0 {
            fraction /= 10
            fractionDigits -= 1
        }
        let integerDigits = integerPart == 0 ? 0 : decimalDigitCount(integerPart)
        guard integerDigits + fractionDigits <= 15 else { return false }
        if v < 0 { bytes.append(UInt8(ascii: "-")) }
        appendDecimal(integerPart)
        bytes.append(UInt8(ascii: "."))
        var divisor: UInt = 1
        for _ in 1..<fractionDigits { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(truncatingIfNeeded: fraction / divisor % 10) &+ 0x30)
            divisor /= 10
        }
        return true
    }

    private func decimalDigitCount(_ value: UInt) -> Int {
        var count = 1
        var rest = value
        while rest >= 10 {
            rest /= 10
            count += 1
        }
        return count
    }

    /// Swift's `description` is the shortest round-trip form (Errol/Ryu-style); it prints
    /// "nan"/"inf" for non-finite values, which JSON cannot carry, so those become null.
    @usableFromInline
    mutating func appendDescription(_ v: Double) {
        guard v.isFinite else {
            null()
            return
        }
        var text = v.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes.append(contentsOf: text.utf8)
    }
}
