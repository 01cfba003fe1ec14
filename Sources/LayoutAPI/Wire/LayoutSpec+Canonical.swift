import JSON
import LayoutEngine

/// The canonical form of a resolved request: fixed member order, the original members' defaults
/// spelled out, no whitespace. Key order, whitespace and omitted defaults in the client's JSON do
/// not reach it, so it identifies the layout's content. `id` is the first 128 bits of its SHA-256,
/// in hex. Ids never change: members added after a type shipped are written only when they differ
/// from their defaults (`JSONWriter+CanonicalMember.swift`).
extension LayoutSpec {
    /// Bumped only if the meaning of a resolved spec changes; part of every id.
    static let canonicalVersion = 1

    func canonicalBytes() -> [UInt8] {
        // The benchmarks' flow, list and compositional forms are 315, 725 and 829 bytes: grown
        // from 256, each was copied once or twice on the way.
        var w = JSONWriter(capacity: 1024)
        w.raw("{\"v\":")
        w.int(Self.canonicalVersion)
        definition.writeCanonical(into: &w)
        w.raw("}")
        return w.bytes
    }

    /// The content id: 32 hex digits, the same for the same content on every server, every day.
    package func contentID() -> String {
        SHA256.hex(Array(SHA256.digest(canonicalBytes()).prefix(16)))
    }
}

extension JSONWriter {
    mutating func canonicalCounts(_ counts: [Int]) {
        raw("[")
        for (i, n) in counts.enumerated() {
            if i > 0 { raw(",") }
            int(n)
        }
        raw("]")
    }

    mutating func canonical(_ cv: CollectionViewMetrics) {
        raw("["); number(cv.width); raw(","); number(cv.height); raw(","); number(cv.scale); raw(",")
        canonical(cv.contentInset); raw(","); canonical(cv.safeAreaInsets); raw(","); canonical(cv.layoutMargins)
        canonicalExtras(direction: cv.layoutDirection, readable: cv.readableContentInsets, wide: cv.wideContentMargins)
        raw("]")
    }

    /// What newer fields add to a collection view: nothing at their defaults (so ids of requests
    /// without them never change), else `,{"dir":"rightToLeft","readable":[…],"wide":b}` with
    /// only the members that are set (the not-default rule inside an array: a trailing object).
    mutating func canonicalExtras(direction: LayoutDirection, readable: Insets? = nil, wide: Bool? = nil) {
        guard direction != .leftToRight || readable != nil || wide != nil else { return }
        raw(",{")
        var first = true
        if direction != .leftToRight { raw("\"dir\":"); string(direction.rawValue); first = false }
        if let readable {
            raw(first ? "\"readable\":" : ",\"readable\":"); canonical(readable); first = false
        }
        if let wide { raw(first ? "\"wide\":" : ",\"wide\":"); bool(wide) }
        raw("}")
    }

    /// For types without a collection-view array (waterfall, mosaic): `,"layoutDirection":…`
    /// right to left, nothing left to right.
    mutating func canonicalDirectionMember(_ direction: LayoutDirection) {
        memberIfNotDefault("layoutDirection", direction, default: .leftToRight) { $0.string($1.rawValue) }
    }

    mutating func canonical(_ s: Size) {
        raw("["); number(s.width); raw(","); number(s.height); raw("]")
    }

    mutating func canonical(_ i: Insets) {
        raw("["); number(i.top); raw(","); number(i.left); raw(","); number(i.bottom); raw(","); number(i.right); raw("]")
    }
}
