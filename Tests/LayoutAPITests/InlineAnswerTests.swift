import HTTP
@testable import LayoutAPI
import LayoutEngine
import Testing
import TestSupport

/// `respondInline` (the I/O loop's hot path, written into reused buffers) against the ordinary
/// path (`plan`, `execution`, `respond`, `finish`): the same status, header fields in the same
/// order, and the same body bytes, on varied layouts and rects; and the requests it must leave
/// to the ordinary path.
@Suite struct InlineAnswerTests {
    let app = LayoutApplication.make()

    /// The answer the hot path writes, as (status, field lines, body), or nil when it declines.
    func inline(_ target: String, headers: [(String, String)] = [], method: String = "GET") -> (Int, String, [UInt8], String?)? {
        var writer = ResponseWriter()
        writer.reset()
        let request = Request(method: method, target: target, headers: [("Host", "x")] + headers)
        guard app.respondInline(to: request, into: &writer) else {
            #expect(writer.fields.isEmpty && writer.body.isEmpty)
            return nil
        }
        return (writer.status, String(decoding: writer.fields, as: UTF8.self), writer.body, writer.route)
    }

    /// The ordinary path's answer in the same form.
    func ordinary(_ target: String, headers: [(String, String)] = []) -> (Int, String, [UInt8], String?) {
        let r = app.respond(to: Request(method: "GET", target: target, headers: [("Host", "x")] + headers))
        let fields = r.headers.fields.map { "\($0.name): \($0.value)\r\n" }.joined()
        return (r.status, fields, r.body, r.route)
    }

    func expectSame(_ target: String, headers: [(String, String)] = [], sourceLocation: SourceLocation = #_sourceLocation) {
        guard let hot = inline(target, headers: headers) else {
            Issue.record("not answered inline: \(target)", sourceLocation: sourceLocation)
            return
        }
        let cold = ordinary(target, headers: headers)
        #expect(hot.0 == cold.0, sourceLocation: sourceLocation)
        #expect(hot.1 == cold.1, sourceLocation: sourceLocation)
        #expect(hot.2 == cold.2, "body of \(target)", sourceLocation: sourceLocation)
        #expect(hot.3 == cold.3, sourceLocation: sourceLocation)
    }

    func post(_ body: String) throws -> String {
        try #require(app.post(body, headers: [("Content-Type", "application/json"), ("Prefer", "return=minimal")]).id)
    }

    @Test func healthzIsTheOrdinaryAnswer() throws {
        let hot = try #require(inline("/healthz"))
        #expect(hot.0 == 200)
        #expect(hot.1 == "Cache-Control: no-store\r\nVary: Accept-Encoding\r\nContent-Type: application/json\r\n")
        #expect(String(decoding: hot.2, as: UTF8.self) == #"{"status":"ok"}"#)
        #expect(hot.3 == "/healthz")
        expectSame("/healthz")
        expectSame("/healthz", headers: [("Accept-Encoding", "gzip, deflate, br")])
        expectSame("/healthz", headers: [("User-Agent", "curl/8"), ("Accept", "*/*")])
    }

    @Test func healthzLeavesToTheOrdinaryPathWhatCouldChangeIt() {
        // A client refusing identity gets the 15 bytes gzipped by the ordinary path.
        #expect(inline("/healthz", headers: [("Accept-Encoding", "gzip, identity;q=0")]) == nil)
        #expect(inline("/healthz", method: "HEAD") == nil)
        #expect(inline("/healthz", method: "POST") == nil)
        #expect(inline("/healthz?verbose=1") == nil)
        #expect(inline("/healthzz") == nil)
        #expect(inline("/metrics") == nil)
    }

    /// Non-integer frames (37.5 wide, thirds of a point at @3x spacing), headers and footers,
    /// over `inlineElementLimit` elements (so the index's estimate decides), seeded random rects
    /// with negative, fractional, exponent and huge coordinates.
    @Test func rectQueriesAreTheOrdinaryBytes() throws {
        let layouts = [
            #"{"collectionView":{"width":375,"height":667},"layout":{"itemSize":{"width":37.5,"height":40.333333333333336},"minimumInteritemSpacing":0.3333333333333333,"minimumLineSpacing":8.666666666666666,"headerReferenceSize":{"width":0,"height":44},"footerReferenceSize":{"width":0,"height":20.5}},"sections":[{"numberOfItems":1500},{"numberOfItems":700},{"numberOfItems":3}]}"#,
            #"{"collectionView":{"width":1000000,"height":667},"layout":{"itemSize":{"width":123456.789,"height":98765.4321},"scrollDirection":"horizontal"},"sections":[{"numberOfItems":2000}]}"#,
            #"{"collectionView":{"width":320,"height":480},"layout":{"itemSize":{"width":100,"height":100}},"sections":[{"numberOfItems":5}]}"#,
        ]
        var rng = SeededRandom(seed: 20)
        for body in layouts {
            let id = try post(body)
            // The first query builds the index (the ordinary path; the hot path declines until then
            // for large layouts).
            _ = ordinary("/layout/\(id)/elements?rect=0,0,1,1")
            expectSame("/layout/\(id)/elements?rect=0,0,375,667")
            for _ in 0..<60 {
                let x = rng.coordinate(), y = rng.coordinate()
                let w = rng.extent(), h = rng.extent()
                let target = "/layout/\(id)/elements?rect=\(x),\(y),\(w),\(h)"
                if inline(target) == nil {
                    // Declined: only answers the route offloads (over the inline cap).
                    #expect(app.execution(for: Request(method: "GET", target: target, headers: [("Host", "x")])) == .offload, "\(target)")
                } else {
                    expectSame(target)
                }
            }
            expectSame("/layout/\(id)/elements?rect=-1e2,0.5,3.5E1,200")
            expectSame("/layout/\(id)/elements?rect=0,0,0,0")
        }
    }

