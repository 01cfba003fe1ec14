/// `Accept` negotiation (RFC 9110 §12.5.1) between the representations of `GET /layout/{id}`
/// (JSON, the default; protocol buffers; SVG) and of `GET /layout/{id}/elements` (JSON and
/// protocol buffers).
enum MediaNegotiation {
    /// The representation an answer takes.
    enum Choice: Equatable {
        case json, protobuf, svg
        /// `Accept` refuses JSON explicitly (a range matching it has q=0) and gives every other
        /// representation the route has q=0 too: a 406.
        case notAcceptable
    }

    /// The representation `accept` prefers among JSON, protocol buffers and (`svg`) SVG. Each
    /// type weighs the `q` of the most specific range matching it; the heaviest wins, ties going
    /// to JSON, then protocol buffers. JSON is also the answer when nothing matches (an `Accept`
    /// listing none of them: the server may disregard it, §12.5.1), unless JSON itself is refused.
    static func choose(_ accept: [String], svg: Bool) -> Choice {
        guard !accept.isEmpty else { return .json }
        let ranges = accept.flatMap(parse)
        let json = match(type: "application", subtype: "json", ranges)
        let j = json ?? 0
        let p = quality(type: "application", subtype: "x-protobuf", ranges)
        let s = svg ? quality(type: "image", subtype: "svg+xml", ranges) : 0
        if p > j, p >= s { return .protobuf }
        if s > j, s > p { return .svg }
        if json == 0, p == 0, s == 0 { return .notAcceptable }
        return .json
    }

    /// One media range of an `Accept` header with its weight.
    struct MediaRange: Equatable {
        var type: Substring
        var subtype: Substring
        var q: Double
    }

    /// True when `image/svg+xml` has a strictly higher weight than `application/json`. Each
    /// type's weight is the `q` of the most specific range matching it (`type/subtype` over
    /// `type/*` over `*/*`), 0 when none does. Ties, no `Accept` at all, and an `Accept` that
    /// lists neither give JSON: the default, as the server may disregard an `Accept` it cannot
    /// satisfy rather than answer 406 (§12.5.1).
    static func prefersSVG(_ accept: [String]) -> Bool {
        guard !accept.isEmpty else { return false }
        let ranges = accept.flatMap(parse)
        return quality(type: "image", subtype: "svg+xml", ranges) > quality(type: "application", subtype: "json", ranges)
    }

    static func quality(type: Substring, subtype: Substring, _ ranges: [MediaRange]) -> Double {
        match(type: type, subtype: subtype, ranges) ?? 0
    }

    /// The weight of the most specific range matching `type/subtype`, nil when none does.
    static func match(type: Substring, subtype: Substring, _ ranges: [MediaRange]) -> Double? {
        var best: (specificity: Int, q: Double) = (0, 0)
        for r in ranges {
            let specificity: Int
            if r.type == type, r.subtype == subtype { specificity = 3 }
            else if r.type == type, r.subtype == "*" { specificity = 2 }
            else if r.type == "*", r.subtype == "*" { specificity = 1 }
            else { continue }
            if specificity > best.specificity || (specificity == best.specificity && r.q > best.q) {
                best = (specificity, r.q)
            }
        }
        return best.specificity == 0 ? nil : best.q
    }

    /// `type/subtype;param=value;q=0.5, …`, lowercased; ranges that are not `type/subtype` or
    /// whose `q` is not a number from 0 to 1 are left out.
    static func parse(_ header: String) -> [MediaRange] {
        header.lowercased().split(separator: ",").compactMap { element in
            let parts = element.split(separator: ";")
            guard let range = parts.first?.trimmingSpaces else { return nil }
            let names = range.split(separator: "/", omittingEmptySubsequences: false)
            guard names.count == 2, !names[0].isEmpty, !names[1].isEmpty else { return nil }
            var q = 1.0
            for parameter in parts.dropFirst() {
                let p = parameter.trimmingSpaces
                guard p.hasPrefix("q=") else { continue }
                guard let v = Double(p.dropFirst(2)), v >= 0, v <= 1 else { return nil }
                q = v
                break
            }
            return MediaRange(type: names[0], subtype: names[1], q: q)
        }
    }
}
