/// Appends JSON to a byte buffer without Foundation (JSONEncoder costs ~4.4 µs per element).
///
/// Callers write structure with `raw` and values with the typed methods; nothing validates the
/// structure, so each response type owns its shape. Output is RFC 8259 and deterministic.
package struct JSONWriter {
    package var bytes: [UInt8]

    package init(capacity: Int = 0) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Appends ASCII verbatim, e.g. `{"id":`.
    @inlinable
    package mutating func raw(_ s: StaticString) {
        if s.hasPointerRepresentation {
            bytes.append(contentsOf: UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
        } else {
            s.withUTF8Buffer { bytes.append(contentsOf: $0) }
        }
    }

    /// Appends text verbatim (the caller guarantees it is valid JSON in context).
    package mutating func raw(_ s: String) {
        bytes.append(contentsOf: s.utf8)
    }

    /// Appends a quoted string. `"` and `\` are backslash-escaped, control characters
    /// U+0000...U+001F become `\u00XX`; everything else is copied as UTF-8.
    package mutating func string(_ s: String) {
        bytes.append(UInt8(ascii: "\""))
        let done: Void? = s.utf8.withContiguousStorageIfAvailable { appendEscaped($0) }
        if done == nil {
            let copy = Array(s.utf8)
            copy.withUnsafeBufferPointer { appendEscaped($0) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        var runStart = 0
        for index in 0..<utf8.count {
            let byte = utf8[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            if runStart < index {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
            }
            bytes.append(UInt8(ascii: "\\"))
            if byte < 0x20 {
                let hexDigits: StaticString = "0123456789ABCDEF"
                bytes.append(contentsOf: [UInt8(ascii: "u"), 0x30, 0x30])
                bytes.append(hexDigits.utf8Start[Int(byte >> 4)])
                bytes.append(hexDigits.utf8Start[Int(byte & 0xF)])
            } else {
                bytes.append(byte)
            }
            runStart = index + 1
        }
        if runStart < utf8.count {
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
        }
    }

    /// Appends `true` or `false`.
    @inlinable
    package mutating func bool(_ v: Bool) {
        raw(v ? "true" : "false")
    }

    /// Appends `null`.
    @inlinable
    package mutating func null() {
        raw("null")
    }

    /// Appends an integer in decimal.
    @inlinable
    package mutating func int(_ v: Int) {
        if v < 0 {
            bytes.append(UInt8(ascii: "-"))
        }
        appendDecimal(v.magnitude)
    }

    /// Appends the decimal digits of `v`, built right to left in a stack buffer then copied once.
    @inlinable
    mutating func appendDecimal(_ v: UInt) {
        if v < 10 {
            bytes.append(UInt8(truncatingIfNeeded: v) &+ 0x30)
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
            var value = v
            var position = 20
            while value > 0 {
                let (quotient, remainder) = value.quotientAndRemainder(dividingBy: 10)
                position &-= 1
                buffer[position] = UInt8(truncatingIfNeeded: remainder) &+ 0x30
                value = quotient
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[position..<20]))
        }
    }
}
