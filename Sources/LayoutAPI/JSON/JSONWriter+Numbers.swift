/// Number formatting: the shortest decimal that reads back as the same Double, in JSON syntax.
extension JSONWriter {
    /// Longest output of `writeNumber`: "-2.2250738585072014e-308" is 24 bytes.
    @usableFromInline static let maxNumberLength = 24

    /// Appends `v` in its shortest round-trip form: integral values without ".0" ("375", "-2"),
    /// -0 as "0", exponents as Swift prints them ("1e-07", "1e+21", valid JSON), and `null` for
    /// NaN and infinities (callers validate earlier; JSON has no spelling for them).
    @inlinable
    package mutating func number(_ v: Double) {
        write(maxCount: JSONWriter.maxNumberLength) { JSONWriter.writeNumber(v, to: $0) }
    }

    /// Writes `v` as `number(_:)` describes (at most 24 bytes) and returns the length.
    @inlinable
    static func writeNumber(_ v: Double, to destination: UnsafeMutablePointer<UInt8>) -> Int {
        // Integral check by conversion, not `rounded()`, which needs libm at link time.
        if v.magnitude <= 9_007_199_254_740_992, Double(Int(v)) == v {
            let integer = Int(v)  // exact: |v| <= 2^53; -0 becomes 0
            if integer < 0 {
                destination.initialize(to: UInt8(ascii: "-"))
                return 1 &+ writeDecimal(integer.magnitude, to: destination + 1)
            }
            return writeDecimal(integer.magnitude, to: destination)
        }
        let dyadic = writeDyadic(v, to: destination)
        return dyadic > 0 ? dyadic : writeDescription(v, to: destination)
    }

    /// Fast path for multiples of 1/1024 (screen-scale coordinates such as 86.5 or 0.25):
    /// v = m / 2^k exactly with m odd and k <= 10, so its decimal expansion is exact with k
    /// fraction digits (m * 5^k). When that expansion has at most 15 significant digits it is
    /// also the unique shortest round-trip form (decimals with <= 15 digits lie further apart
    /// than an ulp), so the output equals `v.description`. Returns 0 when it does not apply.
    @usableFromInline
    static func writeDyadic(_ v: Double, to destination: UnsafeMutablePointer<UInt8>) -> Int {
        let magnitude = v.magnitude
        guard magnitude < 2_147_483_648 else { return 0 }
        let scaled = magnitude * 1024  // exact: a power-of-two scale of a value below 2^31
        let units = UInt(scaled)
        guard Double(units) == scaled else { return 0 }
        let integerPart = units >> 10
        let fractionUnits = units & 1023
        guard fractionUnits != 0 else { return 0 }
        let fractionDigits = 10 &- fractionUnits.trailingZeroBitCount
        var fraction = fractionUnits >> fractionUnits.trailingZeroBitCount
        for _ in 0..<fractionDigits { fraction &*= 5 }
        var integerDigits = 0
        var rest = integerPart
        while rest > 0 {
            rest /= 10
            integerDigits &+= 1
        }
        guard integerDigits + fractionDigits <= 15 else { return 0 }
        var position = 0
        if v < 0 {
            destination.initialize(to: UInt8(ascii: "-"))
            position = 1
        }
        position &+= writeDecimal(integerPart, to: destination + position)
        (destination + position).initialize(to: UInt8(ascii: "."))
        position &+= 1
        var index = fractionDigits
        while index > 0 {
            index &-= 1
            (destination + position + index).initialize(to: UInt8(truncatingIfNeeded: fraction % 10) &+ 0x30)
            fraction /= 10
        }
        return position &+ fractionDigits
    }

    /// Swift's `description` is the shortest round-trip form; it prints "nan"/"inf" for
    /// non-finite values, which JSON cannot carry, so those become null.
    @usableFromInline
    static func writeDescription(_ v: Double, to destination: UnsafeMutablePointer<UInt8>) -> Int {
        var text = v.isFinite ? v.description : "null"
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text.withUTF8 { utf8 in
            let count = min(utf8.count, maxNumberLength)
            if let base = utf8.baseAddress { destination.initialize(from: base, count: count) }
            return count
        }
    }
}
