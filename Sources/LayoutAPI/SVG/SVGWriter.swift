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

    /// Escaped character data or attribute value (attributes are always double-quoted here).
    mutating func text(_ s: String) {
        for scalar in s.unicodeScalars {
            switch scalar {
            case "&": json.raw("&amp;")
            case "<": json.raw("&lt;")
            case ">": json.raw("&gt;")
            case "\"": json.raw("&quot;")
            case "'": json.raw("&apos;")
            case "\t", "\n", "\r": json.raw(String(scalar))
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    json.raw("\u{FFFD}")
                } else {
                    json.raw(String(scalar))
                }
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
