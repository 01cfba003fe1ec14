import HTTP

/// `Prefer` on `POST /layout` and `POST /layout/{id}/invalidate`, parsed once per request (into
/// the plan's `ContentNegotiation`). openapi.yaml lists its values (`return=minimal`,
/// `return=representation`: an enum, so generated clients get a type), and the server holds
/// requests to it: a `Prefer` header must carry one of them, and a `return` with any other value
/// is a 400 naming the header, so a typo such as `return=minmal` is not silently answered with the
/// full layout. Other preferences beside a valid `return` are ignored, as RFC 7240 asks
/// (`respond-async, return=minimal` is minimal). Spellings of the same values pass:
/// percent-encoded (generated Swift clients send `return%3Dminimal`), quoted, any case, spaces
/// around `=`, parameters after `;`.
extension LayoutApplication {
    static let returnPreferences: Set<String> = ["minimal", "representation"]

    /// The one `Prefer` parser: every field's `return` preferences; minimal if any asks for it.
    static func preference(_ values: [String]) -> ContentNegotiation.Preference {
        var found: ContentNegotiation.Preference?
        for raw in values {
            for preference in percentDecoded(raw).split(separator: ",") {
                let token = preference.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                let parts = token.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard parts.first?.trimmingSpaces.lowercased() == "return" else { continue }
                var value = parts.count == 2 ? parts[1].trimmingSpaces : ""
                if value.count >= 2, value.first == "\"", value.last == "\"" { value = value.dropFirst().dropLast() }
                switch value.lowercased() {
                case "minimal": found = .minimal
                case "representation": if found == nil { found = .representation }
                default: return .invalid(raw)
                }
            }
        }
        return found ?? .invalid(values.joined(separator: ", "))
    }

    /// Whether the answer should be the minimal one: `?return=` (minimal or representation) wins
    /// over the header, as the more specific; any other value is a 400 naming the parameter, and
    /// so is a `Prefer` header without a valid `return`.
    static func prefersMinimal(_ plan: Plan) throws(APIError) -> Bool {
        if case .invalid(let raw) = plan.negotiation.prefer { throw badPrefer(raw) }
        switch plan.query["return"] {
        case nil: return plan.negotiation.prefer == .minimal
        case "minimal": return true
        case "representation": return false
        case let v?:
            throw .badQuery(parameter: "return", detail: "The query parameter return is \"\(v)\"; it must be minimal or representation (as in the header Prefer: return=minimal).")
        }
    }

    private static func badPrefer(_ value: String) -> APIError {
        .badHeader(name: "Prefer", detail: "The header Prefer is \(FieldError.quoted(value)); this route takes return=minimal (the summary without elements) or return=representation (the full layout, the default), or no Prefer header.")
    }
}
