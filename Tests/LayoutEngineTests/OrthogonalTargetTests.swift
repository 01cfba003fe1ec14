@testable import LayoutEngine
import TestSupport
import Testing

/// Resting offsets of orthogonal sections beyond the worked examples: UIScrollView's paging
/// from the lift-off offset (`-_prepareToPageWithHorizontalVelocity:…`), the geometry a layout
/// records (safe-area insets, horizontal scrolling, empty sections), and properties that hold
/// for every request.
@Suite struct OrthogonalTargetTests {
    /// Ten 200-pt groups 10 pt apart between 16-pt insets in a 390-pt view.
    static func geometry(_ behavior: OrthogonalScrollingBehavior, groupExtent: Double = 200, viewport: Double = 390) -> OrthogonalScrollGeometry {
        OrthogonalScrollGeometry(behavior: behavior, groupExtent: groupExtent, interGroupSpacing: 10, viewport: viewport,
                                 contentLength: 16 + 10 * groupExtent + 90 + 16, scale: 3)
    }

    /// Paging with the lift-off offset: past ±300 pt/s the next page boundary in the swipe's
    /// direction (at most one page from where the finger lifted), slower the nearest page, no
    /// move exactly on a page, `ceil` at the end of the content; clamped.
    @Test(arguments: [
        (OrthogonalScrollingBehavior.paging, 100.0, 500.0, 390.0), (.paging, 100, -500, 0), (.paging, 100, 100, 0), (.paging, 300, 100, 390),
        (.paging, 390, 900, 390), (.paging, 500, 301, 780), (.paging, 500, 300, 390), (.paging, 1700, 100, 1560), (.paging, 1732, 100, 1732), (.paging, 1000, -2000, 780),
        (.groupPaging, 100, 500, 210), (.groupPaging, 500, 5000, 630), (.groupPaging, 500, -5000, 420), (.groupPaging, 520, 0, 420),
        (.groupPaging, 1731, 0, 1680), (.groupPaging, 1732, 0, 1732),
    ])
    func pagingFromTheLiftOffset(behavior: OrthogonalScrollingBehavior, current: Double, velocity: Double, target: Double) {
        let t = Self.geometry(behavior).target(OrthogonalTargetRequest(offset: 9_999, velocity: velocity, current: current))
        #expect(t.targetOffset == target)
        #expect(t.rule == .pageFromLiftOffset)
    }

    /// groupPagingCentered pages from −c; c is rounded to the pixel; a request may replace it.
    @Test func centeringInset() {
        let g = Self.geometry(.groupPagingCentered, groupExtent: 301)
        // (390 − 301) / 2 = 44.5, at @3x 133.5 px rounds to 134 px.
        #expect(g.centeringInset() == 134.0 / 3)
        let t = g.target(OrthogonalTargetRequest(offset: 0, velocity: 0, current: 10))
        #expect(t.offsets.lowerBound == -134.0 / 3)
        #expect(t.targetOffset == -134.0 / 3)
        let custom = g.target(OrthogonalTargetRequest(offset: 400, velocity: 0, centeringInset: 20))
        #expect(custom.centeringInset == 20)
        #expect(custom.targetOffset == -20 + 311)
        #expect(Self.geometry(.groupPaging).centeringInset(override: 20) == 0)
    }

    /// Content shorter than the viewport cannot scroll: every target is the minimum.
    @Test func shortContent() {
        let g = OrthogonalScrollGeometry(behavior: .continuousGroupLeadingBoundary, groupExtent: 100, interGroupSpacing: 0, viewport: 390, contentLength: 300, scale: 2)
        #expect(g.offsetRange(centeringInset: 0) == 0...0)
        #expect(g.target(OrthogonalTargetRequest(offset: 50, velocity: 800)).targetOffset == 0)
    }

