#if canImport(Glibc)
import Glibc
#endif

/// Gives the heap's free pages back to the system after a large request. Decoding a body of
/// 1,000,000 `itemSizes` (25 MB) allocates about 170 bytes per item in small blocks, freed once
/// the layout is computed, but glibc keeps them in its per-thread arenas: without this, the
/// process's RSS stays about 165 MB above what the cache holds (256 MB instead of 91 MB, measured).
enum FreedMemory {
    /// Request bodies from this size on are followed by a trim (a few ms at most, on Dispatch:
    /// such a request costs tens of ms to decode and compute).
    static let afterBodyBytes = 1 << 20

    /// Returns free heap memory to the system (`malloc_trim(0)`: every arena; a no-op where the
    /// C library has no `malloc_trim`).
    static func release() {
        _ = trim?(0)
    }

    /// Whether this C library has `malloc_trim` (glibc does).
    static var isAvailable: Bool { trim != nil }

    /// glibc's `malloc_trim`, looked up once (Swift's Glibc module does not import `<malloc.h>`).
    private static let trim: (@convention(c) (Int) -> Int32)? = {
        #if canImport(Glibc)
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
        #else
        return nil
        #endif
    }()
}
