/// Appends JSON to a byte buffer without Foundation (JSONEncoder costs ~4.4 µs per element).
///
/// Callers write structure with `raw` and values with the typed methods; nothing validates the
/// structure, so each response type owns its shape. Output is RFC 8259 and deterministic.
public struct JSONWriter {
    public var bytes: [UInt8]

    @inlinable
    public init(capacity: Int = 0) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Appends ASCII verbatim, e.g. `{"id":`.
    @inlinable
    public mutating func raw(_ s: StaticString) {
        guard s.hasPointerRepresentation else {
            s.withUTF8Buffer { bytes.append(contentsOf: $0) }
            return
        }
        let source = s.utf8Start
        let count = s.utf8CodeUnitCount
        write(maxCount: count) { destination in
            destination.initialize(from: source, count: count)
            return count
        }
    }

    /// The one primitive every fast path uses: reserves `maxCount` bytes (growing
    /// geometrically), lets `body` initialise a prefix of them through a raw pointer, and keeps
    /// the count it returns (at most `maxCount`). One uniqueness and capacity check per call,
    /// where `append(contentsOf:)` costs a generic sequence copy.
    @inlinable
    public mutating func write(maxCount: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        bytes.append(addingCapacity: maxCount) { span in
            span.withUnsafeMutableBufferPointer { buffer, initialized in
                initialized = min(body(buffer.baseAddress.unsafelyUnwrapped), buffer.count)
            }
        }
    }

