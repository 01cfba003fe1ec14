/// RFC 9457 problem details (`application/problem+json`), the body of every error response.
public struct ProblemDetails: Sendable, Hashable {
    /// One invalid field: an RFC 6901 JSON pointer into the request, and how to fix it.
    public struct FieldError: Sendable, Hashable {
        public var pointer: String
        public var detail: String
        public init(pointer: String, detail: String) { self.pointer = pointer; self.detail = detail }
    }

    public var type: String
    public var title: String
    public var status: Int
    public var detail: String
    public var errors: [FieldError]

    public init(type: String = "about:blank", title: String, status: Int, detail: String, errors: [FieldError] = []) {
        self.type = type
        self.title = title
        self.status = status
        self.detail = detail
        self.errors = errors
    }

    public static let contentType = "application/problem+json"
}
