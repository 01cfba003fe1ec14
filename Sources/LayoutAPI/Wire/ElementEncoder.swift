import JSON
import LayoutEngine

/// The hot loop of every layout response: elements written straight into the writer's free
/// capacity, with one capacity check per run of elements instead of one per value, and no
/// allocation per element.
///
/// Most bytes repeat from one element to the next, so they are copied rather than formatted:
/// - the cell head `{"category":"cell","indexPath":[s,i],"frame":{"x":` is kept and the next
///   item's is made by incrementing its digits in place; so is the last supplementary or
///   decoration element's (a list's separators follow one another as its cells do);
/// - `x` and `y`: the last value of each is kept with its text (a row shares `y`); for long
///   lists other values go through a direct-mapped memo of formatted numbers (columns repeat;
///   thirds at @3x need Swift's shortest round-trip printer, which is slow), for short ones
///   straight to the number writer;
/// - the tail `,"width":…,"height":…},"zIndex":…}` is kept whole, keyed by its values: uniform
///   cells copy it in a few 16-byte moves.
/// Fixed-size copies may write up to `overshoot` bytes past what they mean to write (inside the
/// room reserved for the element; later writes overwrite them), so no copy needs a length loop.
struct ElementEncoder {
    /// Upper bound of one element's bytes beyond its kind prefix: the longest fixed text plus 3
    /// integers of 20 bytes, 4 numbers of 24 and the `estimated` flag.
    static let maxElementBytes = 240
    /// Bytes a fixed-size copy may write past the end of an element.
    static let overshoot = 32
    /// Lists this long get the number memo (smaller ones would spend more setting it up).
    static let memoThreshold = 64
    /// Elements a long list reserves room for before its bytes per element are known.
    static let probe = 32

    /// Bytes to reserve for `count` elements so that a short list (a query answer) never grows
    /// the buffer: the worst case for up to `probe` elements; beyond that about 110 per element
    /// (`write` reserves more if the list needs it).
    static func capacity(for count: Int) -> Int {
        count <= probe ? count * (maxElementBytes + 1) + overshoot : count * 110 + probe * (maxElementBytes + 1)
    }

    /// What a full layout body reserves first: nothing for a list of `sampledFrom` elements or
    /// more (`write` samples it and reserves once, a 1,000-cell body of 100 KB in a buffer of
    /// about 106 KB); for a shorter one, room for its first `probe` elements, then the rest at
    /// the rate those took.
    static func initialCapacity(for count: Int) -> Int {
        count >= sampledFrom ? 0 : min(count, probe) * (maxElementBytes + 1) + overshoot
    }

    /// Lists this long reserve their buffer once, for the bytes per element of `samples`
    /// elements spread evenly over the list (written to scratch memory first). Reserving at the
    /// rate of the first elements alone grew a list layout's body three times (its 1,000 cells
    /// come before its 1,000 longer separators), and the copies were 14% of computing it.
    static let sampledFrom = 128
    static let samples = 16

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

    /// Bytes of the smallest element this encoder can write (a cell at index path [0,0] with a
    /// zero frame), for the lower bound of an answer's size.
    static let minElementBytes = 64

    /// Upper bound of one element's bytes with this layout's kind names, comma included.
    var maxBytesPerElement: Int { elementBytes + 1 }

    /// Writes `list` as comma-separated element objects; stops, returning false, once the writer
    /// holds more than `limit` bytes (an answer past `--max-answer-bytes` is never built whole).
    @discardableResult
    mutating func write(_ list: some Collection<LayoutAttributes>, estimates: Bool, into w: inout JSONWriter,
                        limit: Int = .max) -> Bool {
        writeElements(list, estimates: estimates, into: &w, limit: limit)
    }

    /// A layout's elements: in array form (as computed, below `CachedLayout.compactFromElements`)
    /// written from the array, whose reads inline here, where the store's iterator is a call
    /// into LayoutEngine per element (a fifth of encoding a computed 1,000-item layout in perf).
    @discardableResult
    mutating func write(_ store: ElementStore, estimates: Bool, into w: inout JSONWriter, limit: Int = .max) -> Bool {
        store.isCompact ? writeElements(store, estimates: estimates, into: &w, limit: limit)
            : writeElements(store.array, estimates: estimates, into: &w, limit: limit)
    }

