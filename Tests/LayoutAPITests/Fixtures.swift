import HTTP
@testable import LayoutAPI
import JSON
import LayoutEngine

/// In-process calls: Request values in, Response values out, no sockets.
extension LayoutApplication {
    static func make(cacheBytes: Int = 64 << 20, maxElements: Int = 1_000_000) -> LayoutApplication {
        LayoutApplication(configuration: ServiceConfiguration(cacheBytes: cacheBytes, maxElements: maxElements))
    }

    func post(_ body: String, target: String = "/layout", headers: [(String, String)] = [("Content-Type", "application/json")]) -> Response {
        respond(to: Request(method: "POST", target: target, headers: headers, body: Array(body.utf8)))
    }

    func get(_ target: String, headers: [(String, String)] = []) -> Response {
        respond(to: Request(method: "GET", target: target, headers: headers))
    }
}

extension Response {
    var text: String { String(decoding: body, as: UTF8.self) }

    var json: JSON? { try? JSONParser.parse(body) }

    func header(_ name: String) -> String? { headers[name] }

    /// `errors[].pointer` of a problem body.
    var pointers: [String] {
        guard case .object(let o)? = json, case .array(let errors)? = o["errors"] else { return [] }
        return errors.compactMap { e in
            guard case .object(let eo) = e, case .string(let p)? = eo["pointer"] else { return nil }
            return p
        }
    }

    var detail: String? {
        guard case .object(let o)? = json, case .string(let d)? = o["detail"] else { return nil }
        return d
    }

    var id: String? {
        guard case .object(let o)? = json, case .string(let d)? = o["id"] else { return nil }
        return d
    }
}
