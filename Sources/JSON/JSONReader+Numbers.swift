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

extension JSONReader {
    /// The number at `index` as a JSON value: `.integer` when its exact value is a whole number
    /// with 2^53 < |value| <= 2^63 within `Int64` (which a `Double` would round), else `.number`.
    mutating func parseNumberValue() throws(JSONSyntaxError) -> JSON {
        let start = index
        let value = try parseNumber()
        let magnitude = abs(value)
        // A literal just above 2^53 rounds down to it: look from 2^53 on.
        guard magnitude >= 9_007_199_254_740_992.0, magnitude <= 9_223_372_036_854_775_808.0,
              let exact = Self.exactInteger(UnsafeBufferPointer(rebasing: bytes[start..<index])),
              exact.magnitude > 9_007_199_254_740_992 else {
            return .number(value)
        }
        return .integer(exact)
    }

    /// The exact value of a JSON number literal (already validated) when it is a whole number
    /// within `Int64` (`1.5e18`, `9007199254740993.000` included), else nil. Decimal arithmetic
    /// on the digits: significant digits, less trailing zeros, times a power of ten.
    static func exactInteger(_ literal: UnsafeBufferPointer<UInt8>) -> Int? {
        var i = 0
        let negative = literal.first == UInt8(ascii: "-")
        if negative { i += 1 }
        var digits: [UInt8] = []   // significant digits without trailing zeros
        var zeros = 0              // zeros seen after the last nonzero digit
        var scale = 0              // value = digits × 10^(scale + zeros)
        var fraction = false
        while i < literal.count {
            let b = literal[i]
            i += 1
            if b == UInt8(ascii: ".") { fraction = true; continue }
            guard b &- 0x30 < 10 else { i -= 1; break }
            if fraction { scale -= 1 }
            if b == 0x30 {
                if !digits.isEmpty { zeros += 1 }
                continue
            }
            if digits.count + zeros >= 19 { return nil }   // 20 significant digits: not in Int64, or not whole
            digits.append(contentsOf: repeatElement(0, count: zeros))
            zeros = 0
            digits.append(b &- 0x30)
        }
        scale += zeros
        if i < literal.count {   // exponent
            i += 1
            var sign = 1
            if literal[i] == UInt8(ascii: "+") || literal[i] == UInt8(ascii: "-") {
                sign = literal[i] == UInt8(ascii: "-") ? -1 : 1
                i += 1
            }
            var e = 0
            while i < literal.count {
                if e < 1_000_000 { e = e * 10 + Int(literal[i] &- 0x30) }
                i += 1
            }
            scale += sign * e
        }
        guard scale >= 0, digits.count + scale <= 19 else { return nil }
        var magnitude: UInt64 = 0
        for d in digits { magnitude = magnitude * 10 + UInt64(d) }
        for _ in 0..<scale { magnitude *= 10 }
        if negative {
            guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
            return magnitude == UInt64(Int64.max) + 1 ? Int.min : -Int(magnitude)
        }
        guard magnitude <= UInt64(Int64.max) else { return nil }
        return Int(magnitude)
    }
}
