import HTTP
import HTTPCompression
@testable import LayoutAPI
import JSON
import LayoutEngine
import Testing
import TestSupport

/// `Accept: application/x-protobuf`: the bytes of a small answer pinned, every element of random
/// layouts of every type read back as the layout holds it, and the negotiation (q-values, ties,
/// 406, Vary, an ETag per representation and coding, 304, HEAD, gzip).
@Suite struct ProtobufAnswerTests {
    let app = LayoutApplication.make()
    static let pb = ProtobufEncoder.mediaType
    static let three = #"{"collectionView":{"width":375,"height":667},"sections":[{"numberOfItems":3}]}"#

    func post(_ body: String) throws -> String {
        try #require(app.post(body, headers: [("Content-Type", "application/json"), ("Prefer", "return=minimal")]).id)
    }

    /// Three 50-point cells at @2x: x 0, 65, 130 points are 0, 130, 260 pixels (ZigZag 0, 260,
    /// 520), one run of cells, the flow family's two kind names.
    @Test func aSmallLayoutIsPinnedByteForByte() throws {
        let id = try post(Self.three)
        #expect(id == "1276bb76407edf9a93b441a02593f676")
        let r = app.get("/layout/\(id)", headers: [("Accept", Self.pb)])
        #expect(r.status == 200)
        #expect(r.header("Content-Type") == Self.pb)
        let hex = r.body.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
        #expect(hex == "0a20" + Array(id.utf8).map { String($0, radix: 16) }.joined()
                + "1212" + "090000000000707740" + "110000000000004940"   // contentSize: 375, 50
                + "1a39" + "090000000000000040"                            // elements: scale 2
                + "1205" + "0084028804" + "1a03" + "000000"                // x 0, 130, 260 px; y 0
                + "2206" + "c801c801c801" + "2a06" + "c801c801c801"        // width, height 100 px
                + "3a02" + "0803"                                          // one run: 3 cells
                + "4206" + "686561646572" + "4206" + "666f6f746572")       // kinds: header, footer
        let top = try ProtobufWireReader.fields(r.body)
        #expect(top.map(\.0) == [1, 2, 3])
        let (elements, kinds) = try ProtobufWireReader.elements(ProtobufWireReader.message(ProtobufWireReader.first(top, 3)))
        #expect(kinds == ["header", "footer"])
        #expect(elements.map(\.frame) == [0, 65, 130].map { Rect(x: $0, y: 0, width: 50, height: 50) })
        #expect(elements.map(\.indexPath) == (0..<3).map { IndexPath(section: 0, item: $0) })
    }

    /// What a client reads from the binary answer is what the layout holds (frames bit for bit).
    static func expectSame(_ decoded: [LayoutAttributes], _ expected: some Collection<LayoutAttributes>, estimates: Bool, _ what: String) {
        let normalized = expected.map { a -> LayoutAttributes in
            var a = a
            a.pinsToVisibleBounds = false
            if !estimates || a.category != .cell { a.isEstimated = false }   // JSON's `estimated` is for cells
            return a
        }
        #expect(decoded.count == normalized.count, "\(what)")
        for (d, e) in zip(decoded, normalized) where !CompactElementsSame.same(d, e) {
            Issue.record("\(what): \(d) != \(e)")
            return
        }
    }

    static func check(_ app: LayoutApplication, _ body: String, _ g: inout SeededRandom) throws {
        let posted = app.post(body, headers: [("Content-Type", "application/json"), ("Prefer", "return=minimal")])
        guard posted.status == 200, let id = posted.id, let entry = app.cache.peek(id) else { return }   // a 4xx example
        let r = app.get("/layout/\(id)", headers: [("Accept", pb)])
        #expect(r.status == 200, "\(body)")
        let top = try ProtobufWireReader.fields(r.body)
        #expect(String(decoding: ProtobufWireReader.message(ProtobufWireReader.first(top, 1)), as: UTF8.self) == id)
        let (elements, kinds) = try ProtobufWireReader.elements(ProtobufWireReader.message(ProtobufWireReader.first(top, 3)))
        #expect(kinds == entry.layout.elementKinds)
        expectSame(elements, entry.layout.attributes, estimates: entry.spec.estimates, body)
        #expect(ProtobufWireReader.all(top, 6).count == entry.layout.warnings.count)
        let size = entry.layout.contentSize
        for _ in 0..<5 {
            let rect = "\(g.below(Int(min(size.width, 1e6)) + 1)),\(g.below(Int(min(size.height, 1e6)) + 1)),\(1 + g.below(400)),\(1 + g.below(700))"
            let q = app.get("/layout/\(id)/elements?rect=\(rect)", headers: [("Accept", pb)])
            let json = app.get("/layout/\(id)/elements?rect=\(rect)")
            #expect(q.status == 200 && json.status == 200)
            let list = try ProtobufWireReader.elements(ProtobufWireReader.message(ProtobufWireReader.first(try ProtobufWireReader.fields(q.body), 2))).elements
            guard case .object(let o)? = json.json, case .array(let items)? = o["elements"] else { Issue.record("no JSON elements"); return }
            #expect(list.count == items.count, "\(body) rect \(rect)")
            let expected = entry.layout.attributes(in: ElementQueryRect.parse(rect), index: entry.index)
            expectSame(list, expected, estimates: entry.spec.estimates, "\(body) rect \(rect)")
        }
    }

    @Test(arguments: 0..<3)
    func randomLayoutsOfEveryFlowFamilyTypeReadBackExactly(seed: UInt64) throws {
        var g = SeededRandom(seed: seed &+ 31)
        for _ in 0..<25 { try Self.check(app, CompactStoreAnswerTests.randomRequest(&g), &g) }
    }

    @Test func everyCompositionalAndListFixtureReadsBackExactly() throws {
        var g = SeededRandom(seed: 8)
        for body in CompactStoreAnswerTests.fixtureRequests { try Self.check(app, body, &g) }
    }

    /// Large enough to be compact and encoded off the I/O loop: the same elements, a tenth of the bytes.
    @Test func aLargeLayoutIsATenthOfItsJSON() throws {
        let id = try post(#"{"collectionView":{"width":375,"height":667},"sections":[{"numberOfItems":20000}]}"#)
        let entry = try #require(app.cache.peek(id))
        #expect(entry.layout.attributes.isCompact)
        let request = Request(method: "GET", target: "/layout/\(id)", headers: [("Accept", Self.pb)])
        #expect(app.execution(for: request) == .offload)
        let r = app.respond(to: request)
        let json = app.get("/layout/\(id)")
        #expect(r.body.count * 10 < json.body.count, "\(r.body.count) vs \(json.body.count)")
        let top = try ProtobufWireReader.fields(r.body)
        let (elements, _) = try ProtobufWireReader.elements(ProtobufWireReader.message(ProtobufWireReader.first(top, 3)))
        Self.expectSame(elements, entry.layout.attributes, estimates: false, "20000")
    }

    @Test(arguments: [
        ("application/x-protobuf", pb), ("application/json", "application/json"), ("*/*", "application/json"),
        ("application/json, application/x-protobuf", "application/json"),            // a tie: JSON
        ("application/json;q=0.5, application/x-protobuf", pb),
        ("application/*;q=0.2, application/x-protobuf;q=0.3", pb),
        ("application/x-protobuf;q=0", "application/json"),
        ("text/html", "application/json"),                                          // neither: JSON, as before
        ("image/svg+xml, application/x-protobuf", pb),                               // a tie: data before the picture
        ("image/svg+xml, application/x-protobuf;q=0.9", "image/svg+xml"),
        ("APPLICATION/X-PROTOBUF", pb),
    ])
    func acceptChoosesTheRepresentation(accept: String, type: String) throws {
        let id = try post(Self.three)
        let r = app.get("/layout/\(id)", headers: [("Accept", accept)])
        #expect(r.status == 200)
        #expect(r.header("Content-Type") == type)
        #expect(r.header("Vary") == "Accept, Accept-Encoding")
        #expect(r.header("ETag") == (type == Self.pb ? "\"\(id).pb\"" : type == "image/svg+xml" ? "\"\(id).svg\"" : "\"\(id)\""))
        // Queries have no picture: there SVG weighs nothing.
        let q = app.get("/layout/\(id)/elements?rect=0,0,375,100", headers: [("Accept", accept)])
        #expect(q.header("Content-Type") == (type == Self.pb || accept.hasSuffix("x-protobuf;q=0.9") ? Self.pb : "application/json"))
    }

    @Test(arguments: ["application/json;q=0", "application/json;q=0, application/x-protobuf;q=0", "*/*;q=0", "application/*;q=0, image/*"])
    func refusingJSONAndTheRestIs406(accept: String) throws {
        let id = try post(Self.three)
        let r = app.get("/layout/\(id)/elements?rect=0,0,375,100", headers: [("Accept", accept)])
        #expect(r.status == 406)
        #expect(r.header("Content-Type") == "application/problem+json")
        #expect(r.detail?.contains("application/json, application/x-protobuf") == true)
        #expect(r.header("Vary") == "Accept, Accept-Encoding")   // another Accept gets a 200
        let layout = app.get("/layout/\(id)", headers: [("Accept", accept)])
        #expect(layout.status == (accept == "application/*;q=0, image/*" ? 200 : 406))   // image/* takes the picture
        // An unknown layout is a 404 whatever the Accept.
        #expect(app.get("/layout/0123456789abcdef0123456789abcdef", headers: [("Accept", accept)]).status == 404)
        #expect(app.get("/layout/0123456789abcdef0123456789abcdef/elements?rect=0,0,1,1", headers: [("Accept", accept)]).status == 404)
    }

    @Test func validatorsArePerRepresentationAndCoding() throws {
        let id = try post(#"{"collectionView":{"width":375,"height":667},"sections":[{"numberOfItems":500}]}"#)
        let pb = app.get("/layout/\(id)", headers: [("Accept", Self.pb)])
        #expect(pb.header("ETag") == "\"\(id).pb\"")
        #expect(app.get("/layout/\(id)", headers: [("Accept", Self.pb), ("If-None-Match", "\"\(id).pb\"")]).status == 304)
        #expect(app.get("/layout/\(id)", headers: [("Accept", Self.pb), ("If-None-Match", "\"\(id)\"")]).status == 200)
        #expect(app.get("/layout/\(id)", headers: [("If-None-Match", "\"\(id).pb\"")]).status == 200)
        let gzip = app.get("/layout/\(id)", headers: [("Accept", Self.pb), ("Accept-Encoding", "gzip")])
        #expect(gzip.header("Content-Encoding") == "gzip")
        #expect(gzip.header("ETag") == "\"\(id).pb-gzip\"")
        #expect(try Inflater.decompress(gzip.body, from: .gzip, limit: 1 << 24).get() == pb.body)
        let head = app.respond(to: Request(method: "HEAD", target: "/layout/\(id)", headers: [("Accept", Self.pb)]))
        #expect(head.status == 200 && head.header("ETag") == "\"\(id).pb\"" && head.header("Content-Type") == Self.pb)
        let query = "rect=0,0,375,667"
        let q = app.get("/layout/\(id)/elements?\(query)", headers: [("Accept", Self.pb)])
        let json = app.get("/layout/\(id)/elements?\(query)")
        let tag = try #require(json.header("ETag"))
        #expect(q.header("ETag") == String(tag.dropLast()) + ".pb\"")
        #expect(app.get("/layout/\(id)/elements?\(query)", headers: [("Accept", Self.pb), ("If-None-Match", tag)]).status == 200)
        #expect(app.get("/layout/\(id)/elements?\(query)", headers: [("Accept", Self.pb), ("If-None-Match", String(tag.dropLast()) + ".pb\"")]).status == 304)
    }

    @Test func anIndexPathQueryIsAListOfOne() throws {
        let id = try post(Self.three)
        let r = app.get("/layout/\(id)/elements?indexPath=0,2", headers: [("Accept", Self.pb)])
        #expect(r.status == 200)
        let list = try ProtobufWireReader.elements(ProtobufWireReader.message(ProtobufWireReader.first(try ProtobufWireReader.fields(r.body), 2))).elements
        #expect(list == [LayoutAttributes.cell(IndexPath(section: 0, item: 2), Rect(x: 130, y: 0, width: 50, height: 50))])
        // Problems stay JSON.
        let missing = app.get("/layout/\(id)/elements?indexPath=0,9", headers: [("Accept", Self.pb)])
        #expect(missing.status == 404 && missing.header("Content-Type") == "application/problem+json")
    }
}

/// `CompactElementsTests.same` for this target: equal field for field, frames by their bits.
enum CompactElementsSame {
    static func same(_ a: LayoutAttributes, _ b: LayoutAttributes) -> Bool {
        var a0 = a, b0 = b
        a0.frame = .zero
        b0.frame = .zero
        let bits = { (r: Rect) in [r.minX.bitPattern, r.minY.bitPattern, r.width.bitPattern, r.height.bitPattern] }
        return a0 == b0 && bits(a.frame) == bits(b.frame)
    }
}

/// `x,y,w,h` as a rect (the tests' own reading of the query parameter).
enum ElementQueryRect {
    static func parse(_ s: String) -> Rect {
        let v = s.split(separator: ",").compactMap { Double($0) }
        return v.count == 4 ? Rect(x: v[0], y: v[1], width: v[2], height: v[3]) : .zero
    }
}
