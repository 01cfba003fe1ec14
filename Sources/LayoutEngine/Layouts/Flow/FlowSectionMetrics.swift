/// One section's resolved values in line coordinates (spec §2, §3, §7, §8).
///
/// Vertical: `lead`/`trail` are the left/right section insets, `start`/`end` the top/bottom ones.
/// Horizontal: `lead`/`trail` are top/bottom and `start`/`end` left/right.
struct FlowSectionMetrics {
    /// The reference dimension D: the content width (height when horizontal) inside the adjusted
    /// content inset (spec §1).
    let dimension: Double
    let lead: Double
    let trail: Double
    let start: Double
    let end: Double
    /// `D − lead − trail`: the room a line has (spec §3 `avail`).
    let available: Double
    /// Header and footer extent along the scroll axis: only one component of the reference size
    /// counts, the height when vertical and the width when horizontal (spec §2, CERTAIN).
    let header: Double
    let footer: Double
    let minimumInteritemSpacing: Double
    let minimumLineSpacing: Double
    /// How far "fits" may overshoot, so that an exactly fitting line never wraps because of
    /// floating-point accumulation (other-layouts §4): 1e-9 relative to the line's length.
    let tolerance: Double

    init(section: FlowSection, axis: FlowAxis, dimension: Double, reference: FlowInsetReference) {
        let inset = section.inset
        self.dimension = dimension
        if axis.isVertical {
            lead = reference.adjustedLead(inset.left)
            trail = reference.adjustedTrail(inset.right)
            start = inset.top
            end = inset.bottom
            header = section.headerReferenceSize.height
            footer = section.footerReferenceSize.height
        } else {
            lead = reference.adjustedLead(inset.top)
            trail = reference.adjustedTrail(inset.bottom)
            start = inset.left
            end = inset.right
            header = section.headerReferenceSize.width
            footer = section.footerReferenceSize.width
        }
        available = dimension - lead - trail
        minimumInteritemSpacing = section.minimumInteritemSpacing
        minimumLineSpacing = section.minimumLineSpacing
        tolerance = 1e-9 * max(abs(available), 1)
    }

    /// `a` fits in what is left of a line (equality fits, spec §5), with `tolerance`.
    @inline(__always)
    func fits(_ along: Double, in remaining: Double) -> Bool {
        along <= remaining + tolerance
    }

    /// UIKit's invalid-size condition: strictly wider than `avail` (spec §9), beyond `tolerance`.
    @inline(__always)
    func isTooLarge(_ along: Double) -> Bool {
        along > available + tolerance
    }
}

/// `sectionInsetReference` (spec §8). For `.fromSafeArea` / `.fromLayoutMargins` each cross-axis
/// section inset becomes `max(inset + R − A, 0)` on its own side, where R is the reference insets
/// and A the adjusted content inset, and the content gains `max(R − A, 0)` before the first and
/// after the last section along the scroll axis.
struct FlowInsetReference {
    /// `R − A` on the lead and trail cross-axis sides; nil for `.fromContentInset`.
    let leadDelta: Double?
    let trailDelta: Double?
    let extraStart: Double
    let extraEnd: Double

    init(_ reference: SectionInsetReference, metrics: CollectionViewMetrics, vertical: Bool) {
        let r: Insets
        switch reference {
        case .fromContentInset:
            leadDelta = nil
            trailDelta = nil
            extraStart = 0
            extraEnd = 0
            return
        case .fromSafeArea: r = metrics.safeAreaInsets
        case .fromLayoutMargins: r = metrics.layoutMargins
        }
        let a = metrics.contentInset
        if vertical {
            leadDelta = r.left - a.left
            trailDelta = r.right - a.right
            extraStart = max(r.top - a.top, 0)
            extraEnd = max(r.bottom - a.bottom, 0)
        } else {
            leadDelta = r.top - a.top
            trailDelta = r.bottom - a.bottom
            extraStart = max(r.left - a.left, 0)
            extraEnd = max(r.right - a.right, 0)
        }
    }

    func adjustedLead(_ inset: Double) -> Double {
        leadDelta.map { max(inset + $0, 0) } ?? inset
    }

    func adjustedTrail(_ inset: Double) -> Double {
        trailDelta.map { max(inset + $0, 0) } ?? inset
    }
}
