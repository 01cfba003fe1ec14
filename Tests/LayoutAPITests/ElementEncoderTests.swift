@testable import LayoutAPI
import JSON
import LayoutEngine
import Testing

@Suite struct ElementEncoderTests {
    /// The batched encoder with its number memo writes exactly what the plain writer writes,
    /// including thirds at @3x, repeated values, negative and huge values, supplementary kinds.
    @Test func batchedEncodingMatchesThePlainWriterByteForByte() {
        var state: UInt64 = 42
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        let values: [Double] = [0, -0.0, 1, 86.5, 260.0 / 3, 1.0 / 3, -12.25, 1e-7, 1e21, 123456789.123, 9007199254740992, 0.1 + 0.2]
        var list: [LayoutAttributes] = []
        for i in 0..<3_000 {
            let frame = Rect(x: values[Int(next() % 12)], y: Double(i) / 3, width: values[Int(next() % 12)], height: Double(next() % 1000) / 7)
            switch i % 5 {
            case 0: list.append(.header(section: i, frame))
            case 1: list.append(.footer(section: i, frame))
            default: list.append(.cell(IndexPath(section: i / 7, item: i), frame, estimated: i % 2 == 0))
            }
        }
        for estimates in [false, true] {
            let plain = plainElements(list, estimates: estimates)
            var batched = JSONWriter()
            var encoder = ElementEncoder()
            encoder.write(list, estimates: estimates, into: &batched)
            #expect(batched.bytes == plain.bytes)
        }
    }

    /// Elements whose sizes come in cycles (a large item beside two small ones, three sizes in
    /// turn), which the encoder's two kept tails copy or rewrite, and a list whose later elements
    /// are longer than its first ones (a list's separators after its cells), which it sizes by
    /// sampling: the same bytes as the plain writer.
    @Test func sizeCyclesAndLongerLaterElementsMatchThePlainWriter() {
        let sizes: [Size] = [Size(width: 253, height: 300), Size(width: 97, height: 140), Size(width: 97, height: 140),
                             Size(width: 1, height: 2), Size(width: 97, height: 140), Size(width: 3, height: 1.0 / 3)]
        let kinds = Layout.defaultElementKinds + ["UICollectionViewListLayoutElementKindBottomSeparator"]
        let separator = SupplementaryKind(rawValue: UInt16(Layout.defaultElementKinds.count))
        for cycle in [Array(sizes[0..<3]), Array(sizes[3..<6]), sizes] {
            var list: [LayoutAttributes] = []
            for i in 0..<600 {
                let size = cycle[i % cycle.count]
                list.append(.cell(IndexPath(section: 0, item: i), Rect(x: 10, y: Double(i * 40), width: size.width, height: size.height)))
            }
            for i in 0..<600 {
                list.append(.decoration(separator, IndexPath(section: 0, item: i),
                                        Rect(x: 16, y: Double(i * 44) + 43.0 + 2.0 / 3, width: 377, height: 1.0 / 3)))
            }
            let plain = plainElements(list, estimates: true, kinds: kinds)
            var batched = JSONWriter()
            var encoder = ElementEncoder(kinds: kinds)
            encoder.write(list, estimates: true, into: &batched)
            #expect(batched.bytes == plain.bytes)
            #expect(batched.bytes.capacity < plain.bytes.count + plain.bytes.count / 8 + 1024)
        }
    }

