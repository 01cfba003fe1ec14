import LayoutEngine

/// A reader of the protocol buffers wire format for tests, independent of the server's writer:
/// it reads any message into its fields, and `elements(_:)` rebuilds the elements of an
/// `Elements` message (proto/layoutd/v1/layout.proto) the way a client would.
/// (scripts/ci-protobuf decodes real answers with Google's own runtime.)
struct ProtobufWireReader {
    enum Value: Equatable {
        case varint(UInt64)
        case fixed64(UInt64)
        case bytes([UInt8])
        case fixed32(UInt32)
    }

    struct Malformed: Error {}

    /// The fields of a message in order; throws on anything malformed (a test failure).
    static func fields(_ bytes: some Collection<UInt8>) throws -> [(Int, Value)] {
        let b = Array(bytes)
        var i = 0, out: [(Int, Value)] = []
        func varint() throws -> UInt64 {
            var v: UInt64 = 0, shift: UInt64 = 0
            while true {
                guard i < b.count, shift < 64 else { throw Malformed() }
                let byte = b[i]; i += 1
                v |= UInt64(byte & 0x7F) << shift
                if byte < 0x80 { return v }
                shift += 7
            }
        }
        while i < b.count {
            let key = try varint()
            let field = Int(key >> 3)
            switch key & 7 {
            case 0: out.append((field, .varint(try varint())))
            case 1:
                guard i + 8 <= b.count else { throw Malformed() }
                var v: UInt64 = 0
                for k in 0..<8 { v |= UInt64(b[i + k]) << (8 * UInt64(k)) }
                i += 8
                out.append((field, .fixed64(v)))
            case 2:
                let n = Int(try varint())
                guard n >= 0, i + n <= b.count else { throw Malformed() }
                out.append((field, .bytes(Array(b[i..<(i + n)]))))
                i += n
            case 5:
                guard i + 4 <= b.count else { throw Malformed() }
                var v: UInt32 = 0
                for k in 0..<4 { v |= UInt32(b[i + k]) << (8 * UInt32(k)) }
                i += 4
                out.append((field, .fixed32(v)))
            default: throw Malformed()
            }
        }
        return out
    }

    /// The varints of a packed column.
    static func packed(_ bytes: [UInt8]) throws -> [UInt64] {
        var values: [UInt64] = []
        var i = 0
        while i < bytes.count {
            var v: UInt64 = 0, shift: UInt64 = 0
            while true {
                guard i < bytes.count, shift < 64 else { throw Malformed() }
                let byte = bytes[i]; i += 1
                v |= UInt64(byte & 0x7F) << shift
                if byte < 0x80 { break }
                shift += 7
            }
            values.append(v)
        }
        return values
    }

    static func unzigzag(_ v: UInt64) -> Int { Int(Int32(truncatingIfNeeded: Int64(v >> 1) ^ -Int64(v & 1))) }

    static func double(_ v: Value?) -> Double {
        if case .fixed64(let bits)? = v { return Double(bitPattern: bits) }
        return 0
    }

    static func int(_ v: Value?) -> Int {
        if case .varint(let u)? = v { return Int(Int64(bitPattern: u)) }
        return 0
    }

    static func message(_ v: Value?) -> [UInt8] {
        if case .bytes(let b)? = v { return b }
        return []
    }

    /// The first value of `field`.
    static func first(_ fields: [(Int, Value)], _ field: Int) -> Value? { fields.first { $0.0 == field }?.1 }

    /// Every value of `field`.
    static func all(_ fields: [(Int, Value)], _ field: Int) -> [Value] { fields.filter { $0.0 == field }.map(\.1) }

    /// The elements of an `Elements` message, as `LayoutAttributes` (frames `pixels / scale`,
    /// exact frames where given, the rest from the runs; kinds by index into the layout's
    /// `elementKinds`), and the `kinds` table it sends.
    static func elements(_ bytes: [UInt8]) throws -> (elements: [LayoutAttributes], kinds: [String]) {
        let f = try fields(bytes)
        let scale = double(first(f, 1))
        let columns = try (2...5).map { c in try packed(message(first(f, c))).map(unzigzag) }
        var exact: [Int: Rect] = [:]
        for case .bytes(let e) in all(f, 6) {
            let g = try fields(e)
            exact[int(first(g, 1))] = Rect(x: double(first(g, 2)), y: double(first(g, 3)), width: double(first(g, 4)), height: double(first(g, 5)))
        }
        let kinds = all(f, 8).map { v -> String in if case .bytes(let b) = v { String(decoding: b, as: UTF8.self) } else { "" } }
        var out: [LayoutAttributes] = []
        for case .bytes(let r) in all(f, 7) {
            let g = try fields(r)
            let count = int(first(g, 1))
            let category = ElementCategory(rawValue: UInt8(int(first(g, 2)))) ?? .cell
            let kind = first(g, 3).map { SupplementaryKind(rawValue: UInt16(int($0))) }
            for k in 0..<count {
                let i = out.count
                guard i < columns[0].count else { throw Malformed() }
                let frame = exact[i] ?? Rect(x: Double(columns[0][i]) / scale, y: Double(columns[1][i]) / scale,
                                             width: Double(columns[2][i]) / scale, height: Double(columns[3][i]) / scale)
                out.append(LayoutAttributes(category: category, kind: kind,
                                            indexPath: IndexPath(section: int(first(g, 4)), item: int(first(g, 5)) + k),
                                            frame: frame, zIndex: int(first(g, 6)), isEstimated: int(first(g, 8)) == 1,
                                            isGlobal: int(first(g, 7)) == 1))
            }
        }
        guard out.count == columns[0].count, columns.allSatisfy({ $0.count == out.count }) else { throw Malformed() }
        return (out, kinds)
    }
}
