/// The number grammar of the element queries' parameters, exactly as openapi.yaml's patterns
/// spell it, so a value the contract accepts is never a 400 and one it rejects never a 200:
/// JSON numbers with at most 15 integer digits and a one- or two-digit exponent (always finite),
/// and index paths as whole numbers of at most 10 digits without leading zeros.
extension QueryParameters {
    /// `-?(0|[1-9][0-9]{0,14})(\.[0-9]+)?([eE][-+]?[0-9]{1,2})?`
    static func isNumber<Bytes: Collection<UInt8>>(_ s: Bytes) -> Bool {
        var i = s.startIndex
        func digits(max: Int) -> Int {
            var n = 0
            while i != s.endIndex, n < max, isDigit(s[i]) { n += 1; i = s.index(after: i) }
            return n
        }
        if i != s.endIndex, s[i] == UInt8(ascii: "-") { i = s.index(after: i) }
        guard i != s.endIndex else { return false }
        if s[i] == UInt8(ascii: "0") {
            i = s.index(after: i)
        } else {
            guard digits(max: 15) > 0 else { return false }
        }
        if i != s.endIndex, s[i] == UInt8(ascii: ".") {
            i = s.index(after: i)
            guard digits(max: Int.max) > 0 else { return false }
        }
        if i != s.endIndex, s[i] == UInt8(ascii: "e") || s[i] == UInt8(ascii: "E") {
            i = s.index(after: i)
            if i != s.endIndex, s[i] == UInt8(ascii: "-") || s[i] == UInt8(ascii: "+") { i = s.index(after: i) }
            guard digits(max: 2) > 0 else { return false }
        }
        return i == s.endIndex
    }

    /// `0|[1-9][0-9]{0,9}`: a whole number up to 9999999999, no sign, no leading zero.
    static func wholeNumber(_ s: Substring.UTF8View.SubSequence) -> Int? {
        guard let first = s.first, isDigit(first), s.count <= 10, s.allSatisfy(isDigit) else { return nil }
        guard first != UInt8(ascii: "0") || s.count == 1 else { return nil }
        return s.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }

    private static func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }

    /// `name=n1,n2,…` as exactly `count` numbers of the grammar above, or a 400 naming the
    /// parameter.
    func numbers(_ name: String, count: Int, meaning: String) throws(APIError) -> [Double]? {
        guard let raw = self[name] else { return nil }
        var out: [Double] = []
        out.reserveCapacity(count)
        Self.forEachPart(raw) { part in
            guard out.count < count, Self.isNumber(part), let v = Double(Substring(part)), v.isFinite else {
                out.removeAll()
                return false
            }
            out.append(v)
            return true
        }
        guard out.count == count else {
            throw .badQuery(parameter: name, detail: "The query parameter \(name) is \"\(raw)\"; it must be \(meaning): \(count) numbers such as 12 or -3.5 separated by commas, without spaces.")
        }
        return out
    }

    /// `name=a,b` as two whole numbers ≥ 0 (index paths), or a 400 naming the parameter.
    func wholeNumbers(_ name: String, count: Int, meaning: String) throws(APIError) -> [Int]? {
        guard let raw = self[name] else { return nil }
        var out: [Int] = []
        out.reserveCapacity(count)
        Self.forEachPart(raw) { part in
            guard out.count < count, let v = Self.wholeNumber(part) else {
                out.removeAll()
                return false
            }
            out.append(v)
            return true
        }
        guard out.count == count else {
            throw .badQuery(parameter: name, detail: "The query parameter \(name) is \"\(raw)\"; it must be \(meaning): \(count) whole numbers ≥ 0 separated by a comma, such as 0,3.")
        }
        return out
    }

    /// Calls `body` with each comma-separated part of `raw` (empty parts included) until it
    /// returns false; no array of parts is made.
    private static func forEachPart(_ raw: String, _ body: (Substring.UTF8View.SubSequence) -> Bool) {
        let utf8 = raw.utf8[...]
        var start = utf8.startIndex
        while true {
            let end = utf8[start...].firstIndex(of: UInt8(ascii: ",")) ?? utf8.endIndex
            guard body(utf8[start..<end]), end != utf8.endIndex else { return }
            start = utf8.index(after: end)
        }
    }
}