    /// Values with fractions across many binades and signs (n + 1/3, n + 2/3, n + 0.1, n + 1/7 and
    /// their neighbours one ulp away, up to 2^40, and each one's fraction again on 1, 3 and 1000,
    /// where the same fraction bits need more digits), which the encoder formats once per
    /// exponent and fraction: the same bytes as the plain writer (Swift's shortest form), in both
    /// orders. Without the exponent in the fraction memo's key this fails.
    @Test func fractionsReusedPerBinadeMatchThePlainWriter() {
        var values: [Double] = []
        var whole = 1.0
        while whole < 1_099_511_627_776 {
            for fraction in [1.0 / 3, 2.0 / 3, 0.1, 1.0 / 7, 0.5] {
                for n in [whole, whole + 1, whole * 1.5, whole * 1.5 + 7] {
                    let v = n + fraction
                    values += [v, -v, v.nextUp, v.nextDown]
                    // The same fraction bits in lower binades, where they need more digits.
                    let f = v - v.rounded(.down)
                    values += [1 + f, 3 + f, 1000 + f]
                }
            }
            whole *= 2
        }
        for list in [values, values.reversed()] {
            let attributes = stride(from: 0, to: list.count - 1, by: 2).map { i in
                LayoutAttributes.cell(IndexPath(section: 0, item: i), Rect(x: list[i], y: list[i + 1], width: 1, height: 1))
            }
            let plain = plainElements(attributes, estimates: false)
            var batched = JSONWriter()
            var encoder = ElementEncoder()
            encoder.write(attributes, estimates: false, into: &batched)
            #expect(String(decoding: batched.bytes, as: UTF8.self) == String(decoding: plain.bytes, as: UTF8.self))
        }
    }

    /// Compositional kinds: the name from the layout's table (JSON-escaped), decorations with
    /// their kind, global elements with a length-1 index path.
    @Test func namedKindsDecorationsAndGlobalElements() {
        let kinds = Layout.defaultElementKinds + ["badge", "section-background", "layout-\"header\""]
        let frame = Rect(x: 1, y: 2, width: 3, height: 4)
        let list: [LayoutAttributes] = [
            .global(SupplementaryKind(rawValue: 4), index: 0, frame, zIndex: 1),
            .decoration(SupplementaryKind(rawValue: 3), IndexPath(section: 0, item: 0), frame),
            .cell(IndexPath(section: 0, item: 0), frame),
            .supplementary(SupplementaryKind(rawValue: 2), IndexPath(section: 0, item: 0), frame, zIndex: 1),
            .header(section: 1, frame),
        ]
        var w = JSONWriter()
        var encoder = ElementEncoder(kinds: kinds)
        encoder.write(list, estimates: false, into: &w)
        let expected = """
            {"category":"supplementaryView","kind":"layout-\\"header\\"","indexPath":[0],"frame":{"x":1,"y":2,"width":3,"height":4},"zIndex":1},\
            {"category":"decorationView","kind":"section-background","indexPath":[0,0],"frame":{"x":1,"y":2,"width":3,"height":4},"zIndex":0},\
            {"category":"cell","indexPath":[0,0],"frame":{"x":1,"y":2,"width":3,"height":4},"zIndex":0},\
            {"category":"supplementaryView","kind":"badge","indexPath":[0,0],"frame":{"x":1,"y":2,"width":3,"height":4},"zIndex":1},\
            {"category":"supplementaryView","kind":"header","indexPath":[1,0],"frame":{"x":1,"y":2,"width":3,"height":4},"zIndex":0}
            """
        #expect(String(decoding: w.bytes, as: UTF8.self) == expected)
        let plain = plainElements(list, estimates: false, kinds: kinds)
        #expect(w.bytes == plain.bytes)
    }

