/// An RFC 6901 JSON pointer such as `/layout/itemSizes/3/width`, naming the field an error is
/// about. The root (the whole document) is the empty string.
///
/// Stored as a shared parent chain plus an inline last token, so a pointer for each element of
/// a 100k-item array costs no allocation: the chain node for the array is allocated once and
/// each element only stores its index. The string form is built when an error is reported.
package struct JSONPointer: Sendable, Hashable, CustomStringConvertible {
    @usableFromInline
    package enum Token: Sendable {
        case key(String)
        case index(Int)

        package var text: String {
            switch self {
            case .key(let key): key
            case .index(let index): String(index)
            }
        }
    }

    @usableFromInline
    package final class Node: Sendable {
        package let parent: Node?
        package let token: Token

        @inlinable
        package init(parent: Node?, token: Token) {
            self.parent = parent
            self.token = token
        }
    }

    /// Every token but the last; shared between siblings.
    package let parent: Node?
    /// The last token; nil only for the root.
    package let leaf: Token?

    @inlinable
    package init(parent: Node?, leaf: Token?) {
        self.parent = parent
        self.leaf = leaf
    }

    /// The whole document: "".
    package static let root = JSONPointer(parent: nil, leaf: nil)

    /// This pointer's tokens as a chain node, for building many children cheaply.
    @inlinable
    package var node: Node? {
        guard let leaf else { return parent }
        return Node(parent: parent, token: leaf)
    }

    @inlinable
    package func appending(_ key: String) -> JSONPointer {
        JSONPointer(parent: node, leaf: .key(key))
    }

    @inlinable
    package func appending(_ index: Int) -> JSONPointer {
        JSONPointer(parent: node, leaf: .index(index))
    }

    @inlinable
    package var isRoot: Bool { leaf == nil }

    /// Parses an RFC 6901 string ("/a/0/b~1c"); tokens are unescaped. Text not starting with "/"
    /// is the root.
    package init(rfc6901 text: String) {
        var pointer = JSONPointer.root
        for raw in text.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            pointer = pointer.appending(String(raw).replacing("~1", with: "/").replacing("~0", with: "~"))
        }
        self = pointer
    }

    /// The unescaped reference tokens, outermost first (array indexes in decimal).
    package var tokens: [String] {
        guard let leaf else { return [] }
        var reversed = [leaf.text]
        var current = parent
        while let node = current {
            reversed.append(node.token.text)
            current = node.parent
        }
        return reversed.reversed()
    }

    /// The last token unescaped ("width" for `/itemSize/width`), nil for the root.
    package var lastToken: String? { leaf?.text }

    /// The pointer one level up; nil for the root.
    package var parentPointer: JSONPointer? {
        guard leaf != nil else { return nil }
        return JSONPointer(parent: parent?.parent, leaf: parent?.token)
    }

    /// Longest token written out whole; a longer (client-chosen) key is cut to this many
    /// characters plus "…", as `FieldError.quoted` cuts values, so an 8 MB key cannot become a
    /// 48 MB error (escaping `/` as `~1` doubles it, JSON escaping once more).
    package static let maxTokenCharacters = 64

    /// The RFC 6901 string: each token prefixed by "/", with "~" as "~0" and "/" as "~1"; tokens
    /// over `maxTokenCharacters` are shortened (the pointer then names the key by its start).
    package var description: String {
        var text = ""
        for whole in tokens {
            let token = whole.utf8.count > Self.maxTokenCharacters && whole.count > Self.maxTokenCharacters
                ? String(whole.prefix(Self.maxTokenCharacters)) + "…" : whole
            text += "/"
            if token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) {
                for character in token.unicodeScalars {
                    switch character {
                    case "~": text += "~0"
                    case "/": text += "~1"
                    default: text.unicodeScalars.append(character)
                    }
                }
            } else {
                text += token
            }
        }
        return text
    }

    /// Pointers are equal when their strings are (so `appending("0")` equals `appending(0)`).
    package static func == (lhs: JSONPointer, rhs: JSONPointer) -> Bool {
        lhs.tokens == rhs.tokens
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(tokens)
    }
}