    private mutating func writeElements(_ list: some Collection<LayoutAttributes>, estimates: Bool, into w: inout JSONWriter,
                                        limit: Int) -> Bool {
        var remaining = list.count
        guard remaining > 0 else { return true }
        var state = EncoderState(prefixes: prefixes, estimates: estimates, memo: remaining >= Self.memoThreshold)
        defer { state.release() }
        var iterator = list.makeIterator()
        let room = elementBytes + 1 + Self.overshoot
        var written = 0, writtenBytes = 0
        var first = true
        if remaining >= Self.sampledFrom {
            let perElement = Self.sampledBytesPerElement(list, room: room, state: &state)
            var want = remaining * perElement + remaining * perElement / 16 + room + 256
            if limit < Int.max { want = min(want, max(Self.probe * room, limit - w.bytes.count + Self.probe * room)) }
            if w.bytes.capacity - w.bytes.count < want { w.bytes.reserveCapacity(w.bytes.count + want) }
        }
        while remaining > 0 {
            if w.bytes.count > limit { return false }
            var free = w.bytes.capacity - w.bytes.count
            if free < room {
                var want: Int
                if written < Self.probe {
                    want = min(remaining, Self.probe) * room
                } else {
                    // The rest at the rate seen so far, 1/16 more, and what follows the list;
                    // at least half the buffer again, so that a list that keeps outgrowing its
                    // estimate is copied a bounded number of times.
                    let perElement = writtenBytes / written + 1
                    want = remaining * perElement + remaining * perElement / 16 + room + 256
                    want = max(want, w.bytes.capacity / 2)
                }
                if limit < Int.max { want = min(want, max(Self.probe * room, limit - w.bytes.count + Self.probe * room)) }
                w.bytes.reserveCapacity(w.bytes.count + want)
                free = w.bytes.capacity - w.bytes.count
            }
            var done = 0
            var exhausted = false
            w.write(maxCount: free) { start in
                var p = start
                let last = start + (free - room)   // the last place an element may start
                while done < remaining, p <= last {
                    guard let a = iterator.next() else { exhausted = true; break }
                    if first { first = false } else { p.initialize(to: UInt8(ascii: ",")); p += 1 }
                    p = state.element(a, at: p)
                    done &+= 1
                }
                writtenBytes &+= start.distance(to: p)
                return start.distance(to: p)
            }
            written &+= done
            remaining = exhausted ? 0 : remaining - done
        }
        return true
    }

    /// Mean bytes of `samples` elements at even steps through `list`, comma included, written
    /// one at a time to scratch memory (`state` only remembers values, so the answer's bytes do
    /// not depend on what was sampled).
    private static func sampledBytesPerElement(_ list: some Collection<LayoutAttributes>, room: Int,
                                               state: inout EncoderState) -> Int {
        let count = list.count
        let step = count / samples
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: room)
        defer { scratch.deallocate() }
        var total = 0
        var i = list.startIndex
        for k in 0..<samples {
            if k > 0 { list.formIndex(&i, offsetBy: step) }
            total &+= scratch.distance(to: state.element(list[i], at: scratch)) &+ 1
        }
        return total / samples + 1
    }

    @inline(__always)
    static func copy(_ s: StaticString, to p: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        let n = s.utf8CodeUnitCount
        p.initialize(from: s.utf8Start, count: n)
        return p + n
    }

    @inline(__always)
    static func int(_ v: Int, to p: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        p + JSONWriter.writeInteger(v, to: p)
    }
}

/// A number and its text (at most 24 bytes, kept as three words so that it is copied in three
/// moves).
private struct RememberedNumber {
    var bits: UInt64 = 0
    /// 0: nothing remembered yet.
    var length = 0
    var text: (UInt64, UInt64, UInt64) = (0, 0, 0)

    @inline(__always)
    func matches(_ bits: UInt64) -> Bool { self.bits == bits && length != 0 }

    /// Writes the 24 bytes of `text` at `p` (only `length` of them count) and returns the end.
    @inline(__always)
    func copy(to p: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        let raw = UnsafeMutableRawPointer(p)
        raw.storeBytes(of: text.0, as: UInt64.self)
        raw.storeBytes(of: text.1, toByteOffset: 8, as: UInt64.self)
        raw.storeBytes(of: text.2, toByteOffset: 16, as: UInt64.self)
        return p + length
    }

    /// Remembers the `length` bytes just written at `p` for `bits` (reads 24: the element's room
    /// always holds them).
    @inline(__always)
    mutating func capture(_ bits: UInt64, from p: UnsafeMutablePointer<UInt8>, length: Int) {
        let raw = UnsafeRawPointer(p)
        self.bits = bits
        self.length = length
        text = (raw.loadUnaligned(as: UInt64.self), raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self),
                raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self))
    }
}

