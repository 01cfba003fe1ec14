/// A response as a handler builds it. The server adds `Content-Length`, `Date`, `Server` and
/// `Connection`; handlers set only what is specific to them.
public struct Response: Sendable {
    public var status: Int
    public var headers: Headers
    /// The body bytes; a cached body is shared, not copied (Array is copy-on-write).
    public var body: [UInt8]
    /// Close the connection after this response (the server also closes when framing is lost).
    public var closeConnection: Bool
    /// The route template (`/layout/{id}`) for metrics, set by the router; nil for unmatched paths.
    public var route: String?
    /// An answer to `HEAD` whose body was not made (it would cost what the `GET` costs, a
    /// picture drawn for nothing): sent without `Content-Length`, which RFC 9110 §9.3.2 and
    /// §8.6 let a `HEAD` answer leave out. The body must be empty.
    public var omitsContentLength = false

    public init(status: Int, headers: Headers = Headers(), body: [UInt8] = [],
                closeConnection: Bool = false, route: String? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.closeConnection = closeConnection
        self.route = route
    }

    public init(status: Int, contentType: String, body: [UInt8]) {
        self.init(status: status, headers: Headers([(name: "Content-Type", value: contentType)]), body: body)
    }
}
