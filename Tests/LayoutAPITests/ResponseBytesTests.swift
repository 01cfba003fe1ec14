@testable import LayoutAPI
import JSON
import LayoutEngine
import TestSupport
import Testing

/// The response bytes the fast writer makes (numbers, elements, whole layout bodies) against a
/// reference written here the slow, obvious way from Swift's own `description`: integral values
/// up to 2^53 as integers (-0 as 0), others as `description` without a trailing ".0", NaN and
/// infinities as null. Inputs are seeded random values of every shape a layout produces.
@Suite struct ResponseBytesTests {
    // MARK: numbers

    @Test func numbersMatchSwiftDescriptionOnSeededValuesOfEveryShape() {
        var random = SeededRandom(seed: 2_026)
        var checked = 0
        for round in 0..<60_000 {
            let r = random.next()
            let small = Double(Int64(bitPattern: random.next()) >> 44)   // about ±500,000
            let value: Double
            switch round % 12 {
            case 0: value = Double(bitPattern: r)                                          // any double
            case 1: value = small + Double(r % 3) / 3                                      // 1/3-pixel (@3x)
            case 2: value = small / 3                                                      // thirds
            case 3: value = small / Double([10, 100, 1_000, 10_000, 100_000][Int(r % 5)])  // short decimals
            case 4: value = small / 1024                                                   // dyadic
            case 5: value = Double(Int64(bitPattern: r) >> Int64(random.next() % 64))      // integers of every size
            case 6: value = (small / 7) * pow10(Int(r % 40) - 20)                          // very large and very small
            case 7: value = Double(r % 10_000_000_000_000_000) / 10                         // 16-17 digits
            case 8: value = Double(r % 2_000_000) / 1_000 - 1_000                          // negatives with 3 digits
            case 9: value = 0.1 * Double(r % 1_000) + 0.2                                  // binary noise (0.30000000000000004)
            case 10: value = (Double(r % 1_000_000) + 0.5) * 1e-4                          // around the 1e-4 boundary
            default: value = 1e15 + Double(Int64(r % 1_000)) - 500 + Double(r % 4) / 4     // around 1e15
            }
            let text = formatted(value)
            #expect(text == Self.reference(value), "\(value.bitPattern)")
            checked += 1
        }
        #expect(checked == 60_000)
    }

    @Test(arguments: [
        (-0.0, "0"), (0.0001, "0.0001"), (0.00009999999999999999, "9.999999999999999e-05"), (0.00001, "1e-05"),
        (17.666666666666668, "17.666666666666668"), (-17.666666666666668, "-17.666666666666668"),
        (12.3, "12.3"), (-0.05, "-0.05"), (123456789012345.6, "123456789012345.6"), (999999999999999.9, "999999999999999.9"),
        (1e15, "1000000000000000"), (1e15 + 0.5, "1000000000000000.5"), (0.30000000000000004, "0.30000000000000004"),
        // 2^53 + 1 is not a Double: the literal would round to 2^53 (with a compiler warning), and a
        // subnormal literal warns too, so both are written as what they become.
        (9007199254740992, "9007199254740992"), (4503599627370495.5, "4503599627370495.5"), (subnormal, "1e-320"),
    ])
    func edgeValues(value: Double, expected: String) {
        #expect(formatted(value) == expected)
        #expect(Self.reference(value) == expected)
    }

    /// The fast path takes short exact decimals and leaves to `description` what it cannot prove.
    @Test func shortDecimalPathCoversShortFormsOnly() {
        for value in [12.3, 0.1, -86.5, 37.5, 0.0001, 123456789.123, 0.0009765625, 99999999999999.9] {
            #expect(written(value, JSONWriter.writeShortDecimal) == Self.reference(value))
        }
        for value in [1.0 / 3, 17.666666666666668, 0.00001, 1e15 + 0.5, 0.30000000000000004, .nan, .infinity, 1e300] {
            #expect(written(value, JSONWriter.writeShortDecimal).isEmpty)
        }
    }

