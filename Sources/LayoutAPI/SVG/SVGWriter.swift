import JSON
import LayoutEngine

/// Appends SVG (XML) to a byte buffer: markup verbatim, numbers in their shortest round-trip
/// form (as in the JSON answers, so a frame reads the same in both), and text escaped.
///
/// Everything that is not a literal of the renderer goes through `text(_:)`, which escapes the
/// five XML specials and replaces the characters XML 1.0 cannot carry at all (C0 controls other
/// than tab, line feed and carriage return, U+FFFE, U+FFFF) with U+FFFD, so no input can break
/// out of an attribute or element, or make the document ill-formed.
struct SVGWriter {
    private var json: JSONWriter

    init(capacity: Int) { json = JSONWriter(capacity: capacity) }

    var bytes: [UInt8] { json.bytes }
    var count: Int { json.bytes.count }

    /// Markup written as is.
    mutating func raw(_ s: StaticString) { json.raw(s) }

    /// A number: integral values without ".0", others shortest round-trip ("86.5", "0.1").
    mutating func number(_ v: Double) { json.number(v.isFinite ? v : 0) }

    mutating func int(_ v: Int) { json.int(v) }

    /// `s,i` (`n` for a global element, whose index path has length 1): an index path as
    /// `data-index-path` and labels write it, the wire's `indexPath` without brackets.
    mutating func indexPath(_ a: LayoutAttributes) {
        json.int(a.indexPath.section)
        guard !a.isGlobal else { return }
        json.raw(","); json.int(a.indexPath.item)
    }

    /// Escaped character data or attribute value (attributes are always double-quoted here).
    /// Works on UTF-8 bytes: runs of plain bytes are copied, at most 6 bytes written per byte.
    mutating func text(_ s: String) {
        var text = s
        text.withUTF8 { utf8 in
            json.write(maxCount: utf8.count * 6) { out in
                var n = 0
                var i = 0
                func put(_ literal: StaticString) {
                    (out + n).initialize(from: literal.utf8Start, count: literal.utf8CodeUnitCount)
                    n += literal.utf8CodeUnitCount
                }
                while i < utf8.count {
                    let byte = utf8[i]
                    switch byte {
                    case UInt8(ascii: "&"): put("&amp;")
                    case UInt8(ascii: "<"): put("&lt;")
                    case UInt8(ascii: ">"): put("&gt;")
                    case UInt8(ascii: "\""): put("&quot;")
                    case UInt8(ascii: "'"): put("&apos;")
                    case UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                        (out + n).initialize(to: byte); n += 1
                    case 0..<0x20: put("\u{FFFD}")
                    case 0xEF where i + 2 < utf8.count && utf8[i + 1] == 0xBF && (utf8[i + 2] == 0xBE || utf8[i + 2] == 0xBF):
                        put("\u{FFFD}")  // U+FFFE, U+FFFF
                        i += 2
                    default:
                        (out + n).initialize(to: byte); n += 1
                    }
                    i += 1
                }
                return n
            }
        }
    }

    /// ` name="value"` with the value escaped.
    mutating func attribute(_ name: StaticString, _ value: String) {
        json.raw(" "); json.raw(name); json.raw("=\""); text(value); json.raw("\"")
    }

    /// ` name="number"`.
    mutating func attribute(_ name: StaticString, _ value: Double) {
        json.raw(" "); json.raw(name); json.raw("=\""); number(value); json.raw("\"")
    }

    /// ` x="…" y="…" width="…" height="…"` for a frame.
    mutating func frame(_ r: Rect) {
        attribute("x", r.minX)
        attribute("y", r.minY)
        attribute("width", r.width)
        attribute("height", r.height)
    }

    /// A number as text, for tooltips and notes.
    static func format(_ v: Double) -> String {
        var w = JSONWriter(capacity: JSONWriter.maxNumberLength)
        w.number(v.isFinite ? v : 0)
        return String(decoding: w.bytes, as: UTF8.self)
    }
}
