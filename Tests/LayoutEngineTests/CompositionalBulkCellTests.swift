@testable import LayoutEngine
import TestSupport
import Testing

/// The compositional cell writer (SectionCellRun's bulk copy, blocks of repetitions with one
/// rounding per run) against the element-by-element path (`next()`, the writer before it), and
/// both against the answers of the solver before issue 20 (a digest taken from main's engine),
/// on seeded random layouts: random sizes (fractional, absolute, estimated, non-integer), item
/// and section insets, inter-item and inter-group spacing, nested groups and counts, self-sized
/// repetitions, orthogonal scrolling, horizontal scrolling (solved transposed), right to left,
/// boundary items, badges and decorations. Errors (with their messages and pointers) count too.
@Suite struct CompositionalBulkCellTests {
    /// The bulk writer gives the same bytes (frame bit patterns included) as `next()` per cell.
    @Test func bulkCellsMatchOneByOneOnRandomLayouts() throws {
        var rng = Seeded(state: 20)
        var laidOut = 0, cells = 0
        for _ in 0..<400 {
            let c = RandomCompositional.configuration(&rng)
            let fast = Result { () throws(CompositionalError) -> Layout in try CompositionalLayout.layout(c) }
            let reference = Result { () throws(CompositionalError) -> Layout in try CompositionalLayout.layout(c, referenceCells: true) }
            switch (fast, reference) {
            case (.success(let a), .success(let b)):
                laidOut += 1
                cells += a.attributes.count
                #expect(a == b)
                #expect(Self.bits(a) == Self.bits(b))
            case (.failure(let a), .failure(let b)):
                #expect(a == b)
            default:
                Issue.record("one path failed where the other did not: \(fast) / \(reference)")
            }
        }
        // The generator must exercise real layouts, not only refusals.
        #expect(laidOut > 150)
        #expect(cells > 20_000)
    }

