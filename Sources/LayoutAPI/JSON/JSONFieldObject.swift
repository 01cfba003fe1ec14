/// An object being read field by field; keys resolve to `JSONField`s with their pointers.
package struct JSONFieldObject: Sendable {
    package let pointer: JSONPointer
    package let object: JSONObject
    /// `pointer` as a chain node, built once so member pointers cost no allocation.
    private let node: JSONPointer.Node?

    package init(_ object: JSONObject, pointer: JSONPointer = .root) {
        self.object = object
        self.pointer = pointer
        self.node = pointer.node
    }

    /// The member `key`, or nil when it is absent or null (null means "use the default").
    package func optional(_ key: String) -> JSONField? {
        guard let value = object[key], !value.isNull else { return nil }
        return JSONField(value, pointer: JSONPointer(parent: node, leaf: .key(key)))
    }

    /// The member `key`; absent is `FieldError.missing`. A null value is returned as is, so
    /// the typed read reports "found null".
    package func required(_ key: String) throws(FieldError) -> JSONField {
        guard let value = object[key] else {
            throw .missing(pointer: JSONPointer(parent: node, leaf: .key(key)))
        }
        return JSONField(value, pointer: JSONPointer(parent: node, leaf: .key(key)))
    }

    /// Fails on the first member (in document order) whose key is not in `allowed`, so typos
    /// such as "itemsize" are reported rather than silently ignored.
    package func rejectUnknownKeys(allowed: Set<String>) throws(FieldError) {
        for member in object.members where !allowed.contains(member.key) {
            throw .unknownKey(pointer: JSONPointer(parent: node, leaf: .key(member.key)), allowed: allowed.sorted())
        }
    }

    /// Every member as a field, in document order (for maps keyed by client-chosen names).
    package var fields: [(key: String, field: JSONField)] {
        object.members.map { (key: $0.key, field: JSONField($0.value, pointer: JSONPointer(parent: node, leaf: .key($0.key)))) }
    }
}
