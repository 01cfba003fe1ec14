import JSON

/// The one rule for growing a canonical form (the bytes a layout id hashes, `LayoutSpec.contentID`).
///
/// Ids are handed out once and then held by clients, CDN caches and the shared store's rows: a
/// request must get the same id on every build, forever. The members a type's canonical form had
/// when it shipped are written unconditionally, in their fixed order, and stay so. Every member
/// added since enters the form only when it differs from its default, through these helpers, so
/// a request that does not use the new field writes the bytes it always wrote and keeps its id.
/// `ContentIDPinTests` pins one id per layout type and per route that hands ids out.
///
/// A new member goes at the end of the object it belongs to (after the members already there),
/// under a key no other member of that object uses.
extension JSONWriter {
    /// `,"key":` and the value, only when `value != defaultValue`. `key` is a literal
    /// (canonical keys are ASCII names, never client strings).
    mutating func memberIfNotDefault<Value: Equatable>(_ key: StaticString, _ value: Value, default defaultValue: Value,
                                                       _ write: (inout JSONWriter, Value) -> Void) {
        guard value != defaultValue else { return }
        memberKey(key)
        write(&self, value)
    }

    /// `,"key":` and the value, only when there is one (nil is the default).
    mutating func memberIfSet<Value>(_ key: StaticString, _ value: Value?, _ write: (inout JSONWriter, Value) -> Void) {
        guard let value else { return }
        memberKey(key)
        write(&self, value)
    }

    /// `,"key":` and the value, only when `isDefault` is false: for a member whose default is a
    /// condition over several values (written together, as one member).
    mutating func memberUnlessDefault(_ key: StaticString, isDefault: Bool, _ write: (inout JSONWriter) -> Void) {
        guard !isDefault else { return }
        memberKey(key)
        write(&self)
    }

    private mutating func memberKey(_ key: StaticString) {
        raw(",\"")
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        raw("\":")
    }
}
