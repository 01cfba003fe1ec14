#if canImport(Glibc)
import Glibc
#endif

private let cr: UInt8 = 0x0D
private let lf: UInt8 = 0x0A
private let sp: UInt8 = 0x20
private let htab: UInt8 = 0x09

extension RequestParser {
    /// Skips empty lines, finds the end of the head, then parses it in one pass.
    mutating func parseHead() -> ParseEvent {
        // RFC 9112 §2.2: ignore at least one empty line before the request line. These bytes are
        // consumed as they come, so a stream of CRLFs never grows the buffer.
        while start < buffer.count {
            if buffer[start] == lf {
                start += 1
            } else if buffer[start] == cr {
                guard start + 1 < buffer.count else { return .needMore }
                guard buffer[start + 1] == lf else { return fail(400, "Bare CR before the request line.") }
                start += 2
            } else {
                break
            }
        }
        if start == buffer.count { return .needMore }
        var searchFrom = max(scanIndex, start)
        var headEnd = -1
        while let lfIndex = indexOfLF(from: searchFrom) {
            let afterLF = lfIndex + 1
            if afterLF >= buffer.count { searchFrom = lfIndex; break }
            if buffer[afterLF] == lf { headEnd = afterLF + 1; break }
            if buffer[afterLF] == cr {
                if afterLF + 1 >= buffer.count { searchFrom = lfIndex; break }
                if buffer[afterLF + 1] == lf { headEnd = afterLF + 2; break }
            }
            searchFrom = afterLF
            if afterLF >= buffer.count { break }
        }
        if headEnd < 0 {
            if buffer.count - start > maxHeadBytes { return headTooLarge() }
            scanIndex = max(start, min(searchFrom, buffer.count))
            return .needMore
        }
        if headEnd - start > maxHeadBytes { return headTooLarge() }
        let result = buffer.withUnsafeBufferPointer { p in
            HeadParser.parse(UnsafeBufferPointer(rebasing: p[start..<headEnd]))
        }
        start = headEnd
        scanIndex = start
        switch result {
        case .failure(let status, let message):
            return fail(status, message)
        case .success(let head, let parsedFraming):
            framing = parsedFraming
            if parsedFraming.chunked {
                pendingHead = head
                body = []
                trailerBytes = 0
                state = .chunkSize
                return .head(head)
            }
            if parsedFraming.contentLength > 0 {
                pendingHead = head
                if parsedFraming.contentLength > maxBodyBytes {
                    state = .bodyTooLarge
                } else {
                    state = .body(remaining: parsedFraming.contentLength)
                    reserveBody(parsedFraming.contentLength)
                }
                return .head(head)
            }
            return .request(Request(head: head, body: []))
        }
    }
}

extension RequestParser {
    /// Over `maxHeadBytes`: 414 when the request line alone is (RFC 9112 §3: a server that
    /// receives a request-target longer than it wishes to parse MUST respond 414), else 431.
    mutating func headTooLarge() -> ParseEvent {
        let lineEnd = indexOfLF(from: start) ?? buffer.count
        if lineEnd - start > maxHeadBytes {
            return fail(414, "Request line exceeds the limit of \(maxHeadBytes) bytes; send a shorter URI.")
        }
        return fail(431, "Request head exceeds the limit of \(maxHeadBytes) bytes.")
    }
}

/// Parses one complete head (request line, fields, terminating empty line) from raw bytes.
enum HeadParser {
    enum Result {
        case success(RequestHead, Framing)
        case failure(Int, String)
    }