/// A kept tail's key: width and height bits, zIndex and the estimated flag (0 none, 1 true,
/// 2 false); `length` 0 until one is made.
private struct TailKey {
    var width: UInt64 = 0, height: UInt64 = 0, zIndex = 0, flag = 0, length = 0

    @inline(__always)
    func matches(_ width: UInt64, _ height: UInt64, _ zIndex: Int, _ flag: Int) -> Bool {
        length != 0 && width == self.width && height == self.height && zIndex == self.zIndex && flag == self.flag
    }
}

/// Everything one `write` call remembers, and its scratch memory (one allocation, freed by
/// `release`): the tail and cell-head fragments and, for long lists, the number memo.
private struct EncoderState {
    static let memoSlots = 256
    /// A memo slot: the value's bits, its text's length, 24 bytes of text.
    static let slotBytes = 40
    /// Longest tail: `,"width":` 24 `,"height":` 24 `},"zIndex":` 20 `,"estimated":false}` is
    /// 117 bytes, copied in 16-byte blocks. Two tails are kept, at the start of the scratch
    /// memory: layouts whose elements alternate between two sizes (a compositional group of a
    /// large item beside two small ones) copy both instead of writing one of them every time.
    static let tailBytes = 128
    /// The cell head `{"category":"cell","indexPath":[s,i],"frame":{"x":` (at most 87 bytes)
    /// follows the tails in the scratch memory, then the kind head (`kindHeadBytes`).
    static let headOffset = 2 * tailBytes
    static let headBytes = 128

    /// Room for a supplementary or decoration element's head: its kind's prefix, two integers
    /// of 20 bytes, the comma, `],"frame":{"x":` and the 15 bytes a block copy reads past it,
    /// in whole 16-byte blocks.
    static func kindHeadBytes(_ prefixes: KindPrefixes) -> Int {
        (prefixes.longest + 2 * 20 + 1 + 15 + 15 + 15) / 16 * 16
    }

    let prefixes: KindPrefixes
    let estimates: Bool
    var x = RememberedNumber()
    var y = RememberedNumber()
    /// `y`'s value-memo lookups so far and how many hit (`yNumber`); -1: the memo answers `y`
    /// from now on without counting; `yProbe`: `y` is written directly.
    var yLookups = 0, yHits = 0
    /// The two tails' keys, and which one was used last (the other is replaced next).
    var tails = (TailKey(), TailKey())
    var lastTail = 0
    /// The cell head's index path, where its item's digits end, its length (0 until one is made).
    var headSection = 0, headItem = 0, headItemEnd = 0, headLength = 0
    /// The same for the last supplementary or decoration element's head, with its category and
    /// kind as one key (a list's separators follow one another as its cells do).
    var kindKey = 0, kindSection = 0, kindItem = 0, kindItemEnd = 0, kindLength = 0
    /// Bytes the kind head may hold (`kindHeadBytes` less the block copy's over-read).
    let kindHeadCapacity: Int
    let scratch: UnsafeMutableRawPointer
    let memo: UnsafeMutableRawPointer?

    init(prefixes: KindPrefixes, estimates: Bool, memo withMemo: Bool) {
        self.prefixes = prefixes
        self.estimates = estimates
        let kindHeadBytes = Self.kindHeadBytes(prefixes)
        kindHeadCapacity = kindHeadBytes - 15
        let memoBytes = withMemo ? (Self.memoSlots + Self.fractionSlots) * Self.slotBytes : 0
        scratch = UnsafeMutableRawPointer.allocate(byteCount: Self.headOffset + Self.headBytes + kindHeadBytes + memoBytes,
                                                   alignment: 16)
        if withMemo {
            let table = scratch + Self.headOffset + Self.headBytes + kindHeadBytes
            for slot in 0..<(Self.memoSlots + Self.fractionSlots) {
                (table + slot * Self.slotBytes).storeBytes(of: 0 as UInt64, toByteOffset: 8, as: UInt64.self)
            }
            memo = table
        } else {
            memo = nil
        }
    }

    func release() { scratch.deallocate() }

