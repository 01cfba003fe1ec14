import Foundation
import HTTPTypes
import OpenAPIRuntime

/// An error answer from layoutd (status and, for every answer layoutd gives, its RFC 9457
/// problem: `problem.errors[].pointer` names the field), or a misuse of the facade.
public struct LayoutdError: Error, Sendable, CustomStringConvertible {
    /// The HTTP status; 0 for errors raised by the client itself.
    public var status: Int
    public var problem: Components.Schemas.Problem?
    public var message: String

    public init(status: Int, problem: Components.Schemas.Problem?, message: String) {
        self.status = status
        self.problem = problem
        self.message = message
    }

    static func invalidArgument(_ message: String) -> LayoutdError { .init(status: 0, problem: nil, message: message) }
    static func unexpected(_ message: String) -> LayoutdError { .init(status: 0, problem: nil, message: "layoutd answered \(message)") }

    public var description: String {
        guard let problem else { return status == 0 ? message : "HTTP \(status): \(message)" }
        return "HTTP \(status) \(problem.title): \(problem.detail)"
    }
}

/// Turns every answer with status 400 or more into a thrown `LayoutdError` with the decoded
/// problem document, so facade calls either return the value or throw that one error type.
struct ProblemMiddleware: ClientMiddleware {
    /// Problem documents are small; a larger error body is not read past this.
    static let maxProblemBytes = 1 << 20

    func intercept(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
                   next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)) async throws -> (HTTPResponse, HTTPBody?) {
        let (response, responseBody) = try await next(request, body, baseURL)
        guard response.status.code >= 400 else { return (response, responseBody) }
        var data = Data()
        if let responseBody { data = try await Data(collecting: responseBody, upTo: Self.maxProblemBytes) }
        let problem = try? JSONDecoder().decode(Components.Schemas.Problem.self, from: data)
        throw LayoutdError(status: response.status.code, problem: problem,
                           message: problem?.detail ?? String(decoding: data.prefix(500), as: UTF8.self))
    }
}

/// The generated client percent-encodes header values (swift-openapi-generator issues 529 and
/// 857): `Prefer: return%3Dminimal`, `If-None-Match: %22…%22`. Both headers are plain tokens
/// and quoted strings, so they are sent decoded, as every other HTTP client sends them.
struct HeaderValueMiddleware: ClientMiddleware {
    static let decoded: [HTTPField.Name] = [HTTPField.Name("Prefer"), .ifNoneMatch].compactMap { $0 }

    func intercept(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
                   next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        for name in Self.decoded {
            guard let value = request.headerFields[name], value.contains("%"),
                  let plain = value.removingPercentEncoding else { continue }
            request.headerFields[name] = plain
        }
        return try await next(request, body, baseURL)
    }
}