    /// Supplementary and decoration elements in runs, whose heads the encoder keeps and
    /// increments as it does cells': items across digit carries (9, 99, 999, 9999), a run
    /// broken by another kind with the same items, by a new section, by a cell, by a global
    /// element and by a backwards step, the same kind as supplementary and as decoration, and a
    /// kind name of 300 characters (its head kept whole). The same bytes as the plain writer.
    @Test func keptKindHeadsMatchThePlainWriter() {
        let long = String(repeating: "UICollectionViewListLayoutElementKind", count: 8) + "Separator"
        let kinds = Layout.defaultElementKinds + ["UICollectionViewListLayoutElementKindBottomSeparator", "badge", long]
        let separator = SupplementaryKind(rawValue: 2), badge = SupplementaryKind(rawValue: 3),
            longKind = SupplementaryKind(rawValue: 4)
        func frame(_ i: Int) -> Rect { Rect(x: 16, y: Double(i) * 44 + 43.0 + 2.0 / 3, width: 377, height: 1.0 / 3) }
        var list: [LayoutAttributes] = []
        for i in 0..<10_050 { list.append(.decoration(separator, IndexPath(section: 0, item: i), frame(i))) }
        for i in 0..<120 {
            list.append(.decoration(separator, IndexPath(section: 1, item: i), frame(i)))
            list.append(.supplementary(separator, IndexPath(section: 1, item: i), frame(i), zIndex: 1))
            if i % 7 == 0 { list.append(.decoration(badge, IndexPath(section: 1, item: i), frame(i))) }
            if i % 11 == 0 { list.append(.cell(IndexPath(section: 1, item: i), frame(i))) }
            if i % 13 == 0 { list.append(.global(badge, index: i, frame(i), zIndex: 2)) }
        }
        for i in [5, 6, 7, 3, 4, 98, 99, 100, 101, 100] {
            list.append(.decoration(separator, IndexPath(section: 2, item: i), frame(i)))
        }
        for i in 0..<300 { list.append(.decoration(longKind, IndexPath(section: 3, item: i), frame(i))) }
        for i in 0..<20 { list.append(.decoration(separator, IndexPath(section: 4 + i % 2, item: i), frame(i))) }
        for estimates in [false, true] {
            let plain = plainElements(list, estimates: estimates, kinds: kinds)
            var batched = JSONWriter()
            var encoder = ElementEncoder(kinds: kinds)
            encoder.write(list, estimates: estimates, into: &batched)
            #expect(batched.bytes == plain.bytes)
            // Short lists (no number memo, no sampling) take the same path.
            for cut in [1, 2, 31, 63] {
                let short = Array(list[9_990..<(9_990 + cut)])
                var w = JSONWriter()
                var e = ElementEncoder(kinds: kinds)
                e.write(short, estimates: estimates, into: &w)
                #expect(w.bytes == plainElements(short, estimates: estimates, kinds: kinds).bytes)
            }
        }
    }

    /// `y` through the value memo while it answers, directly once it does not: rows whose `y`
    /// never repeats (whole, thirds, negative, past 10^8), columns whose `y` cycles through a few
    /// values (the memo kept), and lists that change from one to the other after the encoder's
    /// probe of 128 lookups, both ways. The same bytes as the plain writer.
    @Test func yWrittenWithOrWithoutTheMemoMatchesThePlainWriter() {
        func cells(_ ys: [Double]) -> [LayoutAttributes] {
            ys.enumerated().map { i, y in
                LayoutAttributes.cell(IndexPath(section: 0, item: i), Rect(x: Double(i % 3) * 131, y: y, width: 120, height: 44))
            }
        }
        let third: Double = 43.0 + 2.0 / 3
        let rows: [Double] = (0..<1_000).map { (i: Int) -> Double in Double(i) * 44 + (i % 4 == 0 ? third : 0) }
        let columns: [Double] = (0..<1_000).map { (i: Int) -> Double in Double(i % 7) * 120 + 1.0 / 3 }
        let cases: [[Double]] = [
            rows, columns, rows.map { (y: Double) -> Double in -y }, rows.map { (y: Double) -> Double in y * 1_000_003 + 0.25 },
            Array(rows[0..<300]) + Array(columns[0..<700]), Array(columns[0..<300]) + Array(rows[0..<700]),
            Array(rows[0..<127]) + Array(columns[0..<500]),
        ]
        for ys in cases {
            let list = cells(ys)
            for estimates in [false, true] {
                var batched = JSONWriter()
                var encoder = ElementEncoder()
                encoder.write(list, estimates: estimates, into: &batched)
                #expect(batched.bytes == plainElements(list, estimates: estimates).bytes)
            }
        }
    }

