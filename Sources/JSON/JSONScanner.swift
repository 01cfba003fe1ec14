/// A forward-only reader of JSON tokens, for a decoder that reads one known shape of request
/// straight from its bytes, with no tree (`CompositionalFastPath`). Each read returns nil or
/// false when the bytes are not the token asked for, and nothing throws. The decoder then
/// gives up, and the body goes through `JSONParser` and its type's typed pass, which report
/// the error. So the scanner only has to be right about what it accepts, never about what it
/// refuses. Numbers are read by the parser's own code, so they are the same `Double`s.
///
/// It borrows `bytes`: use it only while they are alive (inside `withUnsafeBufferPointer`).
package struct JSONScanner {
    @usableFromInline let bytes: UnsafeBufferPointer<UInt8>
    @usableFromInline var index = 0

    @inlinable
    package init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    @inlinable @inline(__always)
    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    /// Consumes `byte` after any whitespace, or returns false and consumes only the whitespace.
    @inlinable @inline(__always)
    package mutating func take(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// Whether only whitespace is left.
    @inlinable
    package mutating func atEnd() -> Bool {
        skipWhitespace()
        return index == bytes.count
    }

    /// A string of printable ASCII with no escape (bytes 0x20 to 0x7E but `"` and `\`), without
    /// its quotes; nil for any other string or token. Such a string is equal to another, as Swift
    /// compares strings (canonical equivalence), exactly when their bytes are equal.
    @inlinable
    package mutating func plainString() -> UnsafeBufferPointer<UInt8>? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = index
        var i = start
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                index = i + 1
                return UnsafeBufferPointer(rebasing: bytes[start..<i])
            }
            guard b >= 0x20, b < 0x7F, b != UInt8(ascii: "\\") else { return nil }
            i += 1
        }
        return nil
    }

    /// Consumes `rest` when the bytes at the cursor spell it (the tail of `true`, `false`).
    @inlinable
    package mutating func literal(_ rest: StaticString) -> Bool {
        let count = rest.utf8CodeUnitCount
        guard bytes.count - index >= count else { return false }
        let wanted = rest.utf8Start
        for i in 0..<count where bytes[index + i] != wanted[i] { return false }
        index += count
        return true
    }

    /// An object member's key (a `plainString`) and the colon after it.
    @inlinable
    package mutating func key() -> UnsafeBufferPointer<UInt8>? {
        guard let key = plainString(), take(UInt8(ascii: ":")) else { return nil }
        return key
    }

    /// A number that is a `Double` in the parser's tree (`JSON.number`); nil for any other token,
    /// for a malformed number, and for a whole number beyond 2^53 (`JSON.integer`).
    @inlinable
    package mutating func number() -> Double? {
        skipWhitespace()
        guard index < bytes.count else { return nil }
        let b = bytes[index]
        guard b == UInt8(ascii: "-") || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) else { return nil }
        return readNumber()
    }

    /// The parser's number reader at `index`.
    @usableFromInline
    mutating func readNumber() -> Double? {
        var reader = JSONReader(scanning: bytes)
        reader.index = index
        guard case .number(let value)? = try? reader.parseNumberValue() else { return nil }
        index = reader.index
        return value
    }

    /// Whether `bytes` spell `name`.
    @inlinable @inline(__always)
    package static func equals(_ bytes: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Bool {
        guard bytes.count == name.utf8CodeUnitCount else { return false }
        let wanted = name.utf8Start
        for i in 0..<bytes.count where bytes[i] != wanted[i] { return false }
        return true
    }
}