    /// The fallback prints what `description` prints (less ".0"), from the runtime's printer.
    @Test func descriptionPathMatchesDescription() {
        var random = SeededRandom(seed: 7)
        for round in 0..<20_000 {
            let value: Double
            switch round % 4 {
            case 0: value = Double(bitPattern: random.next())
            case 1: value = Double(Int64(bitPattern: random.next()) >> 20) / 3
            case 2: value = Double(Int64(bitPattern: random.next()) >> 40) / 7_000_000   // leading zeros: -0.000123...
            default: value = Double(random.next() >> 11) / 9_007_199_254_740_992 - 0.5      // (-0.5, 0.5)
            }
            var expected = value.isFinite ? value.description : "null"
            if expected.hasSuffix(".0") { expected.removeLast(2) }
            #expect(written(value, JSONWriter.writeDescription) == expected)
        }
        #expect(written(-0.0, JSONWriter.writeDescription) == "-0")
        #expect(written(.nan, JSONWriter.writeDescription) == "null")
        #expect(written(-.infinity, JSONWriter.writeDescription) == "null")
        #expect(written(-2.2250738585072014e-308, JSONWriter.writeDescription) == "-2.2250738585072014e-308")
        #expect(written(1.0 / 3, JSONWriter.writeDescription) == "0.3333333333333333")
        #expect(written(-0.0001234567891234, JSONWriter.writeDescription) == "-0.0001234567891234")
    }

    // MARK: elements

    @Test(arguments: [1, 5, 63, 64, 65, 300, 5_000])
    func elementsMatchTheReferenceOnSeededRandomLists(count: Int) {
        var random = SeededRandom(seed: UInt64(count))
        let kinds = Layout.defaultElementKinds + ["badge", "section-background"]
        let palette: [Double] = [0, -0.0, 37.5, 40, 1.0 / 3, 260.0 / 3, -12.25, 1e-7, 1e21, 0.1 + 0.2, 123456789.123, 9007199254740992, 17.666666666666668]
        var list: [LayoutAttributes] = []
        var section = 0, item = 0
        for i in 0..<count {
            let r = random.next()
            // Items run on across 9/10, 99/100, 999/1000; now and then a new section, a gap, a header.
            if r % 97 == 0 { section += 1; item = 0 } else if r % 89 == 0 { item += 7 } else { item += 1 }
            if r % 31 == 0 { item = [9, 99, 999, 9_999][Int(r >> 8) % 4] }
            func pick() -> Double {
                switch random.next() % 4 {
                case 0: return palette[Int(random.next() % UInt64(palette.count))]
                case 1: return Double(Int64(bitPattern: random.next()) >> 50) / 3
                case 2: return Double(i % 26) * 46.5
                default: return Double(i / 26) * 48
                }
            }
            let frame = Rect(x: pick(), y: pick(), width: r % 5 == 0 ? pick() : 37.5, height: r % 7 == 0 ? pick() : 40)
            let path = IndexPath(section: section, item: item)
            switch r % 23 {
            case 0: list.append(.header(section: section, frame))
            case 1: list.append(.footer(section: section, frame))
            case 2: list.append(.decoration(SupplementaryKind(rawValue: 3), path, frame))
            case 3: list.append(.global(SupplementaryKind(rawValue: 2), index: i, frame, zIndex: 2))
            case 4: list.append(.supplementary(SupplementaryKind(rawValue: 2), path, frame, zIndex: -1))
            default: list.append(.cell(path, frame, estimated: r % 3 == 0))
            }
        }
        for estimates in [false, true] {
            var w = JSONWriter()
            var encoder = ElementEncoder(kinds: kinds)
            encoder.write(list, estimates: estimates, into: &w)
            let expected = list.map { Self.reference($0, kinds: kinds, estimates: estimates) }.joined(separator: ",")
            #expect(String(decoding: w.bytes, as: UTF8.self) == expected)
        }
    }

    // MARK: whole bodies

