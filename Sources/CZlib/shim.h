#include <zlib.h>
// deflateInit2 and inflateInit2 are macros (they pass the library version and the stream size),
// which Swift cannot call; typed wrappers.
static inline int czlib_deflate_init(z_streamp s, int level, int windowBits) {
    return deflateInit2(s, level, Z_DEFLATED, windowBits, 8, Z_DEFAULT_STRATEGY);
}
static inline int czlib_inflate_init(z_streamp s, int windowBits) { return inflateInit2(s, windowBits); }
