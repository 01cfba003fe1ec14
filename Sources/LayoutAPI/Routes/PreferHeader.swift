import HTTP

/// `Prefer` on `POST /layout` and `POST /layout/{id}/invalidate`. openapi.yaml lists its values
/// (`return=minimal`, `return=representation`: an enum, so generated clients get a type), and the
/// server holds requests to it: a `Prefer` header must carry one of them, and a `return` with any
/// other value is a 400 naming the header, so a typo such as `return=minmal` is not silently
/// answered with the full layout. Other preferences beside a valid `return` are ignored, as RFC
/// 7240 asks (`respond-async, return=minimal` is minimal). Spellings of the same values pass:
/// percent-encoded (generated Swift clients send `return%3Dminimal`), quoted, any case, spaces
/// around `=`.
extension LayoutApplication {
    /// Checks `Prefer` without reading it (routes that answer the same either way still refuse a typo).
    static func checkPreferences(_ headers: Headers) throws(APIError) {
        _ = try prefersMinimal(headers)
    }

    /// The one reader of `Prefer` (RFC 7240): whether it asks for `return=minimal`, possibly among
    /// other preferences, with optional whitespace around `=`, a quoted value, parameters after
    /// `;`, any case, and percent-encoding. False without the header; a 400 naming it when a
    /// `return` has another value or no field carries a `return`.
    static func prefersMinimal(_ headers: Headers) throws(APIError) -> Bool {
        let values = headers.values("Prefer")
        guard !values.isEmpty else { return false }
        var found = false
        var minimal = false
        for raw in values {
            for preference in percentDecoded(raw).split(separator: ",") {
                let token = preference.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                let parts = token.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard parts.first?.trimmingSpaces.lowercased() == "return" else { continue }
                var value = parts.count == 2 ? parts[1].trimmingSpaces : ""
                if value.count >= 2, value.first == "\"", value.last == "\"" { value = value.dropFirst().dropLast() }
                switch value.lowercased() {
                case "minimal": minimal = true
                case "representation": break
                default: throw badPrefer(raw)
                }
                found = true
            }
        }
        if !found { throw badPrefer(values.joined(separator: ", ")) }
        return minimal
    }

    private static func badPrefer(_ value: String) -> APIError {
        .badHeader(name: "Prefer", detail: "The header Prefer is \(FieldError.quoted(value)); this route takes return=minimal (the summary without elements) or return=representation (the full layout, the default), or no Prefer header.")
    }
}
