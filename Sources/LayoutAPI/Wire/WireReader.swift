import JSON
import LayoutEngine

/// Reads wire values into engine values. Shape errors (wrong type, missing or unknown field)
/// throw at once as a 400; value errors a layout cannot have (negative sizes, non-finite numbers)
/// are collected, so one 422 names every bad field (up to `maxProblems`).
struct WireReader {
    static let maxProblems = 50
    private(set) var problems: [FieldError] = []
    private(set) var problemCount = 0

    mutating func reject(_ pointer: JSONPointer, _ detail: String) {
        problemCount += 1
        if problems.count < Self.maxProblems { problems.append(.invalidValue(pointer: pointer, detail: detail)) }
    }

    /// The largest length accepted, in points. UIKit has no such limit, but a billion points is
    /// far past any screen, and it keeps every sum over a million elements finite and exact to
    /// well under a pixel.
    static let maxLength = 1_000_000_000.0
    /// The largest section or item number accepted in an index path (Int32, as NSIndexPath
    /// values are in practice; it also keeps index arithmetic far from overflow).
    static let maxIndex = 2_147_483_647
    /// The largest screen scale accepted (devices use 1, 2 and 3).
    static let maxScale = 100.0

    /// A finite number in 0...maxLength (sizes, spacings, insets): UIKit asserts on negative sizes.
    mutating func length(_ field: JSONField, what: String = "a length in points") throws(FieldError) -> Double {
        let v = try field.double()
        guard v.isFinite, v >= 0, v <= Self.maxLength else {
            reject(field.pointer, "\(field.pointer) is \(Self.show(v)); it must be \(what): a number from 0 to 1000000000.")
            return 0
        }
        return v
    }

    /// A finite number in (0, limit] (screen scale, aspect ratios).
    mutating func positive(_ field: JSONField, what: String, limit: Double = WireReader.maxLength) throws(FieldError) -> Double {
        let v = try field.double()
        guard v.isFinite, v > 0, v <= limit else {
            reject(field.pointer, "\(field.pointer) is \(Self.show(v)); it must be \(what): a number greater than 0 and at most \(Self.show(limit)).")
            return 1
        }
        return v
    }

    /// Any finite number (positions such as a bounds origin).
    mutating func finite(_ field: JSONField) throws(FieldError) -> Double {
        let v = try field.double()
        guard v.isFinite, abs(v) <= Self.maxLength else {
            reject(field.pointer, "\(field.pointer) is \(Self.show(v)); it must be a number from -1000000000 to 1000000000.")
            return 0
        }
        return v
    }

    /// A count ≥ 0 that keeps the request within the element cap, so nothing loops over a
    /// client's count unchecked.
    mutating func count(_ field: JSONField, budget: ElementBudget) throws(FieldError) -> Int {
        if case .number(let n) = field.value, n.isFinite, n.rounded(.towardZero) == n, n >= 9_223_372_036_854_775_808.0 {
            // Whole, but too large even for an Int (1e20): over the cap all the same.
            reject(field.pointer, "\(field.pointer) is \(Self.show(n)), far too many: a layout has at most \(budget.limit) elements on this server (--max-elements).")
            return 0
        }
        let v = try field.int()
        if v < 0 {
            reject(field.pointer, "\(field.pointer) is \(v); a count must be 0 or more.")
            return 0
        }
        if v > budget.remaining {
            let total = v > Int.max - budget.used ? "more than \(Int.max)" : "\(budget.used + v)"
            reject(field.pointer, "\(field.pointer) is \(v); with the \(budget.used) elements before it the layout would have \(total), over this server's cap of \(budget.limit) elements per request (--max-elements).")
            return 0
        }
        return v
    }

    mutating func size(_ field: JSONField) throws(FieldError) -> Size {
        if let fast = Self.plainSize(field.value) { return fast }
        let o = try field.object()
        try o.rejectUnknownKeys(allowed: WireKeys.size)
        return Size(width: try length(try o.required("width")), height: try length(try o.required("height")))
    }

    mutating func insets(_ field: JSONField) throws(FieldError) -> Insets {
        let o = try field.object()
        try o.rejectUnknownKeys(allowed: WireKeys.insets)
        return Insets(top: try o.member("top").map { f throws(FieldError) in try length(f) } ?? 0,
                      left: try o.member("left").map { f throws(FieldError) in try length(f) } ?? 0,
                      bottom: try o.member("bottom").map { f throws(FieldError) in try length(f) } ?? 0,
                      right: try o.member("right").map { f throws(FieldError) in try length(f) } ?? 0)
    }

    mutating func rect(_ field: JSONField) throws(FieldError) -> Rect {
        let o = try field.object()
        try o.rejectUnknownKeys(allowed: WireKeys.rect)
        return Rect(x: try o.member("x").map { f throws(FieldError) in try finite(f) } ?? 0,
                    y: try o.member("y").map { f throws(FieldError) in try finite(f) } ?? 0,
                    width: try length(try o.required("width")),
                    height: try length(try o.required("height")))
    }

    /// `[section, item]`, both ≥ 0.
    mutating func indexPath(_ field: JSONField) throws(FieldError) -> IndexPath {
        let parts = try field.array(maxCount: 2)
        guard parts.count == 2 else {
            throw FieldError.invalidValue(pointer: field.pointer, detail: "\(field.pointer) must be [section, item], two whole numbers.")
        }
        let s = try parts[0].int(), i = try parts[1].int()
        if s < 0 || i < 0 {
            reject(field.pointer, "\(field.pointer) is [\(s), \(i)]; sections and items are numbered from 0.")
        } else if s > Self.maxIndex || i > Self.maxIndex {
            reject(field.pointer, "\(field.pointer) is [\(s), \(i)]; section and item numbers are at most \(Self.maxIndex).")
        }
        return IndexPath(section: max(0, s), item: max(0, i))
    }

    /// `{"width": w, "height": h}` with both in range, read without building pointers or key
    /// sets: the common case of 100,000 `itemSizes`. Anything else (errors included) takes the
    /// general path, which names the field.
    @inline(__always)
    static func plainSize(_ value: JSON) -> Size? {
        guard case .object(let o) = value, o.members.count == 2 else { return nil }
        let a = o.members[0], b = o.members[1]
        guard case .number(let x) = a.value, case .number(let y) = b.value,
              x >= 0, x <= maxLength, y >= 0, y <= maxLength else { return nil }
        if a.key == "width" && b.key == "height" { return Size(width: x, height: y) }
        if a.key == "height" && b.key == "width" { return Size(width: y, height: x) }
        return nil
    }

    static func show(_ v: Double) -> String {
        var w = JSONWriter()
        w.number(v)
        return v.isFinite ? String(decoding: w.bytes, as: UTF8.self) : (v.isNaN ? "NaN" : (v > 0 ? "Infinity" : "-Infinity"))
    }
}

extension JSONFieldObject {
    /// The value of an optional member read by `read`, or `fallback` when absent (null is a 400).
    func value<T>(_ key: String, default fallback: T, _ read: (JSONField) throws(FieldError) -> T) throws(FieldError) -> T {
        guard let f = try member(key) else { return fallback }
        return try read(f)
    }
}