    @inline(__always)
    mutating func element(_ a: LayoutAttributes, at start: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        var p: UnsafeMutablePointer<UInt8>
        if a.category == .cell, !a.isGlobal {
            p = cellHead(a.indexPath, at: start)
        } else if !a.isGlobal {
            p = kindHead(a, at: start)
        } else {
            p = prefixes.write(a.category, a.kind, to: start)
            p = ElementEncoder.int(a.indexPath.section, to: p)
            if !a.isGlobal {
                p.initialize(to: UInt8(ascii: ",")); p += 1
                p = ElementEncoder.int(a.indexPath.item, to: p)
            }
            p = ElementEncoder.copy("],\"frame\":{\"x\":", to: p)
        }
        p = Self.number(a.frame.origin.x, remembered: &x, memo: memo, at: p)
        p = ElementEncoder.copy(",\"y\":", to: p)
        p = yNumber(a.frame.origin.y, at: p)
        return tail(a, at: p)
    }

    /// `y`, as `number` writes it, except that the value memo is asked only while it answers:
    /// a vertical layout's rows and a list's rows each have a `y` of their own, so every lookup
    /// misses and every miss stores a slot (a horizontal layout's columns repeat theirs). After
    /// `yProbe` lookups with fewer than one hit in eight, `y` is written directly (whole numbers
    /// by the integer writer, fractions still through the fraction memo).
    @inline(__always)
    mutating func yNumber(_ v: Double, at p: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        guard let memo, yLookups >= 0 else { return Self.number(v, remembered: &y, memo: memo, at: p) }
        let bits = v.bitPattern
        if y.matches(bits) { return y.copy(to: p) }
        if yLookups == Self.yProbe {
            if let (t0, t1, t2, n) = Self.registerText(v, memo: memo) {
                y.bits = bits
                y.length = n
                y.text = (t0, t1, t2)
                return y.copy(to: p)
            }
            let n = Self.direct(v, memo: memo, to: p)
            y.capture(bits, from: p, length: n)
            return p + n
        }
        yLookups &+= 1
        let slot = Self.slot(memo, bits)
        if slot.load(fromByteOffset: 8, as: Int.self) != 0, slot.load(as: UInt64.self) == bits { yHits &+= 1 }
        if yLookups == Self.yProbe, yHits >= Self.yProbe / 8 { yLookups = -1 }
        return Self.number(v, remembered: &y, memo: memo, at: p)
    }

    /// Lookups of `y` in the value memo before deciding whether to keep asking it.
    static let yProbe = 128

    /// `v` without the value memo: whole numbers by the integer writer, others through the
    /// fraction memo.
    @inline(__always)
    static func direct(_ v: Double, memo: UnsafeMutableRawPointer, to p: UnsafeMutablePointer<UInt8>) -> Int {
        if let integer = JSONWriter.exactInteger(v) { return JSONWriter.writeInteger(integer, to: p) }
        return fractional(v, memo: memo, to: p)
    }

    /// `v`, copied when it is the value `last` remembers, else written and remembered.
    @inline(__always)
    static func number(_ v: Double, remembered last: inout RememberedNumber, memo: UnsafeMutableRawPointer?,
                       at p: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        let bits = v.bitPattern
        if last.matches(bits) { return last.copy(to: p) }
        // A memo hit keeps the slot's three words for `last` as they are loaded: reading them
        // back from `p` right after storing them cost a failed store-to-load forward per number
        // (the compiler merges two of the loads into one 16-byte load; perf put 21% of the
        // encoder's samples on it for a 1,000-item flow layout, whose x changes every element).
        var slot: UnsafeMutableRawPointer?
        if let memo {
            let found = Self.slot(memo, bits)
            let length = found.load(fromByteOffset: 8, as: Int.self)
            if length != 0, found.load(as: UInt64.self) == bits {
                let text = (found.load(fromByteOffset: 16, as: UInt64.self), found.load(fromByteOffset: 24, as: UInt64.self),
                            found.load(fromByteOffset: 32, as: UInt64.self))
                last.bits = bits
                last.length = length
                last.text = text
                return last.copy(to: p)
            }
            slot = found
        }
        // Text made in registers is kept from there (as a memo hit's is).
        if let (t0, t1, t2, n) = Self.registerText(v, memo: memo) {
            last.bits = bits
            last.length = n
            last.text = (t0, t1, t2)
            if let slot { Self.keep(last.text, length: n, bits: bits, in: slot) }
            return last.copy(to: p)
        }
        // Neither kept nor made in registers: written (the memo's slot, already looked up and
        // missed, then filled from the bytes written).
        let n: Int
        if let memo, let slot { n = Self.written(v, bits: bits, memo: memo, slot: slot, to: p) } else { n = JSONWriter.writeNumber(v, to: p) }
        last.capture(bits, from: p, length: n)
        return p + n
    }

