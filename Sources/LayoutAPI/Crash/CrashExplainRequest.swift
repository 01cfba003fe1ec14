import HTTP
import JSON
import UpdateEngine
import LayoutEngine

/// A decoded `POST /crash/explain` body: the text as pasted, and what the caller knows about it.
/// The route's request type takes `text/plain` as well as JSON (`CrashRequestDecoder`).
struct CrashExplainRequest: JSONBody {
    var text: String
    var ios: IOSVersion?
    var flavor: BatchFlavor?
    /// An `iosVersion` that is no release number: a 422 once the JSON form is read.
    var badVersion: FieldError?

    static var takesText: Bool { true }
    static var rejected: APIError.Rejected { .batch }
    /// The parser's default: a pasted `.ips` report is not a layout request.
    static var maxDepth: Int { 64 }

    static func decode(_ request: Request, _ plan: inout LayoutApplication.Plan, _ app: LayoutApplication) throws(APIError) -> CrashExplainRequest {
        try CrashRequestDecoder.decode(request.body, contentType: request.head.headers["Content-Type"])
    }

    /// The JSON form `{"text", "iosVersion"?, "flavor"?}`.
    static func read(_ root: JSONField, _ configuration: ServiceConfiguration, reader: inout WireReader) throws(FieldError) -> CrashExplainRequest {
        let f = try root.object()
        try f.rejectUnknownKeys(allowed: CrashRequestDecoder.keys)
        let text = try f.required("text").string()
        var ios: IOSVersion?
        var badVersion: FieldError?
        if let v = try f.member("iosVersion") {
            let s = try v.string()
            ios = IOSVersion(s)
            if ios == nil { badVersion = .invalidValue(pointer: v.pointer, detail: "\(v.pointer) is \(FieldError.quoted(s)); give an iOS release number such as \"17.2\".") }
        }
        let flavor = try f.member("flavor").map { v throws(FieldError) in try v.enumValue(BatchFlavor.self) }
        return CrashExplainRequest(text: text, ios: ios, flavor: flavor, badVersion: badVersion)
    }
}

/// Caps on crash texts: 16 MiB, enough for a day of console output, read in one linear pass.
public enum CrashLimits {
    public static let maxTextBytes = 16 * 1024 * 1024
}

/// `text/plain` (the report or log as pasted) or `application/json`
/// `{"text", "iosVersion"?, "flavor"?}`; an `.ips` crash report sent as JSON as it is (two JSON
/// objects, or one without `text`) is read as text too.
enum CrashRequestDecoder {
    static let keys: KeySet = ["text", "iosVersion", "flavor"]

    static func decode(_ body: [UInt8], contentType: String?) throws(APIError) -> CrashExplainRequest {
        if body.count > CrashLimits.maxTextBytes { throw .crashTextTooLarge(bytes: body.count, limit: CrashLimits.maxTextBytes) }
        let isJSON = contentType.map(LayoutApplication.isJSON) ?? (body.first == UInt8(ascii: "{"))
        if isJSON, let request = try json(body) { return request }
        return CrashExplainRequest(text: try text(body), ios: nil, flavor: nil, badVersion: nil)
    }

    /// The JSON form, or nil for a body that is an `.ips` report itself (it may hold nulls of its
    /// own: it is read as text).
    static func json(_ body: [UInt8]) throws(APIError) -> CrashExplainRequest? {
        let looksLikeReport = contains(body, "\"bug_type\"") || contains(body, "\"exception\"") || contains(body, "\"asi\"")
        let root: JSON
        do {
            root = try CrashExplainRequest.parse(body)
        } catch {
            if looksLikeReport { return nil }
            throw error
        }
        guard case .object(let o) = root, o["text"] != nil || !looksLikeReport else { return nil }
        let request = try CrashExplainRequest.decode(parsed: root, ServiceConfiguration())
        // Kept from before the one decode path: this 422 is of the layout family.
        if let e = request.badVersion { throw .unprocessable([e], detail: e.detail) }
        if request.text.utf8.contains(0) { throw .notText(detail: "/text holds a NUL character; send the crash report or log as text.") }
        return request
    }

    /// The body as UTF-8 text; invalid UTF-8, NUL bytes or mostly control bytes are a 400.
    static func text(_ body: [UInt8]) throws(APIError) -> String {
        guard !body.isEmpty else { throw .notText(detail: "The body is empty; send the crash report or console log as text (Content-Type: text/plain).") }
        guard let s = String(validating: body, as: UTF8.self) else {
            throw .notText(detail: "The body is not valid UTF-8; send the crash report or console log as UTF-8 text (a .crash, .ips or .txt file, not a binary or compressed file).")
        }
        var control = 0
        for b in body where b < 0x20 && b != 0x09 && b != 0x0A && b != 0x0D && b != 0x0C {
            if b == 0 { throw .notText(detail: "The body holds NUL bytes, so it is binary, not text; send the crash report or log as text.") }
            control += 1
        }
        if control * 20 > body.count { throw .notText(detail: "The body is mostly control bytes, so it is binary, not text; send the crash report or log as text.") }
        return s
    }

    static func contains(_ body: [UInt8], _ needle: String) -> Bool {
        let n = Array(needle.utf8)
        guard n.count <= body.count else { return false }
        let limit = min(body.count - n.count, 1 << 20)
        var i = 0
        while i <= limit {
            if body[i] == n[0], body[i..<(i + n.count)].elementsEqual(n) { return true }
            i += 1
        }
        return false
    }
}
