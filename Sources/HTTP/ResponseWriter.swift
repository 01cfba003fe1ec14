/// An answer a responder writes straight into its loop's reused buffers
/// (`HTTPResponder.respondInline(to:into:)`): the hot answers (health, a cached rect query) cost
/// no `Response`, no `Headers` array and no body array of their own. The loop keeps one writer,
/// empties it before each use (keeping its capacity up to `keptCapacity`) and adds
/// `Content-Length`, `Connection`, `Date` and `Server` to `fields` when it writes the head.
public struct ResponseWriter: Sendable {
    public var status = 200
    /// The route template for metrics (as `Response.route`).
    public var route: String?
    /// Header field lines, in order, each `Name: value\r\n`. Never a field the server owns
    /// (`Date`, `Server`, `Connection`, `Content-Length`, `Transfer-Encoding`).
    public var fields: [UInt8] = []
    /// The body (for `HEAD` the loop sends only its length).
    public var body: [UInt8] = []

    /// Capacity a loop's writer keeps between answers; a larger answer's buffers are let go.
    public static let keptCapacity = 256 * 1024

    public init() {
        fields.reserveCapacity(512)
        body.reserveCapacity(16 * 1024)
    }

    /// Ready for the next answer: status 200, no route, empty fields and body (capacity kept
    /// unless it grew past `keptCapacity`).
    public mutating func reset() {
        status = 200
        route = nil
        if !fields.isEmpty { fields.removeAll(keepingCapacity: fields.capacity <= Self.keptCapacity) }
        if !body.isEmpty { body.removeAll(keepingCapacity: body.capacity <= Self.keptCapacity) }
    }

    /// Appends `Name: value\r\n`.
    public mutating func field(_ name: StaticString, _ value: StaticString) {
        append(name)
        fields.append(0x3A)
        fields.append(0x20)
        append(value)
        fields.append(0x0D)
        fields.append(0x0A)
    }

    private mutating func append(_ s: StaticString) {
        fields.append(contentsOf: UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
    }
}
