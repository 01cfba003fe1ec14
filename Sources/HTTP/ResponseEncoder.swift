#if canImport(Glibc)
import Glibc
#endif

/// Serialises response heads into one reused buffer (no allocation per response once warm),
/// with the `Date` line cached per second and the `Server` line built once.
struct ResponseEncoder {
    private(set) var head: [UInt8] = []
    let serverLine: [UInt8]
    private(set) var dateLine: [UInt8] = []
    private var dateSecond = -1
    /// The head last encoded from a writer, as (status, length, Connection, Date second, head
    /// bytes), with a copy of its fields in `lastFields`: a hot answer repeated (`/healthz`)
    /// reuses the head instead of encoding it again. nil after any other head.
    private var lastWriterHead: (status: Int, bodyCount: Int, close: Bool, keepAlive: Bool, date: Int, count: Int)?
    private var lastFields: [UInt8] = []

    init(serverHeader: String) {
        serverLine = Array("Server: \(serverHeader)\r\n".utf8)
        head.reserveCapacity(1024)
        refreshDate()
    }

    /// Rebuilds the `Date` line when the wall-clock second changed; call once per loop iteration.
    mutating func refreshDate() {
        let now = time(nil)
        if now == dateSecond { return }
        dateSecond = now
        dateLine = Array("Date: \(HTTPDate.imfFixdate(now))\r\n".utf8)
    }

    /// Writes the status line and headers. `Content-Length` is the body's length even when the
    /// body is not sent (HEAD, RFC 9110 §9.3.2); 1xx and 204 carry none (§8.6).
    mutating func encode(_ response: Response, close: Bool, http10KeepAlive: Bool) {
        lastWriterHead = nil
        head.removeAll(keepingCapacity: true)
        StatusLine.append(response.status, to: &head)
        for field in response.headers.fields where !Self.isServerOwned(field.name) {
            head.append(contentsOf: field.name.utf8)
            head.append(0x3A)
            head.append(0x20)
            head.append(contentsOf: field.value.utf8)
            head.append(0x0D)
            head.append(0x0A)
        }
        finish(status: response.status, bodyCount: response.omitsContentLength ? nil : response.body.count, close: close,
               http10KeepAlive: http10KeepAlive)
    }

    /// The head of an answer a responder wrote (`ResponseWriter`): its field lines as written,
    /// then what the server adds, exactly as `encode(_:close:http10KeepAlive:)` would.
    mutating func encode(_ writer: borrowing ResponseWriter, close: Bool, http10KeepAlive: Bool) {
        if let last = lastWriterHead, last.status == writer.status, last.bodyCount == writer.body.count,
           last.close == close, last.keepAlive == http10KeepAlive, last.date == dateSecond,
           Self.same(lastFields, writer.fields), head.count >= last.count {
            // The same head again: drop the body `coalesce` appended after it, if any.
            if head.count > last.count { head.removeSubrange(last.count...) }
            return
        }
        head.removeAll(keepingCapacity: true)
        StatusLine.append(writer.status, to: &head)
        head.append(contentsOf: writer.fields)
        finish(status: writer.status, bodyCount: writer.body.count, close: close, http10KeepAlive: http10KeepAlive)
        lastFields.removeAll(keepingCapacity: true)
        lastFields.append(contentsOf: writer.fields)
        lastWriterHead = (writer.status, writer.body.count, close, http10KeepAlive, dateSecond, head.count)
    }

    /// Byte equality by `memcmp`.
    static func same(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        guard !a.isEmpty else { return true }
        return a.withUnsafeBytes { x in
            b.withUnsafeBytes { y in
                guard let p = x.baseAddress, let q = y.baseAddress else { return false }
                return memcmp(p, q, x.count) == 0
            }
        }
    }

    /// `Content-Length`, `Connection`, `Date`, `Server` and the empty line.
    private mutating func finish(status: Int, bodyCount: Int?, close: Bool, http10KeepAlive: Bool) {
        if status >= 200 && status != 204, let bodyCount {
            head.append(contentsOf: Self.contentLengthPrefix)
            StatusLine.appendDecimal(bodyCount, to: &head)
            head.append(0x0D)
            head.append(0x0A)
        }
        if close {
            head.append(contentsOf: Self.connectionClose)
        } else if http10KeepAlive {
            head.append(contentsOf: Self.connectionKeepAlive)
        }
        head.append(contentsOf: dateLine)
        head.append(contentsOf: serverLine)
        head.append(0x0D)
        head.append(0x0A)
    }

    /// Bodies up to this size are copied after the head, so the answer leaves in one buffer
    /// (`send`, not a two-part `sendmsg`): the copy costs less than the kernel's second iovec.
    static let coalescedBodyLimit = 1024

    /// Appends `body` to the head when it is small enough (`coalescedBodyLimit`); true if so.
    mutating func coalesce(_ body: [UInt8]) -> Bool {
        guard body.count <= Self.coalescedBodyLimit else { return false }
        head.append(contentsOf: body)
        return true
    }

    static let contentLengthPrefix: [UInt8] = Array("Content-Length: ".utf8)
    static let connectionClose: [UInt8] = Array("Connection: close\r\n".utf8)
    static let connectionKeepAlive: [UInt8] = Array("Connection: keep-alive\r\n".utf8)
    static let continueLine: [UInt8] = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    /// Headers only the server sets; a handler's copy would duplicate or contradict them.
    static func isServerOwned(_ name: String) -> Bool {
        switch name.utf8.count {
        case 4: return equalsLowercase(name, "date")
        case 6: return equalsLowercase(name, "server")
        case 10: return equalsLowercase(name, "connection")
        case 14: return equalsLowercase(name, "content-length")
        case 17: return equalsLowercase(name, "transfer-encoding")
        default: return false
        }
    }

    static func equalsLowercase(_ name: String, _ lower: StaticString) -> Bool {
        guard name.utf8.count == lower.utf8CodeUnitCount else { return false }
        let l = lower.utf8Start
        for (i, b) in name.utf8.enumerated() where (b >= 0x41 && b <= 0x5A ? b | 0x20 : b) != l[i] {
            return false
        }
        return true
    }
}

/// RFC 9110 §5.6.7 IMF-fixdate.
enum HTTPDate {
    static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func imfFixdate(_ t: time_t) -> String {
        var seconds = t
        var tm = Glibc.tm()
        gmtime_r(&seconds, &tm)
        func two(_ v: Int32) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let day = days[Int(tm.tm_wday) % 7]
        let month = months[Int(tm.tm_mon) % 12]
        return "\(day), \(two(tm.tm_mday)) \(month) \(tm.tm_year + 1900) \(two(tm.tm_hour)):\(two(tm.tm_min)):\(two(tm.tm_sec)) GMT"
    }
}
