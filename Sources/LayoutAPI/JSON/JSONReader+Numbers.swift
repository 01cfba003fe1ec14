/// Number grammar (RFC 8259 §6) and conversion. Short numbers take Clinger's exact fast path:
/// a mantissa below 2^53 times or divided by an exact power of ten up to 10^22 is one correctly
/// rounded IEEE operation. Everything else goes to the standard library's correctly rounded
/// `Double(String)` (strtod).
extension JSONReader {
    /// Exact powers of ten representable in a Double.
    private static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// Parses the number at `index` (a '-' or a digit); leaves `index` after it.
    mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = index
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        var mantissa: UInt64 = 0
        var digitCount = 0  // digits accumulated into `mantissa`, leading zeros included
        var fractionDigits = 0

        guard index < bytes.count, isDigit(bytes[index]) else {
            throw error("expected a digit after '-'")
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) {
                throw error("leading zeros are not allowed in numbers", at: start)
            }
        } else {
            while index < bytes.count, isDigit(bytes[index]) {
                if digitCount < 19 { mantissa = mantissa &* 10 &+ UInt64(bytes[index] &- 0x30) }
                digitCount += 1
                index += 1
            }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw error("expected a digit after the decimal point")
            }
            while index < bytes.count, isDigit(bytes[index]) {
                if digitCount < 19 { mantissa = mantissa &* 10 &+ UInt64(bytes[index] &- 0x30) }
                digitCount += 1
                fractionDigits += 1
                index += 1
            }
        }
        var exponent = 0
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            var exponentNegative = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else {
                throw error("expected a digit in the exponent")
            }
            while index < bytes.count, isDigit(bytes[index]) {
                if exponent < 1_000_000 { exponent = exponent * 10 + Int(bytes[index] &- 0x30) }
                index += 1
            }
            if exponentNegative { exponent = -exponent }
        }

        if digitCount <= 19 {
            if mantissa == 0 { return negative ? -0.0 : 0.0 }
            let power = exponent - fractionDigits
            if mantissa <= 1 << 53, power >= -22, power <= 22 {
                let base = Double(mantissa)
                let value = power >= 0
                    ? base * Self.exactPowersOfTen[power] : base / Self.exactPowersOfTen[-power]
                return negative ? -value : value
            }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw error("number \(text.prefix(40)) is too large for a 64-bit float", at: start)
        }
        return value
    }

    @inline(__always)
    private func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }
}
