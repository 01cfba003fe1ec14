/// Maps the flow layout's line coordinates onto frames, so every path is written once for both
/// scroll directions (spec §7: horizontal scrolling is the same algorithm with the axes swapped).
///
/// `u` runs along a line (x when scrolling vertically, y when horizontally) and `v` along the scroll
/// axis. An item's `along` extent is its size on the `u` axis, `across` its size on the `v` axis.
struct FlowAxis {
    let isVertical: Bool
    let scale: Double
    /// `_roundsToScreenScale` with a usable scale (spec §6). A scale of 0 would fall back to the main
    /// screen's in UIKit; there is no main screen here, so such a scale disables rounding.
    let rounds: Bool

    init(direction: ScrollDirection, scale: Double, roundsToScreenScale: Bool) {
        isVertical = direction == .vertical
        self.scale = scale
        rounds = roundsToScreenScale && scale > 0 && scale.isFinite
    }

    /// `round(v·scale)/scale`, C `round` (half away from zero), applied to absolute origins only:
    /// sizes are never rounded (spec §6).
    @inline(__always)
    func snap(_ value: Double) -> Double {
        rounds ? FlowMath.round(value * scale) / scale : value
    }

    @inline(__always)
    func along(_ size: Size) -> Double { isVertical ? size.width : size.height }

    @inline(__always)
    func across(_ size: Size) -> Double { isVertical ? size.height : size.width }

    /// The frame of an element whose origin (already snapped) is `(u, v)` in line coordinates.
    @inline(__always)
    func frame(u: Double, v: Double, along: Double, across: Double) -> Rect {
        isVertical
            ? Rect(x: u, y: v, width: along, height: across)
            : Rect(x: v, y: u, width: across, height: along)
    }
}
