/// Reading a layout's elements the way the binary answers write them: frames in whole device
/// pixels where they are exactly that, and the runs that imply everything else.
extension ElementStore {
    /// The runs covering the elements in order: the compact form's own, or made now (O(n)).
    public var runs: [ElementRun] {
        switch storage {
        case .full(let a): ElementRun.runs(of: a) ?? []
        case .compact(let c): c.runs
        }
    }

    /// The scale a compact store keeps its frames at (nil for the array form or whole frames).
    public var pixelScale: Double? {
        if case .compact(let c) = storage, !c.pixels.isEmpty { return c.scale }
        return nil
    }

    /// The frame of element `index` in whole pixels at `scale` (x, y, width, height), or nil when
    /// a value is not exactly `pixels / scale` (`CompactElements.pixel`). Read straight from a
    /// compact store kept at that scale.
    @inline(__always)
    public func pixels(at index: Int, scale: Double) -> SIMD4<Int32>? {
        if case .compact(let c) = storage, !c.pixels.isEmpty, c.scale == scale {
            let base = index &* 4
            let x = c.pixels[base]
            if x != CompactElements.offGrid { return SIMD4(x, c.pixels[base &+ 1], c.pixels[base &+ 2], c.pixels[base &+ 3]) }
        }
        return Self.pixels(frame(at: index), scale: scale)
    }

    /// `frame` in whole pixels at `scale`, or nil.
    @inline(__always)
    public static func pixels(_ frame: Rect, scale: Double) -> SIMD4<Int32>? {
        guard let x = CompactElements.pixel(frame.origin.x, scale), let y = CompactElements.pixel(frame.origin.y, scale),
              let w = CompactElements.pixel(frame.size.width, scale), let h = CompactElements.pixel(frame.size.height, scale)
        else { return nil }
        return SIMD4(x, y, w, h)
    }

    /// The elements at `indices` (ascending, in range) as a collection read in order with a
    /// cursor among the runs: a query's hits, encoded without copying them out first.
    public func selection(_ indices: [Int]) -> Selection { Selection(store: self, indices: indices) }

    public struct Selection: Collection {
        let store: ElementStore
        let indices: [Int]

        public var startIndex: Int { 0 }
        public var endIndex: Int { indices.count }
        public func index(after i: Int) -> Int { i + 1 }
        public subscript(position: Int) -> LayoutAttributes { store[indices[position]] }

        public struct Iterator: IteratorProtocol {
            let store: ElementStore
            let indices: [Int]
            var position = 0
            var cursor = CompactElements.Cursor()

            public mutating func next() -> LayoutAttributes? {
                guard position < indices.count else { return nil }
                let i = indices[position]
                position += 1
                switch store.storage {
                case .full(let a): return a[i]
                case .compact(let c): return c.element(at: i, cursor: &cursor)
                }
            }
        }

        public func makeIterator() -> Iterator { Iterator(store: store, indices: indices) }
    }
}

extension ElementStore {
    /// How many runs the elements make and how many frames are off the pixel grid at `scale`,
    /// when the compact form knows it without reading the elements (O(1)); nil for the array
    /// form, for frames kept whole and for another scale. Bounds of a binary answer's size.
    public func compactShape(scale: Double) -> (runs: Int, offGrid: Int)? {
        guard case .compact(let c) = storage, !c.pixels.isEmpty, c.scale == scale else { return nil }
        return (c.runs.count, c.exceptionIndex.count)
    }
}
