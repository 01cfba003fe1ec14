import JSON

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

    /// The member `key`, or nil when it is absent or null (for documents that are not requests;
    /// request types read with `member`, which answers a null).
    package func optional(_ key: String) -> JSONField? {
        guard let value = object[key], !value.isNull else { return nil }
        return JSONField(value, pointer: JSONPointer(parent: node, leaf: .key(key)))
    }

    /// The member `key` of a request, or nil when it is absent; a `null` is `FieldError.null` (an
    /// optional field is omitted to get its default, never sent as null).
    package func member(_ key: String) throws(FieldError) -> JSONField? {
        guard let value = object[key] else { return nil }
        let pointer = JSONPointer(parent: node, leaf: .key(key))
        if value.isNull { throw .null(pointer: pointer) }
        return JSONField(value, pointer: pointer)
    }

    /// The member `key`; absent is `FieldError.missing`. A null value is returned as is, so
    /// the typed read reports "found null".
    package func required(_ key: String) throws(FieldError) -> JSONField {
        guard let value = object[key] else {
            throw .missing(pointer: JSONPointer(parent: node, leaf: .key(key)))
        }
        return JSONField(value, pointer: JSONPointer(parent: node, leaf: .key(key)))
    }

    /// The object's members against its type's fields (`allowed`): a known member holding `null`
    /// is `FieldError.null` (found here, in the one typed pass, even when the type reads that
    /// member only in some cases), else the first member (in document order) whose key is not in
    /// `allowed` is `FieldError.unknownKey`, so typos such as "itemsize" are reported rather than
    /// silently ignored. An unknown member is never entered: a `null` inside it is not looked at.
    package func rejectUnknownKeys(allowed: KeySet) throws(FieldError) {
        try rejectUnknownKeys(allowed.contains, names: allowed.sorted)
    }

    /// The same against a `Set` (the top level of `POST /layout`, whose allowed members depend on
    /// the layout type).
    package func rejectUnknownKeys(allowed: Set<String>) throws(FieldError) {
        try rejectUnknownKeys(allowed.contains, names: allowed.sorted)
    }

    private func rejectUnknownKeys(_ isAllowed: (String) -> Bool, names: () -> [String]) throws(FieldError) {
        var unknown: String?
        for i in object.members.indices {
            // Read in place: a copy of each member retained and released its key and value.
            guard isAllowed(object.members[i].key) else {
                if unknown == nil { unknown = object.members[i].key }
                continue
            }
            if object.members[i].value.isNull { throw .null(pointer: JSONPointer(parent: node, leaf: .key(object.members[i].key))) }
        }
        if let unknown {
            throw .unknownKey(pointer: JSONPointer(parent: node, leaf: .key(unknown)), allowed: names())
        }
    }

    /// The one member of an object that has exactly one (a dimension, a spacing), else nil;
    /// without building `fields`.
    package var onlyMember: (key: String, field: JSONField)? {
        guard object.members.count == 1 else { return nil }
        let member = object.members[0]
        return (key: member.key, field: JSONField(member.value, pointer: JSONPointer(parent: node, leaf: .key(member.key))))
    }

    /// Every member as a field, in document order (for maps keyed by client-chosen names).
    package var fields: [(key: String, field: JSONField)] {
        object.members.map { (key: $0.key, field: JSONField($0.value, pointer: JSONPointer(parent: node, leaf: .key($0.key)))) }
    }
}
