import Dispatch
import Synchronization

/// Computed layouts by id, bounded by bytes (not entries), least recently used evicted first.
///
/// A lock-protected doubly linked list over slots; every operation is O(1). Identical requests
/// arriving together are computed once: the first caller computes, the others wait for it.
final class LayoutCache: Sendable {
    struct Stats: Sendable, Equatable {
        var hits = 0, misses = 0, evictions = 0, entries = 0, bytes = 0
        /// Layouts computed and answered but too large to store at all.
        var uncacheable = 0
    }

    private struct Slot {
        var entry: CachedLayout?
        var prev = -1, next = -1
        /// What the entry counts for: its bytes at insertion plus what `grow` added since.
        var bytes = 0
    }

    private struct State {
        var slots: [Slot] = []
        var free: [Int] = []
        var byID: [LayoutKey: Int] = [:]
        var head = -1, tail = -1   // head = most recently used
        var stats = Stats()
        var inFlight: [LayoutKey: Flight] = [:]
        /// Entries removed under the lock, released by the caller after it: the last reference
        /// to an evicted layout frees its arrays and bodies (a 1,000-item layout's are about
        /// 200 KB), which under the lock made every other request's lookup wait (perf: a
        /// computed POST spent 5% of the server's time spinning on this lock).
        var removed: [CachedLayout] = []

        /// The entries removed since the last call, for release outside the lock.
        mutating func takeRemoved() -> [CachedLayout] {
            guard !removed.isEmpty else { return [] }
            defer { removed = [] }
            return removed
        }
    }

    /// One computation that other identical requests wait for.
    private final class Flight: Sendable {
        let done = DispatchGroup()
        let result = Mutex<Result<CachedLayout, APIError>?>(nil)
        /// Not yet entered: `getOrCompute` enters it when this flight leads (a group disposed
        /// of while entered is a libdispatch crash).
        init() {}
    }

    let capacity: Int
    private let state = Mutex(State())

    init(capacityBytes: Int) { self.capacity = max(0, capacityBytes) }

    var stats: Stats { state.withLock { $0.stats } }

    /// The cached layout without changing its recency or the counters.
    func peek(_ id: some StringProtocol) -> CachedLayout? {
        let key = LayoutKey(id)
        return state.withLock { s in s.byID[key].flatMap { s.slots[$0].entry } }
    }

    /// Whether `id` is cached (no recency change).
    func contains(_ id: some StringProtocol) -> Bool {
        let key = LayoutKey(id)
        return state.withLock { $0.byID[key] != nil }
    }

    /// Counts a hit found through `get` (the raw-body fast path of `POST /layout`).
    func countHit() {
        state.withLock { $0.stats.hits += 1 }
    }

    /// The cached layout, made most recently used; nil (a miss is not counted here). With
    /// `countingHit`, a hit is counted in the same lock (the raw-body fast path of `POST /layout`).
    func get(_ id: some StringProtocol, countingHit: Bool = false) -> CachedLayout? {
        get(key: LayoutKey(id), countingHit: countingHit)
    }

    /// `get(_:countingHit:)` by key (the I/O loop's hot path makes the key from the target's bytes).
    func get(key: LayoutKey, countingHit: Bool = false) -> CachedLayout? {
        state.withLock { s in
            guard let i = s.byID[key] else { return nil }
            Self.moveToFront(i, &s)
            if countingHit { s.stats.hits += 1 }
            return s.slots[i].entry
        }
    }

    /// Removes `id` (tests: an eviction between a request's plan and its answer).
    func remove(_ id: some StringProtocol) {
        let key = LayoutKey(id)
        evicting { s in
            guard let i = s.byID[key] else { return }
            Self.remove(i, &s)
            s.stats.evictions += 1
        }
    }

    /// The cached layout for `id`, or the result of `compute`, which runs once however many
    /// identical requests arrive together. `hit` is false for the caller that computed.
    func getOrCompute(_ id: String, _ compute: () -> Result<CachedLayout, APIError>) -> (Result<CachedLayout, APIError>, hit: Bool) {
        enum Role { case hit(CachedLayout), leader(Flight), follower(Flight) }
        let key = LayoutKey(id)
        // Made before the lock (a DispatchGroup and two allocations): the lock is held for
        // lookups only, and a computed POST is the common caller here (hits of the same body
        // are answered before, by `RecentBodies`).
        let fresh = Flight()
        let role: Role = state.withLock { s in
            if let i = s.byID[key], let e = s.slots[i].entry {
                Self.moveToFront(i, &s)
                s.stats.hits += 1
                return .hit(e)
            }
            if let f = s.inFlight[key] {
                s.stats.hits += 1
                return .follower(f)
            }
            s.stats.misses += 1
            fresh.done.enter()
            s.inFlight[key] = fresh
            return .leader(fresh)
        }
        switch role {
        case .hit(let e):
            return (.success(e), true)
        case .follower(let f):
            f.done.wait()
            return (f.result.withLock { $0 } ?? .failure(.unknownLayout(id: id)), true)
        case .leader(let f):
            let result = compute()
            evicting { s in
                s.inFlight[key] = nil
                if case .success(let e) = result { Self.insert(e, &s, capacity: capacity) }
            }
            f.result.withLock { $0 = result }
            f.done.leave()
            return (result, false)
        }
    }

    /// Stores `entry` (replacing one with the same id), evicting from the tail to fit.
    func insert(_ entry: CachedLayout) {
        evicting { Self.insert(entry, &$0, capacity: capacity) }
    }

