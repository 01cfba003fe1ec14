import HTTPCompression
import Synchronization

/// A response body and its gzip and deflate forms, each compressed at most once, on the first
/// request that asks for it (most clients never do). Shared by every response that sends it.
///
/// Two threads asking for the same missing form at once may both compress it; the first stored
/// wins and the other's bytes are dropped, so `added` is counted once. Never compressed under the
/// lock: a slow compression must not block readers of the other forms.
final class EncodedBody: Sendable {
    let identity: [UInt8]
    private let forms = Mutex<(gzip: [UInt8]?, deflate: [UInt8]?)>((nil, nil))

    init(_ identity: [UInt8]) { self.identity = identity }

    /// The body in `coding` if it needs no compression now.
    func cached(_ coding: ContentCoding) -> [UInt8]? {
        switch coding {
        case .identity: identity
        case .gzip: forms.withLock { $0.gzip }
        case .deflate: forms.withLock { $0.deflate }
        }
    }

    /// The body in `coding`, compressed now if it was not yet (O(n), ~10 ns per byte at the
    /// cached level), and the bytes this call added to what the object holds (0 on a hit, or nil
    /// when zlib fails, which only happens out of memory: the caller sends identity).
    func encoded(_ coding: ContentCoding) -> (bytes: [UInt8], added: Int)? {
        if let known = cached(coding) { return (known, 0) }
        guard let packed = Deflater.compress(identity, as: coding, level: Deflater.cachedLevel) else { return nil }
        return forms.withLock { f in
            switch coding {
            case .identity:
                return (identity, 0)
            case .gzip:
                if let won = f.gzip { return (won, 0) }
                f.gzip = packed
            case .deflate:
                if let won = f.deflate { return (won, 0) }
                f.deflate = packed
            }
            return (packed, packed.capacity)
        }
    }
}
