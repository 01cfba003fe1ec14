import HTTP
import JSON

/// The request type a route line names (`Route(…, body: T.self)`): the front desk decodes it
/// once, after the body is read and its content codings undone, and hands the handler the value
/// (`Route.init(_:_:_:_:body:handler:)`). A handler never sees the bytes' decoding.
protocol RequestBody: Sendable {
    /// `request`'s body (decoded from its content codings) to the value, or the error to answer
    /// with. The plan is the head's (`LayoutApplication.Plan`): a type may read the query or
    /// headers it is answered by, or pin what the memo knows, before the body.
    static func decode(_ request: Request, _ plan: inout LayoutApplication.Plan, _ app: LayoutApplication) throws(APIError) -> Self
    /// Whether `text/plain` bodies are taken as well as JSON (415 for any other type).
    static var takesText: Bool { get }
}

extension RequestBody {
    static var takesText: Bool { false }
}

/// A JSON request body: one parse (`JSONParser`), then one typed pass (`read`) over the tree,
/// which finds every problem from the type's own reads: wrong types, missing and unknown fields
/// (`JSONFieldObject.rejectUnknownKeys`), and `null` where the type reads a value (a 400 naming it:
/// an optional field is omitted, never null; per-row arrays of tables are the only arrays whose
/// entries may be null, as their readers say). Unknown members are never entered. Errors are
/// mapped to answers in one place (`decode(_:_:)`): shape errors are 400, value errors 422 of
/// the type's family (`rejected`), collected so one answer names up to `WireReader.maxProblems`.
/// A type may first try its commonest shape straight from the bytes (`shortcut`, nil by
/// default); what that accepts, it decodes to the typed pass's value, and it never answers an error.
protocol JSONBody: RequestBody {
    /// The family of the type's 422s (problem type and title).
    static var rejected: APIError.Rejected { get }
    /// Deepest nesting the body may have (`RequestBodyLimits.maxDepth`).
    static var maxDepth: Int { get }
    /// The typed pass. Shape errors throw; value errors are collected in `reader`.
    static func read(_ root: JSONField, _ configuration: ServiceConfiguration, reader: inout WireReader) throws(FieldError) -> Self
    /// The value of a body of the type's commonest shape, read straight from its bytes, or nil
    /// for any other body (valid or not), which then takes the parse and the typed pass. Where
    /// it gives a value, it is the one the typed pass gives. None by default.
    static func shortcut(_ body: [UInt8], _ configuration: ServiceConfiguration) -> Self?
}

/// Deepest JSON nesting a request body may have. A compositional group nested 32 deep (the most
/// the layout accepts) sits about 105 levels down, so a 33rd level is answered by the layout's
/// own 422 naming the group rather than by a syntax error.
enum RequestBodyLimits {
    static let maxDepth = 128
}

extension JSONBody {
    static var rejected: APIError.Rejected { .layout }
    static var maxDepth: Int { RequestBodyLimits.maxDepth }
    static func shortcut(_ body: [UInt8], _ configuration: ServiceConfiguration) -> Self? { nil }

    static func decode(_ request: Request, _ plan: inout LayoutApplication.Plan, _ app: LayoutApplication) throws(APIError) -> Self {
        try decode(request.body, app.configuration)
    }

    /// One parse and one typed pass (also for bodies kept by the store and crash reproductions).
    static func decode(_ body: [UInt8], _ configuration: ServiceConfiguration) throws(APIError) -> Self {
        if let value = shortcut(body, configuration) { return value }
        return try decode(parsed: parse(body), configuration)
    }

    /// The body's JSON tree, or the 400 saying where parsing stopped.
    static func parse(_ body: [UInt8]) throws(APIError) -> JSON {
        do { return try JSONParser.parse(body, maxDepth: maxDepth) } catch { throw .malformedJSON(error) }
    }

    /// The typed pass over a parsed body, and the one mapping of its errors to answers.
    static func decode(parsed root: JSON, _ configuration: ServiceConfiguration) throws(APIError) -> Self {
        var reader = WireReader()
        let value: Self
        do { value = try read(JSONField(root), configuration, reader: &reader) } catch { throw .field(error, rejected: rejected) }
        try reader.throwProblems(rejected)
        return value
    }
}

extension WireReader {
    /// The collected value problems as one 422 of `rejected`'s family, naming the first in its
    /// detail; nothing when there are none.
    func throwProblems(_ rejected: APIError.Rejected = .layout) throws(APIError) {
        guard let first = problems.first else { return }
        let more = problemCount - 1
        let detail = more == 0 ? first.detail
            : "\(first.detail) (\(more) more problem\(more == 1 ? "" : "s") in errors\(problemCount > problems.count ? ", the first \(problems.count) listed" : ""))"
        throw .unprocessable(problems, detail: detail, rejected: rejected)
    }
}