    /// Full `POST /layout` bodies of real layouts (flow at @1x, @2x and @3x with odd spacing and
    /// headers, self-sizing, the compositional row of the benchmark) are the reference's bytes, in
    /// a buffer sized close to the body (not the worst case of every element).
    @Test(arguments: [
        #"{"collectionView":{"width":1200,"height":800},"layout":{"itemSize":{"width":37.5,"height":40},"minimumInteritemSpacing":8,"minimumLineSpacing":8},"sections":[{"numberOfItems":1000}]}"#,
        #"{"collectionView":{"width":333.3,"height":667,"scale":3},"layout":{"itemSize":{"width":71.3,"height":44.7},"headerReferenceSize":{"width":0,"height":33.3},"minimumLineSpacing":0.1},"sections":[{"numberOfItems":2000},{"numberOfItems":70}]}"#,
        #"{"collectionView":{"width":390,"height":844,"scale":3},"layout":{"estimatedItemSize":{"width":120,"height":44}},"sections":[{"numberOfItems":20000}]}"#,
        #"{"collectionView":{"width":390,"scale":3,"height":801},"layout":{"type":"compositional","sections":[{"group":{"orientation":"horizontal","layoutSize":{"width":{"fractionalWidth":1},"height":{"fractionalHeight":0.4}},"subitems":[{"item":{"layoutSize":{"width":{"fractionalWidth":0.7},"height":{"fractionalHeight":1}},"contentInsets":{"top":10,"leading":10,"bottom":10,"trailing":10}}},{"group":{"orientation":"vertical","count":2,"layoutSize":{"width":{"fractionalWidth":0.3},"height":{"fractionalHeight":1}},"subitems":[{"item":{"layoutSize":{"width":{"fractionalWidth":1},"height":{"fractionalHeight":0.3}},"contentInsets":{"top":10,"leading":10,"bottom":10,"trailing":10}}}]}}]}}]},"sections":[{"numberOfItems":1000}]}"#,
    ])
    func fullBodiesMatchTheReferenceInATightBuffer(request: String) throws {
        let spec = try LayoutRequestDecoder.decode(Array(request.utf8), maxElements: 1_000_000)
        let layout = try spec.compute()
        try #require(layout.warnings.isEmpty && layout.roundedSections.isEmpty && layout.sections.allSatisfy { $0.orthogonalContentSize == nil })
        let id = spec.contentID()
        let body = LayoutEncoder.full(id: id, layout: layout, estimates: spec.estimates)
        let elements = layout.attributes.map { Self.reference($0, kinds: layout.elementKinds, estimates: spec.estimates) }
        let expected = "{\"id\":\"\(id)\",\"contentSize\":{\"width\":\(Self.reference(layout.contentSize.width)),\"height\":\(Self.reference(layout.contentSize.height))},\"elements\":["
            + elements.joined(separator: ",") + "],\"warnings\":[]}"
        #expect(String(decoding: body, as: UTF8.self) == expected)
        #expect(body.capacity <= body.count + body.count / 8 + 16 * 1024, "capacity \(body.capacity) for \(body.count) bytes")
    }

    // MARK: reference

    /// Swift's shortest round-trip form as JSON, the slow way.
    static func reference(_ v: Double) -> String {
        guard v.isFinite else { return "null" }
        if v.magnitude <= 9_007_199_254_740_992, Double(Int(v)) == v { return String(Int(v)) }
        var text = v.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }

    static func reference(_ a: LayoutAttributes, kinds: [String], estimates: Bool) -> String {
        var s: String
        switch a.category {
        case .cell: s = #"{"category":"cell""#
        case .supplementaryView: s = #"{"category":"supplementaryView""#
        case .decorationView: s = #"{"category":"decorationView""#
        }
        if a.category != .cell, let kind = a.kind { s += #","kind":""# + kinds[Int(kind.rawValue)] + "\"" }
        s += a.isGlobal ? #","indexPath":[\#(a.indexPath.section)]"# : #","indexPath":[\#(a.indexPath.section),\#(a.indexPath.item)]"#
        s += #","frame":{"x":\#(reference(a.frame.origin.x)),"y":\#(reference(a.frame.origin.y)),"#
        s += #""width":\#(reference(a.frame.size.width)),"height":\#(reference(a.frame.size.height))},"zIndex":\#(a.zIndex)"#
        if estimates && a.category == .cell { s += #","estimated":\#(a.isEstimated)"# }
        return s + "}"
    }
}

private func formatted(_ v: Double) -> String {
    var w = JSONWriter()
    w.number(v)
    return String(decoding: w.bytes, as: UTF8.self)
}

private func written(_ v: Double, _ write: (Double, UnsafeMutablePointer<UInt8>) -> Int) -> String {
    var bytes = [UInt8](repeating: 0, count: 32)
    let n = bytes.withUnsafeMutableBufferPointer { write(v, $0.baseAddress!) }
    return String(decoding: bytes[..<n], as: UTF8.self)
}

/// 10^k as a Double (k may be negative), without libm.
private func pow10(_ k: Int) -> Double {
    var r = 1.0
    for _ in 0..<abs(k) { r *= 10 }
    return k < 0 ? 1 / r : r
}

/// 1e-320, a subnormal: written as a literal it draws an "underflows" compiler warning.
private let subnormal = Double("1e-320") ?? .nan
