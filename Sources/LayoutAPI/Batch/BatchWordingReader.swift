import UpdateEngine

extension WireReader {
    static let wordingKeys: KeySet = ["ios", "capitalized"]

    /// `"wording": {"ios": "17.2", "capitalized": true}` of `POST /batch/validate`: both optional;
    /// an `ios` that is not a release number (`16.4`, `17`, `17.2.1`) is a 422 naming it.
    mutating func batchWording(_ field: JSONField) throws(FieldError) -> BatchWording {
        let o = try field.object()
        try o.rejectUnknownKeys(allowed: Self.wordingKeys)
        var wording = BatchWording()
        if let f = try o.member("ios") {
            let text = try f.string()
            if let v = IOSVersion(text) {
                wording.ios = v
            } else {
                reject(f.pointer, "\(f.pointer) is \(FieldError.quoted(text)); give an iOS release number such as \"16.4\" or \"17.2.1\".")
            }
        }
        wording.capitalized = try o.value("capitalized", default: false) { f throws(FieldError) in try f.bool() }
        return wording
    }
}