    /// `v`'s text in three words and its length, made in registers, when it is whole and of at
    /// most 8 digits, or has a whole part of at most 8 digits and a fraction the fraction memo
    /// holds (`fractional`); nil otherwise (the caller writes it, and reads back what it wrote).
    @inline(__always)
    static func registerText(_ v: Double, memo: UnsafeMutableRawPointer?) -> (UInt64, UInt64, UInt64, Int)? {
        if let integer = JSONWriter.exactInteger(v) {
            guard let (text, n) = JSONWriter.integerText(integer) else { return nil }
            return (text, 0, 0, n)
        }
        guard let memo else { return nil }
        return fractionRegisterText(v, memo: memo)
    }

    /// `registerText` of a value with a fraction. Not inlined: the element loop stays small.
    @inline(never)
    static func fractionRegisterText(_ v: Double, memo: UnsafeMutableRawPointer) -> (UInt64, UInt64, UInt64, Int)? {
        let magnitude = v.magnitude
        guard magnitude >= 1, magnitude < 100_000_000 else { return nil }   // false for NaN
        let whole = UInt(magnitude)
        let fraction = magnitude - Double(whole)   // exact
        let fractionBits = fraction.bitPattern
        let exponent = UInt32(magnitude.exponentBitPattern)
        let slot = fractionSlot(memo, fractionBits: fractionBits, exponent: exponent)
        let length = Int(slot.load(fromByteOffset: 12, as: UInt32.self))
        guard length != 0, slot.load(as: UInt64.self) == fractionBits, slot.load(fromByteOffset: 8, as: UInt32.self) == exponent,
              var (text, n) = JSONWriter.integerText(Int(whole)) else { return nil }
        if v < 0 {
            guard n < 8 else { return nil }
            text = text << 8 | UInt64(UInt8(ascii: "-"))
            n &+= 1
        }
        // The whole part, then the fraction's "." and digits: at most 19 bytes (17 significant
        // digits, the point and a sign), shifted in by the whole part's 8n bits (64 when n is 8:
        // Swift's smart shifts make that 0 and a whole word).
        let f0 = slot.load(fromByteOffset: 16, as: UInt64.self), f1 = slot.load(fromByteOffset: 24, as: UInt64.self),
            f2 = slot.load(fromByteOffset: 32, as: UInt64.self)
        let shift = UInt64(n &* 8)
        let r0 = text | (f0 << shift)
        let r1 = (f0 >> (64 &- shift)) | (f1 << shift)
        let r2 = (f1 >> (64 &- shift)) | (f2 << shift)
        return (r0, r1, r2, n &+ length)
    }

    /// The fraction memo's slot of a fraction and its binade.
    @inline(__always)
    static func fractionSlot(_ memo: UnsafeMutableRawPointer, fractionBits: UInt64, exponent: UInt32) -> UnsafeMutableRawPointer {
        let hash = (fractionBits ^ UInt64(exponent)) &* 0x9E37_79B9_7F4A_7C15
        return memo + (memoSlots + Int(truncatingIfNeeded: hash >> 58)) &* slotBytes
    }

    /// Fills a value memo slot with a number's text.
    @inline(__always)
    static func keep(_ text: (UInt64, UInt64, UInt64), length: Int, bits: UInt64, in slot: UnsafeMutableRawPointer) {
        slot.storeBytes(of: bits, as: UInt64.self)
        slot.storeBytes(of: length, toByteOffset: 8, as: Int.self)
        slot.storeBytes(of: text.0, toByteOffset: 16, as: UInt64.self)
        slot.storeBytes(of: text.1, toByteOffset: 24, as: UInt64.self)
        slot.storeBytes(of: text.2, toByteOffset: 32, as: UInt64.self)
    }

    /// `{"category":"cell","indexPath":[s,i],"frame":{"x":`. The next item of the same section
    /// (the common case) increments the last head's digits in place and copies it; anything else
    /// writes it and keeps it.
    @inline(__always)
    mutating func cellHead(_ indexPath: IndexPath, at p: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        let head = (scratch + Self.headOffset).assumingMemoryBound(to: UInt8.self)
        if headLength != 0, indexPath.section == headSection, headItem >= 0, indexPath.item == headItem &+ 1 {
            Self.copyBlocks(from: UnsafeRawPointer(head), to: p, count: headLength)
            if Self.incrementItem(head, copy: p, itemEnd: headItemEnd) {
                headItem = indexPath.item
                return p + headLength
            }
        }
        let (q, itemEnd) = Self.indexPathToX(indexPath, head: p,
                                             at: ElementEncoder.copy("{\"category\":\"cell\",\"indexPath\":[", to: p))
        let length = p.distance(to: q)
        head.update(from: p, count: length)
        (headSection, headItem, headItemEnd, headLength) = (indexPath.section, indexPath.item, itemEnd, length)
        return q
    }

