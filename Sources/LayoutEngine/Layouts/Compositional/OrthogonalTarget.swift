/// Where an orthogonally scrolling section comes to rest after a swipe (compositional-next.md
/// N22–N26, with UIScrollView's own paging read from iOS 26.1 UIKitCore):
///
/// - UIScrollView projects the lift-off offset by the velocity, clamps the result to its offset
///   range (`-_scrollViewWillEndDraggingWithDeceleration:`) and hands it to
///   `-[_UICollectionViewOrthogonalScrollView _scrollViewWillEndDraggingWithVelocity:targetContentOffset:]`,
///   which replaces it by `_UICollectionLayoutValidatedContentOffsetForProposedContentOffsetForOrthogonalSection`.
/// - `continuousGroupLeadingBoundary`: that function's block snaps to a multiple of the group
///   step in the swipe's direction with a 0.005-step tolerance (N24).
/// - `paging`, `groupPaging`, `groupPagingCentered`: the scroller pages
///   (`configureForDescriptor:` sets `pagingEnabled`, the page stride and origin, N22), and
///   UIScrollView's `-_prepareToPageWithHorizontalVelocity:verticalVelocity:…` picks the page
///   from where the finger lifted: faster than 0.3 pt/ms (300 pt/s) it moves to the next page
///   boundary in the swipe's direction (`ceil` / `floor` of the page position), slower to the
///   nearest one (`floor(x + 0.5)`, or `ceil` at the end of the content), and it stays put when
///   it is exactly on a page; the target is clamped to the offset range. Without the lift-off
///   offset (`current`), the nearest page to the proposed offset (N25, the rule UIScrollView
///   applies to a target changed after paging) is the answer.
/// - `continuous`: the proposed offset, clamped (N23).
public struct OrthogonalTargetRequest: Hashable, Sendable {
    /// The offset UIScrollView proposes (its projection of the swipe), in descriptor coordinates.
    public var offset: Double
    /// The swipe's velocity along the section's axis in points per second (positive: towards
    /// larger offsets).
    public var velocity: Double
    /// The offset when the finger lifted (the descriptor's current offset), if known.
    public var current: Double?
    /// Replaces the inferred centring inset of `groupPagingCentered` (N26).
    public var centeringInset: Double?

    public init(offset: Double, velocity: Double, current: Double? = nil, centeringInset: Double? = nil) {
        self.offset = offset
        self.velocity = velocity
        self.current = current
        self.centeringInset = centeringInset
    }
}

/// The resting offset and what decided it.
public struct OrthogonalTarget: Hashable, Sendable {
    /// How the target was chosen.
    public enum Rule: String, Hashable, Sendable {
        /// `continuous`: the proposed offset, clamped.
        case clamped
        /// `continuousGroupLeadingBoundary`: a group boundary in the swipe's direction.
        case groupBoundary
        /// Paging from the lift-off offset and the velocity (`current` given).
        case pageFromLiftOffset
        /// Paging without the lift-off offset: the page nearest the proposed offset.
        case nearestPage
    }

    public var targetOffset: Double
    public var rule: Rule
    public var geometry: OrthogonalScrollGeometry
    public var centeringInset: Double
    public var offsets: ClosedRange<Double>
}

extension OrthogonalScrollGeometry {
    /// UIScrollView's paging threshold, 0.3 pt/ms, in points per second.
    public static let pagingVelocityThreshold = 300.0

    /// The resting offset for `request`. O(1).
    public func target(_ request: OrthogonalTargetRequest) -> OrthogonalTarget {
        let c = centeringInset(override: request.centeringInset)
        let range = offsetRange(centeringInset: c)
        // UIScrollView clamps its projection before the section sees it.
        let proposed = Swift.min(Swift.max(request.offset, range.lowerBound), range.upperBound)
        let target: Double
        let rule: OrthogonalTarget.Rule
        if let stride = pageStride, stride > 0 {
            let origin = -c
            if let current = request.current {
                target = pageTarget(from: current, velocity: request.velocity, stride: stride, origin: origin, range: range)
                rule = .pageFromLiftOffset
            } else {
                let k = (((proposed - origin) / stride) + 0.5).rounded(.down)
                target = clamp(origin + stride * k, range)
                rule = .nearestPage
            }
        } else if behavior == .continuousGroupLeadingBoundary {
            target = groupBoundary(proposed, velocity: request.velocity, current: request.current, maximum: range.upperBound)
            rule = .groupBoundary
        } else {
            target = proposed
            rule = .clamped
        }
        return OrthogonalTarget(targetOffset: target + 0, rule: rule, geometry: self, centeringInset: c, offsets: range)
    }

    /// `-[UIScrollView _prepareToPageWithHorizontalVelocity:verticalVelocity:…]` along one axis
    /// (pagingOrigin `origin`, page stride `stride`, velocity in pt/ms against ±0.3).
    func pageTarget(from x: Double, velocity: Double, stride: Double, origin: Double, range: ClosedRange<Double>) -> Double {
        let position = x - origin
        let remainder = position.truncatingRemainder(dividingBy: stride)  // fmod
        guard remainder != 0 else { return x }
        let v = velocity / 1000
        let k: Double
        if v > 0.3 {
            k = (position / stride).rounded(.up)
        } else if v < -0.3 {
            k = (position / stride).rounded(.down)
        } else if x >= range.upperBound {
            k = (position / stride).rounded(.up)
        } else {
            k = (position / stride + 0.5).rounded(.down)
        }
        return clamp(origin + stride * k, range)
    }

    /// The block of `_UICollectionLayoutValidatedContentOffsetForProposedContentOffsetForOrthogonalSection`
    /// (N24): direction from the proposed offset against the current one (or the velocity's
    /// sign), forced forward at the end; `ceil(p − 0.005)` forward, `floor(p + 0.005)` backward,
    /// `round(p)` without a direction; never below 0; clamped to `0 … maximum`.
    func groupBoundary(_ proposed: Double, velocity: Double, current: Double?, maximum: Double) -> Double {
        let step = self.step
        guard step.magnitude >= 2.22044605e-16 else { return proposed }
        let delta = current.map { proposed - $0 } ?? velocity
        var direction: Double = delta > 0 ? 1 : (delta < 0 ? -1 : 0)
        if proposed - maximum + 0.0001 >= 0 { direction = 1 }
        let p = proposed / step
        var k: Double
        if direction > 0 {
            k = (p - 0.005).rounded(.up)
        } else if direction < 0 {
            k = (p + 0.005).rounded(.down)
        } else {
            k = p.rounded(.toNearestOrAwayFromZero)
        }
        k = Swift.max(k, 0)
        let target = k * step
        if maximum < 0 || target < 0 { return 0 }
        return Swift.min(target, maximum)
    }

    func clamp(_ v: Double, _ range: ClosedRange<Double>) -> Double {
        Swift.min(Swift.max(v, range.lowerBound), range.upperBound)
    }
}