    /// Numbers whose text the encoder makes in registers (whole numbers of up to 8 digits, and a
    /// whole part of up to 8 digits before a fraction the fraction memo holds), at the edges:
    /// 8-digit whole parts (the fraction shifted by a whole word), 7-digit negatives with a sign,
    /// 9-digit ones that go the written way, fractions of 1 to 16 digits, values repeated (from
    /// the value memo and the remembered x and y) and fresh, in a long list (memo) and a short
    /// one (none). The same bytes as the plain writer.
    @Test func registerMadeNumbersMatchThePlainWriter() {
        let fractions: [Double] = [0.5, 0.25, 1.0 / 3, 2.0 / 3, 0.1, 1.0 / 7, 0.123456789]
        let wholes: [Double] = [1, 9, 10, 99, 12_345, 9_999_999, 10_000_000, 12_345_678, 99_999_999, 100_000_000, 123_456_789]
        var values: [Double] = []
        for w in wholes {
            values += [w, -w]
            for f in fractions { values += [w + f, -(w + f), (w + f).nextUp, w + f] }
        }
        values += [0, -0.0, 0.5, -0.5, 1e-7, 1e21]
        let long = (0..<(values.count * 3)).map { i in
            LayoutAttributes.cell(IndexPath(section: 0, item: i),
                                  Rect(x: values[i % values.count], y: values[(i * 7 + 3) % values.count],
                                       width: values[(i / 3) % values.count], height: 44))
        }
        for list in [long, Array(long.prefix(40)), long.reversed()] {
            var batched = JSONWriter()
            var encoder = ElementEncoder()
            encoder.write(list, estimates: false, into: &batched)
            #expect(String(decoding: batched.bytes, as: UTF8.self) == String(decoding: plainElements(list, estimates: false).bytes, as: UTF8.self))
        }
    }

    /// The flags, the 16-bit kind and the 32-bit index path halves fit in a 56-byte stride.
    @Test func attributesStayAtFiftySixBytes() {
        #expect(MemoryLayout<LayoutAttributes>.stride == 56)
    }

    @Test func emptyListWritesNothing() {
        var w = JSONWriter()
        var encoder = ElementEncoder()
        encoder.write([LayoutAttributes](), estimates: false, into: &w)
        #expect(w.bytes.isEmpty)
    }
}

/// `list` through the plain writer, comma-separated.
private func plainElements(_ list: [LayoutAttributes], estimates: Bool, kinds: [String] = Layout.defaultElementKinds) -> JSONWriter {
    var plain = JSONWriter()
    for (i, a) in list.enumerated() {
        if i > 0 { plain.raw(",") }
        plain.element(a, estimates: estimates, kinds: kinds)
    }
    return plain
}

/// The plain one-value-at-a-time writer the batched encoder must match byte for byte.
extension JSONWriter {
    mutating func element(_ a: LayoutAttributes, estimates: Bool, kinds: [String] = Layout.defaultElementKinds) {
        switch a.category {
        case .cell: raw("{\"category\":\"cell\"")
        case .supplementaryView: raw("{\"category\":\"supplementaryView\"")
        case .decorationView: raw("{\"category\":\"decorationView\"")
        }
        if a.category != .cell, let kind = a.kind { raw(",\"kind\":"); string(kinds[Int(kind.rawValue)]) }
        raw(",\"indexPath\":")
        if a.isGlobal { raw("["); int(a.indexPath.section); raw("]") } else { indexPath(a.indexPath) }
        raw(",\"frame\":"); rect(a.frame)
        raw(",\"zIndex\":"); int(a.zIndex)
        if estimates && a.category == .cell {
            raw(a.isEstimated ? ",\"estimated\":true" : ",\"estimated\":false")
        }
        raw("}")
    }
}
