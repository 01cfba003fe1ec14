/// HTTP version of a request line. Only 1.0 and 1.1 are served; anything else is a 505.
public enum HTTPVersion: Hashable, Sendable {
    case http1_0
    case http1_1
}

/// Header fields in arrival order; names compare case-insensitively.
public struct Headers: Sendable, Hashable, Sequence {
    public private(set) var fields: [(name: String, value: String)]

    public init(_ fields: [(name: String, value: String)] = []) { self.fields = fields }

    /// The first value of `name` (case-insensitive), or nil.
    public subscript(name: String) -> String? {
        for f in fields where Self.sameName(f.name, name) {
            return f.value
        }
        return nil
    }

    /// Every value of `name` (case-insensitive), in order.
    public func values(_ name: String) -> [String] {
        fields.filter { Self.sameName($0.name, name) }.map(\.value)
    }

    /// ASCII case-insensitive comparison of field names (RFC 9110 §5.1), without allocating.
    static func sameName(_ a: String, _ b: String) -> Bool {
        let x = a.utf8, y = b.utf8
        guard x.count == y.count else { return false }
        for (p, q) in zip(x, y) where p != q {
            let lp = p >= 0x41 && p <= 0x5A ? p | 0x20 : p
            let lq = q >= 0x41 && q <= 0x5A ? q | 0x20 : q
            if lp != lq { return false }
        }
        return true
    }

    public mutating func add(_ name: String, _ value: String) { fields.append((name, value)) }

    /// Room for `count` fields, so a response's headers are one allocation.
    public mutating func reserveCapacity(_ count: Int) { fields.reserveCapacity(count) }

    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> { fields.makeIterator() }

    public static func == (lhs: Headers, rhs: Headers) -> Bool {
        lhs.fields.count == rhs.fields.count
            && zip(lhs.fields, rhs.fields).allSatisfy { $0.name == $1.name && $0.value == $1.value }
    }
    public func hash(into hasher: inout Hasher) {
        for f in fields { hasher.combine(f.name); hasher.combine(f.value) }
    }
}

/// A parsed request line and header section; what the server knows before reading a body.
public struct RequestHead: Sendable, Hashable {
    /// The method token as sent (`GET`, `POST`, ...); methods are case-sensitive.
    public var method: String
    /// The request target as sent, e.g. `/layout/abc/elements?rect=0,0,375,667`.
    public var target: String
    public var version: HTTPVersion
    public var headers: Headers

    public init(method: String, target: String, version: HTTPVersion = .http1_1, headers: Headers = Headers()) {
        self.method = method
        self.target = target
        self.version = version
        self.headers = headers
    }

    /// The target's path (before `?`), not percent-decoded.
    public var path: Substring {
        if let q = queryMark { return target[..<q] }
        return target[...]
    }

    /// The raw query string (after `?`), or nil.
    public var query: Substring? {
        guard let q = queryMark else { return nil }
        return target[target.utf8.index(after: q)...]
    }

    /// Where the `?` is. Searching UTF-8 bytes, not Characters: `?` is ASCII, so the index is a
    /// valid boundary; in place when the string is contiguous (always, for a parsed target).
    var queryMark: String.Index? {
        let utf8 = target.utf8
        if let offset = utf8.withContiguousStorageIfAvailable({ $0.firstIndex(of: UInt8(ascii: "?")) }) {
            return offset.map { utf8.index(utf8.startIndex, offsetBy: $0) }
        }
        return utf8.firstIndex(of: UInt8(ascii: "?"))
    }
}

/// A complete request: head plus the de-chunked body.
public struct Request: Sendable, Hashable {
    public var head: RequestHead
    public var body: [UInt8]
    /// Set when the request runs off its loop (`Execution.offload`): whether its client is gone.
    public var cancellation: Cancellation?

    public init(head: RequestHead, body: [UInt8] = []) {
        self.head = head
        self.body = body
    }

    public init(method: String, target: String, headers: [(String, String)] = [], body: [UInt8] = []) {
        self.head = RequestHead(method: method, target: target, headers: Headers(headers.map { (name: $0.0, value: $0.1) }))
        self.body = body
    }

    public var method: String { head.method }
    public var path: Substring { head.path }
    public var query: Substring? { head.query }
    public var headers: Headers { head.headers }
}