    /// Appends text verbatim (the caller guarantees it is valid JSON in context). Disfavoured
    /// so that literals pick the `StaticString` overload, which is a plain copy.
    @_disfavoredOverload
    package mutating func raw(_ s: String) {
        var text = s
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Appends a quoted string. `"` and `\` are backslash-escaped, control characters
    /// U+0000...U+001F are spelled as `controls` says (`\u00XX` by default); everything else is
    /// copied as UTF-8.
    package mutating func string(_ s: String, controls: ControlEscapes = .unicode) {
        var text = s
        text.withUTF8 { utf8 in
            write(maxCount: JSONWriter.quotedLength(utf8)) { JSONWriter.writeQuoted(utf8, to: $0, controls: controls) }
        }
    }

    /// How a string's control characters are spelled; both are RFC 8259 §7, and decode alike.
    package enum ControlEscapes: Sendable {
        /// `\u00XX` (upper-case hex) for every one: the layout bodies and the canonical forms
        /// content ids hash, so it must never change.
        case unicode
        /// `\b \t \n \f \r` where JSON has a two-character escape, else `\u00xx` in lower
        /// case: problem details, byte for byte as the HTTP module has always written them.
        case short
    }

    /// The exact length of `writeQuoted`'s output with `.unicode` escapes (an upper bound with
    /// `.short`).
    package static func quotedLength(_ utf8: UnsafeBufferPointer<UInt8>) -> Int {
        var length = utf8.count &+ 2
        for byte in utf8 where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
            length &+= byte < 0x20 ? 5 : 1
        }
        return length
    }

    /// Writes `utf8` quoted and escaped (at most 6 bytes per input byte plus 2) and returns
    /// the length. Unescaped runs are copied in bulk.
    package static func writeQuoted(
        _ utf8: UnsafeBufferPointer<UInt8>, to destination: UnsafeMutablePointer<UInt8>, controls: ControlEscapes = .unicode
    ) -> Int {
        destination.initialize(to: UInt8(ascii: "\""))
        var position = 1
        var runStart = 0
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            if byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
                index &+= 1
                continue
            }
            if runStart < index, let source = utf8.baseAddress {
                (destination + position).initialize(from: source + runStart, count: index &- runStart)
                position &+= index &- runStart
            }
            (destination + position).initialize(to: UInt8(ascii: "\\"))
            if byte < 0x20 {
                position &+= writeControlEscape(byte, to: destination + position + 1, controls: controls) &+ 1
            } else {
                (destination + position + 1).initialize(to: byte)
                position &+= 2
            }
            index &+= 1
            runStart = index
        }
        if runStart < utf8.count, let source = utf8.baseAddress {
            (destination + position).initialize(from: source + runStart, count: utf8.count &- runStart)
            position &+= utf8.count &- runStart
        }
        (destination + position).initialize(to: UInt8(ascii: "\""))
        return position &+ 1
    }

    /// Writes the escape of control character `byte` after its backslash and returns its length:
    /// `u00XX`, or with `.short` one of `b t n f r` where JSON has one, else `u00xx`.
    static func writeControlEscape(_ byte: UInt8, to destination: UnsafeMutablePointer<UInt8>, controls: ControlEscapes) -> Int {
        let hexDigits: StaticString = controls == .unicode ? "0123456789ABCDEF" : "0123456789abcdef"
        if controls == .short {
            let letter: UInt8? = switch byte {
            case 0x08: UInt8(ascii: "b")
            case 0x09: UInt8(ascii: "t")
            case 0x0A: UInt8(ascii: "n")
            case 0x0C: UInt8(ascii: "f")
            case 0x0D: UInt8(ascii: "r")
            default: nil
            }
            if let letter {
                destination.initialize(to: letter)
                return 1
            }
        }
        destination.initialize(to: UInt8(ascii: "u"))
        (destination + 1).initialize(to: UInt8(ascii: "0"))
        (destination + 2).initialize(to: UInt8(ascii: "0"))
        (destination + 3).initialize(to: hexDigits.utf8Start[Int(byte >> 4)])
        (destination + 4).initialize(to: hexDigits.utf8Start[Int(byte & 0xF)])
        return 5
    }

    /// Appends `true` or `false`.
    @inlinable
    public mutating func bool(_ v: Bool) {
        raw(v ? "true" : "false")
    }

    /// Appends `null`.
    @inlinable
    public mutating func null() {
        raw("null")
    }

    /// Appends an integer in decimal.
    @inlinable
    public mutating func int(_ v: Int) {
        write(maxCount: 20) { destination in
            if v < 0 {
                destination.initialize(to: UInt8(ascii: "-"))
                return 1 &+ JSONWriter.writeDecimal(v.magnitude, to: destination + 1)
            }
            return JSONWriter.writeDecimal(v.magnitude, to: destination)
        }
    }

    /// Writes the decimal digits of `v` (at most 20) and returns how many. Values below
    /// 100,000,000 (index paths, point sizes, offsets in a tall layout) take branches and
    /// two-digit table copies, no loop; longer ones are written two digits per step from the end.
    @inlinable
    public static func writeDecimal(_ v: UInt, to destination: UnsafeMutablePointer<UInt8>) -> Int {
        if v < 10_000 { return writeBelow10000(v, to: destination) }
        if v < 100_000_000 {
            // The high part as below 10,000, then four digits ("112345.5", a y in a tall layout).
            let high = v / 10_000, low = v % 10_000
            let n = writeBelow10000(high, to: destination)
            writePair(low / 100, to: destination + n)
            writePair(low % 100, to: destination + n + 2)
            return n &+ 4
        }
        let digits = decimalDigitCount(v)
        writeDigits(v, count: digits, to: destination)
        return digits
    }

    /// `writeDecimal` of a value below 10,000: branches and two-digit table copies.
    @inlinable @inline(__always)
    static func writeBelow10000(_ v: UInt, to destination: UnsafeMutablePointer<UInt8>) -> Int {
        if v < 100 {
            if v < 10 {
                destination.initialize(to: UInt8(truncatingIfNeeded: v) &+ 0x30)
                return 1
            }
            writePair(v, to: destination)
            return 2
        }
        if v < 1_000 {
            destination.initialize(to: UInt8(truncatingIfNeeded: v / 100) &+ 0x30)
            writePair(v % 100, to: destination + 1)
            return 3
        }
        writePair(v / 100, to: destination)
        writePair(v % 100, to: destination + 2)
        return 4
    }

    /// How many decimal digits `v` has (1 for 0).
    @inlinable
    public static func decimalDigitCount(_ v: UInt) -> Int {
        var digits = 1
        var threshold: UInt = 10
        while digits < 20, v >= threshold {
            digits &+= 1
            threshold &*= 10
        }
        return digits
    }

    /// Writes the last `count` decimal digits of `v`, zero-padded on the left, two at a time
    /// from the end.
    @inlinable
    public static func writeDigits(_ v: UInt, count: Int, to destination: UnsafeMutablePointer<UInt8>) {
        var value = v
        var position = count
        while position >= 2 {
            position &-= 2
            writePair(value % 100, to: destination + position)
            value /= 100
        }
        if position == 1 { destination.initialize(to: UInt8(truncatingIfNeeded: value % 10) &+ 0x30) }
    }

    /// "00" through "99": two ASCII digits per entry, a constant in the binary (no lazy global).
    @inlinable
    public static var digitPairs: UnsafePointer<UInt8> {
        ("00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899" as StaticString).utf8Start
    }

    /// Writes `v` (below 100) as two digits.
    @inlinable @inline(__always)
    public static func writePair(_ v: UInt, to destination: UnsafeMutablePointer<UInt8>) {
        let pair = UnsafeRawPointer(digitPairs + Int(truncatingIfNeeded: v) &* 2).loadUnaligned(as: UInt16.self)
        UnsafeMutableRawPointer(destination).storeBytes(of: pair, as: UInt16.self)
    }
}