    static func parse(_ p: UnsafeBufferPointer<UInt8>) -> Result {
        var lineStart = 0
        guard let requestLineEnd = lineEnd(p, from: 0) else { return .failure(400, "Malformed request line.") }
        let requestLine = UnsafeBufferPointer(rebasing: p[0..<requestLineEnd.content])
        guard let sp1 = requestLine.firstIndex(of: sp),
              let sp2 = requestLine[(sp1 + 1)...].firstIndex(of: sp) else {
            return .failure(400, "Malformed request line: expected 'METHOD target HTTP/1.1'.")
        }
        guard sp1 > 0, requestLine[0..<sp1].allSatisfy(isTokenChar) else {
            return .failure(400, "Malformed request line: invalid method.")
        }
        guard sp2 > sp1 + 1, requestLine[(sp1 + 1)..<sp2].allSatisfy({ $0 > sp && $0 < 0x7F }) else {
            return .failure(400, "Malformed request line: invalid request target.")
        }
        let versionBytes = UnsafeBufferPointer(rebasing: requestLine[(sp2 + 1)...])
        let version: HTTPVersion
        switch parseVersion(versionBytes) {
        case .some(.some(let v)): version = v
        case .some(.none): return .failure(505, "Only HTTP/1.0 and HTTP/1.1 are supported.")
        case .none: return .failure(400, "Malformed request line: invalid HTTP version.")
        }
        let method = methodString(UnsafeBufferPointer(rebasing: requestLine[0..<sp1]))
        let target: String
        switch RequestTarget.originForm(UnsafeBufferPointer(rebasing: requestLine[(sp1 + 1)..<sp2]), method: method) {
        case .success(let t): target = t
        case .failure(let message): return .failure(400, message)
        }

        var fields: [(name: String, value: String)] = []
        fields.reserveCapacity(8)
        var framing = Framing()
        var contentLength: Int?
        var transferEncoding = false
        var unknownCoding = false
        var codings = 0
        var chunkedCount = 0
        var lastIsChunked = false
        var closeToken = false
        var keepAliveToken = false
        var hostCount = 0
        lineStart = requestLineEnd.next
        // Bounded: every iteration consumes at least one byte of a head capped at maxHeadBytes.
        while let end = lineEnd(p, from: lineStart) {
            if end.content == lineStart { break } // the empty line ending the head
            let line = UnsafeBufferPointer(rebasing: p[lineStart..<end.content])
            lineStart = end.next
            if line[0] == sp || line[0] == htab {
                return .failure(400, "Obsolete line folding in header fields is not accepted.")
            }
            guard let colon = line.firstIndex(of: 0x3A), colon > 0,
                  line[0..<colon].allSatisfy(isTokenChar) else {
                return .failure(400, "Malformed header field.")
            }
            var vs = colon + 1
            var ve = line.count
            while vs < ve, line[vs] == sp || line[vs] == htab { vs += 1 }
            while ve > vs, line[ve - 1] == sp || line[ve - 1] == htab { ve -= 1 }
            let valueBytes = UnsafeBufferPointer(rebasing: line[vs..<ve])
            guard valueBytes.allSatisfy({ $0 == htab || ($0 >= sp && $0 != 0x7F) }) else {
                return .failure(400, "Invalid character in header field value.")
            }
            let nameBytes = UnsafeBufferPointer(rebasing: line[0..<colon])
            switch nameBytes.count {
            case 14 where equalsLowercase(nameBytes, "content-length"):
                // RFC 9110 §8.6 lets a recipient reject repeated values even when equal; the
                // contract does (400): a proxy that kept one copy and one that merged them must
                // never disagree on where the body ends.
                if valueBytes.contains(0x2C) {
                    return .failure(400, "Duplicate Content-Length values.")
                }
                guard let length = parseContentLength(valueBytes) else {
                    return .failure(400, "Invalid Content-Length.")
                }
                if let previous = contentLength {
                    return .failure(400, previous != length ? "Conflicting Content-Length headers." : "Duplicate Content-Length headers.")
                }
                contentLength = length
            case 17 where equalsLowercase(nameBytes, "transfer-encoding"):
                // RFC 9112 §6.1: codings in order over every field line; chunked must be the
                // last and only once; one we do not know is a 501.
                transferEncoding = true
                forEachToken(valueBytes) { token in
                    guard !token.isEmpty else { return }
                    codings += 1
                    lastIsChunked = equalsLowercase(token, "chunked")
                    if lastIsChunked { chunkedCount += 1 } else { unknownCoding = true }
                }
            case 10 where equalsLowercase(nameBytes, "connection"):
                forEachToken(valueBytes) { token in
                    if equalsLowercase(token, "close") { closeToken = true }
                    if equalsLowercase(token, "keep-alive") { keepAliveToken = true }
                }
            case 6 where equalsLowercase(nameBytes, "expect"):
                if equalsLowercase(valueBytes, "100-continue") { framing.expectContinue = true }
            case 4 where equalsLowercase(nameBytes, "host"):
                hostCount += 1
                guard RequestTarget.isValidHost(valueBytes) else {
                    return .failure(400, "Invalid Host header: expected host[:port].")
                }
            default:
                break
            }
            fields.append((name: nameBytes.count == 4 && nameBytes.elementsEqual(hostBytes) ? "Host" : string(nameBytes),
                           value: string(valueBytes)))
        }
        if transferEncoding && contentLength != nil {
            return .failure(400, "Both Content-Length and Transfer-Encoding are present.")
        }
        if transferEncoding {
            // §6.3: chunked applied twice, or before another coding, leaves the length unknown: 400.
            if chunkedCount > 1 || (chunkedCount == 1 && !lastIsChunked) || codings == 0 {
                return .failure(400, "Invalid Transfer-Encoding: 'chunked' must appear exactly once, as the last coding.")
            }
            if unknownCoding {
                return .failure(501, "Unsupported transfer coding; only 'chunked' is implemented.")
            }
        }
        if version == .http1_1 && hostCount != 1 {
            return .failure(400, hostCount == 0 ? "HTTP/1.1 request without a Host header." : "Multiple Host headers.")
        }
        framing.chunked = transferEncoding
        framing.contentLength = contentLength ?? 0
        framing.keepAlive = version == .http1_1 ? !closeToken : (keepAliveToken && !closeToken)
        // RFC 9112 §6.1: Transfer-Encoding in an HTTP/1.0 message means faulty framing: the
        // message is processed, then the connection is closed.
        if transferEncoding && version == .http1_0 { framing.keepAlive = false }
        let head = RequestHead(method: method, target: target, version: version, headers: Headers(fields))
        return .success(head, framing)
    }

