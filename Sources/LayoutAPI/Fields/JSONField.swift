import JSON

/// A JSON value with the pointer that reaches it, so every typed read can fail with an error
/// that names the field (RFC 9457 problem details carry these pointers).
package struct JSONField: Sendable {
    package let value: JSON
    package let pointer: JSONPointer

    package init(_ value: JSON, pointer: JSONPointer = .root) {
        self.value = value
        self.pointer = pointer
    }

    /// The value as an object whose members can be read by key.
    package func object() throws(FieldError) -> JSONFieldObject {
        guard case .object(let object) = value else { throw wrongType("an object") }
        return JSONFieldObject(object, pointer: pointer)
    }

    /// The elements, each with its index pointer. `maxCount` bounds what a client can make the
    /// service loop over; a longer array is `FieldError.tooMany`.
    package func array(maxCount: Int? = nil) throws(FieldError) -> [JSONField] {
        guard case .array(let elements) = value else { throw wrongType("an array") }
        if let maxCount, elements.count > maxCount {
            throw .tooMany(pointer: pointer, limit: maxCount)
        }
        let parent = pointer.node  // one allocation shared by every element's pointer
        var fields: [JSONField] = []
        fields.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            fields.append(JSONField(element, pointer: JSONPointer(parent: parent, leaf: .index(index))))
        }
        return fields
    }

    /// Any JSON number (an integer beyond 2^53 rounded to the nearest `Double`).
    package func double() throws(FieldError) -> Double {
        if case .integer(let exact) = value { return Double(exact) }
        guard case .number(let number) = value else { throw wrongType("a number") }
        return number
    }

    /// A number with no fractional part within `Int`'s range (1e3 and 3.0 are accepted), exact
    /// across the whole range. A whole number past that range (1e20) is a 400 that says it is
    /// too large, not that it is not whole.
    package func int() throws(FieldError) -> Int {
        if case .integer(let exact) = value { return exact }
        guard case .number(let number) = value else { throw wrongType("an integer") }
        // Beyond 2^53 a `.number` is a value no integer literal in Int64's range gave (those are
        // `.integer`): -9223372036854775809 must not read as Int64.min.
        guard number >= -9_007_199_254_740_992.0, number <= 9_007_199_254_740_992.0,
            Double(Int(number)) == number
        else {
            var writer = JSONWriter(capacity: 24)
            writer.number(number)
            let text = String(decoding: writer.bytes, as: UTF8.self)
            if number.isFinite, number.rounded(.towardZero) == number {
                throw .conflict(pointer: pointer, detail: "The number at \(FieldError.location(pointer)) is \(text), too large for a whole number here (at most 9223372036854775807 either way); send a smaller number.")
            }
            throw .wrongType(pointer: pointer, expected: "an integer", found: text)
        }
        return Int(number)
    }

    package func bool() throws(FieldError) -> Bool {
        guard case .bool(let flag) = value else { throw wrongType("a boolean") }
        return flag
    }

    package func string() throws(FieldError) -> String {
        guard case .string(let text) = value else { throw wrongType("a string") }
        return text
    }

    /// A string naming one case of `E`; anything else lists the allowed values in case order.
    package func enumValue<E: RawRepresentable & CaseIterable>(_: E.Type) throws(FieldError) -> E
    where E.RawValue == String {
        let text = try string()
        if let value = E(rawValue: text) { return value }
        throw .invalidValue(pointer: pointer, detail: FieldError.unknownValue(text, at: pointer, allowed: E.allCases.map(\.rawValue)))
    }

    private func wrongType(_ expected: String) -> FieldError {
        .wrongType(pointer: pointer, expected: expected, found: value.kindDescription)
    }
}
