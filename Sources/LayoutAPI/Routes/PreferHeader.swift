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
    static let returnPreferences: Set<String> = ["minimal", "representation"]

    static func checkPreferences(_ headers: Headers) throws(APIError) {
        let values = headers.values("Prefer")
        guard !values.isEmpty else { return }
        var found = false
        for raw in values {
            let decoded = raw.utf8.contains(UInt8(ascii: "%")) ? QueryParameters.decode(Substring(raw).utf8) : raw
            for preference in decoded.split(separator: ",") {
                let token = preference.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                let parts = token.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard parts.first?.trimmingSpaces.lowercased() == "return" else { continue }
                var value = parts.count == 2 ? parts[1].trimmingSpaces : ""
                if value.count >= 2, value.first == "\"", value.last == "\"" { value = value.dropFirst().dropLast() }
                guard returnPreferences.contains(value.lowercased()) else { throw badPrefer(raw) }
                found = true
            }
        }
        if !found { throw badPrefer(values.joined(separator: ", ")) }
    }

    private static func badPrefer(_ value: String) -> APIError {
        .badHeader(name: "Prefer", detail: "The header Prefer is \(FieldError.quoted(value)); this route takes return=minimal (the summary without elements) or return=representation (the full layout, the default), or no Prefer header.")
    }
}
