/// Transfer-Encoding: chunked (RFC 9112 §7.1): chunk extensions and trailer fields are read and
/// ignored; the de-chunked size is held to `maxBodyBytes`, extensions and trailers to `maxHeadBytes`.
extension RequestParser {
    mutating func parseChunked() -> ParseEvent {
        // Bounded: every iteration consumes bytes or returns.
        while true {
            switch state {
            case .chunkSize:
                // The limit applies to the bytes before the LF whether or not the LF came in the
                // same read, so the answer does not depend on how TCP split the stream.
                let lineStart = start
                guard let line = takeLine() else {
                    if buffer.count - start > maxHeadBytes { return fail(400, "Chunk size line too long.") }
                    return .needMore
                }
                if start - 1 - lineStart > maxHeadBytes { return fail(400, "Chunk size line too long.") }
                guard let size = parseChunkSize(line) else { return fail(400, "Invalid chunk size.") }
                if size == 0 {
                    state = .trailers
                } else {
                    if body.count + size > maxBodyBytes {
                        return fail(413, "Request body exceeds the limit of \(maxBodyBytes) bytes.")
                    }
                    if body.isEmpty { body.reserveCapacity(size) }
                    state = .chunkData(remaining: size)
                }
            case .chunkData(let remaining):
                let available = buffer.count - start
                if available == 0 { return .needMore }
                let n = min(available, remaining)
                body.append(contentsOf: buffer[start..<(start + n)])
                start += n
                state = n == remaining ? .chunkDataEnd : .chunkData(remaining: remaining - n)
            case .chunkDataEnd:
                guard let line = takeLine() else {
                    if buffer.count - start >= 2 { return fail(400, "Missing CRLF after chunk data.") }
                    return .needMore
                }
                guard line.isEmpty else { return fail(400, "Missing CRLF after chunk data.") }
                state = .chunkSize
            case .trailers:
                guard let line = takeLine() else {
                    // A field line of n bytes so far counts at least n + 1 (it ends in CR LF or
                    // LF); a lone CR may still be the empty line that ends the section (0).
                    let pending = buffer.count - start
                    let mayEnd = pending == 1 && buffer[start] == 0x0D
                    if pending > 0 && !mayEnd && trailerBytes + pending + 1 > maxHeadBytes {
                        return fail(431, "Trailer section exceeds the limit of \(maxHeadBytes) bytes.")
                    }
                    return .needMore
                }
                if line.isEmpty {
                    let bodyBytes = body
                    body = []
                    return finish(body: bodyBytes)
                }
                trailerBytes += line.count + 2
                if trailerBytes > maxHeadBytes {
                    return fail(431, "Trailer section exceeds the limit of \(maxHeadBytes) bytes.")
                }
            default:
                return next()
            }
        }
    }

    /// Consumes one line (without its CRLF or LF) from the buffer, or returns nil if incomplete.
    mutating func takeLine() -> ArraySlice<UInt8>? {
        guard let lfIndex = indexOfLF(from: start) else { return nil }
        var end = lfIndex
        if end > start && buffer[end - 1] == 0x0D { end -= 1 }
        let line = buffer[start..<end]
        start = lfIndex + 1
        return line
    }

    /// `1*HEXDIG [; extensions]`, at most 15 hex digits so the size fits an `Int`.
    func parseChunkSize(_ line: ArraySlice<UInt8>) -> Int? {
        var size = 0
        var digits = 0
        var index = line.startIndex
        while index < line.endIndex {
            let b = line[index]
            let v: Int
            switch b {
            case 0x30...0x39: v = Int(b - 0x30)
            case 0x41...0x46: v = Int(b - 0x41 + 10)
            case 0x61...0x66: v = Int(b - 0x61 + 10)
            default: v = -1
            }
            if v < 0 { break }
            digits += 1
            if digits > 15 { return nil }
            size = size * 16 + v
            index += 1
        }
        guard digits > 0 else { return nil }
        // After the digits: optional whitespace, then nothing or a `;` extension list.
        while index < line.endIndex, line[index] == 0x20 || line[index] == 0x09 { index += 1 }
        if index < line.endIndex && line[index] != 0x3B { return nil }
        return size
    }
}
