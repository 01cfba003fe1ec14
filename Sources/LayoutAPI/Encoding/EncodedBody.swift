import HTTPCompression
import Synchronization

/// A response body and its gzip and deflate forms, each compressed at most once, on the first
/// request that asks for it (most clients never do). Shared by every response that sends it.
///
/// Reading a form takes no lock (an atomic load): a cache hit in gzip costs no more locks than
/// one in identity. Two threads asking for the same missing form at once may both compress it;
/// the first stored wins and the other's bytes are dropped, so `added` is counted once.
final class EncodedBody: Sendable {
    let identity: [UInt8]
    private let gzip = AtomicLazyReference<Form>()
    private let deflate = AtomicLazyReference<Form>()

    /// A compressed form, stored once.
    private final class Form: Sendable {
        let bytes: [UInt8]
        init(_ bytes: [UInt8]) { self.bytes = bytes }
    }

    init(_ identity: [UInt8]) { self.identity = identity }

    /// The body in `coding` if it needs no compression now.
    func cached(_ coding: ContentCoding) -> [UInt8]? {
        switch coding {
        case .identity: identity
        case .gzip: gzip.load()?.bytes
        case .deflate: deflate.load()?.bytes
        }
    }

    /// The body in `coding`, compressed now if it was not yet (O(n), ~10 ns per byte at the
    /// cached level), and the bytes this call added to what the object holds (0 on a hit, or nil
    /// when zlib fails, which only happens out of memory: the caller sends identity).
    func encoded(_ coding: ContentCoding) -> (bytes: [UInt8], added: Int)? {
        if let known = cached(coding) { return (known, 0) }
        guard let bound = Deflater.compress(identity, as: coding, level: Deflater.cachedLevel) else { return nil }
        let packed = Self.fitted(bound)
        let mine = Form(packed)
        let stored: Form
        switch coding {
        case .identity: return (identity, 0)
        case .gzip: stored = gzip.storeIfNil(mine)
        case .deflate: stored = deflate.storeIfNil(mine)
        }
        return (stored.bytes, stored === mine ? packed.capacity : 0)
    }

    /// `bytes` in a buffer of their own size when they use less than 7/8 of theirs: zlib's output
    /// buffer is sized for the worst case (about the input's size), and a kept form would
    /// otherwise hold, and count in the cache, ten to twenty times its bytes.
    static func fitted(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.count < bytes.capacity - bytes.capacity / 8 else { return bytes }
        return [UInt8](unsafeUninitializedCapacity: bytes.count) { out, count in
            _ = out.initialize(fromContentsOf: bytes)
            count = bytes.count
        }
    }
}
