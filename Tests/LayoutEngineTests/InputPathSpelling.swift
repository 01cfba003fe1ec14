import LayoutEngine

/// The engine's field paths spelled as the request's JSON pointers, for tests that state the
/// expected field the way the contract does. Each `InputField` case is named as its JSON key
/// (the service's own map, `InputField.wireKey`, is checked against the wire by the API tests).
extension Array where Element == InputPathStep {
    var spelled: String {
        map { step in
            switch step {
            case .field(let field): "/\(field)"
            case .index(let index): "/\(index)"
            }
        }.joined()
    }

    static func parse(_ pointer: String) -> [InputPathStep] {
        pointer.split(separator: "/").map { part in
            if let index = Int(part) { return .index(index) }
            return InputField.allCases.first { "\($0)" == part }.map { .field($0) } ?? .index(-1)   // an unknown name never matches
        }
    }
}
