import JSON

/// A well-formed JSON body whose content is wrong; becomes one entry of a 422 problem details
/// response. `detail` is a sentence telling the client what to send instead.
package enum FieldError: Error, Equatable {
    case wrongType(pointer: JSONPointer, expected: String, found: String)
    case missing(pointer: JSONPointer)
    case unknownKey(pointer: JSONPointer, allowed: [String])
    /// The detail is used verbatim.
    case invalidValue(pointer: JSONPointer, detail: String)
    case tooMany(pointer: JSONPointer, limit: Int)
    /// A shape error (400) whose detail is used verbatim: fields that exclude each other.
    case conflict(pointer: JSONPointer, detail: String)
    /// `null` where the request's type reads a value (400). Requests never carry `null` in a field
    /// the contract defines: an optional field is omitted to get its default, so the contract and
    /// the decoders stay in step instead of each field silently reading `null` as "absent".
    case null(pointer: JSONPointer)

    package var pointer: JSONPointer {
        switch self {
        case .wrongType(let pointer, _, _), .missing(let pointer), .unknownKey(let pointer, _),
            .invalidValue(let pointer, _), .tooMany(let pointer, _), .conflict(let pointer, _), .null(let pointer):
            pointer
        }
    }

    /// E.g. "Expected a number at /layout/itemSize/width but found a string; send a number of
    /// points such as 50."
    package var detail: String {
        switch self {
        case .wrongType(let pointer, let expected, let found):
            return "Expected \(expected) at \(Self.location(pointer)) but found \(found); \(Self.hint(expected))."
        case .missing(let pointer):
            let key = Self.quoted(pointer.lastToken ?? "")
            let parent = pointer.parentPointer ?? .root
            let target = parent.isRoot ? "the top-level object" : "the object at \(parent)"
            return "Missing required field at \(Self.location(pointer)); add \(key) to \(target)."
        case .unknownKey(let pointer, let allowed):
            let key = Self.quoted(pointer.lastToken ?? "")
            if allowed.isEmpty {
                return "Unknown field at \(Self.location(pointer)); remove \(key), this object accepts no fields."
            }
            let names = allowed.map(Self.quoted).joined(separator: ", ")
            if let close = NearestNames.suggestion(for: pointer.lastToken ?? "", in: allowed) {
                return "Unknown field at \(Self.location(pointer)); \(close) Otherwise remove \(key) or use one of: \(names)."
            }
            return "Unknown field at \(Self.location(pointer)); remove \(key) or use one of: \(names)."
        case .invalidValue(_, let detail), .conflict(_, let detail):
            return detail
        case .tooMany(let pointer, let limit):
            return "Too many elements in the array at \(Self.location(pointer)); send at most \(limit)."
        case .null(let pointer):
            return "\(pointer.isRoot ? "The body" : pointer.description) is null; omit an optional field to use its default, or send a value."
        }
    }

    /// "Unknown value "x" at /p; did you mean "y"? Use one of: …" (the suggestion only when a
    /// value is close: `NearestNames`), the values listed once.
    package static func unknownValue(_ text: String, at pointer: JSONPointer, allowed: [String]) -> String {
        let names = allowed.map(Self.quoted).joined(separator: ", ")
        if let close = NearestNames.suggestion(for: text, in: allowed) {
            return "Unknown value \(quoted(text)) at \(location(pointer)); \(close) Otherwise use one of: \(names)."
        }
        return "Unknown value \(quoted(text)) at \(location(pointer)); use one of: \(names)."
    }

    /// Where a pointer is, in prose: the pointer itself, or "the top level" for the root.
    package static func location(_ pointer: JSONPointer) -> String {
        pointer.isRoot ? "the top level" : pointer.description
    }

    /// `text` as a JSON string literal (quotes and control characters escaped), cut to 64
    /// characters so a hostile value cannot flood a log line or response.
    package static func quoted(_ text: String) -> String {
        var writer = JSONWriter(capacity: text.utf8.count + 2)
        if text.utf8.count > 64, text.count > 64 {
            writer.string(String(text.prefix(64)) + "…")
        } else {
            writer.string(text)
        }
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    private static func hint(_ expected: String) -> String {
        switch expected {
        case "a number": "send a number of points such as 50"
        case "an integer": "send a whole number such as 3"
        case "a boolean": "send true or false"
        case "a string": "send text in double quotes"
        case "an identifier (a string or an integer)": #"send a string or a whole number such as "a" or 7"#
        case "an object": "send a JSON object in braces such as {}"
        case "an array": "send a JSON array in brackets such as []"
        default: "send \(expected) instead"
        }
    }
}
