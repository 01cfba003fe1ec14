/// A parsed JSON document (RFC 8259).
///
/// Numbers are `Double`, like JavaScript's: every value the service accepts (points, counts,
/// indexes) fits exactly. The one exception is an integer beyond 2^53, which a `Double` cannot
/// hold exactly: a number whose value is a whole number within `Int64` and above 2^53 in
/// magnitude is `.integer` (snapshot identifiers are integers across the whole `Int64` range,
/// issue 33). Every other number is `.number`. Objects keep document order because error pointers and the canonical
/// form need a deterministic member order, and layouts objects are small.
package enum JSON: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    /// A whole number with 2^53 < |value| <= 2^63 (never one a `Double` holds exactly).
    case integer(Int)
    case string(String)
    case array([JSON])
    case object(JSONObject)

    /// The kind of this value with its article, for messages ("a number", "an object", "null").
    package var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number, .integer: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// Whether this is `null`.
    @inlinable
    package var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}

/// One member of a JSON object. A struct rather than a `(key:, value:)` tuple: an array of
/// tuples is destroyed through the runtime's generic tuple code, member by member, and freeing
/// a parsed request's tree that way was a tenth of decoding it (callgrind).
package struct JSONMember: Sendable {
    package var key: String
    package var value: JSON

    @inlinable
    package init(key: String, value: JSON) {
        self.key = key
        self.value = value
    }
}

/// The members of a JSON object, in document order. Keys are unique (the parser rejects
/// duplicates), so lookups scan linearly: request objects hold a handful of keys.
package struct JSONObject: Sendable, Equatable {
    package var members: [JSONMember]

    package init(_ members: [JSONMember] = []) {
        self.members = members
    }

    package init(_ members: [(String, JSON)]) {
        self.members = members.map { JSONMember(key: $0.0, value: $0.1) }
    }

    /// The value of `key`, or nil when absent. Linear scan. Keys compare as Swift strings do,
    /// by canonical equivalence: a key's length in bytes says nothing about equality
    /// ("\u{E9}" and "e\u{301}" are equal; so are "\u{212A}" and "K"), so no shortcut on it.
    @inlinable
    package subscript(key: String) -> JSON? {
        for member in members where member.key == key {
            return member.value
        }
        return nil
    }

    @inlinable package var count: Int { members.count }
    @inlinable package var isEmpty: Bool { members.isEmpty }
    package var keys: [String] { members.map(\.key) }

    /// Objects are equal when they hold the same keys with equal values, in any order
    /// (RFC 8259 §4: member order is not significant).
    package static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.members.count == rhs.members.count else { return false }
        for (index, member) in lhs.members.enumerated() {
            let other = rhs.members[index]
            if other.key == member.key {
                if other.value != member.value { return false }
            } else if rhs[member.key] != member.value {
                return false
            }
        }
        return true
    }
}

// Literals keep tests and fixtures readable: `let doc: JSON = ["width": 50, "tags": ["a"]]`.

extension JSON: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    package init(nilLiteral: ()) { self = .null }
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    package init(integerLiteral value: Int) { self = .number(Double(value)) }
    package init(floatLiteral value: Double) { self = .number(value) }
    package init(stringLiteral value: String) { self = .string(value) }
    package init(arrayLiteral elements: JSON...) { self = .array(elements) }
    package init(dictionaryLiteral elements: (String, JSON)...) {
        self = .object(JSONObject(elements.map { JSONMember(key: $0.0, value: $0.1) }))
    }
}
