import LayoutEngine

/// The binary answers (`Accept: application/x-protobuf`): `Layout` for `GET /layout/{id}` and
/// `ElementList` for `GET /layout/{id}/elements`, as `proto/layoutd/v1/layout.proto` defines
/// them. The same values as the JSON answers (`LayoutEncoder`), bit for bit.
enum ProtobufEncoder {
    static let mediaType = "application/x-protobuf"

    /// `Layout`: the whole layout, as `GET /layout/{id}` answers JSON. Nil when the answer would
    /// pass `limit` bytes (known from the sizing pass, before its bytes are allocated), or if a
    /// size was computed wrong (a bug: better no answer than broken bytes). Its size is bounded
    /// beforehand by `AnswerBounds.protobuf`.
    static func layout(id: String, layout: Layout, scale: Double, estimates: Bool, limit: Int = .max) -> [UInt8]? {
        let elements = ProtobufElements(.store(layout.attributes), scale: scale, kinds: layout.elementKinds, estimates: estimates)
        let orthogonal = layout.sections.enumerated().compactMap { s, section in section.orthogonalContentSize.map { (s, $0) } }
        var size = ProtobufWriter.fieldSize(1, string: id)
        size += ProtobufWriter.lengthDelimitedSize(2, sizeSize(layout.contentSize))
        size += ProtobufWriter.lengthDelimitedSize(3, elements.size)
        for (s, contentSize) in orthogonal { size += ProtobufWriter.lengthDelimitedSize(4, orthogonalSize(s, contentSize)) }
        for r in layout.roundedSections { size += ProtobufWriter.lengthDelimitedSize(5, roundedSize(r)) }
        for warning in layout.warnings { size += ProtobufWriter.lengthDelimitedSize(6, warningSize(warning)) }
        guard size <= limit else { return nil }
        return ProtobufWriter.bytes(size: size) { w in
            w.field(1, string: id)
            w.lengthDelimited(2, length: sizeSize(layout.contentSize))
            writeSize(layout.contentSize, into: &w)
            w.lengthDelimited(3, length: elements.size)
            elements.write(into: &w)
            for (s, contentSize) in orthogonal {
                w.lengthDelimited(4, length: orthogonalSize(s, contentSize))
                w.field(1, varint: ProtobufWriter.signed(s))
                w.lengthDelimited(2, length: sizeSize(contentSize))
                writeSize(contentSize, into: &w)
            }
            for r in layout.roundedSections {
                w.lengthDelimited(5, length: roundedSize(r))
                w.field(1, varint: ProtobufWriter.signed(r.section))
                w.lengthDelimited(2, length: rectSize(r.frame))
                writeRect(r.frame, into: &w)
                w.field(3, double: r.cornerRadius)
            }
            for warning in layout.warnings {
                w.lengthDelimited(6, length: warningSize(warning))
                w.field(1, string: warning.code)
                w.field(2, string: warning.message)
                if let ip = warning.indexPath {
                    w.lengthDelimited(3, length: indexPathSize(ip))
                    w.field(1, varint: ProtobufWriter.signed(ip.section))
                    w.field(2, varint: ProtobufWriter.signed(ip.item))
                }
            }
        }
    }

    /// `ElementList`: a query's elements (as JSON's `{"id":…,"elements":[…]}`, or its one
    /// `element` for an index path), at the layout's `scale`; nil past `limit` bytes, as `layout`.
    static func elementList(id: String, _ list: [LayoutAttributes], kinds: [String], scale: Double, estimates: Bool,
                            limit: Int = .max) -> [UInt8]? {
        elementList(id: id, .list(list), kinds: kinds, scale: scale, estimates: estimates, limit: limit)
    }

    /// The same for a cached layout's store (every element of it) or a query's list.
    static func elementList(id: String, _ source: ProtobufElements.Source, kinds: [String], scale: Double, estimates: Bool,
                            limit: Int = .max) -> [UInt8]? {
        let elements = ProtobufElements(source, scale: scale, kinds: kinds, estimates: estimates)
        let size = ProtobufWriter.fieldSize(1, string: id) + ProtobufWriter.lengthDelimitedSize(2, elements.size)
        guard size <= limit else { return nil }
        return ProtobufWriter.bytes(size: size) { w in
            w.field(1, string: id)
            w.lengthDelimited(2, length: elements.size)
            elements.write(into: &w)
        }
    }

    static func sizeSize(_ s: Size) -> Int {
        ProtobufWriter.fieldSize(1, double: s.width) + ProtobufWriter.fieldSize(2, double: s.height)
    }

    static func writeSize(_ s: Size, into w: inout ProtobufWriter) {
        w.field(1, double: s.width)
        w.field(2, double: s.height)
    }

    static func rectSize(_ r: Rect) -> Int {
        ProtobufWriter.fieldSize(1, double: r.origin.x) + ProtobufWriter.fieldSize(2, double: r.origin.y)
            + ProtobufWriter.fieldSize(3, double: r.size.width) + ProtobufWriter.fieldSize(4, double: r.size.height)
    }

    static func writeRect(_ r: Rect, into w: inout ProtobufWriter) {
        w.field(1, double: r.origin.x)
        w.field(2, double: r.origin.y)
        w.field(3, double: r.size.width)
        w.field(4, double: r.size.height)
    }

    static func orthogonalSize(_ section: Int, _ size: Size) -> Int {
        ProtobufWriter.fieldSize(1, varint: ProtobufWriter.signed(section)) + ProtobufWriter.lengthDelimitedSize(2, sizeSize(size))
    }

    static func roundedSize(_ r: RoundedSection) -> Int {
        ProtobufWriter.fieldSize(1, varint: ProtobufWriter.signed(r.section)) + ProtobufWriter.lengthDelimitedSize(2, rectSize(r.frame))
            + ProtobufWriter.fieldSize(3, double: r.cornerRadius)
    }

    static func indexPathSize(_ ip: IndexPath) -> Int {
        ProtobufWriter.fieldSize(1, varint: ProtobufWriter.signed(ip.section)) + ProtobufWriter.fieldSize(2, varint: ProtobufWriter.signed(ip.item))
    }

    static func warningSize(_ warning: LayoutWarning) -> Int {
        ProtobufWriter.fieldSize(1, string: warning.code) + ProtobufWriter.fieldSize(2, string: warning.message)
            + (warning.indexPath.map { ProtobufWriter.lengthDelimitedSize(3, indexPathSize($0)) } ?? 0)
    }
}
