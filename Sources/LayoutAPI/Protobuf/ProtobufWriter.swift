/// The protocol buffers wire format (protobuf.dev/programming-guides/encoding), written by hand
/// for the few messages of `proto/layoutd/v1/layout.proto`.
///
/// Why not apple/swift-protobuf: its messages would hold every column in arrays (filled from the
/// cache's compact store, then serialized in a second pass), where this writer reads the store's
/// pixel columns directly; its runtime also adds about 30 s to a cold release build (measured
/// once, on a loaded machine: docs/binary-answers.md). Clients use the maintained libraries. The bytes here
/// are what a generated serializer writes (fields in number order, implicit-presence fields left
/// out at their default, `optional` ones written when set, packed repeated scalars), which
/// scripts/ci-protobuf checks by re-serializing answers with Google's Python runtime.
///
/// Every message's size is computed first (the `…Size` functions), so an answer is written once
/// into an array of exactly its size, and a packed column can be written beside the others in
/// the same pass over the elements (each column writer has its own region of the buffer).
struct ProtobufWriter {
    private let base: UnsafeMutablePointer<UInt8>
    private(set) var position: Int
    private let end: Int
    /// Set when a write would have passed `end` (a size computed wrong: never, but no crash).
    private(set) var overflowed = false

    /// A writer of `buffer[start..<end]`.
    init(_ buffer: UnsafeMutableBufferPointer<UInt8>, from start: Int, to end: Int) {
        base = buffer.baseAddress.unsafelyUnwrapped
        position = start
        self.end = min(end, buffer.count)
    }

    /// An array of `size` bytes written by `body`; nil if `body` did not write exactly `size`.
    static func bytes(size: Int, _ body: (inout ProtobufWriter) -> Void) -> [UInt8]? {
        var ok = false
        let bytes = [UInt8](unsafeUninitializedCapacity: max(size, 1)) { buffer, initialized in
            var w = ProtobufWriter(buffer, from: 0, to: size)
            body(&w)
            ok = !w.overflowed && w.position == size
            initialized = ok ? size : 0
        }
        return ok ? bytes : nil
    }

    /// A writer of the next `length` bytes; this one skips past them. Hand it back to `absorb`
    /// once written.
    mutating func region(_ length: Int) -> ProtobufWriter {
        let sub = ProtobufWriter(base: base, position: position, end: min(end, position + length))
        position += length
        if position > end { overflowed = true }
        return sub
    }

    private init(base: UnsafeMutablePointer<UInt8>, position: Int, end: Int) {
        self.base = base
        self.position = position
        self.end = end
    }

    /// Notes a region written: it must have filled its bytes exactly.
    mutating func absorb(_ region: ProtobufWriter) {
        if region.overflowed || region.position != region.end { overflowed = true }
    }

    enum WireType: UInt8 {
        case varint = 0, fixed64 = 1, lengthDelimited = 2
    }

    @inline(__always)
    mutating func tag(_ field: Int, _ type: WireType) {
        varint(UInt64(field) << 3 | UInt64(type.rawValue))
    }

    @inline(__always)
    mutating func varint(_ value: UInt64) {
        guard position &+ 10 <= end || position &+ Self.varintSize(value) <= end else { overflowed = true; return }
        var v = value
        var p = position
        while v >= 0x80 {
            base[p] = UInt8(truncatingIfNeeded: v) | 0x80
            v >>= 7
            p &+= 1
        }
        base[p] = UInt8(v)
        position = p &+ 1
    }

    mutating func raw(_ bytes: some Collection<UInt8>) {
        guard position + bytes.count <= end else { overflowed = true; return }
        for b in bytes {
            base[position] = b
            position &+= 1
        }
    }

    /// Bytes of `value` as a varint.
    @inline(__always)
    static func varintSize(_ value: UInt64) -> Int {
        // 1 byte per 7 bits, at least 1.
        (64 - (value | 1).leadingZeroBitCount + 6) / 7
    }

    /// `sint32`: ZigZag (small magnitudes of either sign are small).
    @inline(__always)
    static func zigzag(_ v: Int32) -> UInt64 { UInt64(UInt32(bitPattern: (v << 1) ^ (v >> 31))) }

    /// `int32` / `int64`: negative values as 64-bit two's complement (ten bytes).
    @inline(__always)
    static func signed(_ v: Int) -> UInt64 { UInt64(bitPattern: Int64(v)) }

    /// A varint field, left out at 0 (implicit presence).
    mutating func field(_ number: Int, varint value: UInt64) {
        guard value != 0 else { return }
        tag(number, .varint)
        varint(value)
    }

    static func fieldSize(_ number: Int, varint value: UInt64) -> Int {
        value == 0 ? 0 : varintSize(UInt64(number) << 3) + varintSize(value)
    }

    /// A `double` field, left out at +0.0 (what generated code does: −0.0 is written).
    mutating func field(_ number: Int, double value: Double) {
        guard value.bitPattern != 0 else { return }
        tag(number, .fixed64)
        var bits = value.bitPattern.littleEndian
        withUnsafeBytes(of: &bits) { raw($0) }
    }

    static func fieldSize(_ number: Int, double value: Double) -> Int {
        value.bitPattern == 0 ? 0 : varintSize(UInt64(number) << 3) + 8
    }

    /// A `string` field (UTF-8), left out when empty.
    mutating func field(_ number: Int, string: String) {
        guard !string.isEmpty else { return }
        tag(number, .lengthDelimited)
        varint(UInt64(string.utf8.count))
        raw(string.utf8)
    }

    static func fieldSize(_ number: Int, string: String) -> Int {
        string.isEmpty ? 0 : lengthDelimitedSize(number, string.utf8.count)
    }

    /// The head of a length-delimited field (a message or packed column) of `length` bytes.
    mutating func lengthDelimited(_ number: Int, length: Int) {
        tag(number, .lengthDelimited)
        varint(UInt64(length))
    }

    /// Bytes of a length-delimited field whose payload is `length` bytes.
    static func lengthDelimitedSize(_ number: Int, _ length: Int) -> Int {
        varintSize(UInt64(number) << 3) + varintSize(UInt64(length)) + length
    }
}
