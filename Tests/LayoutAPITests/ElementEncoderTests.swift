@testable import LayoutAPI
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
        let values: [Double] = [0, -0.0, 1, 86.5, 260.0 / 3, 1.0 / 3, -12.25, 1e-7, 1e21, 123456789.123, 9007199254740993, 0.1 + 0.2]
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
            var plain = JSONWriter()
            for (i, a) in list.enumerated() {
                if i > 0 { plain.raw(",") }
                plain.element(a, estimates: estimates)
            }
            var batched = JSONWriter()
            var encoder = ElementEncoder()
            encoder.write(list, estimates: estimates, into: &batched)
            #expect(batched.bytes == plain.bytes)
        }
    }

    @Test func emptyListWritesNothing() {
        var w = JSONWriter()
        var encoder = ElementEncoder()
        encoder.write([LayoutAttributes](), estimates: false, into: &w)
        #expect(w.bytes.isEmpty)
    }
}

/// The plain one-value-at-a-time writer the batched encoder must match byte for byte.
extension JSONWriter {
    mutating func element(_ a: LayoutAttributes, estimates: Bool) {
        switch (a.category, a.kind) {
        case (.cell, _): raw("{\"category\":\"cell\",\"indexPath\":")
        case (.supplementaryView, .header?): raw("{\"category\":\"supplementaryView\",\"kind\":\"header\",\"indexPath\":")
        case (.supplementaryView, .footer?): raw("{\"category\":\"supplementaryView\",\"kind\":\"footer\",\"indexPath\":")
        case (.supplementaryView, nil): raw("{\"category\":\"supplementaryView\",\"indexPath\":")
        case (.decorationView, _): raw("{\"category\":\"decorationView\",\"indexPath\":")
        }
        indexPath(a.indexPath)
        raw(",\"frame\":"); rect(a.frame)
        raw(",\"zIndex\":"); int(a.zIndex)
        if estimates && a.category == .cell {
            raw(a.isEstimated ? ",\"estimated\":true" : ",\"estimated\":false")
        }
        raw("}")
    }
}
