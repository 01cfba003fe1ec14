// SHA-256 blocks with the x86 SHA extensions (SHA-NI): the content id of a computed layout hashes
// its canonical request with them when the CPU has them, about ten times faster than the portable
// Swift code it falls back to (LayoutAPI/Wire/SHA256.swift, which tests compare it with).
// The instruction sequence is Intel's published one ("Intel SHA Extensions", 2013): two rounds
// per sha256rnds2 on the state split as ABEF/CDGH, the message schedule from sha256msg1/msg2.
#include "CSHA256.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#include <immintrin.h>

int clayoutd_sha256_hardware(void) {
    unsigned int a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    int ssse3 = (c >> 9) & 1, sse41 = (c >> 19) & 1;
    if (!ssse3 || !sse41 || !__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
    return (b >> 29) & 1;
}


__attribute__((target("sha,sse4.1,ssse3")))
void clayoutd_sha256_blocks(uint32_t state[8], const uint8_t *data, size_t blocks, const uint32_t k[64]) {
    // Big-endian words: reverse the bytes of each 32-bit lane.
    const __m128i swap = _mm_set_epi64x(0x0c0d0e0f08090a0bLL, 0x0405060700010203LL);
    __m128i tmp = _mm_loadu_si128((const __m128i *)&state[0]);     // DCBA
    __m128i state1 = _mm_loadu_si128((const __m128i *)&state[4]);  // HGFE
    tmp = _mm_shuffle_epi32(tmp, 0xB1);                             // CDAB
    state1 = _mm_shuffle_epi32(state1, 0x1B);                       // EFGH
    __m128i state0 = _mm_alignr_epi8(tmp, state1, 8);               // ABEF
    state1 = _mm_blend_epi16(state1, tmp, 0xF0);                    // CDGH
    while (blocks--) {
        const __m128i abef = state0, cdgh = state1;
        __m128i w[16];
        for (int i = 0; i < 4; i++) w[i] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 16 * i)), swap);
        for (int i = 4; i < 16; i++) {
            __m128i t = _mm_sha256msg1_epu32(w[i - 4], w[i - 3]);
            t = _mm_add_epi32(t, _mm_alignr_epi8(w[i - 1], w[i - 2], 4));
            w[i] = _mm_sha256msg2_epu32(t, w[i - 1]);
        }
        for (int i = 0; i < 16; i++) {
            __m128i msg = _mm_add_epi32(w[i], _mm_loadu_si128((const __m128i *)&k[4 * i]));
            state1 = _mm_sha256rnds2_epu32(state1, state0, msg);
            msg = _mm_shuffle_epi32(msg, 0x0E);
            state0 = _mm_sha256rnds2_epu32(state0, state1, msg);
        }
        state0 = _mm_add_epi32(state0, abef);
        state1 = _mm_add_epi32(state1, cdgh);
        data += 64;
    }
    tmp = _mm_shuffle_epi32(state0, 0x1B);          // FEBA
    state1 = _mm_shuffle_epi32(state1, 0xB1);       // DCHG
    state0 = _mm_blend_epi16(tmp, state1, 0xF0);    // DCBA
    state1 = _mm_alignr_epi8(state1, tmp, 8);       // ABEF -> HGFE order for storing
    _mm_storeu_si128((__m128i *)&state[0], state0);
    _mm_storeu_si128((__m128i *)&state[4], state1);
}
#else
int clayoutd_sha256_hardware(void) { return 0; }
void clayoutd_sha256_blocks(uint32_t state[8], const uint8_t *data, size_t blocks, const uint32_t k[64]) {
    (void)state; (void)data; (void)blocks; (void)k;
}
#endif
