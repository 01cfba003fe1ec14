import HTTP
import JSON
import LayoutAPI

/// libFuzzer entry point for the request path behind the parser: `LayoutApplication.respond`
/// with a fuzzed body or query (built by scripts/fuzz, not by SwiftPM).
///
/// Input: the first byte picks the route (`APIRoute`), the rest is the body (sent as is, or
/// declared `Content-Encoding: gzip` / `deflate` so the capped inflater sees it), or the query
/// string / id for GET routes. Properties checked (a crash, with the details in the message):
/// 1. The answer is never a 5xx and never a trap: bad input is a 4xx (house rule).
/// 2. Every 4xx is RFC 9457 problem details: `application/problem+json`, a JSON object whose
///    `status` is the response's, with a `title` and a `detail`; each `errors[]` entry has a
///    `pointer` that is a JSON Pointer ("" or starting with "/") and a `detail`.
/// 3. Every JSON answer parses as JSON.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLayoutAPI(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    LayoutAPIProperties.check(route: APIRoute(input[0]), rest: Array(input.dropFirst()))
    return 0
}

/// The routes a fuzz input can reach; `byte % count` picks one.
enum APIRoute: CaseIterable {
    case postLayout, invalidate, batchValidate, batchDiff, elements, getLayout, picture, gzipBody, deflateBody

    init(_ byte: UInt8) { self = Self.allCases[Int(byte) % Self.allCases.count] }
}

enum LayoutAPIProperties {
    /// Small limits keep every input fast (a layout of at most 5,000 elements).
    static let app = LayoutApplication(configuration: ServiceConfiguration(
        cacheBytes: 16 << 20, maxElements: 5_000, maxBatchOperations: 500))

    /// A cached layout for the routes that need an id: 2 sections, headers, 40 items.
    static let cachedID: String = {
        let body = #"{"collectionView":{"width":375,"height":667},"layout":{"headerReferenceSize":{"width":0,"height":30}},"sections":[{"numberOfItems":30},{"numberOfItems":10}]}"#
        let response = app.respond(to: Request(
            method: "POST", target: "/layout", headers: [("Host", "x"), ("Content-Type", "application/json")],
            body: Array(body.utf8)))
        guard response.status == 201 || response.status == 200,
              case .object(let object)? = try? JSONParser.parse(response.body),
              case .string(let id)? = object["id"] else {
            fatalError("fuzz setup: POST /layout answered \(response.status): \(String(decoding: response.body, as: UTF8.self))")
        }
        return id
    }()

    static func check(route: APIRoute, rest: [UInt8]) {
        let text = String(decoding: rest, as: UTF8.self)
        let request: Request
        switch route {
        case .postLayout: request = post("/layout", rest)
        case .invalidate: request = post("/layout/\(cachedID)/invalidate", rest)
        case .batchValidate: request = post("/batch/validate", rest)
        case .batchDiff: request = post("/batch/diff", rest)
        case .elements: request = get("/layout/\(cachedID)/elements?\(text)")
        case .getLayout: request = get("/layout/\(text)")
        case .picture: request = get("/layout/\(cachedID).svg?\(text)")
        case .gzipBody: request = post("/layout", rest, headers: [("Content-Encoding", "gzip")])
        case .deflateBody: request = post("/layout", rest, headers: [("Content-Encoding", "deflate")])
        }
        let response = app.respond(to: request)
        let where_ = "\(request.method) \(request.head.target.prefix(200))"
        guard response.status < 500 else {
            fail("\(where_) answered \(response.status)", response, rest)
        }
        let contentType = response.headers["Content-Type"] ?? ""
        if response.status >= 400 {
            checkProblem(response, contentType: contentType, where_, rest)
        } else if contentType.hasPrefix("application/json") {
            guard (try? JSONParser.parse(response.body, maxDepth: 64)) != nil else {
                fail("\(where_) answered \(response.status) with a body that is not JSON", response, rest)
            }
        }
    }

    static func checkProblem(_ response: Response, contentType: String, _ where_: String, _ rest: [UInt8]) {
        guard contentType.hasPrefix("application/problem+json") else {
            fail("\(where_): a \(response.status) as \(contentType), not problem details", response, rest)
        }
        guard case .object(let problem)? = try? JSONParser.parse(response.body, maxDepth: 64),
              case .number(let status)? = problem["status"], status == Double(response.status),
              case .string(let title)? = problem["title"], !title.isEmpty,
              case .string(let detail)? = problem["detail"], !detail.isEmpty else {
            fail("\(where_): the \(response.status) is not problem details with status, title, detail", response, rest)
        }
        guard let errors = problem["errors"] else { return }
        guard case .array(let entries) = errors else { fail("\(where_): errors is not an array", response, rest) }
        for entry in entries {
            guard case .object(let error) = entry,
                  case .string(let pointer)? = error["pointer"], pointer.isEmpty || pointer.utf8.first == UInt8(ascii: "/"),   // bytes: "/" + a combining mark is one Character
                  case .string(let message)? = error["detail"], !message.isEmpty else {
                fail("\(where_): errors[] entry without a JSON Pointer and a detail", response, rest)
            }
        }
    }

    static func post(_ target: String, _ body: [UInt8], headers: [(String, String)] = []) -> Request {
        Request(method: "POST", target: target,
                headers: [("Host", "x"), ("Content-Type", "application/json"), ("Content-Length", "\(body.count)")] + headers,
                body: body)
    }

    static func get(_ target: String) -> Request {
        Request(method: "GET", target: target, headers: [("Host", "x")])
    }

    static func fail(_ message: String, _ response: Response, _ rest: [UInt8]) -> Never {
        let body = String(decoding: response.body.prefix(600), as: UTF8.self)
        let input = String(decoding: rest.prefix(1000), as: UTF8.self).debugDescription
        fatalError("layout API property failed: \(message)\nanswer: \(body)\ninput (\(rest.count) bytes): \(input)")
    }
}