    /// `{"category":…,"kind":…,"indexPath":[s,i],"frame":{"x":` of a supplementary or decoration
    /// element, kept as the cell head is: the next item of the same kind and section increments
    /// the kept head's digits and copies it (a list's separators: the prefix alone is 100 bytes);
    /// anything else writes it and keeps it.
    @inline(__always)
    mutating func kindHead(_ a: LayoutAttributes, at p: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        let head = (scratch + Self.headOffset + Self.headBytes).assumingMemoryBound(to: UInt8.self)
        let key = Int(a.category.rawValue) << 32 | (a.kind.map { Int($0.rawValue) &+ 1 } ?? 0)
        let indexPath = a.indexPath
        if kindLength != 0, key == kindKey, indexPath.section == kindSection, kindItem >= 0, indexPath.item == kindItem &+ 1 {
            Self.copyBlocks(from: UnsafeRawPointer(head), to: p, count: kindLength)
            if Self.incrementItem(head, copy: p, itemEnd: kindItemEnd) {
                kindItem = indexPath.item
                return p + kindLength
            }
        }
        let (q, itemEnd) = Self.indexPathToX(indexPath, head: p, at: prefixes.write(a.category, a.kind, to: p))
        let length = p.distance(to: q)
        if length <= kindHeadCapacity {
            head.update(from: p, count: length)
            (kindKey, kindSection, kindItem, kindItemEnd, kindLength) = (key, indexPath.section, indexPath.item, itemEnd, length)
        } else {
            kindLength = 0
        }
        return q
    }

    /// A head's `s,i],"frame":{"x":`, written at `start` after its prefix (the head starts at
    /// `head`): the end, and where the item's digits end from the head's start.
    @inline(__always)
    static func indexPathToX(_ indexPath: IndexPath, head: UnsafeMutablePointer<UInt8>, at start: UnsafeMutablePointer<UInt8>)
        -> (end: UnsafeMutablePointer<UInt8>, itemEnd: Int) {
        var q = ElementEncoder.int(indexPath.section, to: start)
        q.initialize(to: UInt8(ascii: ",")); q += 1
        q = ElementEncoder.int(indexPath.item, to: q)
        return (ElementEncoder.copy("],\"frame\":{\"x\":", to: q), head.distance(to: q))
    }

    /// Adds one to the item whose digits end at `itemEnd` in a kept head (after the section's
    /// comma), and in `copy`, the head just copied from it; false when it gains a digit (the
    /// head is then written anew). The copy is made before the increment: the head's block
    /// loads then read bytes stored an element ago, not the one-byte stores just made (a wide
    /// load that overlaps a pending narrow store waits for it; perf put a quarter of the
    /// encoder's samples there).
    @inline(__always)
    static func incrementItem(_ head: UnsafeMutablePointer<UInt8>, copy: UnsafeMutablePointer<UInt8>, itemEnd: Int) -> Bool {
        var i = itemEnd &- 1
        while head[i] == UInt8(ascii: "9") {
            head[i] = UInt8(ascii: "0")
            copy[i] = UInt8(ascii: "0")
            i &-= 1
        }
        guard head[i] != UInt8(ascii: ",") else { return false }   // all nines
        let digit = head[i] &+ 1
        head[i] = digit
        copy[i] = digit
        return true
    }

    /// Copies `count` bytes in 16-byte blocks (up to 15 more are written, and read).
    @inline(__always)
    static func copyBlocks(from source: UnsafeRawPointer, to p: UnsafeMutablePointer<UInt8>, count: Int) {
        var offset = 0
        repeat {
            let block = (source + offset).loadUnaligned(as: SIMD16<UInt8>.self)
            UnsafeMutableRawPointer(p + offset).storeBytes(of: block, as: SIMD16<UInt8>.self)
            offset &+= 16
        } while offset < count
    }