    /// Properties for random geometries and requests: the target lies in the offset range; a
    /// group-boundary target is a multiple of the step or a bound; a paging target is on the page
    /// grid, a bound, or (lift-off exactly on a page) the lift-off offset; continuous clamps.
    @Test func propertiesHoldForRandomRequests() {
        var rng = Seeded(state: 26)
        for _ in 0..<3_000 {
            let behaviors: [OrthogonalScrollingBehavior] = [.continuous, .continuousGroupLeadingBoundary, .paging, .groupPaging, .groupPagingCentered]
            let g = OrthogonalScrollGeometry(behavior: behaviors[rng.int(5)], groupExtent: rng.value(20, 400), interGroupSpacing: rng.value(0, 30),
                                             viewport: rng.value(200, 500), contentLength: rng.value(100, 5_000), scale: Double(1 + rng.int(3)))
            let request = OrthogonalTargetRequest(offset: rng.value(-500, 6_000), velocity: rng.value(-3_000, 3_000),
                                                  current: rng.chance(50) ? rng.value(-100, 5_000) : nil)
            let t = g.target(request)
            let range = t.offsets
            let onBound = t.targetOffset == range.lowerBound || t.targetOffset == range.upperBound
            switch t.rule {
            case .clamped:
                #expect(t.targetOffset == min(max(request.offset, range.lowerBound), range.upperBound))
            case .groupBoundary:
                #expect(range.contains(t.targetOffset))
                let k = t.targetOffset / g.step
                #expect(onBound || abs(k - k.rounded()) < 1e-9)
            case .nearestPage, .pageFromLiftOffset:
                let stride = g.pageStride ?? .nan
                let k = (t.targetOffset + t.centeringInset) / stride
                #expect(onBound || abs(k - k.rounded()) < 1e-9 || t.targetOffset == request.current)
                if t.rule == .nearestPage { #expect(range.contains(t.targetOffset)) }
                if t.rule == .pageFromLiftOffset, let current = request.current, t.targetOffset != current, !onBound {
                    // At most one page from where the finger lifted.
                    #expect(abs(t.targetOffset - current) < stride + 1e-9)
                }
            }
        }
    }

    /// What a layout records: the viewport is the width minus the layout container's insets
    /// (safe area here), the content the section's insets plus its groups; an empty section
    /// still has its insets; a horizontally scrolling layout's orthogonal rows scroll vertically.
    @Test func geometryOfALayout() throws {
        let row = CompositionalSection(group: Comp.group(.horizontal, .absolute(150), .absolute(100), [Comp.item(.fractionalWidth(1), .fractionalHeight(1))]),
                                       contentInsets: DirectionalInsets(leading: 12, trailing: 8), interGroupSpacing: 6,
                                       orthogonalScrollingBehavior: .groupPagingCentered)
        var c = Comp.config([row], [5, 0, 2])
        c.collectionView.safeAreaInsets = Insets(top: 0, left: 44, bottom: 0, right: 30)
        let layout = try CompositionalLayout.layout(c)
        let g = try #require(layout.orthogonalGeometry(ofSection: 0))
        #expect(g == OrthogonalScrollGeometry(behavior: .groupPagingCentered, groupExtent: 150, interGroupSpacing: 6,
                                              viewport: 390 - 44 - 30, contentLength: 12 + 5 * 150 + 4 * 6 + 8, scale: 3))
        #expect(layout.orthogonalGeometry(ofSection: 1)?.contentLength == 20)
        #expect(layout.orthogonalGeometry(ofSection: 3) == nil)
        var h = Comp.config([row], [3], width: 844, height: 390)
        h.scrollDirection = .horizontal
        let sideways = try CompositionalLayout.layout(h)
        let v = try #require(sideways.orthogonalGeometry(ofSection: 0))
        #expect(v.viewport == 390)
        // The rows repeat down the screen: a group's extent is its height, 100.
        #expect(v.groupExtent == 100)
        #expect(try CompositionalLayout.layout(Comp.config([Comp.list()], [3])).orthogonalScrolling.isEmpty)
    }
}
