import LayoutEngine

/// The `Elements` message of `proto/layoutd/v1/layout.proto`: frame columns in whole pixels, the
/// frames that are not (kept exact), and the runs that give every element's category, kind, index
/// path, zIndex and flags. Made in two passes over the elements: one to size every part (so the
/// answer is one array of exactly its size, never grown or copied), one to write them.
struct ProtobufElements {
    /// Where the elements come from: a cached layout's store (compact stores are read in pixels
    /// directly) or a query's list.
    enum Source {
        case store(ElementStore)
        case list([LayoutAttributes])
    }

    let source: Source
    let count: Int
    let scale: Double
    let runs: [ElementRun]
    let kinds: [String]
    let estimates: Bool
    /// Payload bytes of the x, y, width and height columns.
    private(set) var columns = SIMD4<Int>(repeating: 0)
    /// Elements whose frames are not whole pixels, ascending.
    private(set) var exact: [(element: Int, frame: Rect)] = []
    /// Payload bytes of the whole message.
    private(set) var size = 0

    init(_ source: Source, scale: Double, kinds: [String], estimates: Bool) {
        self.source = source
        self.scale = scale
        self.kinds = kinds
        self.estimates = estimates
        switch source {
        case .store(let store):
            count = store.count
            runs = store.runs
        case .list(let list):
            count = list.count
            runs = ElementRun.runs(of: list) ?? []
        }
        var columns = SIMD4<Int>(repeating: 0)
        for i in 0..<count {
            if let p = pixels(i) {
                columns &+= SIMD4(ProtobufWriter.varintSize(ProtobufWriter.zigzag(p.x)), ProtobufWriter.varintSize(ProtobufWriter.zigzag(p.y)),
                                  ProtobufWriter.varintSize(ProtobufWriter.zigzag(p.z)), ProtobufWriter.varintSize(ProtobufWriter.zigzag(p.w)))
            } else {
                exact.append((i, frame(i)))
                columns &+= SIMD4(repeating: 1)   // a 0 in each column
            }
        }
        self.columns = columns
        var size = ProtobufWriter.fieldSize(1, double: scale)
        if count > 0 {
            for c in 0..<4 { size += ProtobufWriter.lengthDelimitedSize(2 + c, columns[c]) }
        }
        for e in exact { size += ProtobufWriter.lengthDelimitedSize(6, Self.exactSize(e.element, e.frame)) }
        for r in runs.indices { size += ProtobufWriter.lengthDelimitedSize(7, runSize(r)) }
        for k in kinds { size += ProtobufWriter.lengthDelimitedSize(8, k.utf8.count) }
        self.size = size
    }

    @inline(__always)
    private func pixels(_ i: Int) -> SIMD4<Int32>? {
        switch source {
        case .store(let store): store.pixels(at: i, scale: scale)
        case .list(let list): ElementStore.pixels(list[i].frame, scale: scale)
        }
    }

    private func frame(_ i: Int) -> Rect {
        switch source {
        case .store(let store): store.frame(at: i)
        case .list(let list): list[i].frame
        }
    }

    /// Elements in run `r`.
    private func runCount(_ r: Int) -> Int {
        (r + 1 < runs.count ? Int(runs[r + 1].start) : count) - Int(runs[r].start)
    }

    private func runSize(_ r: Int) -> Int {
        let run = runs[r]
        var size = ProtobufWriter.fieldSize(1, varint: UInt64(runCount(r)))
        size += ProtobufWriter.fieldSize(2, varint: UInt64(run.category.rawValue))
        if let kind = run.kind { size += 1 + ProtobufWriter.varintSize(UInt64(kind.rawValue)) }
        size += ProtobufWriter.fieldSize(4, varint: ProtobufWriter.signed(Int(run.section)))
        size += ProtobufWriter.fieldSize(5, varint: ProtobufWriter.signed(Int(run.firstItem)))
        size += ProtobufWriter.fieldSize(6, varint: ProtobufWriter.signed(run.zIndex))
        size += ProtobufWriter.fieldSize(7, varint: run.isGlobal ? 1 : 0)
        if estimates, run.category == .cell { size += 2 }
        return size
    }

    private static func exactSize(_ element: Int, _ f: Rect) -> Int {
        ProtobufWriter.fieldSize(1, varint: UInt64(element)) + ProtobufWriter.fieldSize(2, double: f.origin.x)
            + ProtobufWriter.fieldSize(3, double: f.origin.y) + ProtobufWriter.fieldSize(4, double: f.size.width)
            + ProtobufWriter.fieldSize(5, double: f.size.height)
    }

    /// Writes the message's fields (its payload: the caller writes the field head).
    func write(into w: inout ProtobufWriter) {
        w.field(1, double: scale)
        if count > 0 {
            var regions: [ProtobufWriter] = []
            for c in 0..<4 {
                w.lengthDelimited(2 + c, length: columns[c])
                regions.append(w.region(columns[c]))
            }
            var x = regions[0], y = regions[1], width = regions[2], height = regions[3]
            for i in 0..<count {
                let p = pixels(i) ?? SIMD4(repeating: 0)
                x.varint(ProtobufWriter.zigzag(p.x))
                y.varint(ProtobufWriter.zigzag(p.y))
                width.varint(ProtobufWriter.zigzag(p.z))
                height.varint(ProtobufWriter.zigzag(p.w))
            }
            for region in [x, y, width, height] { w.absorb(region) }
        }
        for (element, f) in exact {
            w.lengthDelimited(6, length: Self.exactSize(element, f))
            w.field(1, varint: UInt64(element))
            w.field(2, double: f.origin.x)
            w.field(3, double: f.origin.y)
            w.field(4, double: f.size.width)
            w.field(5, double: f.size.height)
        }
        for (r, run) in runs.enumerated() {
            w.lengthDelimited(7, length: runSize(r))
            w.field(1, varint: UInt64(runCount(r)))
            w.field(2, varint: UInt64(run.category.rawValue))
            if let kind = run.kind { w.tag(3, .varint); w.varint(UInt64(kind.rawValue)) }
            w.field(4, varint: ProtobufWriter.signed(Int(run.section)))
            w.field(5, varint: ProtobufWriter.signed(Int(run.firstItem)))
            w.field(6, varint: ProtobufWriter.signed(run.zIndex))
            w.field(7, varint: run.isGlobal ? 1 : 0)
            if estimates, run.category == .cell { w.tag(8, .varint); w.varint(run.isEstimated ? 1 : 0) }
        }
        for k in kinds {
            w.lengthDelimited(8, length: k.utf8.count)
            w.raw(k.utf8)
        }
    }
}