    /// `,"width":…,"height":…},"zIndex":…[,"estimated":…]}`, copied when it is one of the two
    /// kept (inline: the common case), else made by `makeTail`.
    @inline(__always)
    mutating func tail(_ a: LayoutAttributes, at p: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        let wBits = a.frame.size.width.bitPattern, hBits = a.frame.size.height.bitPattern
        let flag = estimates && a.category == .cell ? (a.isEstimated ? 1 : 2) : 0
        if tails.0.matches(wBits, hBits, a.zIndex, flag) {
            lastTail = 0
            Self.copyBlocks(from: UnsafeRawPointer(scratch), to: p, count: tails.0.length)
            return p + tails.0.length
        }
        if tails.1.matches(wBits, hBits, a.zIndex, flag) {
            lastTail = 1
            Self.copyBlocks(from: UnsafeRawPointer(scratch + Self.tailBytes), to: p, count: tails.1.length)
            return p + tails.1.length
        }
        return makeTail(a, wBits: wBits, hBits: hBits, flag: flag, at: p)
    }

    /// A tail neither kept one matches: written, and kept in place of the one used less recently.
    /// Not inlined: the element loop stays small (the whole `tail` inlined was not, and cost a
    /// call per element).
    @inline(never)
    mutating func makeTail(_ a: LayoutAttributes, wBits: UInt64, hBits: UInt64, flag: Int,
                           at p: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        var q = ElementEncoder.copy(",\"width\":", to: p)
        q += Self.number(a.frame.size.width, memo: memo, to: q)
        q = ElementEncoder.copy(",\"height\":", to: q)
        q += Self.number(a.frame.size.height, memo: memo, to: q)
        q = ElementEncoder.copy("},\"zIndex\":", to: q)
        q = ElementEncoder.int(a.zIndex, to: q)
        if flag == 1 { q = ElementEncoder.copy(",\"estimated\":true", to: q) }
        if flag == 2 { q = ElementEncoder.copy(",\"estimated\":false", to: q) }
        q.initialize(to: UInt8(ascii: "}"))
        q += 1
        let length = p.distance(to: q)
        let key = TailKey(width: wBits, height: hBits, zIndex: a.zIndex, flag: flag, length: length)
        lastTail = 1 &- lastTail
        // The element's room holds the 15 bytes a block copy reads past the tail.
        Self.copyBlocks(from: UnsafeRawPointer(p), to: (scratch + lastTail &* Self.tailBytes).assumingMemoryBound(to: UInt8.self),
                        count: length)
        if lastTail == 0 { tails.0 = key } else { tails.1 = key }
        return q
    }

    /// The memo slot of a value's bits (Fibonacci hashing into 256 slots).
    @inline(__always)
    static func slot(_ memo: UnsafeMutableRawPointer, _ bits: UInt64) -> UnsafeMutableRawPointer {
        memo + Int(truncatingIfNeeded: (bits &* 0x9E37_79B9_7F4A_7C15) >> 56) &* slotBytes
    }

    /// Slots of the fraction memo, after the value memo's.
    static let fractionSlots = 64

