import UpdateEngine

/// The fields of one snapshot or section-snapshot operation (`{"op": …, arguments}`), read against
/// the rules between them that the contract states in words: which arguments an `op` takes, which
/// it requires, exactly one of `before`/`after`. The contract's operation schema lists every
/// argument of every operation (one object; a `oneOf` per operation would be twelve types in each
/// generated client), so a request that breaks these rules is schema-valid: it is a 422 naming the
/// field, collected with the request's other problems, not a 400. A field no operation takes, or
/// an argument of the wrong type, is outside the schema and stays a 400.
struct OperationArguments {
    let object: JSONFieldObject
    let op: String
    let takes: Set<String>

    /// `known`: every argument of every operation (what the schema lists); `takes`: this op's.
    init(_ object: JSONFieldObject, op: String, takes: Set<String>, known: Set<String>, reader: inout WireReader) throws(FieldError) {
        try object.rejectUnknownKeys(allowed: KeySet(Array(known.union(["op"]))))
        self.object = object
        self.op = op
        self.takes = takes
        for (key, field) in object.fields where key != "op" && !takes.contains(key) {
            reader.reject(field.pointer, "\(field.pointer): \(op) does not take \(key) (\(takesPhrase)); remove it.")
        }
    }

    private var takesPhrase: String {
        takes.isEmpty ? "it takes no arguments" : "it takes " + takes.sorted().joined(separator: ", ")
    }

    /// The argument `key`, or nil after recording a 422 when it is missing (null is a 400).
    func required(_ key: String, reader: inout WireReader) throws(FieldError) -> JSONField? {
        if let f = try object.member(key) { return f }
        reader.reject(object.pointer.appending(key), "\(object.pointer) has no \(key); \(op) needs it, e.g. \"\(key)\": \(Self.example(key)).")
        return nil
    }

    /// An identifier argument, or a placeholder after recording a 422 when it is missing.
    func identifier(_ key: String, reader: inout WireReader) throws(FieldError) -> SnapshotIdentifier {
        guard let f = try required(key, reader: &reader) else { return .integer(0) }
        return try WireReader.identifier(f.value, f.pointer)
    }

    /// An identifier list argument, or an empty one after recording a 422 when it is missing.
    func identifiers(_ key: String, reader: inout WireReader) throws(FieldError) -> [SnapshotIdentifier] {
        guard let f = try required(key, reader: &reader) else { return [] }
        return try reader.snapshotIdentifiers(f)
    }

    /// Exactly one of `before` and `after` (the Swift API's `before:`/`after:` variants).
    func position(reader: inout WireReader) throws(FieldError) -> SnapshotOperation.Position {
        switch (try object.member("before"), try object.member("after")) {
        case (let b?, nil): return .before(try WireReader.identifier(b.value, b.pointer))
        case (nil, let a?): return .after(try WireReader.identifier(a.value, a.pointer))
        case (_?, let a?):
            reader.reject(a.pointer, "\(object.pointer) has both before and after; \(op) takes exactly one of them (the Swift API's before:/after: variants).")
        case (nil, nil):
            reader.reject(object.pointer.appending("before"), "\(object.pointer) has neither before nor after; \(op) takes exactly one of them, e.g. \"before\": \"x\".")
        }
        return .before(.integer(0))
    }

    private static func example(_ key: String) -> String {
        switch key {
        case "items", "sections": "[\"a\"]"
        default: "\"a\""
        }
    }
}
