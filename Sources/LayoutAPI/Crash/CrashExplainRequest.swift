import HTTP
import UpdateEngine
import LayoutEngine

/// A decoded `POST /crash/explain` body: the text as pasted, and what the caller knows about it.
struct CrashExplainRequest {
    var text: String
    var ios: IOSVersion?
    var flavor: BatchFlavor?
}

/// Caps on crash texts: 16 MiB, enough for a day of console output, read in one linear pass.
public enum CrashLimits {
    public static let maxTextBytes = 16 * 1024 * 1024
}

/// `text/plain` (the report or log as pasted) or `application/json`
/// `{"text", "iosVersion"?, "flavor"?}`; an `.ips` crash report sent as JSON as it is (two JSON
/// objects, or one without `text`) is read as text too.
enum CrashRequestDecoder {
    static let keys: Set<String> = ["text", "iosVersion", "flavor"]

    static func decode(_ body: [UInt8], contentType: String?) throws(APIError) -> CrashExplainRequest {
        if body.count > CrashLimits.maxTextBytes { throw .crashTextTooLarge(bytes: body.count, limit: CrashLimits.maxTextBytes) }
        let isJSON = contentType.map(LayoutApplication.isJSON) ?? (body.first == UInt8(ascii: "{"))
        if isJSON, let request = try json(body) { return request }
        return CrashExplainRequest(text: try text(body), ios: nil, flavor: nil)
    }

    /// The JSON form, or nil for a body that is an `.ips` report itself.
    static func json(_ body: [UInt8]) throws(APIError) -> CrashExplainRequest? {
        let looksLikeReport = contains(body, "\"bug_type\"") || contains(body, "\"exception\"") || contains(body, "\"asi\"")
        let root: JSON
        do {
            root = try JSONParser.parse(body)
        } catch {
            if looksLikeReport { return nil }
            throw .malformedJSON(error)
        }
        guard case .object(let o) = root, o["text"] != nil || !looksLikeReport else { return nil }
        // The JSON form follows the contract: an optional field is omitted, never null (an .ips
        // report, read as text above, may hold nulls of its own).
        try RequestDocument.rejectNulls(root)
        var reader = WireReader()
        let request: CrashExplainRequest
        do {
            let f = try JSONField(root).object()
            try f.rejectUnknownKeys(allowed: keys)
            let textField = try f.required("text")
            let text = try textField.string()
            var ios: IOSVersion?
            if let v = f.optional("iosVersion") {
                let s = try v.string()
                ios = IOSVersion(s)
                if ios == nil { reader.reject(v.pointer, "\(v.pointer) is \(FieldError.quoted(s)); give an iOS release number such as \"17.2\".") }
            }
            let flavor = try f.optional("flavor").map { v throws(FieldError) in try v.enumValue(BatchFlavor.self) }
            request = CrashExplainRequest(text: text, ios: ios, flavor: flavor)
        } catch {
            throw APIError.field(error, rejected: .batch)
        }
        if !reader.problems.isEmpty {
            throw APIError.unprocessable(reader.problems, detail: LayoutRequestDecoder.summary(reader))
        }
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
