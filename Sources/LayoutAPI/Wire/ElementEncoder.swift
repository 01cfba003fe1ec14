import LayoutEngine

/// The hot loop of every layout response: elements written straight into reserved memory, a
/// batch at a time, with one capacity check per batch instead of one per value. Numbers that are
/// not integers or multiples of 1/1024 (thirds at @3x) go through Swift's shortest round-trip
/// formatting, which is slow, so their bytes are memoised: columns, sizes and row positions repeat.
struct ElementEncoder {
    /// Upper bound of one element's bytes beyond its kind prefix: the longest fixed text plus 3
    /// integers of 20 bytes, 4 numbers of 24 and the `estimated` flag.
    static let maxElementBytes = 240
    static let batch = 256

    /// Bytes to reserve for `count` elements so that no batch has to grow the buffer: the worst
    /// case for a short list (one batch), about 110 bytes per element beyond it.
    static func capacity(for count: Int) -> Int {
        count <= batch ? count * (maxElementBytes + 1) : count * 110 + batch * (maxElementBytes + 1)
    }

    private var cache = NumberMemo()
    private let prefixes: KindPrefixes
    /// Upper bound of one element's bytes with this layout's kind names.
    private let elementBytes: Int

    /// An encoder for the elements of a layout whose kinds are named `kinds`
    /// (`Layout.elementKinds`); the flow family's table is built once per process.
    init(kinds: [String] = Layout.defaultElementKinds) {
        self.init(prefixes: KindPrefixes.for(kinds))
    }

    /// With a layout's prefixes made once (`CachedLayout.kindPrefixes`), so queries on a layout
    /// with many kinds do not rebuild them.
    init(prefixes: KindPrefixes) {
        self.prefixes = prefixes
        elementBytes = Self.maxElementBytes + prefixes.longest
    }

    mutating func write(_ list: some Collection<LayoutAttributes>, estimates: Bool, into w: inout JSONWriter) {
        var iterator = list.makeIterator()
        var first = true
        var remaining = list.count
        while remaining > 0 {
            let n = min(remaining, Self.batch)
            remaining -= n
            w.write(maxCount: n * (elementBytes + 1)) { start in
                var p = start
                for _ in 0..<n {
                    guard let a = iterator.next() else { break }
                    if first { first = false } else { p.initialize(to: UInt8(ascii: ",")); p += 1 }
                    p = self.element(a, estimates: estimates, at: p)
                }
                return start.distance(to: p)
            }
        }
    }

    private mutating func element(_ a: LayoutAttributes, estimates: Bool, at start: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        var p = start
        switch a.category {
        case .cell: p = Self.copy("{\"category\":\"cell\",\"indexPath\":[", to: p)
        case .supplementaryView, .decorationView: p = prefixes.write(a.category, a.kind, to: p)
        }
        p = Self.int(a.indexPath.section, to: p)
        if !a.isGlobal {
            p.initialize(to: UInt8(ascii: ",")); p += 1
            p = Self.int(a.indexPath.item, to: p)
        }
        p = Self.copy("],\"frame\":{\"x\":", to: p)
        p = cache.number(a.frame.origin.x, to: p)
        p = Self.copy(",\"y\":", to: p)
        p = cache.number(a.frame.origin.y, to: p)
        p = Self.copy(",\"width\":", to: p)
        p = cache.number(a.frame.size.width, to: p)
        p = Self.copy(",\"height\":", to: p)
        p = cache.number(a.frame.size.height, to: p)
        p = Self.copy("},\"zIndex\":", to: p)
        p = Self.int(a.zIndex, to: p)
        if estimates && a.category == .cell {
            p = Self.copy(a.isEstimated ? ",\"estimated\":true" : ",\"estimated\":false", to: p)
        }
        p.initialize(to: UInt8(ascii: "}"))
        return p + 1
    }

    @inline(__always)
    static func copy(_ s: StaticString, to p: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        let n = s.utf8CodeUnitCount
        p.initialize(from: s.utf8Start, count: n)
        return p + n
    }

    @inline(__always)
    static func int(_ v: Int, to p: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        if v < 0 {
            p.initialize(to: UInt8(ascii: "-"))
            return p + 1 + JSONWriter.writeDecimal(v.magnitude, to: p + 1)
        }
        return p + JSONWriter.writeDecimal(v.magnitude, to: p)
    }
}

/// A small direct-mapped memo of formatted numbers, for the values the fast paths do not cover.
/// Its tables are allocated on the first such value, so encoders that only meet integers and
/// dyadic values (most responses at @1x and @2x, every small query answer) allocate nothing.
private struct NumberMemo {
    static let slots = 512
    static let width = 24
    private var keys: [UInt64] = []
    private var lengths: [UInt8] = []
    private var text: [UInt8] = []

    @inline(__always)
    mutating func number(_ v: Double, to p: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        if v.magnitude <= 9_007_199_254_740_992, Double(Int(v)) == v {
            return ElementEncoder.int(Int(v), to: p)
        }
        let dyadic = JSONWriter.writeDyadic(v, to: p)
        if dyadic > 0 { return p + dyadic }
        return memoised(v, to: p)
    }

    private mutating func memoised(_ v: Double, to p: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        if keys.isEmpty {
            keys = [UInt64](repeating: Double.nan.bitPattern, count: Self.slots)
            lengths = [UInt8](repeating: 0, count: Self.slots)
            text = [UInt8](repeating: 0, count: Self.slots * Self.width)
        }
        let bits = v.bitPattern
        let slot = Int(truncatingIfNeeded: (bits &* 0x9E37_79B9_7F4A_7C15) >> 55)
        if keys[slot] == bits {
            let n = Int(lengths[slot])
            text.withUnsafeBufferPointer { p.initialize(from: $0.baseAddress.unsafelyUnwrapped + slot * Self.width, count: n) }
            return p + n
        }
        let n = JSONWriter.writeDescription(v, to: p)
        keys[slot] = bits
        lengths[slot] = UInt8(n)
        text.withUnsafeMutableBufferPointer { ($0.baseAddress.unsafelyUnwrapped + slot * Self.width).update(from: p, count: n) }
        return p + n
    }
}
