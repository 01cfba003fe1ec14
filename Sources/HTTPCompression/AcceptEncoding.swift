/// A request's `Accept-Encoding` (RFC 9110 §12.5.3), parsed once, and the coding to answer with.
///
/// Weights are kept in thousandths (`q=0.5` is 500). Rules followed:
/// - no header: no preference; the server answers identity (what clients that never asked expect);
/// - an empty header: identity only;
/// - `*` weighs every coding not listed by name, identity included;
/// - identity stays acceptable unless `identity;q=0`, or `*;q=0` without an `identity` entry;
/// - of the acceptable codings the one with the highest weight wins; on a tie, gzip before deflate
///   before identity (compressing is the point of asking);
/// - a malformed weight (`q=2`, `q=0.5x`) drops that entry only, like an unknown coding.
package struct AcceptEncoding: Sendable, Equatable {
    /// Weights named explicitly, by coding; `x-gzip` counts as `gzip`.
    private(set) var weights: [ContentCoding: Int] = [:]
    /// The weight of `*`, if present.
    private(set) var wildcard: Int?
    /// Whether any Accept-Encoding field was present at all.
    let present: Bool

    /// Parses every `Accept-Encoding` field value (several fields are one comma-separated list).
    /// Linear in the header's length; the header's size is bounded by the server's head limit.
    package init(_ values: [String]) {
        present = !values.isEmpty
        for value in values {
            for element in value.split(separator: ",") {
                let parts = element.split(separator: ";", omittingEmptySubsequences: false)
                guard let first = parts.first else { continue }
                let token = first.trimmingWhitespace
                guard !token.isEmpty, let q = Self.weight(parts.dropFirst()) else { continue }
                if token == "*" {
                    wildcard = max(wildcard ?? 0, q)
                } else if let coding = ContentCoding(token: token) {
                    weights[coding] = max(weights[coding] ?? 0, q)
                }
            }
        }
    }

    /// The weight of `coding` for this request: its own entry, else `*`'s, else (identity only,
    /// which stays acceptable as a last resort: 1, below any listed coding but q=0.001), else 0.
    package func weight(of coding: ContentCoding) -> Int {
        if let w = weights[coding] { return w }
        if let w = wildcard { return w }
        return coding == .identity ? 1 : 0
    }

    /// The coding to answer with among `offered` (identity is always offered), or nil when the
    /// client refuses every one, identity included (`identity;q=0` with no coding it accepts).
    package func preferred(_ offered: [ContentCoding] = [.gzip, .deflate]) -> ContentCoding? {
        guard present else { return .identity }
        var best: ContentCoding?
        var bestWeight = 0
        for coding in offered + [.identity] {
            let w = weight(of: coding)
            if w > bestWeight { (best, bestWeight) = (coding, w) }
        }
        return best
    }

    /// The `q` parameter of one element's parameters (1000 when absent), or nil when malformed.
    /// `weight = OWS ";" OWS "q=" qvalue`, `qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] )`.
    static func weight(_ parameters: ArraySlice<Substring>) -> Int? {
        var q = 1000
        for parameter in parameters {
            let p = parameter.trimmingWhitespace
            guard let eq = p.firstIndex(of: "=") else { return nil }
            let name = p[..<eq].trimmingWhitespace.lowercased()
            let value = p[p.index(after: eq)...].trimmingWhitespace
            guard name == "q" else { continue }   // other parameters are not defined; ignored
            guard let parsed = qvalue(value) else { return nil }
            q = parsed
        }
        return q
    }

    static func qvalue(_ s: Substring) -> Int? {
        let bytes = Array(s.utf8)
        guard let first = bytes.first, first == UInt8(ascii: "0") || first == UInt8(ascii: "1") else { return nil }
        var value = Int(first - UInt8(ascii: "0")) * 1000
        if bytes.count == 1 { return value }
        guard bytes[1] == UInt8(ascii: "."), bytes.count <= 5 else { return nil }
        var scale = 100
        for digit in bytes[2...] {
            guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return nil }
            value += Int(digit - UInt8(ascii: "0")) * scale
            scale /= 10
        }
        return value <= 1000 ? value : nil
    }
}
