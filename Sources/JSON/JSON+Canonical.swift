/// Serialising a parsed value: document order for echoing, canonical order for content ids.
extension JSON {
    /// A canonical encoding for content ids and cache keys: object keys sorted by their UTF-8
    /// bytes, no whitespace, numbers as `JSONWriter.number` prints them, strings escaped as
    /// `JSONWriter.string` does. Equal values (including reordered members and 1.0 vs 1)
    /// produce equal bytes.
    package func canonicalBytes() -> [UInt8] {
        var writer = JSONWriter(capacity: 256)
        writer.value(self, sortedKeys: true)
        return writer.bytes
    }

    /// Compact encoding in document order.
    package func serializedBytes() -> [UInt8] {
        var writer = JSONWriter(capacity: 256)
        writer.value(self, sortedKeys: false)
        return writer.bytes
    }
}

extension JSONWriter {
    /// Appends a whole value compactly; `sortedKeys` orders object members by UTF-8 key bytes.
    /// Recursion depth is that of the value, which the parser bounds with `maxDepth`.
    package mutating func value(_ json: JSON, sortedKeys: Bool = false) {
        switch json {
        case .null: null()
        case .bool(let flag): bool(flag)
        case .number(let double): number(double)
        case .integer(let exact): int(exact)
        case .string(let text): string(text)
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                value(element, sortedKeys: sortedKeys)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let object):
            let members = sortedKeys
                ? object.members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
                : object.members
            bytes.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                string(member.key)
                bytes.append(UInt8(ascii: ":"))
                value(member.value, sortedKeys: sortedKeys)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }
}
