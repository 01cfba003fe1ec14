/// Words, their hashes, and the context the scanner keeps (exception names, assertion methods,
/// the iOS version and UIKit build a report states).
extension CrashScanner {
    /// Anchor words are compared on at most this many bytes.
    static let wordCap = 24

    @inline(__always) static func isAlnum(_ c: UInt8) -> Bool {
        (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A)
    }
    @inline(__always) static func isUpper(_ c: UInt8) -> Bool { c >= 0x41 && c <= 0x5A }
    @inline(__always) static func isWordByte(_ c: UInt8) -> Bool {
        isAlnum(c) || c == UInt8(ascii: "-") || c == UInt8(ascii: "_") || c == UInt8(ascii: "[")
    }

    /// A letter, `_`, or `-[` not preceded by a letter, digit or `_`; or a capital right after
    /// "Exception": Crashlytics (Fabric) exports glue the exception's name to its reason
    /// ("Fatal Exception: NSInternalInconsistencyExceptionInvalid update: …", a real report).
    @inline(__always) static func isWordStart(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> Bool {
        let c = b[i]
        let starts = isAlnum(c) && !(c >= 0x30 && c <= 0x39) || c == UInt8(ascii: "_")
            || (c == UInt8(ascii: "-") && i + 1 < b.count && b[i + 1] == UInt8(ascii: "["))
        guard starts else { return false }
        guard i > 0 else { return true }
        let p = b[i - 1]
        guard isAlnum(p) || p == UInt8(ascii: "_") else { return true }
        return isUpper(c) && p == UInt8(ascii: "n") && endsWithException(b, i)
    }

    static let exceptionSuffix = Array("Exception".utf8)

    /// Whether the bytes before `i` end in "Exception".
    @inline(__always) static func endsWithException(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> Bool {
        guard i >= exceptionSuffix.count else { return false }
        for k in 0..<exceptionSuffix.count where b[i - exceptionSuffix.count + k] != exceptionSuffix[k] { return false }
        return true
    }

    /// The lowercased word at `from` (word bytes, at most `wordCap`).
    static func word(_ b: ArraySlice<UInt8>, from: Int) -> [UInt8] {
        var out: [UInt8] = []
        var i = from
        while i < b.endIndex, out.count < wordCap, isWordByte(b[i]) || (i == from && b[i] == UInt8(ascii: "-")) {
            out.append(CrashMatcher.lower(b[i]))
            i += 1
        }
        return out
    }

    /// FNV-1a of the lowercased word at `i` (the scanner's hot path: no slice, no bounds checks).
    @inline(__always) static func hash(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        var j = i
        while j < b.count, j - i < wordCap, isWordByte(b[j]) || (j == i && b[j] == UInt8(ascii: "-")) {
            h = (h ^ UInt64(CrashMatcher.lower(b[j]))) &* 0x0000_0100_0000_01b3
            j += 1
        }
        return h
    }

    /// Hash slots of every anchor and context word (`hash(_:_:)` & 4095).
    static let wordFilter: [Bool] = {
        var f = [Bool](repeating: false, count: 4096)
        let keys = Array(CrashCatalogue.byAnchor.keys) + Array(exceptionWords.keys) + Array(versionWords.keys)
            + [tableAssertion, collectionAssertion, tableWord, collectionWord, hash(Array("uikit-".utf8)[...])]
        for k in keys { f[Int(k & 4095)] = true }
        return f
    }()

    /// FNV-1a of the lowercased word at the slice's start.
    static func hash(_ b: ArraySlice<UInt8>) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        var i = b.startIndex
        var n = 0
        while i < b.endIndex, n < wordCap, isWordByte(b[i]) || (n == 0 && b[i] == UInt8(ascii: "-")) {
            h = (h ^ UInt64(CrashMatcher.lower(b[i]))) &* 0x0000_0100_0000_01b3
            i += 1
            n += 1
        }
        return h
    }

    static func trimmedString(_ b: [UInt8], _ start: Int, _ end: Int) -> String {
        var e = end
        while e > start, CrashMatcher.isSpace(b[e - 1]) { e -= 1 }
        return String(decoding: b[start..<e], as: UTF8.self)
    }

    static let exceptionWords: [UInt64: String] = Dictionary(uniqueKeysWithValues: [
        "NSInternalInconsistencyException", "NSRangeException", "NSInvalidArgumentException", "NSGenericException",
    ].map { (hash(Array($0.utf8)[...]), $0) })
    static let tableAssertion = hash(Array("_endCellAnimationsWithContext".utf8)[...])
    static let collectionAssertion = hash(Array("_endItemAnimationsWithInvalidationContext".utf8)[...])
    static let tableWord = hash(Array("UITableView".utf8)[...])
    static let collectionWord = hash(Array("UICollectionView".utf8)[...])
    static let versionWords: [UInt64: Int] = [
        hash(Array("iOS".utf8)[...]): 0, hash(Array("iPadOS".utf8)[...]): 0, hash(Array("iPhone".utf8)[...]): 1,
    ]
    static let uikitWord = Array("uikit-".utf8)

    /// Notes what a word at `i` (hash `h`) says about the context.
    static func context(_ b: [UInt8], _ i: Int, _ h: UInt64, _ scan: inout CrashScan,
                        _ lastException: inout (name: String, at: Int)?, _ lastAssertion: inout (flavor: String, at: Int)?) {
        if let name = exceptionWords[h] {
            lastException = (name, i)
        } else if h == tableAssertion {
            lastAssertion = ("tableView", i)
        } else if h == collectionAssertion {
            lastAssertion = ("collectionView", i)
        } else if h == tableWord, wordEnds(b, i + 11) {
            scan.tableViewMentions += 1
        } else if h == collectionWord, wordEnds(b, i + 16) {
            scan.collectionViewMentions += 1
        } else if scan.iosVersion == nil, let skip = versionWords[h] {
            scan.iosVersion = version(b, i, skipWords: skip)
        } else if scan.uikitBuild == nil, i + 7 < b.count, b[i + 6] >= 0x30, b[i + 6] <= 0x39,
                  (0..<6).allSatisfy({ CrashMatcher.lower(b[i + $0]) == uikitWord[$0] }) {
            var e = i + 6
            while e < b.count, e - i < 32, (b[e] >= 0x30 && b[e] <= 0x39) || b[e] == UInt8(ascii: ".") { e += 1 }
            if b[e - 1] == UInt8(ascii: ".") { e -= 1 }
            scan.uikitBuild = String(decoding: b[(i + 6)..<e], as: UTF8.self)
        }
    }

    static func wordEnds(_ b: [UInt8], _ e: Int) -> Bool { e >= b.count || !(isAlnum(b[e]) || b[e] == UInt8(ascii: "_")) }

    /// Sentry's event JSON names the OS and its version apart: `"os":{"name":"iOS","version":"17.2"}`
    /// (`"iOS"` then, within 40 bytes, `"version":"17.2"`).
    static func jsonVersion(_ b: [UInt8], _ i: Int) -> String? {
        var j = i
        while j < b.count, isAlnum(b[j]) { j += 1 }
        guard j < b.count, b[j] == UInt8(ascii: "\"") else { return nil }
        let key = versionKey
        let limit = min(b.count - key.count, j + 40)
        var k = j + 1
        while k <= limit {
            if b[k] == key[0], b[k..<(k + key.count)].elementsEqual(key) {
                var v = k + key.count
                while v < b.count, v - k < 60, b[v] == 0x20 || b[v] == UInt8(ascii: ":") || b[v] == UInt8(ascii: "\"") { v += 1 }
                return versionNumber(b, at: v)
            }
            k += 1
        }
        return nil
    }

    static let versionKey = Array("\"version\"".utf8)

    /// `iOS 17.2`, `iPadOS 17.2`, `iPhone OS 17.2`: the version after the word (and "OS"); or
    /// Sentry's JSON form.
    static func version(_ b: [UInt8], _ i: Int, skipWords: Int) -> String? {
        if skipWords == 0, let v = jsonVersion(b, i) { return v }
        var j = i
        for _ in 0...skipWords {
            while j < b.count, isAlnum(b[j]) { j += 1 }
            guard j < b.count, b[j] == 0x20 else { return nil }
            j += 1
        }
        if skipWords == 1 {
            // "iPhone OS": the skipped word must be "OS".
            guard j >= 3, CrashMatcher.lower(b[j - 3]) == UInt8(ascii: "o"), CrashMatcher.lower(b[j - 2]) == UInt8(ascii: "s") else { return nil }
        }
        return versionNumber(b, at: j)
    }

    /// `17`, `17.2` or `17.2.1` at `start` (a trailing period dropped, not followed by a letter or
    /// digit), with a major release from 2 to 40; else nil.
    static func versionNumber(_ b: [UInt8], at start: Int) -> String? {
        var j = start
        var dots = 0
        while j < b.count, j - start < 12, (b[j] >= 0x30 && b[j] <= 0x39) || (b[j] == UInt8(ascii: ".") && dots < 2) {
            if b[j] == UInt8(ascii: ".") { dots += 1 }
            j += 1
        }
        while j > start, b[j - 1] == UInt8(ascii: ".") { j -= 1 }
        guard j > start, j >= b.count || !isAlnum(b[j]) else { return nil }
        let v = String(decoding: b[start..<j], as: UTF8.self)
        guard let major = Int(v.split(separator: ".").first ?? ""), major >= 2, major <= 40 else { return nil }
        return v
    }
}
