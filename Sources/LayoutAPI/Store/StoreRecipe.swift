import JSON
import LayoutEngine

/// What the shared store keeps per layout: enough to recompute it through the same decoders as
/// the request that made it, so every layout type works without store code of its own. Compact
/// JSON (PostgreSQL compresses rows over ~2 kB):
///
///     {"post":<the POST /layout body, compact>}
///     {"from":"<id>","preferredSizes":<the measured sizes of POST /layout/{id}/invalidate>}
///     {"from":"<id>","size":[width,height]}            (a bounds change)
///
/// A replica reading a recipe checks that it gives a layout with the row's id before answering.
enum StoreRecipe {
    /// Most `from` links followed to recompute one layout (self-sizing passes chain).
    static let maxChain = 32

    static func post(_ body: [UInt8]) -> [UInt8] {
        var w = JSONWriter(capacity: body.count + 16)
        w.raw("{\"post\":")
        if let json = try? JSONParser.parse(body) { w.value(json) } else { w.raw("null") }
        w.raw("}")
        return w.bytes
    }

    static func measured(base: String, _ field: JSONField) -> [UInt8] {
        var w = JSONWriter(capacity: 256)
        w.raw("{\"from\":"); w.string(base)
        w.raw(",\"preferredSizes\":"); w.value(field.value)
        w.raw("}")
        return w.bytes
    }

    static func resized(base: String, _ size: Size) -> [UInt8] {
        var w = JSONWriter(capacity: 96)
        w.raw("{\"from\":"); w.string(base)
        w.raw(",\"size\":["); w.number(size.width); w.raw(","); w.number(size.height); w.raw("]}")
        return w.bytes
    }

    /// A recipe read back: the request to decode, or a base layout and the change to apply.
    enum Step {
        case post([UInt8])
        case measured(base: String, JSONField)
        case resized(base: String, Size)
    }

    static func parse(_ bytes: [UInt8]) -> Step? {
        guard case .object(let o)? = try? JSONParser.parse(bytes) else { return nil }
        if let request = o["post"], !request.isNull { return .post(request.serializedBytes()) }
        guard case .string(let base)? = o["from"] else { return nil }
        if let sizes = o["preferredSizes"] {
            return .measured(base: base, JSONField(sizes, pointer: JSONPointer.root.appending("preferredSizes")))
        }
        if case .array(let wh)? = o["size"], wh.count == 2, case .number(let w) = wh[0], case .number(let h) = wh[1] {
            return .resized(base: base, Size(width: w, height: h))
        }
        return nil
    }
}
