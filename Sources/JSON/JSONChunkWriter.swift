/// A bounded window of a `JSONWriter`'s buffer for hot loops: each write is a bounds check and
/// a copy, with no per-call uniqueness or capacity check on the array (which costs most of the
/// time of small appends). Obtained from `JSONWriter.chunk(reserving:_:)`.
///
/// Writes past the reserved size are dropped and flag the chunk as overflowed; the writer then
/// discards it and runs the body again with twice the room, so a low estimate costs time, never
/// correctness.
public struct JSONChunkWriter: ~Copyable {
    @usableFromInline package let base: UnsafeMutablePointer<UInt8>
    @usableFromInline package let capacity: Int
    @usableFromInline package var count = 0
    @usableFromInline package var overflowed = false

    @inlinable
    public init(base: UnsafeMutablePointer<UInt8>, capacity: Int) {
        self.base = base
        self.capacity = capacity
    }

    /// Reserves `maxCount` bytes; nil (and the overflow flag) when they do not fit.
    @inlinable
    public mutating func reserve(_ maxCount: Int) -> UnsafeMutablePointer<UInt8>? {
        guard !overflowed, capacity &- count >= maxCount else {
            overflowed = true
            return nil
        }
        return base + count
    }

    @inlinable
    public mutating func raw(_ s: StaticString) {
        guard s.hasPointerRepresentation else {
            s.withUTF8Buffer { utf8 in
                if let destination = reserve(utf8.count), let source = utf8.baseAddress {
                    destination.initialize(from: source, count: utf8.count)
                    count &+= utf8.count
                }
            }
            return
        }
        let length = s.utf8CodeUnitCount
        guard let destination = reserve(length) else { return }
        destination.initialize(from: s.utf8Start, count: length)
        count &+= length
    }

    @inlinable
    public mutating func int(_ v: Int) {
        guard let destination = reserve(20) else { return }
        if v < 0 {
            destination.initialize(to: UInt8(ascii: "-"))
            count &+= 1 &+ JSONWriter.writeDecimal(v.magnitude, to: destination + 1)
        } else {
            count &+= JSONWriter.writeDecimal(v.magnitude, to: destination)
        }
    }

    /// As `JSONWriter.number(_:)`.
    @inlinable
    public mutating func number(_ v: Double) {
        guard let destination = reserve(JSONWriter.maxNumberLength) else { return }
        count &+= JSONWriter.writeNumber(v, to: destination)
    }

    @inlinable
    public mutating func bool(_ v: Bool) {
        raw(v ? "true" : "false")
    }

    /// As `JSONWriter.string(_:)`.
    package mutating func string(_ s: String) {
        var text = s
        text.withUTF8 { utf8 in
            guard let destination = reserve(JSONWriter.quotedLength(utf8)) else { return }
            count &+= JSONWriter.writeQuoted(utf8, to: destination)
        }
    }
}

extension JSONWriter {
    /// Runs `body` over a chunk of at least `maxCount` free bytes and keeps what it wrote. If
    /// the body writes more, the chunk is discarded and the body runs again with double the
    /// room, so `body` must only write (it may run more than once).
    @inlinable
    public mutating func chunk(reserving maxCount: Int, _ body: (inout JSONChunkWriter) -> Void) {
        var room = max(maxCount, 16)
        while true {
            var fitted = false
            bytes.append(addingCapacity: room) { span in
                span.withUnsafeMutableBufferPointer { buffer, initialized in
                    var chunk = JSONChunkWriter(base: buffer.baseAddress.unsafelyUnwrapped, capacity: buffer.count)
                    body(&chunk)
                    fitted = !chunk.overflowed
                    initialized = fitted ? chunk.count : 0
                }
            }
            if fitted { return }
            room = room &* 2
        }
    }
}
