/// String scanning: a fast path for plain ASCII (most keys and values), a slow path that
/// decodes escapes and validates UTF-8 strictly (RFC 3629: no overlongs, no surrogates).
extension JSONReader {
    /// Parses a string whose opening quote is at `index`; leaves `index` after the closing quote.
    mutating func parseString() throws(JSONSyntaxError) -> String {
        index += 1
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
            index += 1
        }
        return try parseStringSlowly(from: start)
    }

    /// Parses an object key. Keys repeat across the objects of an array ("width", "height"),
    /// so plain ASCII keys are looked up in a small cache of earlier keys by comparing input
    /// bytes, which skips building and validating a new String for each occurrence.
    mutating func parseKey() throws(JSONSyntaxError) -> String {
        let start = index &+ 1
        var end = start
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { return try parseString() }
            end &+= 1
        }
        guard end < bytes.count, end &- start <= 24 else { return try parseString() }
        let length = end &- start
        let slot = (length &+ (length > 0 ? Int(bytes[start]) : 0)) & (JSONReader.keyCacheSize &- 1)
        let cached = keyCache[slot]
        if cached.length == length, let base = bytes.baseAddress,
            length == 0 || memoryEqual(base + cached.start, base + start, length)
        {
            index = end &+ 1
            return cached.key
        }
        let key = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        keyCache[slot] = CachedKey(start: start, length: length, key: key)
        index = end &+ 1
        return key
    }

    private func memoryEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        for offset in 0..<count where a[offset] != b[offset] {
            return false
        }
        return true
    }

    private mutating func parseStringSlowly(from start: Int) throws(JSONSyntaxError) -> String {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(index - start + 16)
        decoded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: decoded, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try decodeEscape(into: &decoded)
            case 0..<0x20:
                let hex = String(byte, radix: 16, uppercase: true)
                throw error("control character U+00\(byte < 0x10 ? "0" : "")\(hex) must be escaped in a string")
            case 0..<0x80:
                decoded.append(byte)
                index += 1
            default:
                let length = validUTF8SequenceLength(at: index)
                guard length > 0 else { throw error("invalid UTF-8 byte sequence in string") }
                decoded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<index + length]))
                index += length
            }
        }
        throw error("unterminated string; expected a closing '\"'")
    }

    /// Decodes the escape at `index` (a backslash) and appends its UTF-8.
    private mutating func decodeEscape(into decoded: inout [UInt8]) throws(JSONSyntaxError) {
        guard index + 1 < bytes.count else { throw error("unterminated string; expected a closing '\"'") }
        let escapeStart = index
        let code = bytes[index + 1]
        index += 2
        switch code {
        case UInt8(ascii: "\""): decoded.append(0x22)
        case UInt8(ascii: "\\"): decoded.append(0x5C)
        case UInt8(ascii: "/"): decoded.append(0x2F)
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "n"): decoded.append(0x0A)
        case UInt8(ascii: "r"): decoded.append(0x0D)
        case UInt8(ascii: "t"): decoded.append(0x09)
        case UInt8(ascii: "u"):
            let unit = try hexQuad(escapeStart: escapeStart)
            var scalarValue = UInt32(unit)
            if (0xD800...0xDBFF).contains(unit) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                    bytes[index + 1] == UInt8(ascii: "u")
                else {
                    throw error("lone surrogate \\u\(hex4(unit)) in string; a high surrogate must be followed by a low one", at: escapeStart)
                }
                let lowStart = index
                index += 2
                let low = try hexQuad(escapeStart: lowStart)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw error("lone surrogate \\u\(hex4(unit)) in string; a high surrogate must be followed by a low one", at: escapeStart)
                }
                scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(unit) {
                throw error("lone surrogate \\u\(hex4(unit)) in string; a low surrogate must follow a high one", at: escapeStart)
            }
            guard let scalar = Unicode.Scalar(scalarValue) else {
                throw error("invalid \\u escape", at: escapeStart)
            }
            decoded.append(contentsOf: scalar.utf8)
        default:
            throw error("invalid escape sequence; after '\\' expected one of \" \\ / b f n r t u", at: escapeStart)
        }
    }

    /// Reads the four hex digits of a `\u` escape at `index`.
    private mutating func hexQuad(escapeStart: Int) throws(JSONSyntaxError) -> UInt16 {
        guard bytes.count - index >= 4 else {
            throw error("invalid \\u escape; expected four hex digits", at: escapeStart)
        }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("invalid \\u escape; expected four hex digits", at: escapeStart)
            }
            value = value << 4 | UInt16(digit)
            index += 1
        }
        return value
    }

    private func hex4(_ unit: UInt16) -> String {
        let hex = String(unit, radix: 16, uppercase: true)
        return String(repeating: "0", count: 4 - hex.utf8.count) + hex
    }

    /// Length of the well-formed UTF-8 sequence starting at `position` (lead byte >= 0x80),
    /// or 0 if it is ill-formed (Unicode Table 3-7).
    private func validUTF8SequenceLength(at position: Int) -> Int {
        let lead = bytes[position]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: return 0
        }
        guard bytes.count - position >= length else { return 0 }
        let second = bytes[position + 1]
        guard second >= low && second <= high else { return 0 }
        for offset in 2..<length where bytes[position + offset] & 0xC0 != 0x80 {
            return 0
        }
        return length
    }
}