    /// `v`, not whole and not seen before: through the fraction memo when 1 <= |v| < 2^52.
    ///
    /// Why a fraction's digits can be reused: in one binade (one exponent) a Double's last place
    /// is the same size, so v = n + f (n its whole part, f exact) has the rounding interval
    /// n + [f - ulp/2, f + ulp/2]. Decimals with k fraction digits are the same grid shifted by
    /// any whole n, so the fewest fraction digits that land inside, and the nearest such decimal
    /// to v, are those of f alone (the last place's parity, which decides ties, is f's too:
    /// n / ulp is even). With the whole part's digits fixed by v, fewest fraction digits is
    /// fewest significant digits: the shortest round-trip form Swift prints is n's digits, ".",
    /// and f's digits, for every v of that exponent and fraction (a list's separators at
    /// 44k + 43.666…, one fraction per binade: formatting them was 30% of computing a list).
    /// Not inlined: it runs on a value-memo miss only, and inlined it slowed the element loop.
    @inline(never)
    static func fractional(_ v: Double, memo: UnsafeMutableRawPointer, to p: UnsafeMutablePointer<UInt8>) -> Int {
        let magnitude = v.magnitude
        guard magnitude >= 1, magnitude < 4_503_599_627_370_496 else { return JSONWriter.writeNumber(v, to: p) }
        let whole = UInt(magnitude)
        let fraction = magnitude - Double(whole)   // exact
        guard fraction != 0 else { return JSONWriter.writeNumber(v, to: p) }
        let fractionBits = fraction.bitPattern
        let exponent = UInt32(magnitude.exponentBitPattern)
        // Slot layout: the fraction's bits, the exponent, the text's length (0: empty), 24 bytes
        // of text ("." and the fraction's digits, at most 17 bytes).
        let slot = fractionSlot(memo, fractionBits: fractionBits, exponent: exponent)
        let length = Int(slot.load(fromByteOffset: 12, as: UInt32.self))
        if length != 0, slot.load(as: UInt64.self) == fractionBits, slot.load(fromByteOffset: 8, as: UInt32.self) == exponent {
            var q = p
            if v < 0 {
                q.initialize(to: UInt8(ascii: "-"))
                q += 1
            }
            q += JSONWriter.writeDecimal(whole, to: q)
            let raw = UnsafeMutableRawPointer(q)
            raw.storeBytes(of: slot.load(fromByteOffset: 16, as: UInt64.self), as: UInt64.self)
            raw.storeBytes(of: slot.load(fromByteOffset: 24, as: UInt64.self), toByteOffset: 8, as: UInt64.self)
            raw.storeBytes(of: slot.load(fromByteOffset: 32, as: UInt64.self), toByteOffset: 16, as: UInt64.self)
            return p.distance(to: q) &+ length
        }
        let n = JSONWriter.writeNumber(v, to: p)
        var dot = 0
        while dot < n, p[dot] != UInt8(ascii: ".") { dot &+= 1 }
        if dot < n, n &- dot <= 24 {
            slot.storeBytes(of: fractionBits, as: UInt64.self)
            slot.storeBytes(of: exponent, toByteOffset: 8, as: UInt32.self)
            slot.storeBytes(of: UInt32(n &- dot), toByteOffset: 12, as: UInt32.self)
            (slot + 16).copyMemory(from: p + dot, byteCount: n &- dot)
        }
        return n
    }

    /// Writes `v` (at most 24 bytes, may write up to 24) and returns the length: through the
    /// memo when there is one (a hit costs less than formatting even an integer), else directly.
    @inline(__always)
    static func number(_ v: Double, memo: UnsafeMutableRawPointer?, to p: UnsafeMutablePointer<UInt8>) -> Int {
        guard let memo else { return JSONWriter.writeNumber(v, to: p) }
        let bits = v.bitPattern
        let slot = Self.slot(memo, bits)
        let length = slot.load(fromByteOffset: 8, as: Int.self)
        let raw = UnsafeMutableRawPointer(p)
        if length != 0, slot.load(as: UInt64.self) == bits {
            raw.storeBytes(of: slot.load(fromByteOffset: 16, as: UInt64.self), as: UInt64.self)
            raw.storeBytes(of: slot.load(fromByteOffset: 24, as: UInt64.self), toByteOffset: 8, as: UInt64.self)
            raw.storeBytes(of: slot.load(fromByteOffset: 32, as: UInt64.self), toByteOffset: 16, as: UInt64.self)
            return length
        }
        if let (t0, t1, t2, length) = registerText(v, memo: memo) {
            raw.storeBytes(of: t0, as: UInt64.self)
            raw.storeBytes(of: t1, toByteOffset: 8, as: UInt64.self)
            raw.storeBytes(of: t2, toByteOffset: 16, as: UInt64.self)
            keep((t0, t1, t2), length: length, bits: bits, in: slot)
            return length
        }
        return written(v, bits: bits, memo: memo, slot: slot, to: p)
    }

    /// `v` written (neither in its memo `slot` nor made in registers: past 8 digits, or a
    /// fraction not seen in its binade yet) and kept in `slot` from the bytes written.
    static func written(_ v: Double, bits: UInt64, memo: UnsafeMutableRawPointer, slot: UnsafeMutableRawPointer,
                        to p: UnsafeMutablePointer<UInt8>) -> Int {
        let raw = UnsafeMutableRawPointer(p)
        let n: Int
        if let integer = JSONWriter.exactInteger(v) {
            n = JSONWriter.writeInteger(integer, to: p)
        } else {
            n = fractional(v, memo: memo, to: p)
        }
        slot.storeBytes(of: bits, as: UInt64.self)
        slot.storeBytes(of: n, toByteOffset: 8, as: Int.self)
        slot.storeBytes(of: raw.loadUnaligned(as: UInt64.self), toByteOffset: 16, as: UInt64.self)
        slot.storeBytes(of: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self), toByteOffset: 24, as: UInt64.self)
        slot.storeBytes(of: raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self), toByteOffset: 32, as: UInt64.self)
        return n
    }
}
