import JSON
import UpdateEngine
import LayoutEngine

/// A decoded `POST /batch/validate` body: the arguments of `BatchValidation.validate`.
struct BatchValidateRequest: Equatable, JSONBody {
    static var rejected: APIError.Rejected { .batch }

    static func read(_ root: JSONField, _ configuration: ServiceConfiguration, reader: inout WireReader) throws(FieldError) -> BatchValidateRequest {
        try BatchRequestDecoder.decode(root, reader: &reader, maxOperations: configuration.maxBatchOperations)
    }

    var before: [Int]
    var after: [Int]?
    var updates: BatchUpdates
    var flavor: BatchFlavor
    var strict: Bool
    var repair: RepairMode?
    /// The iOS release whose wording the messages use (`wording`; absent: the classic wording).
    var wording: BatchWording = .classic
}

/// Caps on what one batch request may describe, so no request makes the server work for long.
/// Validation and the mapping are linear in the items and the answer holds ~37 bytes per item:
/// 10,000,000 items took 5 s, 1.4 GB and a 375 MB answer (release, this machine), so the cap
/// is 1,000,000, the same as the largest layout (`--max-elements`' default).
enum BatchLimits {
    /// Sections in `before` or `after` (and in each side of a diff).
    static let maxSections = 1_000_000
    /// Items over all sections of `before` or `after`.
    static let maxItems = 1_000_000
}

/// Turns a `POST /batch/validate` body into a `BatchValidateRequest`, or the error to answer
/// with: shape errors are 400 at once, values a batch cannot have (negative counts or indexes,
/// over a cap) are collected into one 422.
enum BatchRequestDecoder {
    static let topLevelKeys: KeySet = ["before", "after", "flavor", "strict", "repair", "updates", "wording"]

    /// `body` decoded as `POST /batch/validate` decodes it.
    static func decode(_ body: [UInt8], maxOperations: Int) throws(APIError) -> BatchValidateRequest {
        try BatchValidateRequest.decode(body, ServiceConfiguration(maxBatchOperations: maxOperations))
    }

    static func decode(_ root: JSONField, reader: inout WireReader, maxOperations: Int) throws(FieldError) -> BatchValidateRequest {
        let o = try root.object()
        try o.rejectUnknownKeys(allowed: topLevelKeys)
        let before = try reader.counts(try o.required("before"))
        let after = try o.member("after").map { f throws(FieldError) in try reader.counts(f) }
        let flavor = try o.value("flavor", default: .collectionView) { f throws(FieldError) in try f.enumValue(BatchFlavor.self) }
        let strict = try o.value("strict", default: false) { f throws(FieldError) in try f.bool() }
        let repair = try o.member("repair").map { f throws(FieldError) in try f.enumValue(RepairMode.self) }
        let updates = try o.member("updates").map { f throws(FieldError) in
            try reader.batchUpdates(f, maxOperations: maxOperations)
        } ?? BatchUpdates()
        let wording = try o.member("wording").map { f throws(FieldError) in try reader.batchWording(f) } ?? .classic
        return BatchValidateRequest(before: before, after: after, updates: updates, flavor: flavor, strict: strict, repair: repair,
                                    wording: wording)
    }
}

extension WireReader {
    static let updateKeys: KeySet = [
        "deleteItems", "insertItems", "reloadItems", "moveItems",
        "deleteSections", "insertSections", "reloadSections", "moveSections",
    ]

    /// Item counts per section: whole numbers ≥ 0, at most `BatchLimits.maxSections` of them
    /// holding at most `BatchLimits.maxItems` in all.
    mutating func counts(_ field: JSONField) throws(FieldError) -> [Int] {
        guard case .array(let elements) = field.value else { _ = try field.array(); return [] }
        if elements.count > BatchLimits.maxSections {
            reject(field.pointer, "\(field.pointer) has \(elements.count) sections, over this server's cap of \(BatchLimits.maxSections) sections per request.")
            return []
        }
        var out: [Int] = []
        out.reserveCapacity(elements.count)
        var total = 0
        for (i, e) in elements.enumerated() {
            guard let v = Self.whole(e) else { _ = try JSONField(e, pointer: field.pointer.appending(i)).int(); continue }
            if v < 0 {
                reject(field.pointer.appending(i), "\(field.pointer.appending(i)) is \(v); an item count must be 0 or more.")
            } else {
                total = total > Int.max - v ? Int.max : total + v
            }
            out.append(v)
        }
        if total > BatchLimits.maxItems {
            let shown = total == Int.max ? "more than \(Int.max)" : "\(total)"
            reject(field.pointer, "\(field.pointer) counts \(shown) items in all, over this server's cap of \(BatchLimits.maxItems) items per request.")
        }
        return out
    }

