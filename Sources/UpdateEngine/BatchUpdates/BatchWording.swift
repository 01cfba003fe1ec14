/// An iOS release number (`16.4`, `17.2.1`), compared numerically.
public struct IOSVersion: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var major: Int
    public var minor: Int
    public var patch: Int

    public init(_ major: Int, _ minor: Int = 0, _ patch: Int = 0) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    /// `"17"`, `"17.2"`, `"17.2.1"`; nil for anything else (or a major outside 2...40).
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.count <= 4 && $0.allSatisfy(\.isASCII) }) else { return nil }
        let numbers = parts.compactMap { Int($0) }
        guard numbers.count == parts.count, (2...40).contains(numbers[0]), numbers.allSatisfy({ $0 >= 0 }) else { return nil }
        self.init(numbers[0], numbers.count > 1 ? numbers[1] : 0, numbers.count > 2 ? numbers[2] : 0)
    }

    public var description: String { patch == 0 ? "\(major).\(minor)" : "\(major).\(minor).\(patch)" }

    public static func < (a: IOSVersion, b: IOSVersion) -> Bool {
        (a.major, a.minor, a.patch) < (b.major, b.minor, b.patch)
    }
}

/// How the validator words UIKit's reasons: the classic wording every answer had (the default,
/// unchanged), or the wording of one iOS release, so a crash message copied from that release is
/// reproduced character for character.
///
/// - `ios` ≥ 16.4: a count mismatch where the data source reports fewer sections or items than
///   the updates imply is raised as "Invalid batch updates detected: …" (UIKit's update maps
///   cannot place every item; real output, forums thread 728797 and a Mac Catalyst run on
///   Xcode 26.6), more as the classic "Invalid update: …" with one space after its first sentence
///   (decompiled iOS 26.1 `_endItemAnimationsWithInvalidationContext:`); the 16.4 text is printed
///   with UIKit's line breaks and tabs, "before and/or after" before iOS 17, "before and after"
///   from iOS 17 (real reports).
/// - `capitalized`: "Attempt to …" as one iOS 15 report prints it.
public struct BatchWording: Hashable, Sendable {
    public var ios: IOSVersion?
    public var capitalized: Bool

    public init(ios: IOSVersion? = nil, capitalized: Bool = false) {
        self.ios = ios
        self.capitalized = capitalized
    }

    /// The wording every answer had before this option: double spaces, one-line 16.4 text.
    public static let classic = BatchWording()

    public var isClassic: Bool { self == .classic }

    /// Whether count mismatches may be raised in the 16.4 form.
    var raises164: Bool { ios.map { $0 >= IOSVersion(16, 4) } ?? false }
    /// "and" from iOS 17, "and/or" before.
    var andOr: String { ios.map { $0 >= IOSVersion(17) ? "and" : "and/or" } ?? "and/or" }
}
