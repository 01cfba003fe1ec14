@testable import LayoutAPI
import LayoutEngine
import Testing

/// `KindPrefixes.for` hands a table built for the same kinds to later layouts (every list names
/// the same five). A kept table must be byte for byte the table those kinds would get new, and
/// a table for other kinds must never be handed out.
@Suite struct KindPrefixesTests {
    static let listKinds = ["_UICollectionViewListLayoutSectionBackgroundColorDecorationElementKind",
                            "UICollectionViewListLayoutElementKindBottomSeparator",
                            "UICollectionViewListLayoutElementKindTopSeparator", "header", "footer"]

    /// Every prefix of `table`, supplementary then decoration, for kinds 0..<count.
    static func prefixes(_ table: KindPrefixes, count: Int) -> [String] {
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: 4096)
        defer { scratch.deallocate() }
        var out: [String] = []
        for k in 0..<count {
            for category in [ElementCategory.supplementaryView, .decorationView] {
                let end = table.write(category, SupplementaryKind(rawValue: UInt16(k)), to: scratch)
                out.append(String(decoding: UnsafeBufferPointer(start: scratch, count: scratch.distance(to: end)), as: UTF8.self))
            }
        }
        return out
    }

    @Test func aKeptTableIsTheTableItsKindsWouldGetNew() {
        let first = KindPrefixes.for(Self.listKinds)
        let again = KindPrefixes.for(Self.listKinds)
        #expect(again.kinds == Self.listKinds)
        #expect(Self.prefixes(again, count: 5) == Self.prefixes(KindPrefixes(Self.listKinds), count: 5))
        #expect(Self.prefixes(first, count: 5) == Self.prefixes(again, count: 5))
        #expect(Self.prefixes(again, count: 5)[3]
            == #"{"category":"decorationView","kind":"UICollectionViewListLayoutElementKindBottomSeparator","indexPath":["#)
    }

    @Test func kindsThatDifferInOneNameOrInOrderGetTheirOwnTable() {
        _ = KindPrefixes.for(Self.listKinds)
        var renamed = Self.listKinds
        renamed[2] = "badge \"quoted\""
        let other = KindPrefixes.for(renamed)
        #expect(other.kinds == renamed)
        #expect(Self.prefixes(other, count: 5)[4] == #"{"category":"supplementaryView","kind":"badge \"quoted\"","indexPath":["#)
        let swapped = Array(Self.listKinds.reversed())
        let reversed = KindPrefixes.for(swapped)
        #expect(Self.prefixes(reversed, count: 5) == Self.prefixes(KindPrefixes(swapped), count: 5))
        #expect(Self.prefixes(reversed, count: 5) != Self.prefixes(KindPrefixes(Self.listKinds), count: 5))
    }

    @Test func namesEqualAsSwiftStringsButNotByteForByteGetTheirOwnTable() {
        let composed = ["caf\u{E9}"], decomposed = ["cafe\u{301}"]
        #expect(composed == decomposed)   // canonical equivalence
        _ = KindPrefixes.for(composed)
        let table = KindPrefixes.for(decomposed)
        let written = Array(Self.prefixes(table, count: 1)[0].utf8)
        #expect(written == Array(#"{"category":"supplementaryView","kind":"cafe\#u{301}","indexPath":["#.utf8))
    }

    @Test func aLargeTableIsMadeButNotKept() {
        let many = (0..<100).map { "kind-\($0)-" + String(repeating: "x", count: 40) }
        let made = KindPrefixes.for(many)
        #expect(Self.prefixes(made, count: 100) == Self.prefixes(KindPrefixes(many), count: 100))
        #expect(!KindPrefixes.isKept(many))
        _ = KindPrefixes.for(Self.listKinds)
        #expect(KindPrefixes.isKept(Self.listKinds))
    }

    @Test func theFlowFamilysKindsUseTheSharedStandardTable() {
        #expect(KindPrefixes.for(Layout.defaultElementKinds).approximateBytes == 0)
        #expect(!KindPrefixes.isKept(Layout.defaultElementKinds))
    }
}