    /// The `updates` object: every list optional, at most `maxOperations` entries in all.
    mutating func batchUpdates(_ field: JSONField, maxOperations: Int) throws(FieldError) -> BatchUpdates {
        let o = try field.object()
        try o.rejectUnknownKeys(allowed: Self.updateKeys)
        var total = 0
        for key in Self.updateKeys {
            if case .array(let list)? = o.object[key] { total += list.count }   // a peek: the lists are read below, in order
        }
        if total > maxOperations {
            reject(field.pointer, "\(field.pointer) holds \(total) operations, over this server's cap of \(maxOperations) operations per batch (--max-batch-operations); split the update into smaller batches.")
            return BatchUpdates()
        }
        var u = BatchUpdates()
        u.deleteItems = try list(o, "deleteItems") { r, e, p throws(FieldError) in try r.indexPath(e, p) }
        u.insertItems = try list(o, "insertItems") { r, e, p throws(FieldError) in try r.indexPath(e, p) }
        u.reloadItems = try list(o, "reloadItems") { r, e, p throws(FieldError) in try r.indexPath(e, p) }
        u.moveItems = try list(o, "moveItems") { r, e, p throws(FieldError) in try r.itemMove(e, p) }
        u.deleteSections = try list(o, "deleteSections") { r, e, p throws(FieldError) in try r.section(e, p) }
        u.insertSections = try list(o, "insertSections") { r, e, p throws(FieldError) in try r.section(e, p) }
        u.reloadSections = try list(o, "reloadSections") { r, e, p throws(FieldError) in try r.section(e, p) }
        u.moveSections = try list(o, "moveSections") { r, e, p throws(FieldError) in try r.sectionMove(e, p) }
        return u
    }

    /// One update list; each element is read by `read` with a lazily built pointer (building
    /// 100,000 pointers that are never reported would cost more than the reads).
    private mutating func list<T>(_ o: JSONFieldObject, _ key: String,
                                  _ read: (inout WireReader, JSON, () -> JSONPointer) throws(FieldError) -> T) throws(FieldError) -> [T] {
        guard let field = try o.member(key) else { return [] }
        guard case .array(let elements) = field.value else { _ = try field.array(); return [] }
        var out: [T] = []
        out.reserveCapacity(elements.count)
        let base = field.pointer
        for (i, e) in elements.enumerated() {
            out.append(try read(&self, e) { base.appending(i) })
        }
        return out
    }

    /// `[section, item]`; negative parts are a 422 naming the entry.
    mutating func indexPath(_ value: JSON, _ pointer: () -> JSONPointer) throws(FieldError) -> IndexPath {
        guard case .array(let parts) = value, parts.count == 2, let s = Self.whole(parts[0]), let i = Self.whole(parts[1]) else {
            return try Self.shapeError(value, pointer(), expected: "an index path [section, item]", count: 2)
        }
        if s < 0 || i < 0 {
            let p = pointer()
            reject(p, "\(p) is [\(s), \(i)]; sections and items are numbered from 0.")
        } else if s > Self.maxIndex || i > Self.maxIndex {
            let p = pointer()
            reject(p, "\(p) is [\(s), \(i)]; section and item numbers are at most \(Self.maxIndex).")
        }
        return IndexPath(section: s, item: i)
    }

    /// A section index ≥ 0.
    mutating func section(_ value: JSON, _ pointer: () -> JSONPointer) throws(FieldError) -> Int {
        guard let s = Self.whole(value) else { return try JSONField(value, pointer: pointer()).int() }
        if s < 0 {
            let p = pointer()
            reject(p, "\(p) is \(s); sections are numbered from 0.")
        } else if s > Self.maxIndex {
            let p = pointer()
            reject(p, "\(p) is \(s); section numbers are at most \(Self.maxIndex).")
        }
        return s
    }

    /// `[[fromSection, fromItem], [toSection, toItem]]`.
    mutating func itemMove(_ value: JSON, _ pointer: () -> JSONPointer) throws(FieldError) -> ItemMove {
        guard case .array(let ends) = value, ends.count == 2 else {
            return try Self.shapeError(value, pointer(), expected: "a move [[fromSection, fromItem], [toSection, toItem]]", count: 2)
        }
        let from = try indexPath(ends[0]) { pointer().appending(0) }
        let to = try indexPath(ends[1]) { pointer().appending(1) }
        return ItemMove(from: from, to: to)
    }

    /// `[fromSection, toSection]`.
    mutating func sectionMove(_ value: JSON, _ pointer: () -> JSONPointer) throws(FieldError) -> SectionMove {
        guard case .array(let ends) = value, ends.count == 2 else {
            return try Self.shapeError(value, pointer(), expected: "a section move [fromSection, toSection]", count: 2)
        }
        let from = try section(ends[0]) { pointer().appending(0) }
        let to = try section(ends[1]) { pointer().appending(1) }
        return SectionMove(from: from, to: to)
    }

    /// A JSON number that is a whole `Int`, or nil.
    static func whole(_ value: JSON) -> Int? {
        if case .integer(let exact) = value { return exact }
        guard case .number(let d) = value, abs(d) <= 9_007_199_254_740_992 else { return nil }
        return Int(exactly: d)
    }

    /// The 400 for a pair that is not a pair: the element's own type error if it has one,
    /// else "found an array of 3".
    static func shapeError<T>(_ value: JSON, _ pointer: JSONPointer, expected: String, count: Int) throws(FieldError) -> T {
        if case .array(let parts) = value, parts.count == count {
            for (k, part) in parts.enumerated() {
                _ = try JSONField(part, pointer: pointer.appending(k)).int()
            }
        }
        let found: String
        if case .array(let parts) = value { found = "an array of \(parts.count)" } else { found = value.kindDescription }
        throw FieldError.wrongType(pointer: pointer, expected: expected, found: found)
    }
}
