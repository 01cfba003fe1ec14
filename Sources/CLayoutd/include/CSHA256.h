#ifndef CSHA256_H
#define CSHA256_H
#include <stddef.h>
#include <stdint.h>

/// Whether this CPU has the x86 SHA extensions (and SSSE3 and SSE4.1, which the code beside
/// them uses): 1 or 0, asked of CPUID on every call (`SHA256.hardware` keeps the answer).
/// 0 on other architectures.
int clayoutd_sha256_hardware(void);

/// SHA-256's compression function (FIPS 180-4 §6.2.2) over `blocks` 64-byte blocks at `data`,
/// updating the eight words of `state` (a, b, …, h), with the 64 round constants `k` (§4.2.2).
/// Only when clayoutd_sha256_hardware() is 1.
void clayoutd_sha256_blocks(uint32_t state[8], const uint8_t *data, size_t blocks, const uint32_t k[64]);
#endif
