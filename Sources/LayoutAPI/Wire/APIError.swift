import HTTP
import JSON
import LayoutEngine

/// Every way a request can fail in the API, with the status and the words a client needs.
/// One function (`problem`) turns any of them into an RFC 9457 response.
package enum APIError: Error {
    /// The body is not JSON: 400 with where parsing stopped.
    case malformedJSON(JSONSyntaxError)
    /// JSON of the wrong shape (types, missing or unknown fields): 400 naming the field.
    case badField(FieldError)
    /// Well-formed but what the request describes cannot be (`Rejected` says which kind, for the
    /// problem type and title): a layout UIKit would reject, a batch the service cannot take, a
    /// snapshot no diffable data source can hold, or a request over the caps: 422.
    case unprocessable([FieldError], detail: String, rejected: Rejected = .layout)
    /// A malformed query parameter: 400 naming the parameter.
    case badQuery(parameter: String, detail: String)
    /// A request header with a value the contract does not list: 400 naming the header.
    case badHeader(name: String, detail: String)
    /// The layout id is not in the cache (never computed here, or evicted): 404.
    case unknownLayout(id: String)
    /// `/layout/{id}.{format}` with a format layoutd does not make (`.png`, `.json`): 404 saying
    /// which forms of a layout exist. The id may be fine; the extension is not.
    case unknownFormat(id: String, format: String)
    /// The id is not cached here and the shared store cannot be reached to look it up: 503 with
    /// `Retry-After` (the layout may well exist; a 404 would tell the client to give up on it).
    case storeUnavailable(id: String, retryAfter: Int)
    /// A layout computed here whose row the shared store did not commit (unreachable, failed or
    /// timed out): 503 with `Retry-After`; its id is not handed out, as no other replica could
    /// find it.
    case notStored(id: String, retryAfter: Int)
    /// A query for one element that the layout does not have: 404.
    case noSuchElement(detail: String)
    case notFound(path: String)
    case methodNotAllowed(allowed: [String])
    case unsupportedMediaType(found: String?)
    /// A `Content-Encoding` this server cannot decode: 415 with `Accept-Encoding` saying which it can.
    case unsupportedContentEncoding(String, because: String)
    /// A gzip/deflate body that inflates past `--max-body-bytes`: 413.
    case inflatedBodyTooLarge(coding: String, limit: Int)
    /// A gzip/deflate body that is not valid data of its coding: 400.
    case undecodableBody(coding: String, reason: String)
    /// An answer that would list more than `--max-answer-elements` elements (the full body of a
    /// huge layout, or an element query over most of it): 422. The layout stays cached.
    case answerTooLarge(id: String, elements: Int, limit: Int, query: Bool)
    /// A full body to encode for an answer that the server's buffer budget cannot take now: 503
    /// with `Retry-After: 1`.
    case answerBudgetExhausted(bytes: Int, limit: Int)
    /// `Accept` refuses JSON outright (q=0) and every other representation the route has (406).
    case notAcceptable(available: [String])
    /// An answer whose size bound passes `--max-answer-bytes` (or the buffer budget, which no
    /// answer may pass), decided before it is built: 422. `what` says what was asked for and
    /// `fix` how to ask for less; `pointer` names the operation that passed the limit, if any.
    case answerBytesTooLarge(what: String, bytes: Int, limit: Int, fix: String, pointer: JSONPointer?)
    /// The client closed the connection while the answer was being made; the work stopped.
    /// Rarely read (the client is gone), but a half-closed client may still read it.
    case clientGone
    /// Internal: the handler found its work heavy and asks to run on the heavy lane
    /// (`WorkLanes`); never sent (`respond(to:plan:complete:)` runs the request again there).
    case movedToHeavyLane
    /// `POST /crash/explain`: a body that is not text (invalid UTF-8, binary): 400.
    case notText(detail: String)
    /// `POST /crash/explain`: a text over `CrashLimits.maxTextBytes`: 413.
    case crashTextTooLarge(bytes: Int, limit: Int)
    /// `POST /crash/explain`: no UIKit reason the service knows in the text: 422 saying what it
    /// looked for (the text itself is never echoed).
    case noUIKitException(detail: String)

    /// Input the layout type refused once solved (`LayoutRefusal`): a 422 naming the field.
    static func refused(_ refusal: LayoutRefusal) -> APIError {
        .unprocessable([.invalidValue(pointer: JSONPointer(refusal.path), detail: refusal.message)],
                       detail: refusal.message)
    }

    var problem: ProblemDetails {
        switch self {
        case .malformedJSON(let e):
            return ProblemDetails(
                type: ProblemType.malformedJSON, title: "Malformed JSON", status: 400,
                detail: "The request body is not valid JSON (\(e)). Send a JSON object encoded as UTF-8.",
                errors: [.init(pointer: "", detail: e.description)])
        case .badField(let e):
            return ProblemDetails(
                type: ProblemType.invalidRequest, title: "Invalid request", status: 400, detail: e.detail,
                errors: [.init(pointer: e.pointer.description, detail: e.detail)])
        case .unprocessable(let errors, let detail, let rejected):
            return ProblemDetails(
                type: rejected.problemType, title: rejected.title, status: 422, detail: detail,
                errors: errors.map { .init(pointer: $0.pointer.description, detail: $0.detail) })
        case .badHeader(let name, let detail):
            return ProblemDetails(
                type: ProblemType.invalidHeader, title: "Invalid header", status: 400, detail: detail,
                errors: [.init(pointer: "/header/\(name)", detail: detail)])
        case .badQuery(let parameter, let detail):
            return ProblemDetails(
                type: ProblemType.invalidQuery, title: "Invalid query parameter", status: 400, detail: detail,
                errors: [.init(pointer: "/query/\(parameter)", detail: detail)])
        case .unknownLayout(let id):
            return ProblemDetails(
                type: ProblemType.unknownLayout, title: "Unknown layout", status: 404,
                detail: "No layout with id \(id) is cached here: it was never computed on this server or it was evicted. POST the layout to /layout again and use the id it returns.")
        case .unknownFormat(let id, let format):
            return ProblemDetails(
                type: ProblemType.unknownFormat, title: "Unknown format", status: 404,
                detail: "layoutd does not make a .\(format) form of a layout. A layout is /layout/\(id) (JSON; the picture with Accept: image/svg+xml) or /layout/\(id).svg (the SVG picture; ?scale=2 for more pixels).")
        case .storeUnavailable(let id, let retryAfter):
            return ProblemDetails(
                type: ProblemType.storeUnavailable, title: "Layout store unavailable", status: 503,
                detail: "Layout \(id) is not cached on this server and the shared layout store cannot be reached to look it up. The id may well be valid: retry in \(retryAfter) s (Retry-After).")
        case .notStored(let id, let retryAfter):
            return ProblemDetails(
                type: ProblemType.storeUnavailable, title: "Layout store unavailable", status: 503,
                detail: "Layout \(id) was computed, but the shared layout store could not confirm that it is stored, so its id is not handed out (other servers could not find it). Retry in \(retryAfter) s (Retry-After).")
        case .noSuchElement(let detail):
            return ProblemDetails(type: ProblemType.noSuchElement, title: "No such element", status: 404, detail: detail)
        case .notFound(let path):
            return ProblemDetails(
                type: ProblemType.notFound, title: "Not Found", status: 404,
                detail: "There is no resource at \(path). See /openapi.yaml for the routes this server has.")
        case .methodNotAllowed(let allowed):
            return ProblemDetails(
                type: ProblemType.methodNotAllowed, title: "Method Not Allowed", status: 405,
                detail: "This resource allows \(allowed.joined(separator: ", ")) only.")
        case .unsupportedMediaType(let found):
            return ProblemDetails(
                type: ProblemType.unsupportedMediaType, title: "Unsupported Media Type", status: 415,
                detail: "This route accepts application/json bodies, not \(found ?? "a body without Content-Type"). Send the header Content-Type: application/json.")
        case .unsupportedContentEncoding(let coding, let because):
            return ProblemDetails(
                type: ProblemType.unsupportedMediaType, title: "Unsupported Media Type", status: 415,
                detail: "The body's Content-Encoding is \(coding), and \(because). Send the body as it is (no Content-Encoding), or compressed once with Content-Encoding: gzip or deflate.")
        case .inflatedBodyTooLarge(let coding, let limit):
            return ProblemDetails(
                type: ProblemType.contentTooLarge, title: "Content Too Large", status: 413,
                detail: "The \(coding) body inflates to more than \(limit) bytes, the server's limit for request bodies (--max-body-bytes), which applies to the decoded size. Send a smaller layout, or split it.")
        case .answerTooLarge(let id, let elements, let limit, let query):
            let what = query ? "This query matches \(elements) elements of the layout \(id)" : "The layout \(id) has \(elements) elements"
            let fix = query ? "Ask for a smaller rect (what is visible), or by index path"
                : "Its id is \(id) and it is cached: send POST /layout with the header Prefer: return=minimal to get its id and counts, then ask for what is visible with GET /layout/\(id)/elements?rect=x,y,width,height (or by point or index path)"
            return ProblemDetails(
                type: ProblemType.answerTooLarge, title: "Answer too large", status: 422,
                detail: "\(what), more than this server lists in one answer (\(limit), --max-answer-elements; about 100 bytes of JSON each). \(fix).")
        case .answerBudgetExhausted(let bytes, let limit):
            return ProblemDetails(
                type: ProblemType.serviceUnavailable, title: "Service Unavailable", status: 503,
                detail: "The server is buffering as many answer bytes as it may (maxBufferedBytes = \(limit)) and this answer needs about \(bytes) more; retry in a second, or ask for less: Prefer: return=minimal, or a rect query.")
        case .notAcceptable(let available):
            return ProblemDetails(
                type: ProblemType.notAcceptable, title: "Not Acceptable", status: 406,
                detail: "The Accept header refuses every representation of this resource. Accept one of: \(available.joined(separator: ", ")) (application/json is the default when Accept does not refuse it).",
                errors: [.init(pointer: "", detail: "Accept refuses \(available.joined(separator: ", "))")])
        case .answerBytesTooLarge(let what, let bytes, let limit, let fix, let pointer):
            let detail = "\(what) would take at least \(bytes) bytes, more than this server sends in one answer (\(limit) bytes: --max-answer-bytes, at most --max-buffered-bytes). \(fix)"
            return ProblemDetails(
                type: ProblemType.answerTooLarge, title: "Answer too large", status: 422, detail: detail,
                errors: pointer.map { [.init(pointer: $0.description, detail: detail)] } ?? [])
        case .clientGone:
            return ProblemDetails(
                type: ProblemType.clientGone, title: "Client closed the connection", status: 400,
                detail: "The client closed its side of the connection before the answer was ready, so the work stopped (a client that half-closes is taken as gone). Keep the connection open until the answer arrives.")
        case .movedToHeavyLane:
            return ProblemDetails(
                type: ProblemType.serviceUnavailable, title: "Service Unavailable", status: 503,
                detail: "The request could not be moved to the heavy lane; retry in a second.")
        case .notText(let detail):
            return ProblemDetails(type: ProblemType.notText, title: "Not text", status: 400, detail: detail,
                                  errors: [.init(pointer: "", detail: detail)])
        case .crashTextTooLarge(let bytes, let limit):
            return ProblemDetails(
                type: ProblemType.contentTooLarge, title: "Content Too Large", status: 413,
                detail: "The crash text has \(bytes) bytes, more than this route reads (\(limit)). Send the part of the log around the exception (the reason and the lines before it), or split the log.")
        case .noUIKitException(let detail):
            return ProblemDetails(type: ProblemType.noUIKitException, title: "No UIKit exception found", status: 422, detail: detail,
                                  errors: [.init(pointer: "/text", detail: detail)])
        case .undecodableBody(let coding, let reason):
            return ProblemDetails(
                type: ProblemType.malformedBody, title: "Bad Request", status: 400,
                detail: "The body is not valid \(coding) data (\(reason)). Compress the whole JSON body once as \(coding), or send it uncompressed without Content-Encoding.",
                errors: [.init(pointer: "", detail: "not valid \(coding) data: \(reason)")])
        }
    }

    var response: Response {
        var headers = Headers()
        if case .methodNotAllowed(let allowed) = self { headers.add("Allow", allowed.joined(separator: ", ")) }
        switch self {
        case .storeUnavailable(_, let retryAfter), .notStored(_, let retryAfter): headers.add("Retry-After", String(retryAfter))
        case .answerBudgetExhausted, .movedToHeavyLane: headers.add("Retry-After", "1")
        default: break
        }
        // RFC 9110 §15.5.16: a 415 for a content coding says which codings would have been accepted.
        if case .unsupportedContentEncoding = self { headers.add("Accept-Encoding", "gzip, deflate") }
        return Response.problem(problem, headers: headers)
    }
}

