/// "Did you mean …?" for names a client mistyped: device names, enum values, field names,
/// operations. Names are compared by a key that ignores case, spaces and punctuation (so
/// "iPhone 15Pro" and "iphone-15-pro" are "iPhone 15 Pro" exactly), then by edit distance
/// between keys; a name is close when that distance is at most a quarter of the key's length
/// (at least 1, so "Pixel 8" is close to nothing Apple makes), or when the name is the start of
/// a candidate ("landscape").
///
/// Bounded for hostile input: the key is cut to `maxKeyLength` characters, and the distance is
/// O(a·b) over two such keys, so one lookup is at most `candidates × 64²` steps.
package enum NearestNames {
    static let maxKeyLength = 64

    /// The candidates closest to `name` (all of those at the smallest distance, in the order
    /// given, at most `limit`), or none when nothing is close.
    package static func closest(to name: String, in candidates: [String], limit: Int = 3) -> [String] {
        let key = Self.key(name)
        guard !key.isEmpty else { return [] }
        let allowed = max(1, key.count / 4)
        var best = Int.max
        var found: [String] = []
        for candidate in candidates {
            let d = distance(key, Self.key(candidate), cap: allowed)
            guard d <= allowed else { continue }
            if d < best { (best, found) = (d, [candidate]) } else if d == best { found.append(candidate) }
        }
        if found.isEmpty, let names = synonyms[String(key)] {
            // UIKit's word for what layoutd names otherwise ("numberOfRows" for a table).
            found = names.filter { candidates.contains($0) }
        }
        if found.isEmpty, key.count >= 4 {
            // Nothing within the allowance: names the input begins ("landscape" for
            // "landscapeLeft" and "landscapeRight").
            found = candidates.filter { Self.key($0).starts(with: key) }
        }
        return Array(found.prefix(limit))
    }

    /// UIKit's names (by key) for fields layoutd names otherwise: a table's rows are its
    /// sections' items, as in every layout type here.
    static let synonyms: [String: [String]] = [
        "numberofrows": ["numberOfItems"], "numberofrowsinsection": ["numberOfItems"],
        "numberofitemsinsection": ["numberOfItems"], "rows": ["numberOfItems"],
    ]

    /// Lower-cased letters and digits only, at most `maxKeyLength` of them.
    static func key(_ s: String) -> [Character] {
        var out: [Character] = []
        for c in s.lowercased() where c.isLetter || c.isNumber {
            out.append(c)
            if out.count == maxKeyLength { break }
        }
        return out
    }

    /// Edit distance with adjacent transpositions (optimal string alignment: insert, delete,
    /// substitute or swap two neighbours, one step each), or `cap + 1` as soon as it must
    /// exceed `cap`.
    static func distance(_ a: [Character], _ b: [Character], cap: Int) -> Int {
        if abs(a.count - b.count) > cap { return cap + 1 }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...b.count {
                var d = min(previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1), previous[j] + 1, current[j - 1] + 1)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d = min(d, beforePrevious[j - 2] + 1) }
                current[j] = d
                rowMinimum = min(rowMinimum, d)
            }
            if rowMinimum > cap { return cap + 1 }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }

    /// `did you mean "x"?` / `did you mean "x" or "y"?`, or nil when nothing is close.
    package static func suggestion(for name: String, in candidates: [String]) -> String? {
        let close = closest(to: name, in: candidates)
        guard !close.isEmpty else { return nil }
        let quoted = close.map(FieldError.quoted)
        let list = quoted.count == 1 ? quoted[0] : quoted.dropLast().joined(separator: ", ") + " or " + quoted[quoted.count - 1]
        return "did you mean \(list)?"
    }
}
