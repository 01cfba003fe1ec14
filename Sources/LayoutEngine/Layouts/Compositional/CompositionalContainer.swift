/// `NSCollectionLayoutContainer`: a size and the insets inside it (R2, R12). Children resolve
/// their fractional dimensions against `effective` = size − insets.
struct LayoutContainer: Hashable {
    var size: Size
    var insets: DirectionalInsets

    var effectiveWidth: Double { size.width - insets.leading - insets.trailing }
    var effectiveHeight: Double { size.height - insets.top - insets.bottom }
}

/// The pixel arithmetic of one layout: the display scale and whether fractional dimensions are
/// floored when resolved (modern, R44) or not (legacy).
struct PixelGrid: Hashable {
    var scale: Double
    var floorsFractions: Bool

    /// `flpx`: `floor(s·v)/s` in the modern generation, `v` in the legacy one.
    @inline(__always)
    func floorFraction(_ v: Double) -> Double {
        floorsFractions ? PointRounding.floorToPixel(v, scale: scale) : v
    }

    /// R45: `round(s·v)/s`, C rounding (half away from zero), bit for bit the value of
    /// `PointRounding.roundToPixel`. Below 2^51 the integer comes from adding and subtracting
    /// 1.5 · 2^52 (round half to even, exact there) and only exact halves are moved away from
    /// zero: no conversion through Int64 and no branch on the fraction (unpredictable for cell
    /// coordinates, which cost more than the rest of the rounding).
    @inline(__always)
    func round(_ v: Double) -> Double {
        guard scale > 0 else { return v }
        let x = v * scale
        guard x.magnitude < 2_251_799_813_685_248 else { return PointRounding.round(x) / scale }  // 2^51
        let even = (x + 6_755_399_441_055_744) - 6_755_399_441_055_744  // 1.5 · 2^52
        let half = x - even  // exact; ±0.5 only at a tie
        if half == 0.5, x > 0 { return (even + 1) / scale }
        if half == -0.5, x < 0 { return (even - 1) / scale }
        return even / scale
    }

    @inline(__always)
    func round(_ r: Rect) -> Rect {
        Rect(x: round(r.origin.x), y: round(r.origin.y), width: round(r.size.width), height: round(r.size.height))
    }

    /// R3: a dimension against a container. Operation order as UIKit's: subtract the insets,
    /// multiply by the fraction, then floor to the pixel.
    @inline(__always)
    func resolve(_ d: CompositionalDimension, in c: LayoutContainer) -> Double {
        switch d {
        case .absolute(let v), .estimated(let v), .uniformAcrossSiblings(let v): v
        case .fractionalWidth(let f): floorFraction(c.effectiveWidth * f)
        case .fractionalHeight(let f): floorFraction(c.effectiveHeight * f)
        }
    }

    func resolve(_ s: CompositionalSize, in c: LayoutContainer) -> Size {
        Size(width: resolve(s.width, in: c), height: resolve(s.height, in: c))
    }
}

extension DirectionalInsets {
    /// R12/R17: a group's inset below 0.5 is a fraction of the group's size (iOS 26's
    /// `_solveForContainer` tests `>= 0.5`); 0 stays 0.
    func resolvedAsGroupInsets(in size: Size) -> DirectionalInsets {
        func side(_ v: Double, _ extent: Double) -> Double { v > 0 && v < 0.5 ? v * extent : v }
        return DirectionalInsets(top: side(top, size.height), leading: side(leading, size.width),
                                 bottom: side(bottom, size.height), trailing: side(trailing, size.width))
    }

    /// R9: insets along an estimated axis are ignored.
    func ignoringEstimatedAxes(of size: CompositionalSize) -> DirectionalInsets {
        var i = self
        if size.width.isEstimated { i.leading = 0; i.trailing = 0 }
        if size.height.isEstimated { i.top = 0; i.bottom = 0 }
        return i
    }

    func inset(_ r: Rect) -> Rect {
        Rect(x: r.origin.x + leading, y: r.origin.y + top,
             width: r.size.width - leading - trailing, height: r.size.height - top - bottom)
    }

    var isZero: Bool { top == 0 && leading == 0 && bottom == 0 && trailing == 0 }
}

/// How UIKit prints numbers in its console messages (`%g`: six significant digits, no
/// trailing zeros), and its `{a, b}` / `{{x, y}, {w, h}}` struct descriptions.
enum UIKitFormat {
    static func number(_ v: Double) -> String {
        guard v.isFinite else { return v.isNaN ? "nan" : (v > 0 ? "inf" : "-inf") }
        if v == PointRounding.floor(v), v.magnitude < 1e15 { return String(Int64(v)) }
        var digits = 0
        var m = v.magnitude
        while m >= 1, digits < 6 { m /= 10; digits += 1 }
        var scale = 1.0
        for _ in 0..<(6 - digits) { scale *= 10 }
        let rounded = PointRounding.round(v * scale) / scale
        if rounded == PointRounding.floor(rounded) { return String(Int64(rounded)) }
        return String(rounded)
    }

    static func insets(_ i: DirectionalInsets) -> String {
        "{\(number(i.top)), \(number(i.leading)), \(number(i.bottom)), \(number(i.trailing))}"
    }

    static func size(_ s: Size) -> String { "{\(number(s.width)), \(number(s.height))}" }

    static func rect(_ r: Rect) -> String {
        "{{\(number(r.origin.x)), \(number(r.origin.y))}, {\(number(r.size.width)), \(number(r.size.height))}}"
    }
}
