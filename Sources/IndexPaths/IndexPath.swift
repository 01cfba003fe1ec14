/// A (section, item) pair, ordered section-major as UIKit orders `IndexPath`s.
/// Named like UIKit's; modules that also import Foundation write `IndexPaths.IndexPath`.
///
/// Its own module so that LayoutEngine and UpdateEngine, which share only this type, compile
/// side by side (see Package.swift). Both re-export it. Everything here is `@inlinable` so the
/// engine's hot loops see through the module boundary as they did when it lived in LayoutEngine.
public struct IndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var section: Int
    public var item: Int
    @inlinable public init(section: Int, item: Int) { self.section = section; self.item = item }

    @inlinable public static func == (lhs: IndexPath, rhs: IndexPath) -> Bool {
        lhs.section == rhs.section && lhs.item == rhs.item
    }

    /// Combines the fields in declaration order, as the synthesized conformance did.
    @inlinable public func hash(into hasher: inout Hasher) {
        hasher.combine(section)
        hasher.combine(item)
    }

    @inlinable public static func < (lhs: IndexPath, rhs: IndexPath) -> Bool {
        lhs.section != rhs.section ? lhs.section < rhs.section : lhs.item < rhs.item
    }

    /// "0 - 3", the way `NSIndexPath` prints its path.
    public var description: String { "\(section) - \(item)" }
}