    /// Runs `body` under the lock; the entries it removed are released after the lock, and on
    /// Dispatch when one is large: freeing a large layout's arrays (unmapped page by page) is
    /// work that grows with it, and the caller may be an I/O loop (a full body made for a hit
    /// grows its entry, and the cache evicts to fit it).
    private func evicting(_ body: (inout State) -> Void) {
        let removed = state.withLock { s in
            body(&s)
            return s.takeRemoved()
        }
        if removed.contains(where: { $0.layout.attributes.count >= Self.releasedOnDispatchElements }) {
            DispatchQueue.global().async { _ = removed }
        }
        // Otherwise the last references are dropped here, outside the lock.
    }

    /// Evicted layouts of at least this many elements are released on Dispatch (`evicting`).
    static let releasedOnDispatchElements = 10_000

    private static func insert(_ entry: CachedLayout, _ s: inout State, capacity: Int) {
        if let old = s.byID[entry.key] { remove(old, &s) }
        guard entry.bytes <= capacity else {
            s.stats.uncacheable += 1
            return
        }
        while s.stats.bytes + entry.bytes > capacity, s.tail >= 0 {
            remove(s.tail, &s)
            s.stats.evictions += 1
        }
        let i: Int
        if let f = s.free.popLast() { i = f } else { i = s.slots.count; s.slots.append(Slot()) }
        s.slots[i] = Slot(entry: entry, prev: -1, next: s.head, bytes: entry.bytes)
        if s.head >= 0 { s.slots[s.head].prev = i }
        s.head = i
        if s.tail < 0 { s.tail = i }
        s.byID[entry.key] = i
        s.stats.entries += 1
        s.stats.bytes += entry.bytes
    }

    /// Counts `bytes` more for `entry` (a compressed body made after it was stored), evicting
    /// other entries from the tail to stay within capacity, or `entry` itself if it no longer fits
    /// alone. Nothing happens if `entry` is no longer cached (evicted or replaced meanwhile).
    func grow(_ entry: CachedLayout, by bytes: Int) {
        guard bytes > 0 else { return }
        evicting { s in
            guard let i = s.byID[entry.key], s.slots[i].entry === entry else { return }
            s.slots[i].bytes += bytes
            s.stats.bytes += bytes
            guard s.slots[i].bytes <= capacity else {
                Self.remove(i, &s)
                s.stats.evictions += 1
                return
            }
            Self.moveToFront(i, &s)   // it was just asked for; others go first
            while s.stats.bytes > capacity, s.tail >= 0, s.tail != i {
                Self.remove(s.tail, &s)
                s.stats.evictions += 1
            }
        }
    }

    private static func unlink(_ i: Int, _ s: inout State) {
        let p = s.slots[i].prev, n = s.slots[i].next
        if p >= 0 { s.slots[p].next = n } else { s.head = n }
        if n >= 0 { s.slots[n].prev = p } else { s.tail = p }
        s.slots[i].prev = -1
        s.slots[i].next = -1
    }

    private static func moveToFront(_ i: Int, _ s: inout State) {
        guard s.head != i else { return }
        unlink(i, &s)
        s.slots[i].next = s.head
        if s.head >= 0 { s.slots[s.head].prev = i }
        s.head = i
        if s.tail < 0 { s.tail = i }
    }

    private static func remove(_ i: Int, _ s: inout State) {
        guard let e = s.slots[i].entry else { return }
        unlink(i, &s)
        s.byID[e.key] = nil
        s.stats.entries -= 1
        s.stats.bytes -= s.slots[i].bytes
        s.removed.append(e)   // the caller releases it after unlocking
        s.slots[i].entry = nil
        s.free.append(i)
    }

    /// Ids from most to least recently used (tests and debugging).
    var idsByRecency: [String] {
        state.withLock { s in
            var out: [String] = []
            var i = s.head
            while i >= 0, out.count <= s.slots.count {
                if let e = s.slots[i].entry { out.append(e.id) }
                i = s.slots[i].next
            }
            return out
        }
    }
}

/// A cache key. Layout ids are content ids, 32 lowercase hex digits: kept as 128 bits, so a
/// lookup by the id in a request's path (a `Substring`) allocates nothing. Any other id (never
/// one of a computed layout) keeps its text.
struct LayoutKey: Hashable, Sendable {
    let high: UInt64
    let low: UInt64
    let other: String?

    init(_ id: some StringProtocol) {
        if let key = id.utf8.withContiguousStorageIfAvailable({ LayoutKey(utf8: $0, other: { String(id) }) }) {
            self = key
        } else {
            self.init(utf8: Array(id.utf8), other: { String(id) })
        }
    }

    /// The key of an id given as UTF-8 bytes (`other` made only for an id that is not 32 hex digits).
    init(utf8 id: UnsafeBufferPointer<UInt8>) {
        self.init(utf8: id, other: { String(decoding: id, as: UTF8.self) })
    }

    private init(utf8 id: some Collection<UInt8>, other: () -> String) {
        var high: UInt64 = 0, low: UInt64 = 0, n = 0
        for c in id {
            let digit: UInt8
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = c - UInt8(ascii: "a") + 10
            default: digit = 0xFF
            }
            guard n < 32, digit != 0xFF else { n = -1; break }
            if n < 16 { high = high << 4 | UInt64(digit) } else { low = low << 4 | UInt64(digit) }
            n += 1
        }
        if n == 32 {
            (self.high, self.low, self.other) = (high, low, nil)
        } else {
            (self.high, self.low, self.other) = (0, 0, other())
        }
    }
}