extension APIError {
    /// What a 422 rejects: its own problem type and title, so a client can tell a layout UIKit
    /// refuses from a batch or a snapshot. A new family is one line here (and its type in openapi.yaml).
    package struct Rejected: Sendable {
        let problemType: String
        let title: String

        static let layout = Rejected(problemType: ProblemType.unprocessable, title: "Layout rejected")
        static let batch = Rejected(problemType: ProblemType.base + "unprocessable-batch", title: "Batch rejected")
        static let snapshot = Rejected(problemType: ProblemType.base + "unprocessable-snapshot", title: "Snapshot rejected")
    }

    /// A field error as an answer: shape errors (wrong type, missing or unknown field, null) are
    /// 400; values the request cannot have, and caps, are 422 of the request's kind. A typed read
    /// that found `null` (a required field, an array entry) is the null 400 (`FieldError.null`).
    static func field(_ e: FieldError, rejected: Rejected = .layout) -> APIError {
        switch e {
        case .invalidValue, .tooMany: .unprocessable([e], detail: e.detail, rejected: rejected)
        case .wrongType(let pointer, _, let found) where found == JSON.null.kindDescription: .badField(.null(pointer: pointer))
        default: .badField(e)
        }
    }
}

/// The `type` URIs of our problem details; each is documented in openapi.yaml.
enum ProblemType {
    static let base = "https://layoutd.dev/problems/"
    static let malformedJSON = base + "malformed-json"
    static let invalidRequest = base + "invalid-request"
    static let unprocessable = base + "unprocessable-layout"
    static let invalidQuery = base + "invalid-query"
    static let invalidHeader = base + "invalid-header"
    static let unknownLayout = base + "unknown-layout"
    static let unknownFormat = base + "unknown-format"
    static let storeUnavailable = base + "store-unavailable"
    static let noSuchElement = base + "no-such-element"
    static let answerTooLarge = base + "answer-too-large"
    static let clientGone = base + "client-gone"
    static let notText = base + "not-text"
    static let noUIKitException = base + "no-uikit-exception"
    static let notFound = "about:blank"
    static let methodNotAllowed = "about:blank"
    static let unsupportedMediaType = "about:blank"
    static let contentTooLarge = "about:blank"
    static let serviceUnavailable = "about:blank"
    static let malformedBody = "about:blank"
    static let notAcceptable = "about:blank"
}
