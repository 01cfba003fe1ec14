/// Making the compact form of a computed layout's elements (one pass, O(n)).
extension CompactElements {
    /// Frames off the pixel grid beyond this share of the elements make every frame kept whole:
    /// each costs 36 bytes more in the side table (its whole frame and index), against 16 more
    /// for every frame kept whole.
    static let maxExceptionShare = 8
    /// Runs beyond one per this many elements make it decline: a run costs 24 bytes.
    static let maxRunShare = 2

    /// The compact form of `elements`, or nil when it would not save memory (runs nearly one per
    /// element) or cannot hold them (more than `Int32.max / 4` elements). Frames past ±2^31
    /// pixels are exceptions like frames off the grid.
    ///
    /// `scale` is the layout's screen scale. If the first frames are not whole pixels at that
    /// scale but are at 2, 3 or 1 (a layout type that does not record its scale), that one is
    /// used: any scale is exact, since every frame is checked to round-trip.
    public static func make(_ elements: [LayoutAttributes], scale: Double) -> CompactElements? {
        let n = elements.count
        guard n > 0, n < Int(Int32.max) / 4, let runs = runs(elements) else { return nil }
        let scale = chooseScale(elements, preferred: scale)
        if let (pixels, index, frames) = pixels(elements, scale: scale) {
            return CompactElements(count: n, scale: scale, pixels: pixels, wholeFrames: [], runs: runs,
                                   exceptionIndex: index, exceptionFrames: frames)
        }
        return CompactElements(count: n, scale: scale, pixels: [], wholeFrames: elements.map(\.frame), runs: runs,
                               exceptionIndex: [], exceptionFrames: [])
    }

    /// The runs of `elements`, or nil past `n / maxRunShare` of them.
    static func runs(_ elements: [LayoutAttributes]) -> [ElementRun]? {
        ElementRun.runs(of: elements, limit: elements.count / maxRunShare + 16).map { $0.shrunk() }
    }

    /// The frames in pixels with the side table of those off the grid, or nil past
    /// `n / maxExceptionShare` of those.
    static func pixels(_ elements: [LayoutAttributes], scale: Double) -> ([Int32], [Int32], [Rect])? {
        let n = elements.count
        var exceptionIndex: [Int32] = [], exceptionFrames: [Rect] = []
        var declined = false
        let pixels = [Int32](unsafeUninitializedCapacity: n * 4) { out, initialized in
            elements.withUnsafeBufferPointer { source in
                var i = 0
                while i < n {
                    let f = source[i].frame
                    let base = i &* 4
                    if let x = pixel(f.origin.x, scale), let y = pixel(f.origin.y, scale),
                       let w = pixel(f.size.width, scale), let h = pixel(f.size.height, scale) {
                        out[base] = x; out[base &+ 1] = y; out[base &+ 2] = w; out[base &+ 3] = h
                    } else {
                        out[base] = offGrid; out[base &+ 1] = 0; out[base &+ 2] = 0; out[base &+ 3] = 0
                        exceptionIndex.append(Int32(i))
                        exceptionFrames.append(f)
                        if exceptionIndex.count > n / maxExceptionShare + 16 { declined = true; break }
                    }
                    i &+= 1
                }
                initialized = i &* 4
            }
        }
        return declined ? nil : (pixels, exceptionIndex.shrunk(), exceptionFrames.shrunk())
    }

    /// `preferred` unless the first frames are whole pixels only at 2, 3 or 1.
    public static func chooseScale(_ elements: some Collection<LayoutAttributes>, preferred: Double) -> Double {
        let valid = preferred.isFinite && preferred >= 1 && preferred <= 64
        let candidates = (valid ? [preferred] : []) + [2, 3, 1]
        let probe = elements.prefix(256)
        for scale in candidates where probe.allSatisfy({ onGrid($0.frame, scale) }) { return scale }
        return valid ? preferred : 2
    }

    static func onGrid(_ f: Rect, _ scale: Double) -> Bool {
        pixel(f.origin.x, scale) != nil && pixel(f.origin.y, scale) != nil
            && pixel(f.size.width, scale) != nil && pixel(f.size.height, scale) != nil
    }

    /// `value · scale` as a whole number of pixels if dividing it by `scale` gives back exactly
    /// `value` (the same bits: −0 and NaN never do), within ±(2^31 − 1).
    @inline(__always)
    public static func pixel(_ value: Double, _ scale: Double) -> Int32? {
        let t = value * scale
        guard t.magnitude < 2_147_483_647 else { return nil }   // NaN fails too
        let p = Int32(PointRounding.round(t))
        return (Double(p) / scale).bitPattern == value.bitPattern ? p : nil
    }
}

extension Array {
    /// A copy whose capacity is its count (an array grown by appending has up to twice the room).
    func shrunk() -> [Element] {
        guard capacity > count else { return self }
        return [Element](unsafeUninitializedCapacity: count) { out, initialized in
            _ = out.initialize(fromContentsOf: self)
            initialized = count
        }
    }
}