    /// The compositional rounding (1.5 · 2^52 added and subtracted, ties moved away from zero)
    /// gives the bit pattern of `PointRounding.roundToPixel`, the rounding every layout used
    /// before, at every scale: exact halves and thirds, values just either side of them,
    /// negatives (including those that round to zero), signed zeros, values around 2^51 and
    /// 2^52, huge values, infinities, NaN and random bit patterns.
    @Test func pixelRoundingMatchesPointRoundingBitForBit() {
        var rng = SeededRandom(seed: 45)
        var values: [Double] = [0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.25, -0.25, 0.49999999999999994, -0.49999999999999994,
                                1.0 / 3, -1.0 / 3, 2.0 / 3, -2.0 / 3, 337.6, -337.6, 1e300, -1e300,
                                .greatestFiniteMagnitude, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .infinity, -.infinity, .nan]
        for big in [2_251_799_813_685_248.0, 4_503_599_627_370_496, 6_755_399_441_055_744] {
            for d in [-2.5, -1.5, -1, -0.5, 0, 0.5, 1, 1.5, 2.5] { values += [big + d, -big + d, (big + d).nextUp, (big + d).nextDown] }
        }
        for _ in 0..<20_000 {
            let pixels = Double(rng.below(2_000_001)) - 1_000_000
            let sixths = Double(rng.below(6)) / 6
            let base = (pixels + sixths) / Double(1 + rng.below(3))
            let half = (Double(rng.below(2_000_001)) - 1_000_000) + 0.5
            values += [base, base.nextUp, base.nextDown, half, half.nextUp, half.nextDown, Double(bitPattern: rng.next())]
        }
        var mismatches: [Double] = []
        for scale in [1.0, 2, 3, 0.5, 1.5, 0, -2] {
            let grid = PixelGrid(scale: scale, floorsFractions: true)
            for v in values where grid.round(v).bitPattern != PointRounding.roundToPixel(v, scale: scale).bitPattern {
                mismatches.append(v)
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
        #expect(values.count > 140_000)
    }

    /// The same random layouts digested (frames as bit patterns, index paths, kinds, z, flags,
    /// content size; code, pointer and message for refusals): equal to the digest main's engine
    /// (before the bulk writer, lazy error paths and solver stacks) gives for them.
    @Test func randomLayoutsMatchThePreviousSolver() {
        var rng = Seeded(state: 20)
        var digest = Digest()
        for _ in 0..<400 {
            let c = RandomCompositional.configuration(&rng)
            do {
                Self.add(try CompositionalLayout.layout(c), to: &digest, countingKinds: true)
            } catch {
                digest.add(2)
                digest.add(error.code)
                digest.add(error.path.spelled)
                digest.add(error.message)
            }
        }
        #expect(digest.value == Self.previousSolverDigest)
    }

    /// The digest main's engine (f126f07, before this rewrite) gives for these 400 layouts.
    static let previousSolverDigest: UInt64 = 6_277_612_938_926_998_069

    /// Random lists with separators (every appearance, header and footer modes, visibilities,
    /// custom and automatic insets, self-sized rows, scales 1-3, right to left): the digest main's
    /// engine gives for them (separators now round x, width and thickness once per value).
    @Test func randomListsMatchThePreviousEngine() {
        var rng = Seeded(state: 17)
        var digest = Digest()
        var separators = 0
        for _ in 0..<150 {
            let c = RandomCompositional.list(&rng)
            do {
                let layout = try CompositionalLayout.layout(c)
                separators += layout.attributes.filter { $0.category == .decorationView && $0.frame.size.height < 1.01 }.count
                Self.add(layout, to: &digest)
            } catch {
                digest.add(2)
                digest.add(error.message)
            }
        }
        #expect(separators > 3_000)
        #expect(digest.value == Self.previousListDigest)
    }

    /// The digest main's engine (f126f07) gives for these 150 lists.
    static let previousListDigest: UInt64 = 1_083_764_565_584_263_181

    static func add(_ layout: Layout, to digest: inout Digest, countingKinds: Bool = false) {
        digest.add(1)
        digest.add(layout.contentSize.width.bitPattern)
        digest.add(layout.contentSize.height.bitPattern)
        for a in layout.attributes {
            digest.add(UInt64(a.category.rawValue))
            digest.add(UInt64(a.kind?.rawValue ?? 0xFFFF))
            digest.add(UInt64(bitPattern: Int64(a.indexPath.section)))
            digest.add(UInt64(bitPattern: Int64(a.indexPath.item)))
            for v in [a.frame.origin.x, a.frame.origin.y, a.frame.size.width, a.frame.size.height] { digest.add(v.bitPattern) }
            digest.add(UInt64(bitPattern: Int64(a.zIndex)))
            digest.add((a.isEstimated ? 1 : 0) | (a.isGlobal ? 2 : 0) | (a.pinsToVisibleBounds ? 4 : 0))
        }
        if countingKinds { digest.add(UInt64(layout.elementKinds.count)) }
        for kind in layout.elementKinds { digest.add(kind) }
    }

    /// The bulk copy into a buffer smaller than the run, then `next()` for the rest (as
    /// `Array.append(contentsOf:)` would), equals `next()` all the way.
    @Test func partialBulkCopyContinuesWithNext() {
        let leaves = (0..<3).map { k in
            GroupSolution.Leaf(frame: Rect(x: 0, y: 0, width: 10, height: 10),
                               cell: Rect(x: Double(k) * 10.3, y: k == 2 ? 11.1 : 0.7, width: 10, height: 10),
                               badgeStart: 0, badgeCount: 0, isEstimated: k == 1)
        }
        let fixed = leaves.map { Rect(x: $0.cell.origin.x, y: 0, width: 10, height: 10) }
        for total in [1, 2, 3, 4, 7, 200] {
            for split in Set([0, 1, 2, 3, 5, total / 2, total - 1, total]) where split >= 0 && split <= total {
                leaves.withUnsafeBufferPointer { l in
                    fixed.withUnsafeBufferPointer { f in
                        let run = SectionCellRun(leaves: l, fixed: f, count: total, section: 2, first: 5, start: 100.2,
                                                 stride: 21.35, alongX: false, zIndex: 1, grid: PixelGrid(scale: 3, floorsFractions: true),
                                                 transposed: false)
                        var reference: [LayoutAttributes] = []
                        var it = run
                        while let a = it.next() { reference.append(a) }
                        let buffer = UnsafeMutableBufferPointer<LayoutAttributes>.allocate(capacity: split)
                        defer { buffer.deallocate() }
                        var (rest, written) = run._copyContents(initializing: buffer)
                        var out = Array(buffer[0..<written])
                        if written > 0 { buffer.baseAddress?.deinitialize(count: written) }
                        while let a = rest.next() { out.append(a) }
                        #expect(written == split)
                        #expect(out == reference)
                    }
                }
            }
        }
    }

    static func bits(_ layout: Layout) -> [UInt64] {
        layout.attributes.flatMap { a in
            [a.frame.origin.x, a.frame.origin.y, a.frame.size.width, a.frame.size.height].map(\.bitPattern)
        }
    }
}

/// FNV-1a, 64 bits.
struct Digest {
    var value: UInt64 = 0xCBF2_9CE4_8422_2325
    mutating func add(_ v: UInt64) {
        for shift in Swift.stride(from: 0, to: 64, by: 8) {
            value ^= (v >> UInt64(shift)) & 0xFF
            value &*= 0x100_0000_01B3
        }
    }
    mutating func add(_ s: String) {
        add(UInt64(s.utf8.count))
        for b in s.utf8 { value ^= UInt64(b); value &*= 0x100_0000_01B3 }
    }
}

/// TestSupport's SplitMix64 with the draws these layouts need.
struct Seeded {
    var base: SeededRandom
    init(state: UInt64) { base = SeededRandom(seed: state) }
    mutating func next() -> UInt64 { base.next() }
    mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    mutating func chance(_ percent: Int) -> Bool { int(100) < percent }
    /// In [low, high), in steps of 1/64 plus sometimes a third (pixel-unfriendly values).
    mutating func value(_ low: Double, _ high: Double) -> Double {
        let steps = Int((high - low) * 64)
        var v = low + Double(int(max(steps, 1))) / 64
        if chance(30) { v += 1.0 / 3 }
        return min(v, high)
    }
}

/// Random compositional configurations (vertical or horizontal, one to three sections).
enum RandomCompositional {
    static func configuration(_ rng: inout Seeded) -> CompositionalConfiguration {
        let horizontal = rng.chance(20)
        let rtl = rng.chance(10)
        let metrics = CollectionViewMetrics(width: rng.value(320, 430), height: rng.value(600, 900), scale: Double(1 + rng.int(3)),
                                            safeAreaInsets: Insets(top: 0, left: rng.chance(30) ? 44 : 0, bottom: 0, right: rng.chance(30) ? 34 : 0),
                                            layoutDirection: rtl ? .rightToLeft : .leftToRight)
        let sectionCount = 1 + rng.int(3)
        let sections = (0..<sectionCount).map { _ in section(&rng) }
        let counts = (0..<(sectionCount + rng.int(2))).map { _ in rng.chance(10) ? 0 : rng.int(rng.chance(20) ? 2_000 : 120) }
        var preferred: [IndexPath: Size] = [:]
        if rng.chance(40) {
            for _ in 0..<rng.int(12) {
                let s = rng.int(counts.count)
                guard counts[s] > 0 else { continue }
                preferred[IndexPath(section: s, item: rng.int(counts[s]))] = Size(width: rng.value(20, 300), height: rng.value(20, 200))
            }
        }
        var boundary: [BoundarySupplementaryItem] = []
        if rng.chance(15) {
            boundary.append(BoundarySupplementaryItem(elementKind: "banner", alignment: .top,
                                                      layoutSize: CompositionalSize(width: .fractionalWidth(1), height: .absolute(rng.value(20, 60)))))
        }
        return CompositionalConfiguration(collectionView: metrics, scrollDirection: horizontal ? .horizontal : .vertical,
                                          interSectionSpacing: rng.chance(50) ? rng.value(0, 20) : 0,
                                          contentInsetsReference: rng.chance(50) ? .safeArea : .none,
                                          boundarySupplementaryItems: boundary, sections: sections, itemCounts: counts,
                                          preferredSizes: preferred)
    }

    /// A list layout: one to three list sections with separators reported.
    static func list(_ rng: inout Seeded) -> CompositionalConfiguration {
        let metrics = CollectionViewMetrics(width: rng.value(320, 430), height: 852, scale: Double(1 + rng.int(3)),
                                            safeAreaInsets: Insets(top: 0, left: rng.chance(20) ? 47 : 0, bottom: 0, right: rng.chance(20) ? 47 : 0),
                                            layoutDirection: rng.chance(15) ? .rightToLeft : .leftToRight)
        let appearances = ListAppearance.allCases, visibilities = ListSeparatorVisibility.allCases
        let sections = (0..<(1 + rng.int(3))).map { _ -> CompositionalSection in
            let separators = ListSeparatorConfiguration(
                topSeparatorVisibility: visibilities[rng.int(visibilities.count)], bottomSeparatorVisibility: visibilities[rng.int(visibilities.count)],
                topSeparatorInsets: rng.chance(30) ? ListSeparatorInsets(leading: rng.value(0, 40), trailing: rng.value(0, 20)) : nil,
                bottomSeparatorInsets: rng.chance(30) ? ListSeparatorInsets(leading: rng.value(0, 40), trailing: rng.value(0, 20)) : nil)
            let list = ListSectionConfiguration(appearance: appearances[rng.int(appearances.count)],
                                                headerMode: [ListHeaderMode.none, .supplementary, .firstItemInSection][rng.int(3)],
                                                footerMode: rng.chance(40) ? .supplementary : .none,
                                                separatorConfiguration: separators, rowHeight: rng.chance(30) ? rng.value(30, 80) : nil,
                                                interGroupSpacing: rng.chance(20) ? rng.value(0, 8) : 0)
            return .listSection(list)
        }
        let counts = (0..<sections.count).map { _ in rng.int(rng.chance(20) ? 400 : 30) }
        var c = CompositionalConfiguration(collectionView: metrics, sections: sections, itemCounts: counts)
        c.listEnvironment.includeSeparators = true
        if rng.chance(30) {
            for _ in 0..<rng.int(8) {
                let s = rng.int(counts.count)
                guard counts[s] > 0 else { continue }
                c.preferredSizes[IndexPath(section: s, item: rng.int(counts[s]))] = Size(width: metrics.width, height: rng.value(30, 120))
            }
        }
        return c
    }

    static func section(_ rng: inout Seeded) -> CompositionalSection {
        let orthogonal: OrthogonalScrollingBehavior = rng.chance(20) ? (rng.chance(50) ? .continuous : .groupPaging) : .none
        var boundary: [BoundarySupplementaryItem] = []
        if rng.chance(30) {
            boundary.append(BoundarySupplementaryItem(elementKind: "header", alignment: .top,
                                                      layoutSize: CompositionalSize(width: .fractionalWidth(1), height: rng.chance(30) ? .estimated(44) : .absolute(rng.value(20, 60))),
                                                      pinToVisibleBounds: rng.chance(30)))
        }
        if rng.chance(20) {
            boundary.append(BoundarySupplementaryItem(elementKind: "footer", alignment: .bottom,
                                                      layoutSize: CompositionalSize(width: .fractionalWidth(1), height: .absolute(rng.value(10, 40)))))
        }
        let decorations = rng.chance(10) ? [DecorationItem(elementKind: "background", contentInsets: DirectionalInsets(top: 4, leading: 4, bottom: 4, trailing: 4))] : []
        return CompositionalSection(group: group(&rng, depth: 0, orientation: rng.chance(70) ? .horizontal : .vertical),
                                    contentInsets: rng.chance(50) ? insets(&rng, 24) : .zero,
                                    interGroupSpacing: rng.chance(50) ? rng.value(0, 16) : 0,
                                    boundarySupplementaryItems: boundary, decorationItems: decorations,
                                    orthogonalScrollingBehavior: orthogonal)
    }

    static func group(_ rng: inout Seeded, depth: Int, orientation: GroupOrientation) -> CompositionalGroup {
        let along: CompositionalDimension = depth == 0 ? .fractionalWidth(1) : fraction(&rng)
        let across: CompositionalDimension
        switch rng.int(4) {
        case 0: across = .absolute(rng.value(30, 200))
        case 1: across = .fractionalWidth(rng.value(0.1, 0.6))
        case 2: across = .estimated(rng.value(30, 120))
        default: across = depth == 0 ? .absolute(rng.value(40, 160)) : .fractionalHeight(rng.value(0.3, 1))
        }
        let size = orientation == .horizontal ? CompositionalSize(width: along, height: across) : CompositionalSize(width: across, height: along)
        var subitems: [CompositionalSubitem] = []
        for _ in 0..<(1 + rng.int(3)) {
            if depth == 0, rng.chance(30) {
                subitems.append(.group(group(&rng, depth: 1, orientation: orientation == .horizontal ? .vertical : .horizontal)))
            } else {
                subitems.append(.item(item(&rng)))
            }
        }
        var count: Int?
        if subitems.count == 1, rng.chance(25) { count = 1 + rng.int(4) }
        let spacing: CompositionalSpacing? = rng.chance(40) ? (rng.chance(70) ? .fixed(rng.value(0, 12)) : .flexible(rng.value(0, 8))) : nil
        return CompositionalGroup(orientation: orientation, layoutSize: size, subitems: subitems, count: count,
                                  countKind: rng.chance(50) ? .subitemCount : .repeating, interItemSpacing: spacing,
                                  contentInsets: rng.chance(20) ? insets(&rng, 6) : .zero)
    }

    static func item(_ rng: inout Seeded) -> CompositionalItem {
        let width: CompositionalDimension = rng.chance(15) ? .absolute(rng.value(20, 120)) : (rng.chance(10) ? .estimated(rng.value(40, 120)) : fraction(&rng))
        let height: CompositionalDimension = rng.chance(20) ? .estimated(rng.value(20, 80)) : (rng.chance(20) ? .absolute(rng.value(20, 90)) : .fractionalHeight(rng.value(0.2, 1)))
        var badges: [CompositionalSupplementaryItem] = []
        if rng.chance(10) {
            badges.append(CompositionalSupplementaryItem(elementKind: "badge", layoutSize: CompositionalSize(width: .absolute(16), height: .absolute(16)),
                                                         containerAnchor: CompositionalAnchor(edges: [.top, .trailing], offset: Point(x: 5.5, y: -5.25))))
        }
        return CompositionalItem(layoutSize: CompositionalSize(width: width, height: height),
                                 contentInsets: rng.chance(40) ? insets(&rng, 10) : .zero, supplementaryItems: badges)
    }

    static func fraction(_ rng: inout Seeded) -> CompositionalDimension {
        let choices: [Double] = [1, 0.5, 1.0 / 3, 0.25, 0.2, 0.7, 0.3, 0.45]
        return .fractionalWidth(choices[rng.int(choices.count)])
    }

    static func insets(_ rng: inout Seeded, _ limit: Double) -> DirectionalInsets {
        DirectionalInsets(top: rng.value(0, limit), leading: rng.value(0, limit), bottom: rng.value(0, limit), trailing: rng.value(0, limit))
    }
}

/// The bulk writer's rounding (one test for the rare cases, else `even / scale`) against
/// `next()` (which calls `PixelGrid.round` per cell) where the rare cases live: exact pixel
/// ties either side of zero, coordinates past 2^51 pixels, infinities and NaN, signed zeros,
/// and every scale the grid accepts or refuses (1, 2, 3, 0.5, 1.5, 0, -2), along x and y,
/// transposed or not, over runs long enough for several blocks.
@Suite struct CompositionalBulkRoundingTests {
    @Test func bulkRoundingMatchesNextOnTiesHugeAndNonFiniteValues() {
        let starts: [Double] = [0, -0.0, 0.5, -0.5, 1.0 / 6, -1.0 / 6, 2.5, -2.5, 1e-300, -7.25, 1e16, -1e16, 7.5e14, 3e15,
                                1e300, -1e300, .infinity, -.infinity, .nan, 2_251_799_813_685_248, 750_599_937_895_082.5]
        let strides: [Double] = [0, 0.5, 1.0 / 3, 21.35, -13.5, 1e15]
        var compared = 0
        for scale in [1.0, 2, 3, 0.5, 1.5, 0, -2] {
            let grid = PixelGrid(scale: scale, floorsFractions: true)
            for start in starts {
                for stride in strides {
                    for (alongX, transposed) in [(false, false), (true, false), (false, true), (true, true)] {
                        let leaves = (0..<3).map { k in
                            GroupSolution.Leaf(frame: Rect(x: 0, y: 0, width: 10, height: 10),
                                               cell: Rect(x: k == 1 ? 0.5 : 1.0 / 6, y: k == 2 ? -0.5 : 0.25, width: 10, height: 10),
                                               badgeStart: 0, badgeCount: 0, isEstimated: false)
                        }
                        let fixed = leaves.map { Rect(x: alongX ? 0 : $0.cell.origin.x, y: alongX ? $0.cell.origin.y : 0, width: 10, height: 10) }
                        leaves.withUnsafeBufferPointer { l in
                            fixed.withUnsafeBufferPointer { f in
                                let run = SectionCellRun(leaves: l, fixed: f, count: 200, section: 1, first: 0, start: start,
                                                         stride: stride, alongX: alongX, zIndex: 0, grid: grid, transposed: transposed)
                                var reference: [LayoutAttributes] = []
                                var it = run
                                while let a = it.next() { reference.append(a) }
                                var bulk: [LayoutAttributes] = []
                                bulk.append(contentsOf: run)
                                #expect(bulk.count == reference.count)
                                let same = zip(bulk, reference).allSatisfy { a, b in
                                    a.indexPath == b.indexPath && a.isEstimated == b.isEstimated && a.zIndex == b.zIndex
                                        && [a.frame.origin.x, a.frame.origin.y, a.frame.size.width, a.frame.size.height].map(\.bitPattern)
                                        == [b.frame.origin.x, b.frame.origin.y, b.frame.size.width, b.frame.size.height].map(\.bitPattern)
                                }
                                #expect(same, "scale \(scale) start \(start) stride \(stride) alongX \(alongX) transposed \(transposed)")
                                compared += bulk.count
                            }
                        }
                    }
                }
            }
        }
        #expect(compared == 7 * 21 * 6 * 4 * 200)
    }

    /// Past `bulkCellLimit` cells the writer goes cell by cell instead of copying blocks in bulk:
    /// the same bytes as `next()` on both sides of the limit, along y and along x transposed.
    @Test func cellByCellPastTheBulkLimitMatchesNext() {
        let leaves = (0..<3).map { k in
            GroupSolution.Leaf(frame: Rect(x: 0, y: 0, width: 10, height: 10),
                               cell: Rect(x: Double(k) * 10.3, y: k == 2 ? 11.1 : 0.7, width: 10, height: 10),
                               badgeStart: 0, badgeCount: 0, isEstimated: k == 1)
        }
        for (alongX, transposed) in [(false, false), (true, true)] {
            let fixed = leaves.map { Rect(x: alongX ? 0 : $0.cell.origin.x, y: alongX ? $0.cell.origin.y : 0, width: 10, height: 10) }
            for count in [SectionCellRun.bulkCellLimit, SectionCellRun.bulkCellLimit + 7] {
                leaves.withUnsafeBufferPointer { l in
                    fixed.withUnsafeBufferPointer { f in
                        let run = SectionCellRun(leaves: l, fixed: f, count: count, section: 3, first: 11, start: 100.2, stride: 21.35,
                                                 alongX: alongX, zIndex: 1, grid: PixelGrid(scale: 3, floorsFractions: true), transposed: transposed)
                        var reference: [LayoutAttributes] = []
                        reference.reserveCapacity(count)
                        var it = run
                        while let a = it.next() { reference.append(a) }
                        var bulk: [LayoutAttributes] = []
                        bulk.append(contentsOf: run)
                        #expect(bulk.count == count)
                        #expect(bulk == reference)
                    }
                }
            }
        }
    }

    /// Items past 2^31 - 1 are clamped as `setItem` clamps (the unclamped store is only for
    /// blocks that fit), whichever path writes them.
    @Test func itemsNearTheInt32LimitAreClampedAsBefore() {
        let leaves = (0..<3).map { k in
            GroupSolution.Leaf(frame: Rect(x: 0, y: 0, width: 10, height: 10), cell: Rect(x: Double(k) * 10, y: 0, width: 10, height: 10),
                               badgeStart: 0, badgeCount: 0, isEstimated: false)
        }
        let fixed = leaves.map { Rect(x: $0.cell.origin.x, y: 0, width: 10, height: 10) }
        for first in [Int(Int32.max) - 100, Int(Int32.max) - 63, Int(Int32.max), -5] {
            leaves.withUnsafeBufferPointer { l in
                fixed.withUnsafeBufferPointer { f in
                    let run = SectionCellRun(leaves: l, fixed: f, count: 150, section: 0, first: first, start: 0, stride: 10,
                                             alongX: false, zIndex: 0, grid: PixelGrid(scale: 3, floorsFractions: true), transposed: false)
                    var reference: [LayoutAttributes] = []
                    var it = run
                    while let a = it.next() { reference.append(a) }
                    var bulk: [LayoutAttributes] = []
                    bulk.append(contentsOf: run)
                    #expect(bulk == reference)
                    #expect(bulk.last?.indexPath.item == Int(Int32(clamping: first + 149)))
                }
            }
        }
    }
}
