/// A strict little XML reader for the pictures: elements, attributes, text; entities decoded.
/// Throws on anything ill-formed (unbalanced or crossed tags, unquoted or duplicate attributes,
/// a raw `<` or `&` in text), so every test that reads a picture also checks it is well-formed.
struct SVGNode {
    var name: String
    var attributes: [String: String]
    var text = ""
    var children: [SVGNode] = []

    /// Every node below (and including) this one, in document order.
    var all: [SVGNode] { [self] + children.flatMap(\.all) }

    /// The element rects (those that stand for a layout element).
    var elementRects: [SVGNode] { all.filter { $0.name == "rect" && $0.attributes["data-index-path"] != nil } }

    subscript(_ name: String) -> String? { attributes[name] }

    var title: String? { children.first { $0.name == "title" }?.text }
}

struct SVGSyntaxError: Error, CustomStringConvertible {
    var description: String
}

enum SVGDocument {
    static func parse(_ bytes: [UInt8]) throws -> SVGNode {
        var s = Substring(String(decoding: bytes, as: UTF8.self))
        if s.hasPrefix("<?xml") {
            guard let end = s.range(of: "?>") else { throw SVGSyntaxError(description: "unterminated XML declaration") }
            s = s[end.upperBound...]
        }
        var stack: [SVGNode] = []
        var root: SVGNode?
        while let open = s.firstIndex(of: "<") {
            let text = s[..<open]
            if !stack.isEmpty { stack[stack.count - 1].text += try decode(text) }
            else if !text.allSatisfy(\.isWhitespace) { throw SVGSyntaxError(description: "text outside the root: \(text)") }
            guard let close = s[open...].firstIndex(of: ">") else { throw SVGSyntaxError(description: "unterminated tag") }
            var tag = s[s.index(after: open)..<close]
            s = s[s.index(after: close)...]
            if tag.hasPrefix("/") {
                guard let node = stack.popLast(), node.name == String(tag.dropFirst()) else {
                    throw SVGSyntaxError(description: "unbalanced </\(tag.dropFirst())>")
                }
                try attach(node, &stack, &root)
                continue
            }
            let selfClosing = tag.hasSuffix("/")
            if selfClosing { tag = tag.dropLast() }
            let name = String(tag.prefix { !$0.isWhitespace })
            guard !name.isEmpty, !name.contains("\"") else { throw SVGSyntaxError(description: "bad tag <\(tag)>") }
            let node = SVGNode(name: name, attributes: try attributes(tag.dropFirst(name.count)))
            if selfClosing { try attach(node, &stack, &root) } else { stack.append(node) }
        }
        guard stack.isEmpty, let root, s.allSatisfy(\.isWhitespace) else { throw SVGSyntaxError(description: "unclosed elements or trailing text") }
        return root
    }

    private static func attach(_ node: SVGNode, _ stack: inout [SVGNode], _ root: inout SVGNode?) throws {
        if stack.isEmpty {
            guard root == nil else { throw SVGSyntaxError(description: "two roots") }
            root = node
        } else {
            stack[stack.count - 1].children.append(node)
        }
    }

    private static func attributes(_ s: Substring) throws -> [String: String] {
        var out: [String: String] = [:]
        var rest = s.drop { $0.isWhitespace }
        while !rest.isEmpty {
            guard let eq = rest.firstIndex(of: "=") else { throw SVGSyntaxError(description: "attribute without value: \(rest)") }
            let name = String(rest[..<eq])
            var after = rest[rest.index(after: eq)...]
            guard after.first == "\"" else { throw SVGSyntaxError(description: "unquoted attribute \(name)") }
            after = after.dropFirst()
            guard let end = after.firstIndex(of: "\"") else { throw SVGSyntaxError(description: "unterminated attribute \(name)") }
            guard out.updateValue(try decode(after[..<end]), forKey: name) == nil else { throw SVGSyntaxError(description: "duplicate attribute \(name)") }
            rest = after[after.index(after: end)...]
            guard rest.isEmpty || rest.first?.isWhitespace == true else { throw SVGSyntaxError(description: "no space after \(name)") }
            rest = rest.drop { $0.isWhitespace }
        }
        return out
    }

    static func decode(_ s: Substring) throws -> String {
        guard !s.contains("<") else { throw SVGSyntaxError(description: "raw < in text: \(s)") }
        var out = ""
        var rest = s
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            guard let semi = rest[amp...].firstIndex(of: ";") else { throw SVGSyntaxError(description: "bare &") }
            switch rest[rest.index(after: amp)..<semi] {
            case "amp": out += "&"
            case "lt": out += "<"
            case "gt": out += ">"
            case "quot": out += "\""
            case "apos": out += "'"
            case let e: throw SVGSyntaxError(description: "unknown entity &\(e);")
            }
            rest = rest[rest.index(after: semi)...]
        }
        return out + rest
    }
}
