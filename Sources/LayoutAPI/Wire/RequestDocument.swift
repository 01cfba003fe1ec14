/// Parses a request body for any JSON route. Requests never carry `null`: an optional field is
/// omitted to get its default. Rejecting `null` everywhere keeps the contract (openapi.yaml) and
/// the decoders in step, instead of each field silently reading `null` as "absent".
enum RequestDocument {
    static func parse(_ body: [UInt8]) throws(APIError) -> JSON {
        let json: JSON
        do { json = try JSONParser.parse(body) } catch { throw .malformedJSON(error) }
        if let pointer = firstNull(json, at: .root) {
            throw .badField(.invalidValue(pointer: pointer,
                detail: "\(pointer.isRoot ? "The body" : pointer.description) is null; omit an optional field to use its default, or send a value."))
        }
        return json
    }

    /// The pointer of the first `null` in document order, or nil. Iterative (depth is bounded by
    /// the parser, but width is not).
    static func firstNull(_ json: JSON, at pointer: JSONPointer) -> JSONPointer? {
        var stack: [(JSON, JSONPointer)] = [(json, pointer)]
        while let (value, p) = stack.popLast() {
            switch value {
            case .null: return p
            case .array(let items):
                for (i, item) in items.enumerated().reversed() { stack.append((item, p.appending(i))) }
            case .object(let o):
                for m in o.members.reversed() { stack.append((m.value, p.appending(m.key))) }
            default: continue
            }
        }
        return nil
    }
}