    /// The end of the line starting at `from`: where its content stops (before CR LF or LF) and
    /// where the next line starts.
    static func lineEnd(_ p: UnsafeBufferPointer<UInt8>, from: Int) -> (content: Int, next: Int)? {
        var i = from
        while i < p.count {
            if p[i] == lf { return (i > from && p[i - 1] == cr ? i - 1 : i, i + 1) }
            i += 1
        }
        return nil
    }

    /// nil: not an HTTP version; .some(nil): a well-formed version we do not serve (505).
    static func parseVersion(_ v: UnsafeBufferPointer<UInt8>) -> HTTPVersion?? {
        guard v.count == 8, v[0] == 0x48, v[1] == 0x54, v[2] == 0x54, v[3] == 0x50, v[4] == 0x2F,
              isDigit(v[5]), v[6] == 0x2E, isDigit(v[7]) else { return nil }
        // RFC 9110 §6.2: a later 1.x minor version is answered as the highest we speak, 1.1.
        if v[5] == 0x31 && v[7] == 0x30 { return .some(.http1_0) }
        if v[5] == 0x31 { return .some(.http1_1) }
        return .some(nil)
    }

    /// `1*DIGIT`, or a comma list of identical values (RFC 9110 §8.6); nil when invalid.
    static func parseContentLength(_ v: UnsafeBufferPointer<UInt8>) -> Int? {
        var result: Int?
        var invalid = false
        forEachToken(v) { token in
            guard !invalid, !token.isEmpty, token.count <= 18, token.allSatisfy(isDigit) else {
                invalid = true
                return
            }
            let value = token.reduce(0) { $0 * 10 + Int($1 - 0x30) }
            if let r = result, r != value { invalid = true }
            result = value
        }
        return invalid ? nil : result
    }

    /// Calls `body` with each comma-separated element, trimmed of optional whitespace.
    static func forEachToken(_ v: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var s = 0
        while s <= v.count {
            var e = s
            while e < v.count, v[e] != 0x2C { e += 1 }
            var a = s
            var b = e
            while a < b, v[a] == sp || v[a] == htab { a += 1 }
            while b > a, v[b - 1] == sp || v[b - 1] == htab { b -= 1 }
            body(UnsafeBufferPointer(rebasing: v[a..<b]))
            s = e + 1
        }
    }

    /// ASCII case-insensitive comparison against a lowercase literal, without copying.
    static func equalsLowercase(_ bytes: UnsafeBufferPointer<UInt8>, _ lower: StaticString) -> Bool {
        guard bytes.count == lower.utf8CodeUnitCount else { return false }
        let l = lower.utf8Start
        for i in 0..<bytes.count {
            var b = bytes[i]
            if b >= 0x41 && b <= 0x5A { b |= 0x20 }
            if b != l[i] { return false }
        }
        return true
    }

    static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// The method token; the common ones are literals, not decoded anew for every request.
    static func methodString(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        switch bytes.count {
        case 3 where bytes[0] == 0x47 && bytes[1] == 0x45 && bytes[2] == 0x54: return "GET"
        case 4 where bytes.elementsEqual("POST".utf8): return "POST"
        case 4 where bytes.elementsEqual("HEAD".utf8): return "HEAD"
        default: return string(bytes)
        }
    }

    static let hostBytes: [UInt8] = Array("Host".utf8)

    static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    /// RFC 9110 §5.6.2 tchar.
    static func isTokenChar(_ b: UInt8) -> Bool {
        switch b {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
        case 0x21, 0x23, 0x24, 0x25, 0x26, 0x27, 0x2A, 0x2B, 0x2D, 0x2E, 0x5E, 0x5F, 0x60, 0x7C, 0x7E: return true
        default: return false
        }
    }
}
