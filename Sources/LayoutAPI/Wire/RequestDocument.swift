/// Parses a request body for any JSON route. Requests never carry `null`: an optional field is
/// omitted to get its default. Rejecting `null` everywhere keeps the contract (openapi.yaml) and
/// the decoders in step, instead of each field silently reading `null` as "absent".
enum RequestDocument {
    /// Deepest JSON nesting a body may have. A compositional group nested 32 deep (the most
    /// the layout accepts) sits about 105 levels down, so a 33rd level is answered by the
    /// layout's own 422 naming the group rather than by a syntax error.
    static let maxDepth = 128

    static func parse(_ body: [UInt8]) throws(APIError) -> JSON {
        let json: JSON
        do { json = try JSONParser.parse(body, maxDepth: maxDepth) } catch { throw .malformedJSON(error) }
        if let pointer = firstNull(json, at: .root) {
            throw .badField(.invalidValue(pointer: pointer,
                detail: "\(pointer.isRoot ? "The body" : pointer.description) is null; omit an optional field to use its default, or send a value."))
        }
        return json
    }

    /// The pointer of the first `null` in document order, or nil. Builds no pointer until it
    /// finds one (the walk visits every value of a 100,000-item request). Recursion depth is
    /// bounded by the parser's `maxDepth`.
    static func firstNull(_ json: JSON, at pointer: JSONPointer) -> JSONPointer? {
        switch json {
        case .null:
            return pointer
        case .array(let items):
            for (i, item) in items.enumerated() where containsNull(item) {
                return firstNull(item, at: pointer.appending(i))
            }
            return nil
        case .object(let o):
            for m in o.members where containsNull(m.value) {
                return firstNull(m.value, at: pointer.appending(m.key))
            }
            return nil
        default:
            return nil
        }
    }

    private static func containsNull(_ json: JSON) -> Bool {
        switch json {
        case .null: return true
        case .array(let items): return items.contains { containsNull($0) }
        case .object(let o): return o.members.contains { containsNull($0.value) }
        default: return false
        }
    }
}
