import HTTP

/// The one place that maps the paths of openapi.yaml to handlers.
enum Route: Equatable {
    case healthz
    case openAPI
    case metrics
    case layouts
    case layout(id: String)
    case layoutElements(id: String)
    case invalidate(id: String)
    case batchValidate
    case batchDiff

    /// Templates as in openapi.yaml; also the metrics label.
    static let templates = [
        "/healthz", "/openapi.yaml", "/metrics", "/layout", "/layout/{id}", "/layout/{id}/elements",
        "/layout/{id}/invalidate",
        "/batch/validate", "/batch/diff",
    ]

    var template: String {
        switch self {
        case .healthz: "/healthz"
        case .openAPI: "/openapi.yaml"
        case .metrics: "/metrics"
        case .layouts: "/layout"
        case .layout: "/layout/{id}"
        case .layoutElements: "/layout/{id}/elements"
        case .invalidate: "/layout/{id}/invalidate"
        case .batchValidate: "/batch/validate"
        case .batchDiff: "/batch/diff"
        }
    }

    /// Methods the route answers; HEAD comes with every GET.
    var methods: [String] {
        switch self {
        case .healthz, .openAPI, .metrics, .layout, .layoutElements: ["GET", "HEAD"]
        case .layouts, .invalidate, .batchValidate, .batchDiff: ["POST"]
        }
    }

    /// Routes whose body is JSON (415 for another Content-Type).
    var takesJSON: Bool { methods.contains("POST") }

    /// Matches a path (no query). Ids are any non-empty segment; unknown ids are a 404 later.
    init?(path: Substring) {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[0].isEmpty else { return nil }
        switch (parts.count, parts[1]) {
        case (2, "healthz"): self = .healthz
        case (2, "openapi.yaml"): self = .openAPI
        case (2, "metrics"): self = .metrics
        case (2, "layout"): self = .layouts
        case (3, "layout") where !parts[2].isEmpty: self = .layout(id: String(parts[2]))
        case (3, "batch") where parts[2] == "validate": self = .batchValidate
        case (3, "batch") where parts[2] == "diff": self = .batchDiff
        case (4, "layout") where !parts[2].isEmpty && parts[3] == "elements": self = .layoutElements(id: String(parts[2]))
        case (4, "layout") where !parts[2].isEmpty && parts[3] == "invalidate": self = .invalidate(id: String(parts[2]))
        default: return nil
        }
    }
}

/// Query string access: `a=1&b=2`, with `%XX` and `+` decoded.
struct QueryParameters {
    private var pairs: [(String, String)] = []

    init(_ query: Substring?) {
        guard let query else { return }
        for part in query.split(separator: "&") where !part.isEmpty {
            if let eq = part.firstIndex(of: "=") {
                pairs.append((Self.decode(part[..<eq]), Self.decode(part[part.index(after: eq)...])))
            } else {
                pairs.append((Self.decode(part), ""))
            }
        }
    }

    subscript(name: String) -> String? { pairs.first { $0.0 == name }?.1 }

    var names: [String] { pairs.map(\.0) }

    static func decode(_ s: Substring) -> String {
        guard s.contains(where: { $0 == "%" || $0 == "+" }) else { return String(s) }
        var out: [UInt8] = []
        var it = Array(s.utf8)[...]
        while let c = it.popFirst() {
            if c == UInt8(ascii: "+") { out.append(UInt8(ascii: " ")); continue }
            if c == UInt8(ascii: "%"), it.count >= 2, let h = hex(it[it.startIndex]), let l = hex(it[it.startIndex + 1]) {
                out.append(h << 4 | l)
                it = it.dropFirst(2)
                continue
            }
            out.append(c)
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func hex(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// `name=v1,v2,…` as exactly `count` finite numbers, or a 400 naming the parameter.
    func numbers(_ name: String, count: Int, meaning: String) throws(APIError) -> [Double]? {
        guard let raw = self[name] else { return nil }
        let parts = raw.split(separator: ",", omittingEmptySubsequences: false)
        var out: [Double] = []
        for p in parts.prefix(count + 1) {
            guard let v = Double(p.trimmingSpaces), v.isFinite else { break }
            out.append(v)
        }
        guard parts.count == count, out.count == count else {
            throw .badQuery(parameter: name, detail: "The query parameter \(name) is \"\(raw)\"; it must be \(meaning): \(count) finite numbers separated by commas.")
        }
        return out
    }
}

extension Substring {
    var trimmingSpaces: Substring {
        var s = self
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return s
    }
}
