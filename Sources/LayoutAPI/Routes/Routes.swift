import HTTP

/// The one place that maps the paths of openapi.yaml to handlers.
enum Route: Equatable {
    case playground
    case healthz
    case openAPI
    case metrics
    case layouts
    case layout(id: String)
    case layoutSVG(id: String)
    case layoutElements(id: String)
    case invalidate(id: String)
    case batchValidate
    case batchDiff
    case snapshotApply
    case sectionSnapshot

    /// Templates as in openapi.yaml; also the metrics label.
    static let templates = [
        "/", "/healthz", "/openapi.yaml", "/metrics", "/layout", "/layout/{id}", "/layout/{id}.svg", "/layout/{id}/elements",
        "/layout/{id}/invalidate",
        "/batch/validate", "/batch/diff", "/snapshot/apply", "/snapshot/section",
    ]

    var template: String {
        switch self {
        case .playground: "/"
        case .healthz: "/healthz"
        case .openAPI: "/openapi.yaml"
        case .metrics: "/metrics"
        case .layouts: "/layout"
        case .layout: "/layout/{id}"
        case .layoutSVG: "/layout/{id}.svg"
        case .layoutElements: "/layout/{id}/elements"
        case .invalidate: "/layout/{id}/invalidate"
        case .batchValidate: "/batch/validate"
        case .batchDiff: "/batch/diff"
        case .snapshotApply: "/snapshot/apply"
        case .sectionSnapshot: "/snapshot/section"
        }
    }

    /// Methods the route answers; HEAD comes with every GET.
    var methods: [String] {
        switch self {
        case .playground, .healthz, .openAPI, .metrics, .layout, .layoutSVG, .layoutElements: ["GET", "HEAD"]
        case .layouts, .invalidate, .batchValidate, .batchDiff, .snapshotApply, .sectionSnapshot: ["POST"]
        }
    }

    /// Routes whose body is JSON (415 for another Content-Type).
    var takesJSON: Bool { methods.contains("POST") }

    /// Matches a path (no query). Ids are any non-empty segment; unknown ids are a 404 later.
    /// Works on UTF-8 bytes: it runs for every request, up to three times, and Character-based
    /// splitting showed up in profiles of the query route.
    init?(path: Substring) {
        var segments: [Substring.UTF8View.SubSequence] = []
        let utf8 = path.utf8
        guard utf8.first == UInt8(ascii: "/") else { return nil }
        var start = utf8.index(after: utf8.startIndex)
        var i = start
        while i != utf8.endIndex {
            if utf8[i] == UInt8(ascii: "/") {
                segments.append(utf8[start..<i])
                guard segments.count <= 3 else { return nil }
                start = utf8.index(after: i)
            }
            i = utf8.index(after: i)
        }
        segments.append(utf8[start..<utf8.endIndex])
        func equals(_ segment: Substring.UTF8View.SubSequence, _ literal: StaticString) -> Bool {
            segment.elementsEqual(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
        }
        func id(_ segment: Substring.UTF8View.SubSequence) -> String? {
            segment.isEmpty ? nil : String(Substring(segment))
        }
        switch segments.count {
        case 1:
            if segments[0].isEmpty { self = .playground }
            else if equals(segments[0], "healthz") { self = .healthz }
            else if equals(segments[0], "openapi.yaml") { self = .openAPI }
            else if equals(segments[0], "metrics") { self = .metrics }
            else if equals(segments[0], "layout") { self = .layouts }
            else { return nil }
        case 2:
            if equals(segments[0], "layout"), let id = id(segments[1]) {
                // `{id}.svg`: the picture (ids are hex, so the suffix is never part of one).
                self = id.hasSuffix(".svg") && id.utf8.count > 4 ? .layoutSVG(id: String(id.dropLast(4))) : .layout(id: id)
            }
            else if equals(segments[0], "batch"), equals(segments[1], "validate") { self = .batchValidate }
            else if equals(segments[0], "batch"), equals(segments[1], "diff") { self = .batchDiff }
            else if equals(segments[0], "snapshot"), equals(segments[1], "apply") { self = .snapshotApply }
            else if equals(segments[0], "snapshot"), equals(segments[1], "section") { self = .sectionSnapshot }
            else { return nil }
        case 3:
            guard equals(segments[0], "layout"), let id = id(segments[1]) else { return nil }
            if equals(segments[2], "elements") { self = .layoutElements(id: id) }
            else if equals(segments[2], "invalidate") { self = .invalidate(id: id) }
            else { return nil }
        default:
            return nil
        }
    }
}

/// Query string access: `a=1&b=2`, with `%XX` and `+` decoded.
struct QueryParameters {
    private var pairs: [(String, String)] = []

    init(_ query: Substring?) {
        guard let query else { return }
        for part in query.utf8.split(separator: UInt8(ascii: "&")) where !part.isEmpty {
            if let eq = part.firstIndex(of: UInt8(ascii: "=")) {
                pairs.append((Self.decode(part[..<eq]), Self.decode(part[part.index(after: eq)...])))
            } else {
                pairs.append((Self.decode(part), ""))
            }
        }
    }

    subscript(name: String) -> String? { pairs.first { $0.0 == name }?.1 }

    var names: [String] { pairs.map(\.0) }

    /// `%XX` decoded (invalid sequences kept as sent) and, in query strings, `+` as a space.
    static func decode(_ s: Substring.UTF8View.SubSequence, plusIsSpace: Bool = true) -> String {
        guard s.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) else { return String(Substring(s)) }
        var out: [UInt8] = []
        var it = s[...]
        while let c = it.popFirst() {
            if plusIsSpace, c == UInt8(ascii: "+") { out.append(UInt8(ascii: " ")); continue }
            if c == UInt8(ascii: "%"), it.count >= 2, let h = hex(it[it.startIndex]), let l = hex(it[it.index(after: it.startIndex)]) {
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
}

extension Substring {
    var trimmingSpaces: Substring {
        var s = self
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return s
    }
}
