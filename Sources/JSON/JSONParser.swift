/// Strict RFC 8259 parser over bytes, without Foundation (JSONDecoder cost ~2 µs per item).
package enum JSONParser {
    /// Parses one JSON text: a single value with optional surrounding whitespace.
    ///
    /// Strict: no comments, trailing commas, leading zeros, `NaN`/`Infinity`, or invalid UTF-8;
    /// lone surrogate escapes and duplicate keys in one object are errors. `maxDepth` bounds
    /// nesting of arrays and objects, which also bounds the parser's recursion.
    /// O(n) in the input length.
    package static func parse(_ bytes: [UInt8], maxDepth: Int = 64) throws(JSONSyntaxError) -> JSON {
        let result = bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONReader(buffer, maxDepth: maxDepth)
            return Result { () throws(JSONSyntaxError) -> JSON in try reader.parseDocument() }
        }
        return try result.get()
    }
}

/// The recursive-descent state machine behind `JSONParser`: a cursor over borrowed bytes.
struct JSONReader {
    let bytes: UnsafeBufferPointer<UInt8>
    let maxDepth: Int
    var index = 0
    var depth = 0
    /// Recently seen plain-ASCII keys, by position in the input (see `parseKey`).
    var keyCache: [CachedKey]
    static let keyCacheSize = 16

    /// A key of the input and where it was read (a struct: an array of tuples is destroyed
    /// through the runtime's generic tuple code).
    struct CachedKey {
        var start: Int
        var length: Int
        var key: String
    }

    init(_ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
        keyCache = [CachedKey](repeating: CachedKey(start: 0, length: -1, key: ""), count: Self.keyCacheSize)
    }

    /// A reader that never parses keys (`JSONScanner` reads them itself): no key cache.
    init(scanning bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        self.maxDepth = 0
        keyCache = []
    }

    mutating func parseDocument() throws(JSONSyntaxError) -> JSON {
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        if index < bytes.count {
            throw error("unexpected \(describe(bytes[index])) after the top-level value")
        }
        return value
    }

    mutating func parseValue() throws(JSONSyntaxError) -> JSON {
        guard index < bytes.count else { throw error("unexpected end of input; expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumberValue()
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "N"), UInt8(ascii: "I"):
            throw error("NaN and Infinity are not JSON numbers; send a finite number")
        case let byte: throw error("expected a value but found \(describe(byte))")
        }
    }

    mutating func parseObject() throws(JSONSyntaxError) -> JSON {
        try enterContainer()
        index += 1
        skipWhitespace()
        var members: [JSONMember] = []
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object(JSONObject(members))
        }
        var seen: Set<String>? = nil  // built once an object outgrows a linear duplicate scan
        members.reserveCapacity(4)
        while true {
            guard index < bytes.count else {
                throw error("unexpected end of input; expected a string key in double quotes")
            }
            guard bytes[index] == UInt8(ascii: "\"") else {
                if bytes[index] == UInt8(ascii: "}"), !members.isEmpty {
                    throw error("trailing comma before '}' is not allowed")
                }
                throw error("expected a string key in double quotes but found \(describe(bytes[index]))")
            }
            let keyOffset = index
            let key = try parseKey()
            if isDuplicate(key, in: members, seen: &seen) {
                throw error("duplicate key \(quote(key)) in object", at: keyOffset)
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("expected ':' after an object key")
            }
            index += 1
            skipWhitespace()
            let value = try parseValue()
            members.append(JSONMember(key: key, value: value))
            skipWhitespace()
            guard index < bytes.count else {
                throw error("unexpected end of input; expected ',' or '}' after an object member")
            }
            let byte = bytes[index]
            if byte == UInt8(ascii: ",") {
                index += 1
                skipWhitespace()
            } else if byte == UInt8(ascii: "}") {
                index += 1
                depth -= 1
                return .object(JSONObject(members))
            } else {
                throw error("expected ',' or '}' after an object member")
            }
        }
    }

    mutating func parseArray() throws(JSONSyntaxError) -> JSON {
        try enterContainer()
        index += 1
        skipWhitespace()
        var elements: [JSON] = []
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            if index < bytes.count, bytes[index] == UInt8(ascii: "]"), !elements.isEmpty {
                throw error("trailing comma before ']' is not allowed")
            }
            elements.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else {
                throw error("unexpected end of input; expected ',' or ']' after an array element")
            }
            let byte = bytes[index]
            if byte == UInt8(ascii: ",") {
                index += 1
                skipWhitespace()
            } else if byte == UInt8(ascii: "]") {
                index += 1
                depth -= 1
                return .array(elements)
            } else {
                throw error("expected ',' or ']' after an array element")
            }
        }
    }

    // MARK: - Helpers

    mutating func enterContainer() throws(JSONSyntaxError) {
        depth += 1
        if depth > maxDepth {
            throw error("arrays and objects are nested deeper than \(maxDepth) levels")
        }
    }

    /// Linear scan for small objects, a set once an object has 16 members (keeps O(n)).
    func isDuplicate(
        _ key: String, in members: [JSONMember], seen: inout Set<String>?
    ) -> Bool {
        if var set = seen {
            seen = nil  // keep the set uniquely referenced while inserting
            let inserted = set.insert(key).inserted
            seen = set
            return !inserted
        }
        for member in members where member.key == key {
            return true
        }
        if members.count >= 15 {
            var set = Set(members.map(\.key))
            set.insert(key)
            seen = set
        }
        return false
    }

    mutating func expectLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
        let start = index
        let matched = literal.withUTF8Buffer { text -> Bool in
            guard bytes.count - start >= text.count else { return false }
            for offset in 0..<text.count where bytes[start + offset] != text[offset] {
                return false
            }
            return true
        }
        guard matched else {
            throw error("invalid literal; expected \(literal) (literals are lowercase)")
        }
        index += literal.utf8CodeUnitCount
    }

    @inline(__always)
    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    func error(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(offset: offset ?? index, in: bytes, message: message)
    }

    /// A byte as a person reads it in a message: `'x'` for printable ASCII, else `byte 0xNN`.
    func describe(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte < 0x7F {
            return "'\(Character(Unicode.Scalar(byte)))'"
        }
        let hex = String(byte, radix: 16, uppercase: true)
        return "byte 0x\(byte < 0x10 ? "0" : "")\(hex)"
    }

    func quote(_ text: String) -> String {
        var writer = JSONWriter(capacity: text.utf8.count + 2)
        writer.string(text)
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}
