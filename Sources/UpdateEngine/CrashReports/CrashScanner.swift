/// One distinct UIKit reason found in a text.
public struct CrashFinding: Sendable {
    public let entry: CrashEntry
    /// The reason as printed, wrappers removed, whitespace runs as single spaces or line breaks.
    public var message: String
    public var facts: CrashFacts
    /// The text stops before the reason does (`…`, the end of the paste).
    public var truncated: Bool
    /// How often it occurs in the text.
    public var count: Int
    /// The exception name the wrapper gives (`NSInternalInconsistencyException`), if any.
    public var exceptionName: String?
    /// `tableView`/`collectionView` from the assertion's method (`_endCellAnimationsWithContext:`).
    public var assertionFlavor: String?
}

/// What a scan found in the whole text.
public struct CrashScan: Sendable {
    public var findings: [CrashFinding] = []
    /// Distinct reasons beyond the cap, not listed.
    public var omitted = 0
    /// The iOS version the text states (`OS Version: iOS 17.2 (21C62)`, `"os_version":"iPhone OS 17.2"`).
    public var iosVersion: String?
    /// The UIKit build an assertion path names (`UIKit-3698.94.14`).
    public var uikitBuild: String?
    /// How often the text names each view class (a hint for reasons that do not say).
    public var tableViewMentions = 0
    public var collectionViewMentions = 0
}

/// Finds every reason of `CrashCatalogue` in a text in one pass: at each word start it looks the
/// word up (a hash, no allocation) and tries the entries anchored there (`CrashMatcher`: bounded
/// work per attempt). Linear in the text.
public enum CrashScanner {
    public static func scan(_ text: String, maxFindings: Int = 100) -> CrashScan {
        let normalized = CrashText(text).bytes
        let matcher = CrashMatcher(text: normalized)
        var scan = CrashScan()
        var keys: [String: Int] = [:]
        var lastException: (name: String, at: Int)?
        var lastAssertion: (flavor: String, at: Int)?
        let b = normalized
        let table = CrashCatalogue.byAnchor, filter = wordFilter
        var i = 0
        while i < b.count {
            // Most words start no pattern and say nothing about the context: a 4096-slot filter
            // on the word's hash turns them away before any dictionary look-up.
            let h: UInt64? = b.withUnsafeBufferPointer { p in
                guard isWordStart(p, i) else { return nil }
                let h = hash(p, i)
                if filter[Int(h & 4095)] { return h }
                // `UIKit-3698.94.14` in an assertion's path: the UIKit build.
                let isBuild = i + 6 < p.count && p[i + 5] == UInt8(ascii: "-") && (0..<5).allSatisfy { CrashMatcher.lower(p[i + $0]) == uikitWord[$0] }
                return isBuild ? h : nil
            }
            guard let h else { i += 1; continue }
            if let candidates = table[h], let (k, m) = best(candidates, matcher, at: i) {
                let entry = CrashCatalogue.entries[k]
                var finding = CrashFinding(entry: entry, message: trimmedString(b, i, m.end), facts: m.facts,
                                           truncated: m.truncated, count: 1, exceptionName: nil, assertionFlavor: nil)
                if isUpper(b[i]), !entry.pattern.startsUpper { finding.facts.set("capitalized", .string("true")) }
                if let e = lastException, i - e.at < 400 { finding.exceptionName = e.name }
                if let a = lastAssertion, i - a.at < 3000 { finding.assertionFlavor = a.flavor }
                record(finding, into: &scan, keys: &keys, cap: maxFindings)
                i = max(m.end, i + 1)
                continue
            }
            context(b, i, h, &scan, &lastException, &lastAssertion)
            i += 1
        }
        mergeTruncated(&scan)
        return scan
    }

    /// The entry that matches best at `i`: a complete match over a cut one, then the longest.
    static func best(_ candidates: [Int], _ matcher: CrashMatcher, at i: Int) -> (Int, CrashMatcher.Match)? {
        var best: (Int, CrashMatcher.Match)?
        for k in candidates {
            let pattern = CrashCatalogue.entries[k].pattern
            // Most candidates fail on their first literal: checked without starting a match.
            if case .failed = matcher.literal(pattern.firstLiteral, at: i) { continue }
            guard let m = matcher.match(pattern, at: i) else { continue }
            if let (_, current) = best {
                let better = (current.truncated && !m.truncated) || (current.truncated == m.truncated && m.end > current.end)
                if !better { continue }
            }
            best = (k, m)
        }
        return best
    }

    static func record(_ f: CrashFinding, into scan: inout CrashScan, keys: inout [String: Int], cap: Int) {
        let key = dedupKey(f)
        if let k = keys[key] { scan.findings[k].count += 1; return }
        guard scan.findings.count < cap else { scan.omitted += 1; return }
        keys[key] = scan.findings.count
        scan.findings.append(f)
    }

    /// A cut copy of a reason the text also holds whole counts as that reason.
    static func mergeTruncated(_ scan: inout CrashScan) {
        var k = 0
        while k < scan.findings.count {
            let f = scan.findings[k]
            if f.truncated, let whole = scan.findings.firstIndex(where: {
                !$0.truncated && $0.entry.code == f.entry.code && dedupKey($0).hasPrefix(dedupKey(f))
            }) {
                scan.findings[whole].count += f.count
                scan.findings.remove(at: k)
                continue
            }
            k += 1
        }
    }

    /// The message with `0x…` pointers masked and whitespace as single spaces.
    public static func dedupKey(_ f: CrashFinding) -> String { comparable(f.message) }

    /// A message as compared across wrappers and round trips: hex pointers (`0x2824ba7c0`,
    /// `0xPTR`) masked, every whitespace run one space, no leading or trailing whitespace.
    public static func comparable(_ s: String) -> String {
        var out: [UInt8] = []
        let b = Array(s.utf8)
        var i = 0
        var space = false
        while i < b.count {
            let c = b[i]
            if c == 0x20 || c == 0x0A || c == 0x09 || c == 0x0D {
                space = !out.isEmpty
                i += 1
                continue
            }
            if space { out.append(0x20); space = false }
            if c == UInt8(ascii: "0"), i + 1 < b.count, b[i + 1] == UInt8(ascii: "x") {
                out.append(contentsOf: [UInt8(ascii: "0"), UInt8(ascii: "x")])
                i += 2
                while i < b.count, isAlnum(b[i]) { i += 1 }
                continue
            }
            out.append(c)
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}