    @Test func rectQueriesLeaveToTheOrdinaryPathWhatTheyDoNotHandle() throws {
        let id = try post(#"{"collectionView":{"width":320,"height":480},"layout":{"itemSize":{"width":100,"height":100}},"sections":[{"numberOfItems":5}]}"#)
        let rect = "/layout/\(id)/elements?rect=0,0,320,480"
        _ = ordinary(rect)
        #expect(inline(rect) != nil)
        #expect(inline(rect, headers: [("Accept-Encoding", "gzip")]) == nil)          // may be compressed
        #expect(inline(rect, headers: [("If-None-Match", "\"x\"")]) == nil)           // may be a 304
        #expect(inline(rect, method: "HEAD") == nil)
        #expect(inline(rect + "&kind=header") == nil)
        #expect(inline("/layout/\(id)/elements?rect=0,1e+2,320,480") == nil)          // + is a space: a 400
        #expect(inline("/layout/\(id)/elements?rect=0,0,-0,480") == nil)              // a 400
        #expect(inline("/layout/\(id)/elements?rect=0,0,320") == nil)
        #expect(inline("/layout/\(id)/elements?rect=0%2C0,0,320,480") == nil)
        #expect(inline("/layout/\(id)/elements?point=10,10") == nil)
        #expect(inline("/layout/\(id)/elements?indexPath=0,1") == nil)
        #expect(inline("/layout/\(id)/elements") == nil)
        #expect(inline("/layout/0123456789abcdef0123456789abcdef/elements?rect=0,0,1,1") == nil)  // a 404
        #expect(inline("/layout/\(id)?rect=0,0,1,1") == nil)
        #expect(inline("/layout//elements?rect=0,0,1,1") == nil)
        // Pinned headers move with the rect: the ordinary path places them.
        let pinned = try post(#"{"collectionView":{"width":320,"height":480},"layout":{"itemSize":{"width":100,"height":100},"headerReferenceSize":{"width":0,"height":44},"sectionHeadersPinToVisibleBounds":true},"sections":[{"numberOfItems":50}]}"#)
        _ = ordinary("/layout/\(pinned)/elements?rect=0,0,1,1")
        #expect(inline("/layout/\(pinned)/elements?rect=0,0,320,480") == nil)
    }

    @Test func largeLayoutsDeclineUntilTheIndexIsBuiltAndOverTheCap() throws {
        let id = try post(#"{"collectionView":{"width":320,"height":480},"layout":{"itemSize":{"width":10,"height":10},"minimumInteritemSpacing":0,"minimumLineSpacing":0},"sections":[{"numberOfItems":5000}]}"#)
        #expect(inline("/layout/\(id)/elements?rect=0,0,320,100") == nil)   // the index is built off the loop
        _ = ordinary("/layout/\(id)/elements?rect=0,0,1,1")
        expectSame("/layout/\(id)/elements?rect=0,0,320,100")               // 320 elements
        #expect(inline("/layout/\(id)/elements?rect=0,0,320,1600") == nil)  // 5,000 > inlineElementLimit
    }

    /// Past `--max-answer-elements` the ordinary path's 422, not an inline list.
    @Test func answersPastTheAnswerLimitAreTheOrdinary422() throws {
        let small = LayoutApplication(configuration: ServiceConfiguration(maxAnswerElements: 3))
        let id = try #require(small.post(#"{"collectionView":{"width":320,"height":480},"layout":{"itemSize":{"width":100,"height":100}},"sections":[{"numberOfItems":9}]}"#,
                                         headers: [("Content-Type", "application/json"), ("Prefer", "return=minimal")]).id)
        let request = { (target: String) in Request(method: "GET", target: target, headers: [("Host", "x")]) }
        _ = small.respond(to: request("/layout/\(id)/elements?rect=0,0,1,1"))
        var writer = ResponseWriter()
        #expect(small.respondInline(to: request("/layout/\(id)/elements?rect=0,0,320,480"), into: &writer) == false)
        #expect(small.respond(to: request("/layout/\(id)/elements?rect=0,0,320,480")).status == 422)
        #expect(small.respondInline(to: request("/layout/\(id)/elements?rect=0,0,320,100"), into: &writer))   // 3 elements
        #expect(writer.body == small.respond(to: request("/layout/\(id)/elements?rect=0,0,320,100")).body)
    }

    @Test func queryTagBytesAreTheStringTag() {
        var rng = SeededRandom(seed: 7)
        for _ in 0..<100 {
            let hash = rng.next()
            var out: [UInt8] = []
            Answer.writeQueryTag(id: "0123456789abcdef0123456789abcdef", hash: hash, into: &out)
            #expect(String(decoding: out, as: UTF8.self) == Answer.queryTag(id: "0123456789abcdef0123456789abcdef", hash: hash, coding: .identity))
        }
    }
}

extension SeededRandom {
    /// A rect coordinate as a client writes it: whole, thirds in full, large, exponent, eighths.
    mutating func coordinate() -> String {
        switch below(5) {
        case 0: return String(below(4000) - 500)
        case 1: return String(Double(below(300_000)) / 3)
        case 2: return String(Double(below(1_000_000)) * 123.25)
        case 3: return "\(below(90))e\(below(4))"
        default: return "\(Double(below(100_000)) / 8)"
        }
    }

    /// A width or height ≥ 0.
    mutating func extent() -> String {
        switch below(4) {
        case 0: return String(below(800))
        case 1: return "\(Double(below(6000)) / 7)"
        case 2: return "0.5"
        default: return String(below(200_000))
        }
    }
}
