import CZlib

/// Streaming decompression of request bodies with a hard cap on the output: a zip bomb stops
/// at `limit + 1` bytes produced, never inflating further. O(input + limit) time, O(limit) memory.
package enum Inflater {
    package enum Failure: Error, Equatable {
        /// More than `limit` bytes would come out.
        case tooLarge(limit: Int)
        /// Not a valid stream of the coding (bad header, bad checksum, bad data), with zlib's words.
        case corrupt(String)
        /// The stream stops before its end.
        case truncated
        /// Bytes follow the end of the stream that are not another gzip member.
        case trailingData
    }

    /// Output is produced in steps of this many bytes (the array grows geometrically anyway).
    static let step = 64 * 1024

    /// `bytes` decoded from `coding`, at most `limit` bytes. gzip may hold several members
    /// (RFC 1952 §2.2, what `cat a.gz b.gz` gives); `deflate` is read as zlib-wrapped or raw.
    package static func decompress(_ bytes: [UInt8], from coding: ContentCoding, limit: Int) -> Result<[UInt8], Failure> {
        guard coding != .identity else {
            return bytes.count <= limit ? .success(bytes) : .failure(.tooLarge(limit: limit))
        }
        if bytes.isEmpty { return .success([]) }
        var windowBits = coding.windowBits
        if coding == .deflate, !hasZlibHeader(bytes) { windowBits = -15 }   // raw deflate
        var stream = z_stream()
        guard czlib_inflate_init(&stream, windowBits) == Z_OK else { return .failure(.corrupt("zlib could not start")) }
        defer { inflateEnd(&stream) }
        var out: [UInt8] = []
        return bytes.withUnsafeBufferPointer { input -> Result<[UInt8], Failure> in
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.avail_in = uInt(input.count)
            while true {
                // Room for at most one byte past the limit: producing it proves the body too large.
                let room = min(step, limit + 1 - out.count)
                let before = out.count
                var status = Z_OK
                out.append(contentsOf: repeatElement(0, count: room))
                out.withUnsafeMutableBufferPointer { buffer in
                    stream.next_out = buffer.baseAddress.map { $0 + before }
                    stream.avail_out = uInt(room)
                    status = inflate(&stream, Z_NO_FLUSH)
                }
                let produced = room - Int(stream.avail_out)
                out.removeLast(Int(stream.avail_out))
                if out.count > limit { return .failure(.tooLarge(limit: limit)) }
                switch status {
                case Z_STREAM_END:
                    let remaining = Int(stream.avail_in)
                    guard remaining > 0 else { return .success(out) }
                    // Another gzip member (magic 1f 8b), or trailing garbage.
                    let next = input.count - remaining
                    guard coding == .gzip, remaining >= 2, input[next] == 0x1F, input[next + 1] == 0x8B else {
                        return .failure(.trailingData)
                    }
                    guard inflateReset(&stream) == Z_OK else { return .failure(.corrupt("zlib could not restart")) }
                case Z_OK:
                    // Progress was made; an empty input with room to spare means the stream is cut short.
                    if stream.avail_in == 0 && produced < room { return .failure(.truncated) }
                case Z_BUF_ERROR:
                    // No progress possible (there is always room): the input ended before the stream did.
                    return .failure(.truncated)
                case Z_NEED_DICT:
                    return .failure(.corrupt("the stream needs a preset dictionary"))
                default:
                    let message = stream.msg.map { String(cString: $0) } ?? "invalid data"
                    return .failure(.corrupt(message))
                }
            }
        }
    }

    /// RFC 1950 header: method 8 (deflate), window ≤ 32 KiB, and the check bits.
    static func hasZlibHeader(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 2 else { return false }
        let cmf = Int(bytes[0]), flg = Int(bytes[1])
        return cmf & 0x0F == 8 && cmf >> 4 <= 7 && (cmf << 8 | flg) % 31 == 0
    }
}
