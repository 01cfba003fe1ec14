/// Parses a request body for any JSON route. Requests never carry `null` in a field the contract
/// defines: an optional field is omitted to get its default. Rejecting such a `null` keeps the
/// contract (openapi.yaml) and the decoders in step, instead of each field silently reading
/// `null` as "absent". Fields the contract does not define are allowed and ignored, whatever they
/// hold, `null` included (schemathesis found a `null` inside an unknown field of a nested group
/// answered 400): the walk does not enter a member whose name is no property of any schema.
enum RequestDocument {
    /// Deepest JSON nesting a body may have. A compositional group nested 32 deep (the most
    /// the layout accepts) sits about 105 levels down, so a 33rd level is answered by the
    /// layout's own 422 naming the group rather than by a syntax error.
    static let maxDepth = 128

    static func parse(_ body: [UInt8]) throws(APIError) -> JSON {
        let json: JSON
        do { json = try JSONParser.parse(body, maxDepth: maxDepth) } catch { throw .malformedJSON(error) }
        try rejectNulls(json)
        return json
    }

    /// A 400 naming the first `null` in a field the contract defines.
    static func rejectNulls(_ json: JSON) throws(APIError) {
        if let pointer = firstNull(json, at: .root) {
            throw .badField(.invalidValue(pointer: pointer,
                detail: "\(pointer.isRoot ? "The body" : pointer.description) is null; omit an optional field to use its default, or send a value."))
        }
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
            for m in o.members where checked(m) && containsNull(m.value) {
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
        case .object(let o): return o.members.contains { checked($0) && containsNull($0.value) }
        default: return false
        }
    }

    /// Arrays whose entries may be `null` (a table's per-row values: `null` is "not given for
    /// this row", the contract's `oneOf [number, null]`); the array itself may not be null.
    static let nullableEntries: Set<String> = ["rowHeights", "estimatedRowHeights", "measuredRowHeights"]

    /// Whether the walk checks member `m`: a name of the contract, and not an array of `nullableEntries`.
    private static func checked(_ m: (key: String, value: JSON)) -> Bool {
        guard knownNames.contains(m.key) else { return false }
        if nullableEntries.contains(m.key), case .array = m.value { return false }
        return true
    }

    /// Every property name of every schema in openapi.yaml (the keys listed under a `properties:`),
    /// read once from the embedded contract.
    static let knownNames: Set<String> = {
        var names: Set<String> = []
        var propertiesIndent: Int?
        for line in OpenAPIDocument.text.split(separator: "\n", omittingEmptySubsequences: true) {
            let indent = line.prefix { $0 == " " }.count
            let content = line.dropFirst(indent)
            if let p = propertiesIndent {
                if indent <= p {
                    propertiesIndent = nil
                } else if indent == p + 2, let colon = content.firstIndex(of: ":") {
                    var name = content[..<colon]
                    if name.first == "'" || name.first == "\"" { name = name.dropFirst().dropLast() }
                    names.insert(String(name))
                    continue
                } else {
                    continue
                }
            }
            if content == "properties:" { propertiesIndent = indent }
        }
        return names
    }()
}
