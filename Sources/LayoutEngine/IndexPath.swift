/// A (section, item) pair, ordered section-major as UIKit orders `IndexPath`s.
/// Named like UIKit's; modules that also import Foundation write `LayoutEngine.IndexPath`.
public struct IndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var section: Int
    public var item: Int
    public init(section: Int, item: Int) { self.section = section; self.item = item }

    public static func < (lhs: IndexPath, rhs: IndexPath) -> Bool {
        lhs.section != rhs.section ? lhs.section < rhs.section : lhs.item < rhs.item
    }

    /// "0 - 3", the way `NSIndexPath` prints its path.
    public var description: String { "\(section) - \(item)" }
}
