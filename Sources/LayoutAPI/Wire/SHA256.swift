import CLayoutd

/// SHA-256 (FIPS 180-4), for content ids and cache keys; no Foundation or CryptoKit on Linux.
/// Blocks go through the x86 SHA extensions when the CPU has them (CLayoutd's CSHA256.c), else
/// through the portable compression function here; tests compare the two.
package enum SHA256 {
    /// Whether `digest` uses the CPU's SHA instructions (asked of CPUID once).
    package static let hardware = clayoutd_sha256_hardware() == 1

    private static let roundConstants: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]

    /// The 32-byte digest of `bytes`. O(n).
    package static func digest(_ bytes: [UInt8]) -> [UInt8] {
        digest(bytes, hardware: hardware)
    }

    /// The digest through the SHA instructions or, with `hardware` false, the portable code.
    package static func digest(_ bytes: [UInt8], hardware: Bool) -> [UInt8] {
        var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (
            0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19
        )
        // Padding: 0x80, zeros to 56 mod 64, then the bit length big-endian (§5.1.1).
        let fullBlocks = bytes.count / 64
        var tail = Array(bytes[(fullBlocks * 64)...])
        tail.append(0x80)
        while tail.count % 64 != 56 { tail.append(0) }
        let bitLength = UInt64(bytes.count) &* 8
        for shift in stride(from: 56, through: 0, by: -8) {
            tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }
        // The message's whole blocks, read in place, then the padded tail's one or two.
        func eachRun(_ blocks: (_ start: UnsafePointer<UInt8>, _ count: Int) -> Void) {
            bytes.withUnsafeBufferPointer { if fullBlocks > 0 { blocks($0.baseAddress.unsafelyUnwrapped, fullBlocks) } }
            tail.withUnsafeBufferPointer { blocks($0.baseAddress.unsafelyUnwrapped, $0.count / 64) }
        }
        roundConstants.withUnsafeBufferPointer { constants in
            if hardware {
                withUnsafeMutableBytes(of: &state) { words in
                    let words = words.baseAddress.unsafelyUnwrapped.assumingMemoryBound(to: UInt32.self)
                    eachRun { start, count in clayoutd_sha256_blocks(words, start, count, constants.baseAddress.unsafelyUnwrapped) }
                }
            } else {
                withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
                    eachRun { start, count in
                        for block in 0..<count { compress(start + block * 64, &state, schedule, constants) }
                    }
                }
            }
        }
        var digest: [UInt8] = []
        digest.reserveCapacity(32)
        for word in [state.0, state.1, state.2, state.3, state.4, state.5, state.6, state.7] {
            digest.append(UInt8(truncatingIfNeeded: word >> 24))
            digest.append(UInt8(truncatingIfNeeded: word >> 16))
            digest.append(UInt8(truncatingIfNeeded: word >> 8))
            digest.append(UInt8(truncatingIfNeeded: word))
        }
        return digest
    }

    /// Lowercase hexadecimal, two characters per byte.
    package static func hex(_ bytes: [UInt8]) -> String {
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// One 64-byte block (§6.2.2).
    @inline(__always)
    private static func compress(
        _ block: UnsafePointer<UInt8>,
        _ state: inout (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32),
        _ w: UnsafeMutableBufferPointer<UInt32>,
        _ k: UnsafeBufferPointer<UInt32>
    ) {
        for t in 0..<16 {
            let p = block + t * 4
            w[t] = UInt32(p[0]) << 24 | UInt32(p[1]) << 16 | UInt32(p[2]) << 8 | UInt32(p[3])
        }
        for t in 16..<64 {
            let s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >> 3)
            let s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >> 10)
            w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
        }
        var (a, b, c, d, e, f, g, h) = state
        for t in 0..<64 {
            let s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)
            let choice = (e & f) ^ (~e & g)
            let t1 = h &+ s1 &+ choice &+ k[t] &+ w[t]
            let s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)
            let majority = (a & b) ^ (a & c) ^ (b & c)
            let t2 = s0 &+ majority
            h = g
            g = f
            f = e
            e = d &+ t1
            d = c
            c = b
            b = a
            a = t1 &+ t2
        }
        state = (
            state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d,
            state.4 &+ e, state.5 &+ f, state.6 &+ g, state.7 &+ h
        )
    }

    @inline(__always)
    private static func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 {
        (x >> n) | (x << (32 - n))
    }
}
