/// Identifier → position for `OrderedSetDifference.positions`: open addressing over an `Int32`
/// slot array with a cheap FNV-1a hash of the identifier's UTF-8 (or integer), about three
/// times faster than `Dictionary` with SipHash on 100,000 short strings.
///
/// FNV is not keyed, so a client could choose colliding identifiers: probes are counted, and
/// past 8 per identifier on average the table gives up (`nil`), and the caller falls back to
/// `Dictionary` (randomly seeded SipHash). Worst case stays linear.
///
/// ASCII strings only: Swift's `String` equality is canonical equivalence (composed "é" equals
/// "e" + U+0301, the Kelvin sign equals "K"), which a hash of the UTF-8 bytes cannot follow. A
/// string with any byte of 0x80 or more makes the table give up too (`Dictionary` hashes the
/// canonical form), so every check, operation and diff uses the one rule (issue 33).
struct IdentifierTable {
    private var slots: [Int32]
    private let mask: Int
    private var probes = 0
    private let probeLimit: Int

    /// Indexes `keys` (unique); nil when the keys collide too much (or there are too many).
    init?(_ keys: [SnapshotIdentifier]) {
        guard keys.count < Int(Int32.max) / 2 else { return nil }
        var capacity = 16
        while capacity < keys.count * 2 { capacity <<= 1 }
        slots = [Int32](repeating: -1, count: capacity)
        mask = capacity - 1
        probeLimit = 8 * keys.count + 64
        for (k, key) in keys.enumerated() {
            guard let h = Self.hash(key) else { return nil }
            var b = h & mask
            while slots[b] >= 0 {
                b = (b + 1) & mask
                probes += 1
                if probes > probeLimit { return nil }
            }
            slots[b] = Int32(k)
        }
    }

    /// The position of `key` in `keys`, or -1; nil when lookups collide too much.
    mutating func find(_ key: SnapshotIdentifier, in keys: [SnapshotIdentifier]) -> Int? {
        guard let h = Self.hash(key) else { return nil }
        var b = h & mask
        while true {
            let k = Int(slots[b])
            if k < 0 { return -1 }
            if keys[k] == key { return k }
            b = (b + 1) & mask
            probes += 1
            if probes > probeLimit * 2 { return nil }
        }
    }

    /// FNV-1a of the identifier; nil for a string that is not all ASCII (see above).
    static func hash(_ key: SnapshotIdentifier) -> Int? {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        switch key {
        case .string(let s):
            var high: UInt8 = 0
            for byte in s.utf8 {
                high |= byte
                h = (h ^ UInt64(byte)) &* 0x100_0000_01b3
            }
            if high >= 0x80 { return nil }
        case .integer(let i):
            h = (h ^ UInt64(bitPattern: Int64(i))) &* 0x100_0000_01b3 ^ 0x9e37_79b9
        }
        // murmur3 finalizer: spread the low bits the mask keeps.
        h ^= h >> 33
        h &*= 0xff51_afd7_ed55_8ccd
        h ^= h >> 33
        h &*= 0xc4ce_b9fe_1a85_ec53
        h ^= h >> 33
        return Int(truncatingIfNeeded: h)
    }
}
